"""The review after a deal: each of one player's decisions rated by what it cost.

A finished deal is judged again, one decision at a time, from the position the
player was in when they made it, and from their point of view alone: their
hand, the calls or bids, the cards played so far — never the hidden hands
(:func:`cardlib.coach.analysis.view_of`). There the coach estimates the expected
score of every choice the rules allowed (:func:`cardlib.coach.analysis.analyse` for a
card, :func:`~cardlib.coach.analysis.analyse_calls` for a call or bid), and the
decision's **loss** is the best choice's expected score minus the chosen one's:
0 when the choice was the best (or as good), never negative.

>>> from cardlib import callbreak
>>> from cardlib.bots import SensibleBot
>>> deal, record, bot = callbreak.Deal(seed=4, dealer=3), [], SensibleBot()
>>> while not deal.is_over:
...     choice = bot.choose_call(deal) if deal.phase == "calling" else bot.choose_play(deal)
...     if deal.to_act == 0:
...         record.append((deal.copy(), choice))
...     deal.act(choice)
>>> rated = review(record, samples=20)
>>> len(rated.rows), rated.rows[0].kind
(14, 'call')
>>> all(row.loss >= 0 for row in rated.rows)
True

The numbers are estimates from sampled deals: mean ± standard error, over
``samples`` layouts of the hidden hands (the same layouts for every choice of
one decision, so the loss is sharper than either mean), each played out by the
coach's playout policy (:data:`~cardlib.coach.analysis.PLAYOUT`) and, from
``exact_from`` cards a hand, by the exact solver (:mod:`cardlib.coach.solver`).
Seeded: the same record, samples and seed give the same review. A choice that was
the only one allowed is not analysed (loss 0).

A loss within :data:`~cardlib.coach.analysis.CLEAR_SE` (two) standard errors is
"too close to tell": the samples cannot say the choice was worse than the best.
The **costliest decision** is the one with the largest loss, named only when it is
clearly separated: clearly a loss, and clearly more than every other decision's
(else the review says there was no single costly decision, and which ones come
close); its reason is made from the same numbers: which choice was best,
its expected score against the chosen one's, and — when the best card was a
lower card of the same suit — that it kept the higher one for later.

Every reason speaks plain words first (what the decision cost, to the nearest half point:
:func:`about_points`, and what was better), the numbers second, and then what the numbers
assume (:func:`assumption`): the imagined deals are played out with the coach's policy for
every seat, so a size is what the choice costs against players like the coach, not
necessarily against the players at the table. A decision within the noise is "too close to
tell" at this many imagined deals, never "as good as the best": more may separate it.

Works for every game the coach knows (:func:`cardlib.games.coached`: Call Break, Call
Bridge, Judgement). Contract Bridge is scored by side and contract, not by each player's
call: :func:`review` refuses it with a clear error; its review is double dummy,
:func:`cardlib.coach.bridge_review.review_bridge`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from cardlib import games
from cardlib.cards import Card, parse_card
from cardlib.coach.analysis import (
    AnalysesAhead,
    Analysis,
    CallAnalysis,
    Estimate,
    analyse,
    analyse_calls,
    too_close,
    view_of,
)
from cardlib.coach.solver import game_named
from cardlib.errors import CardlibError, CardlibTypeError, is_count
from cardlib.game import TrickDeal
from cardlib.i18n import N_, _, ngettext
from cardlib.match import TrickMatch
from cardlib.validate import check_count

#: Enough samples for a review to take a second or two for a whole deal on a laptop.
DEFAULT_SAMPLES = 100


def reviewable(deal: TrickDeal | TrickMatch) -> bool:
    """Whether :func:`review` rates decisions of this game: one the coach knows
    (``games.of(deal).coached``; not Contract Bridge)."""
    try:
        return games.of(deal).coached
    except CardlibError:  # not a deal of any registered game
        return False


@dataclass(frozen=True)
class ReviewRow:
    """One decision of the player: what they chose, the best choice there, and the loss.

    ``number`` counts the player's decisions from 1; ``trick`` is the trick a
    card was played to (``None`` for the call or bid); ``kind`` is ``"call"``,
    ``"bid"`` or ``"card"``; ``best`` the best choice (the chosen one itself when it
    scored exactly what the best did); ``loss`` the best choice's expected score minus the
    chosen one's (exact), with ``loss_stderr``; ``chosen_estimate`` and
    ``best_estimate`` the two expected scores (``None`` when the choice was
    forced); ``choices`` how many different choices were rated.
    """

    number: int
    trick: int | None
    kind: str
    chosen: Card | int
    best: Card | int
    loss: Fraction
    loss_stderr: float
    chosen_estimate: Estimate | None
    best_estimate: Estimate | None
    choices: int

    @property
    def forced(self) -> bool:
        """Whether only one choice was allowed (nothing to rate)."""
        return self.choices == 1

    @property
    def close(self) -> bool:
        """Whether the loss is within noise: above 0 but at most two standard errors
        (the samples cannot tell the choice from the best)."""
        return self.loss > 0 and too_close(self.loss, self.loss_stderr)

    @property
    def costly(self) -> bool:
        """Whether the choice clearly lost points: by more than two standard errors."""
        return self.loss > 0 and not self.close

    def choice_text(self, choice: Card | int | None = None) -> str:
        """The chosen (or given) choice as the learner reads it: "K♠", "call 5", "bid 0"."""
        choice = self.chosen if choice is None else choice
        if self.kind == "card":
            return str(Card(choice))
        if self.kind == "bid":
            return _("bid {bid}").format(bid=choice)
        return _("call {call}").format(call=choice)

    def decision_text(self) -> str:
        """Which decision it was: "Your call", "Your bid", "Trick 3"."""
        if self.trick is None:
            return _("Your bid") if self.kind == "bid" else _("Your call")
        return _("Trick {number}").format(number=self.trick)

    def loss_text(self) -> str:
        """The expected points lost as a learner reads them, plain words first, then the
        numbers: "about a point (0.80 ± 0.21)", "too close to tell (0.04 ± 0.07)", "none"."""
        if self.forced:
            return _("none (the only choice)")
        if self.loss == 0:
            return _("none")
        numbers = f"{points_text(self.loss)} ± {self.loss_stderr:.2f}"
        if self.close:
            return _("too close to tell ({numbers})").format(numbers=numbers)
        return f"{about_points(self.loss)} ({numbers})"

    def reason(self) -> str:
        """Why this decision lost what it lost, in words made from its numbers."""
        if self.forced:
            return _("{choice} was the only choice.").format(choice=self.choice_text())
        if self.loss == 0:
            # Exactly the best choice's mean on these samples (not merely within the noise).
            return _("{choice} was the best choice here, or scored exactly as much.").format(
                choice=self.choice_text()
            )
        if self.close:
            return _(
                "{choice} was within two standard errors of {best}, the best choice found: "
                "too close to tell at this many imagined deals, and more may separate them."
            ).format(choice=self.choice_text(), best=self.choice_text(self.best))
        best_estimate, chosen_estimate = self.best_estimate, self.chosen_estimate
        assert best_estimate is not None and chosen_estimate is not None  # not forced: rated
        # Plain words first (what it cost, what was better), the numbers second, with what
        # they assume: the imagined deals are played out by the coach's policy for everyone.
        values = {
            "about": about_points(self.loss),
            "loss": points_text(self.loss),
            "stderr": f"{self.loss_stderr:.2f}",
            "best_mean": points_text(best_estimate.mean),
            "mean": points_text(chosen_estimate.mean),
            "samples": best_estimate.samples,
        }
        if self.kind == "card":
            chosen, best = Card(self.chosen), Card(self.best)
            sentence = _(
                "Playing {card} at trick {trick} cost you {about}: {best} was the better card."
            ).format(card=chosen, best=best, trick=self.trick, **values)
            if best.suit == chosen.suit and best.rank < chosen.rank:
                sentence += " " + _("Playing the lower {best} would have kept {card} for later.")
                sentence = sentence.format(best=best, card=chosen)
            numbers = _(
                "In numbers: {best} was expected to score {best_mean} against {mean} for "
                "{card} (a loss of {loss} ± {stderr}), over the same {samples} imagined deals."
            ).format(card=chosen, best=best, **values)
        else:
            if self.kind == "bid":
                plain = _("Bidding {chosen} cost you {about}: a bid of {best} was the better bid.")
            else:
                plain = _(
                    "Calling {chosen} cost you {about}: a call of {best} was the better call."
                )
            sentence = plain.format(chosen=self.chosen, best=self.best, **values)
            numbers = _(
                "In numbers: {best_choice} was expected to score {best_mean} against {mean} "
                "for {choice} (a loss of {loss} ± {stderr}), over the same {samples} "
                "imagined deals."
            ).format(best_choice=self.choice_text(self.best), choice=self.choice_text(), **values)
        return f"{sentence} {numbers} {assumption()}"


@dataclass(frozen=True)
class Review:
    """The review of one player's deal: a :class:`ReviewRow` per decision, in order.

    ``seat`` whose decisions they were, ``game`` the game's key in the registry,
    ``samples`` and ``seed`` as asked.
    """

    seat: int
    game: str
    rows: tuple[ReviewRow, ...]
    samples: int
    seed: int

    @property
    def costly(self) -> tuple[ReviewRow, ...]:
        """The decisions that clearly lost points (by more than two standard errors),
        the costliest first."""
        return tuple(sorted((r for r in self.rows if r.costly), key=lambda r: (-r.loss, r.number)))

    @property
    def costliest(self) -> ReviewRow | None:
        """The decision that lost the most, when it is clearly separated; else ``None``.

        Clearly separated: it lost points by more than two standard errors,
        and more than every other decision by more than two standard errors
        of the difference (the decisions are analysed on samples of their own, so the
        errors add in quadrature). ``None`` when no decision clearly lost anything, or
        when the largest losses are within noise of each other (:attr:`reason` says which).
        """
        ranked = sorted(self.rows, key=lambda row: (-row.loss, row.number))
        if not ranked or not ranked[0].costly:
            return None
        worst = ranked[0]
        for other in ranked[1:]:
            if other.loss > 0 and too_close(
                worst.loss - other.loss, math.hypot(worst.loss_stderr, other.loss_stderr)
            ):
                return None
        return worst

    def too_close_to_rank(self) -> tuple[ReviewRow, ...]:
        """The decisions the samples cannot rank against the largest loss: it and every
        decision within two standard errors of it (empty when one is clearly costliest
        or none clearly lost anything)."""
        costly = self.costly
        if not costly or self.costliest is not None:
            return ()
        worst = costly[0]
        return tuple(
            row
            for row in sorted(self.rows, key=lambda row: (-row.loss, row.number))
            if row.loss > 0
            and too_close(worst.loss - row.loss, math.hypot(worst.loss_stderr, row.loss_stderr))
        )

    @property
    def total_loss(self) -> Fraction:
        """The losses added up: about how many points the player's choices gave away."""
        return sum((row.loss for row in self.rows), Fraction(0))

    @property
    def reason(self) -> str:
        """The costliest decision and why, or that no decision cost anything."""
        worst = self.costliest
        if worst is not None:
            return worst.reason()
        tied = self.too_close_to_rank()
        if tied:
            decisions = ", ".join(row.decision_text() for row in sorted(tied, key=_number))
            return _(
                "No single costly decision: {decisions} each cost about as much, within two "
                "standard errors of each other."
            ).format(decisions=decisions)
        close = [row for row in self.rows if row.close]
        if close:
            # Within the noise is not "as good as the best": such a choice may still cost
            # points, which more samples could show.
            decisions = ", ".join(row.decision_text() for row in close)
            return _(
                "No decision clearly cost points at {samples} imagined deals: {decisions} "
                "came too close to the best to tell, and more imagined deals may separate "
                "them. The rest were the best choice found."
            ).format(samples=self.samples, decisions=decisions)
        return _(
            "No decision cost anything the coach could measure: each of your choices was "
            "the best the coach found."
        )

    @property
    def caption(self) -> str:
        """The review table's caption: what it compares, over how many imagined deals, and
        what its points assume (every player plays the coach's way)."""
        return (
            _(
                "Each of your decisions against the best choice the coach found there, from "
                "what you could see ({samples} imagined deals for each)"
            ).format(samples=self.samples)
            + ". "
            + assumption()
        )

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import review_html

        return review_html(self)


def _number(row: ReviewRow) -> int:
    return row.number


def assumption() -> str:
    """What the review's sizes assume, said beside them: the imagined deals are played out by
    the coach's policy for every seat, not by the players at the table."""
    return _(
        "These sizes assume every player plays as the coach does from there on; against the "
        "players at your table a choice can cost more or less."
    )


def about_points(value: Fraction) -> str:
    """A loss in plain words, to the nearest half point: "about half a point", "about a
    point", "about 3 and a half points"; below a quarter, "less than a quarter of a point".

    >>> about_points(Fraction(52, 100)), about_points(Fraction(9, 10)), about_points(Fraction(1, 5))
    ('about half a point', 'about a point', 'less than a quarter of a point')
    >>> about_points(Fraction(16, 10)), about_points(Fraction(2)), about_points(Fraction(36, 10))
    ('about a point and a half', 'about 2 points', 'about 3 and a half points')
    """
    if value < Fraction(1, 4):
        return _("less than a quarter of a point")
    halves = math.floor(value * 2 + Fraction(1, 2))
    whole, half = divmod(halves, 2)
    if whole == 0:
        return _("about half a point")
    if whole == 1:
        return _("about a point and a half") if half else _("about a point")
    if half:
        return ngettext(
            "about {count} and a half points", "about {count} and a half points", whole
        ).format(count=whole)
    return ngettext("about {count} point", "about {count} points", whole).format(count=whole)


def points_text(value: Fraction) -> str:
    """An expected number of points as a learner reads it: two decimals ("0.80", "-1.25")."""
    return f"{float(value):.2f}"


def review(
    record: Sequence[tuple[TrickDeal | TrickMatch, Card | str | int]],
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    exact_from: int = 3,
    ahead: AnalysesAhead | None = None,
) -> Review:
    """Rate each decision of a deal's ``record`` by the expected score it lost.

    ``record`` lists, in order, ``(position, choice)`` for every decision of one
    seat: ``position`` a copy of the deal (a ``callbreak.Deal``,
    ``callbridge.Deal`` or ``judgement.Round``, or of its match) just before the
    decision, with that seat to act; ``choice`` the call, bid or card they made (a card as a
    :class:`~cardlib.cards.Card` or as text like ``"5S"``, as ``act`` takes it).
    Each decision is analysed with ``samples`` samples and the seed ``seed + its number``.

    ``ahead``: analyses kept from before (:class:`~cardlib.coach.analysis.AnalysesAhead`, the
    card table's, done while the learner thought): a decision's analysis found there, with
    these samples and seed, is read rather than made again (what it has not played out yet is
    played out now, and kept there); the review is the same, number for number.
    """
    check_count(
        samples, "samples", 1, message=N_("samples must be a whole number ≥ 1, got {value!r}")
    )
    if not is_count(seed):  # each decision is analysed with seed + its number
        raise CardlibTypeError(
            _("the seed of a review is a whole number, got {seed!r}").format(seed=seed), "seed"
        )
    if ahead is not None and not isinstance(ahead, AnalysesAhead):
        raise CardlibTypeError(
            _("ahead is the analyses done ahead (an AnalysesAhead) or None, got {value!r}").format(
                value=ahead
            ),
            "ahead",
        )
    pairs = _checked_record(record)
    if not pairs:
        raise CardlibError(_("there is nothing to review: no decision was recorded"), "review")
    game = games.of(pairs[0][0])
    if not game.coached:
        known = ", ".join(_(coached.name) for coached in games.coached())
        message = (
            _(
                "the review after a deal is offered for the games the coach knows ({games}), "
                "not for {game} (its analysis is {module})"
            )
            if game.analysed_by
            else _(
                "the review after a deal is offered for the games the coach knows ({games}), "
                "not for {game}"
            )
        )
        raise CardlibError(
            message.format(games=known, game=_(game.name), module=game.analysed_by), "game"
        )
    seat = pairs[0][0].to_act
    rows = []
    for number, (position, choice) in enumerate(pairs, 1):
        if position.to_act != seat:
            raise CardlibError(
                _("decision {number} is seat {seat}'s, not seat {other}'s").format(
                    number=number, seat=position.to_act, other=seat
                ),
                "review",
            )
        legal = position.legal_actions()
        if position.phase == "playing" and isinstance(choice, str):
            choice = parse_card(choice)  # text like "5S", as act() takes it
        # A card is an int too; a float or a bool is not a call, as act() refuses them.
        if not is_count(choice) or choice not in legal:
            raise CardlibError(
                _("decision {number}: {choice!r} was not allowed there").format(
                    number=number, choice=choice
                ),
                "review",
            )
        rows.append(
            _rate(number, position, choice, legal, samples, seed + number, exact_from, ahead)
        )
    assert seat is not None  # nobody to act: no choice was allowed there, refused above
    return Review(seat, game.key, tuple(rows), samples, seed)


def _checked_record(record: object) -> list[tuple[TrickDeal | TrickMatch, object]]:
    """The record as a list of ``(position, choice)`` pairs, or a ``CardlibTypeError`` saying
    what a record is (``review(deal)`` instead of ``review([(deal, choice), …])``)."""
    if isinstance(record, (str, bytes)) or not isinstance(record, Sequence):
        raise CardlibTypeError(
            _(
                "a record is a list of (position, choice) pairs, one per decision, got {record!r}"
            ).format(record=record),
            "review",
        )
    pairs = []
    for number, entry in enumerate(record, 1):
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise CardlibTypeError(
                _(
                    "a record is a list of (position, choice) pairs, one per decision; "
                    "decision {number} is {entry!r}"
                ).format(number=number, entry=entry),
                "review",
            )
        position, choice = entry
        if not isinstance(position, TrickDeal | TrickMatch):
            raise CardlibTypeError(
                _(
                    "a record is a list of (position, choice) pairs, one per decision; "
                    "decision {number}'s position is not a deal or round: {position!r}"
                ).format(number=number, position=position),
                "review",
            )
        pairs.append((position, choice))
    return pairs


def _rate(
    number: int,
    position: TrickDeal | TrickMatch,
    choice: int,
    legal: Sequence[object],
    samples: int,
    seed: int,
    exact_from: int,
    ahead: AnalysesAhead | None = None,
) -> ReviewRow:
    view = view_of(position)
    calling = position.phase != "playing"
    kind = "card" if not calling else game_named(view.game).call_word
    # Counted from the plays the seat saw: a match, like its deal, is a position too.
    trick = None if calling else len(view.plays) // view.players + 1
    if len(legal) == 1:
        return ReviewRow(number, trick, kind, choice, choice, Fraction(0), 0.0, None, None, 1)
    best: Card | int
    if calling:
        if ahead is None:
            by_call = analyse_calls(view, samples, seed, boldness=0)  # rated by expected points
        else:
            by_call = cast("CallAnalysis", ahead.pending(view, samples, seed, calls=True).finish())
        best = by_call.best
        if by_call.of(best).estimate.mean == by_call.of(choice).estimate.mean:
            best = choice  # as good as the best: the row shows no other choice
        rated_call = by_call.of(choice)
        chosen_estimate = rated_call.estimate
        best_estimate = by_call.of(best).estimate
        loss = best_estimate.mean - chosen_estimate.mean
        # The error of the difference over the same samples (paired, like a card's).
        stderr = 0.0 if loss == 0 else rated_call.loss_stderr
        choices = len(by_call.calls)
    else:
        if ahead is None:
            by_card = analyse(view, samples, seed, exact_from)
        else:
            by_card = cast("Analysis", ahead.pending(view, samples, seed, exact_from).finish())
        rated = by_card.of(Card(choice))
        best = choice if rated.loss == 0 else by_card.best
        chosen_estimate, best_estimate = rated.estimate, by_card.cards[0].estimate
        loss, stderr = rated.loss, rated.loss_stderr
        choices = len(by_card.cards)
    return ReviewRow(
        number, trick, kind, choice, best, loss, stderr, chosen_estimate, best_estimate, choices
    )


__all__ = [
    "DEFAULT_SAMPLES",
    "Review",
    "ReviewRow",
    "about_points",
    "assumption",
    "points_text",
    "review",
    "reviewable",
]
