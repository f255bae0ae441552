"""Lesson 11, Judgement strategy: the measurements behind each piece of advice, and the quick check.

Every figure of the lesson is measured here on seeded rounds played by the project's bots (four
players, on hand masks: :mod:`cardlib.coach.fast`), so the notebook's cells only ask for them and
draw them:

- :func:`bid_values`: the expected score of every bid for one hand, each played as bid;
- :func:`zero_versus_one`: how often bidding 0 beats bidding 1, by round size, and
  :func:`zero_for_weak_hands`, the same paired for the hands the lesson tells to bid 0;
- :func:`hook_study`: what each bidding position scores, and what the hook costs the dealer;
- :func:`fresh_rounds` and :func:`against_the_count`: a bidding policy's gain over the count;
- :func:`ducking_study` and :func:`shedding_study`: the playing habits, each paired on the same
  cards against its opposite;
- :func:`spoiler_study`: playing to make another player miss;
- :func:`commentary`: a round replayed card by card, with what each card did;
- :func:`quick_check`: three questions on what the lesson taught.

A difference is told apart from nothing only beyond two standard errors
(:class:`cardlib.coach.variants.MeanSE`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlib import judgement
from cardlib.bots import SensibleJudgementBot, _beating_mask, sensible_call_mask
from cardlib.cards import DECK, SUITS, Card, to_mask
from cardlib.coach.fast import play_tricks, sensible_chooser, sensible_playout
from cardlib.coach.variants import MeanSE
from cardlib.errors import CardlibError
from cardlib.exercises.feedback import (
    Feedback,
    checked,
    correct,
    not_yet,
    read_card,
    read_whole_number,
)
from cardlib.i18n import N_, _
from cardlib.strategy import (
    EXPECTED_COUNT,
    BidPolicy,
    judgement_bids,
    judgement_playout,
    nearest_bid,
    unclaimed_tricks,
)
from cardlib.tricks import trick_winner, winner_index

if TYPE_CHECKING:
    from cardlib.widgets.drill import QuickCheck

NOTEBOOK = "11-judgement-strategy"
PLAYERS = 4
score = judgement.score

#: The ranks (J Q K A) that make a trump an honour, for the rule "no ace and no trump honour:
#: bid 0".
HONOURS = frozenset((11, 12, 13, 14))
ACE = 14


def one_in(share: Fraction) -> int:
    """The ``n`` of "about one in ``n``" nearest a share (0 < share ≤ 1), for prose.

    >>> one_in(Fraction(178, 1400)), one_in(Fraction(1, 10)), one_in(Fraction(2, 3))
    (8, 10, 2)
    """
    share = Fraction(share)
    if not 0 < share <= 1:
        raise CardlibError(
            _("{what} must be a share above 0 and at most 1, got {value!r}").format(
                what="share", value=share
            )
        )
    whole = int(1 / share)
    return min((whole, whole + 1), key=lambda n: abs(Fraction(1, n) - share))


def weak(hand: int, trump: str | None) -> bool:
    """Whether a hand (a mask) holds no ace and no trump honour (A K Q J of the trump suit).

    >>> from cardlib.cards import parse_cards, to_mask
    >>> weak(to_mask(parse_cards("QH 9H 6S 4S JD 5D 3C")), "C")
    True
    >>> weak(to_mask(parse_cards("QH 9H 6S 4S JD 5D 3C")), "H")
    False
    """
    for index in range(52):
        if hand >> index & 1:
            card = DECK[index]
            if card.rank == ACE or (card.suit == trump and card.rank in HONOURS):
                return False
    return True


def _deal(rng: random.Random, hand: int, cards: int) -> list[int]:
    """``hand`` for seat 0 and the other three hands of ``cards`` each, dealt from the rest."""
    rest = [i for i in range(52) if not hand >> i & 1]
    rng.shuffle(rest)
    return [hand] + [sum(1 << c for c in rest[cards * k : cards * (k + 1)]) for k in range(3)]


def bid_values(
    hand: int, cards: int, trump: str, samples: int = 300, seed: int = 0
) -> dict[int, Fraction]:
    """The expected score of each bid 0..``cards`` for seat 0 holding ``hand`` (a mask).

    The other hands are dealt at random ``samples`` times; the others bid their count and
    every seat plays like the sensible bot, seat 0 as bid (trying to win until it has the bid,
    then ducking). The lead goes round: the deal numbered ``k`` is led by seat ``k % 4``, so
    no seat is always first. Every bid is played on the same deals.
    """
    rng = random.Random(seed)
    rules = judgement.play_rules(trump)
    deals = [_deal(rng, hand, cards) for _ in range(samples)]
    values = {}
    for bid in range(cards + 1):
        total = 0
        for number, hands in enumerate(deals):
            bids = [bid] + [sensible_call_mask(h, trump, 0, cards) for h in hands[1:]]
            won = sensible_playout(list(hands), number % PLAYERS, rules, bids)
            total += score(bid, won[0])
        values[bid] = Fraction(total, samples)
    return values


@dataclass(frozen=True)
class ZeroOrOne:
    """Bidding 0 against bidding 1 on the same rounds: the share of rounds in which 0 scored
    more, the mean score of each, and their paired difference (0 less 1)."""

    zero_better: Fraction
    zero_mean: Fraction
    one_mean: Fraction
    difference: MeanSE


def _zero_or_one(
    cards: int, rounds: int, seed: int, keep: Callable[[int, str], bool] | None = None
) -> ZeroOrOne:
    rng = random.Random(seed)
    trump = "S"
    rules = judgement.play_rules(trump)
    diffs: list[int] = []
    better = zero_total = one_total = 0
    while len(diffs) < rounds:
        hands = judgement.deal_round(rng, PLAYERS, cards, dealer=PLAYERS - 1)
        if keep is not None and not keep(hands[0], trump):
            continue
        leader = len(diffs) % PLAYERS
        others = [sensible_call_mask(h, trump, 0, cards) for h in hands[1:]]
        results = {}
        for bid in (0, 1):
            won = sensible_playout(list(hands), leader, rules, [bid, *others])
            results[bid] = score(bid, won[0])
        better += results[0] > results[1]
        zero_total += results[0]
        one_total += results[1]
        diffs.append(results[0] - results[1])
    return ZeroOrOne(
        Fraction(better, rounds),
        Fraction(zero_total, rounds),
        Fraction(one_total, rounds),
        MeanSE.of(diffs),
    )


def zero_versus_one(cards: int, rounds: int = 1_000, seed: int = 0) -> ZeroOrOne:
    """For seat 0 in ``rounds`` random rounds of ``cards`` each (spades trump, the lead going
    round the table): bidding 0 against bidding 1, each played as bid on the same cards."""
    return _zero_or_one(cards, rounds, seed)


def zero_for_weak_hands(cards: int = 7, rounds: int = 1_000, seed: int = 707) -> ZeroOrOne:
    """:func:`zero_versus_one` for the hands with no ace and no trump honour only
    (:func:`weak`): the group the lesson tells to bid 0."""
    return _zero_or_one(cards, rounds, seed, keep=weak)


@dataclass(frozen=True)
class HookStudy:
    """Four sensible bots on seeded rounds: each bidding position's scores (0: first to bid …
    3: the dealer), and for each round whether the hook forbade the dealer's own count, with
    the dealer's score and whether its bid was exact."""

    by_position: dict[int, list[int]]
    dealer_rows: list[tuple[bool, int, bool]]

    def dealer_summary(self, hooked: bool) -> tuple[int, Fraction, Fraction]:
        """Rounds, the dealer's mean score and share of exact bids, when the hook forbade its
        count (``hooked``) or not."""
        rows = [r for r in self.dealer_rows if r[0] == hooked]
        return (
            len(rows),
            Fraction(sum(r[1] for r in rows), len(rows)),
            Fraction(sum(r[2] for r in rows), len(rows)),
        )

    @property
    def hook_share(self) -> Fraction:
        """The share of rounds in which the hook forbade the dealer's count."""
        return Fraction(sum(r[0] for r in self.dealer_rows), len(self.dealer_rows))

    @property
    def hook_cost(self) -> Fraction:
        """What the hook costs the dealer a round: its share times the cost where it bites."""
        _n, hooked_mean, _e = self.dealer_summary(True)
        _n, free_mean, _e = self.dealer_summary(False)
        return self.hook_share * (free_mean - hooked_mean)

    def first_minus_dealer(self) -> MeanSE:
        """The first bidder's score less the dealer's, round by round (paired)."""
        return MeanSE.of(
            [a - b for a, b in zip(self.by_position[0], self.by_position[3], strict=True)]
        )


def hook_study(seeds: int = 200) -> HookStudy:
    """Rounds 1 to 7 (face up) of ``judgement.Round(4, number, seed=s, dealer=s % 4)`` for each
    seed ``s`` below ``seeds``, four sensible bots bidding and playing."""
    by_position: dict[int, list[int]] = {position: [] for position in range(PLAYERS)}
    dealer_rows = []
    for seed in range(seeds):
        for number in range(1, 8):
            round_ = judgement.Round(PLAYERS, number, seed=seed, dealer=seed % PLAYERS)
            dealer = round_.dealer
            hands = [to_mask(round_.hand(seat)) for seat in range(PLAYERS)]
            wish = sensible_call_mask(hands[dealer], round_.trump, 0, round_.cards)
            bids = judgement_bids(hands, round_.trump, dealer)
            won = judgement_playout(hands, round_.trump, dealer, bids)
            scores = [score(bid, tricks) for bid, tricks in zip(bids, won, strict=True)]
            for position, seat in enumerate(round_.bidding_order()):
                by_position[position].append(scores[seat])
            earlier = [bids[s] for s in round_.bidding_order()[:-1]]
            hooked = judgement.hooked_bid(round_.cards, earlier) == wish
            dealer_rows.append((hooked, scores[dealer], bids[dealer] == won[dealer]))
    return HookStudy(by_position, dealer_rows)


#: A fresh round: the seat that tries the advice, the hands, trump, dealer, the four counts'
#: bids (the dealer hooked) and the tricks they won played by four sensible bots.
FreshRound = tuple[int, list[int], "str | None", int, list[int], list[int]]


def fresh_rounds(seeds: Iterable[int]) -> list[FreshRound]:
    """The seven face-up rounds of each seed, four players: the dealer is ``seed % 4``, and the
    seat that tries a piece of advice turns from round to round (every bidding position)."""
    rounds: list[FreshRound] = []
    for seed in seeds:
        rng = random.Random(seed)
        dealer = seed % PLAYERS
        for number, spec in enumerate(judgement.schedule()[:7]):
            hands = judgement.deal_round(rng, PLAYERS, spec.cards, dealer)
            seat = (dealer + 1 + (seed + number) % PLAYERS) % PLAYERS
            bids = judgement_bids(hands, spec.trump, dealer)
            won = judgement_playout(hands, spec.trump, dealer, bids)
            rounds.append((seat, hands, spec.trump, dealer, bids, won))
    return rounds


def one_more_always(
    hand: int,
    trump: str | None,
    cards: int,
    earlier: Sequence[int],
    later: int,
    legal: Sequence[int],
) -> int:
    """The control: one more than the count in every round, whatever the others bid."""
    return nearest_bid(min(cards, sensible_call_mask(hand, trump, 0, cards) + 1), legal)


def one_less_when_overclaimed(
    hand: int,
    trump: str | None,
    cards: int,
    earlier: Sequence[int],
    later: int,
    legal: Sequence[int],
) -> int:
    """The mirror image: a trick less when the running total claims a trick more than there
    are."""
    count = sensible_call_mask(hand, trump, 0, cards)
    over = -unclaimed_tricks(count, cards, earlier, later)
    return nearest_bid(max(0, count - 1) if over >= 1 else count, legal)


def against_the_count(policy: BidPolicy, rounds: Sequence[FreshRound]) -> tuple[Fraction, MeanSE]:
    """The share of ``rounds`` in which the seat's bid changed when it bids by ``policy``, and
    its score by the policy less its score bidding its count, round by round (paired)."""
    gains, changed = [], 0
    for seat, hands, trump, dealer, plain, plain_won in rounds:
        policies: list[BidPolicy | None] = [None] * PLAYERS
        policies[seat] = policy
        bids = judgement_bids(hands, trump, dealer, policies)
        if bids[seat] == plain[seat]:  # the same bid: the same round
            gains.append(0)
            continue
        changed += 1
        won = judgement_playout(hands, trump, dealer, bids)
        gains.append(score(bids[seat], won[seat]) - score(plain[seat], plain_won[seat]))
    return Fraction(changed, len(rounds)), MeanSE.of(gains)


def _rank(index: int) -> int:
    return index % 13


def shedding_chooser(bids: Sequence[int], trump_index: int, seat: int, shed: str) -> Callable:
    """A ``choose`` for :func:`cardlib.coach.fast.play_tricks`: every seat plays like the
    sensible bot, except that ``seat``, following suit or discarding once it has its bid,
    plays the ``"highest"`` or the ``"lowest"`` (by rank, across suits) of its cards that do not
    win the trick as it stands (when it has one)."""
    if shed not in ("highest", "lowest"):
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="shed", choices="highest, lowest", value=shed
            )
        )
    sensible = sensible_chooser(bids, trump_index)

    def choose(who: int, hand: int, trick: Sequence[int], legal: int, won: Sequence[int]) -> int:
        if who != seat or not trick or won[who] < bids[who]:
            return sensible(who, hand, trick, legal, won)
        best = trick[winner_index(trick, trump_index)]
        losing = legal & ~_beating_mask(best, trump_index)
        losers = [i for i in range(52) if losing >> i & 1]
        if not losers:
            return sensible(who, hand, trick, legal, won)
        pick = max if shed == "highest" else min
        return pick(losers, key=lambda c: (_rank(c), -c if shed == "highest" else c))

    return choose


def _trump(trump_index: int) -> str | None:
    return None if trump_index < 0 else SUITS[trump_index]


@dataclass(frozen=True)
class PlayHabit:
    """A playing habit against its opposite on the same rounds and bids: each one's share of
    exact bids for the seat that tries it, and the seat's points a round, habit less opposite
    (paired)."""

    exact: Fraction
    opposite_exact: Fraction
    gain: MeanSE


def _habit(
    rounds: Sequence[FreshRound],
    play: Callable[[FreshRound], list[int]],
    opposite: Callable[[FreshRound], list[int]],
) -> PlayHabit:
    exact = opposite_exact = 0
    gains = []
    for round_ in rounds:
        seat, bids = round_[0], round_[4]
        won, other = play(round_)[seat], opposite(round_)[seat]
        exact += won == bids[seat]
        opposite_exact += other == bids[seat]
        gains.append(score(bids[seat], won) - score(bids[seat], other))
    return PlayHabit(
        Fraction(exact, len(rounds)), Fraction(opposite_exact, len(rounds)), MeanSE.of(gains)
    )


def ducking_study(rounds: Sequence[FreshRound]) -> PlayHabit:
    """The seat ducks once it has its bid (the sensible bot's play) against always trying to
    win (the sensible bot's play for a bid it never reaches), the same bids and cards."""

    def greedy(round_: FreshRound) -> list[int]:
        seat, hands, trump, dealer, bids, _won = round_
        as_if = list(bids)
        as_if[seat] = 99  # never reached: it plays to win every trick
        rules = judgement.play_rules(trump)
        return sensible_playout(list(hands), (dealer + 1) % PLAYERS, rules, as_if)

    return _habit(rounds, lambda round_: round_[5], greedy)


def shedding_study(rounds: Sequence[FreshRound]) -> PlayHabit:
    """Once the seat has its bid (a bid of 0 from the start), it throws its highest card that
    loses the trick, against its lowest such card (:func:`shedding_chooser`)."""

    def played(shed: str) -> Callable[[FreshRound], list[int]]:
        def play(round_: FreshRound) -> list[int]:
            seat, hands, trump, dealer, bids, _won = round_
            trump_index = -1 if trump is None else SUITS.index(trump)
            rules = judgement.play_rules(trump)
            choose = shedding_chooser(bids, trump_index, seat, shed)
            return play_tricks(list(hands), (dealer + 1) % PLAYERS, rules, choose)

        return play

    return _habit(rounds, played("highest"), played("lowest"))


@dataclass(frozen=True)
class SpoilerStudy:
    """:class:`cardlib.strategy.SpoilerBot` in one seat against four sensible bots, the same
    rounds and bids: the share of rounds whose tricks fell otherwise, the other three's points
    a round (paired), their exact bids before and after, and every change of the spoiler's own
    points."""

    fell_otherwise: Fraction
    others: MeanSE
    exact_before: Fraction
    exact_after: Fraction
    own_change: frozenset[int]


def spoiler_study(rounds: Sequence[FreshRound]) -> SpoilerStudy:
    """The spoiler in the seat of each of ``rounds`` (see :class:`SpoilerStudy`)."""
    others_change, own_change, fell, before, after = [], set(), 0, 0, 0
    for seat, hands, trump, dealer, bids, plain_won in rounds:
        won = judgement_playout(hands, trump, dealer, bids, spoiler=seat)
        others = [s for s in range(PLAYERS) if s != seat]
        others_change.append(
            sum(score(bids[s], won[s]) - score(bids[s], plain_won[s]) for s in others)
        )
        own_change.add(score(bids[seat], won[seat]) - score(bids[seat], plain_won[seat]))
        fell += won != plain_won
        before += sum(bids[s] == plain_won[s] for s in others)
        after += sum(bids[s] == won[s] for s in others)
    bids_total = len(rounds) * (PLAYERS - 1)
    return SpoilerStudy(
        Fraction(fell, len(rounds)),
        MeanSE.of(others_change),
        Fraction(before, bids_total),
        Fraction(after, bids_total),
        frozenset(own_change),
    )


def verdict(measured: MeanSE) -> str:
    """A difference in words: a tie within two standard errors, else gains or loses."""
    return {
        "tie": _("a tie: within two standard errors"),
        "more": _("gains"),
        "less": _("loses"),
    }[measured.verdict]


def plus_minus(measured: MeanSE, digits: int = 2) -> str:
    """``'0.93 ± 0.10'``: a mean and its standard error, with a real minus sign."""
    from cardlib.draw.tables import places

    return f"{places(measured.mean, digits)} ± {measured.stderr:.{digits}f}"


# ----- the worked round ----------------------------------------------------------------------


def _takes_the_lead(trick: Sequence[Card], card: Card, trump: str | None) -> bool:
    cards = [*trick, card]
    return trick_winner(cards, trump) == len(cards) - 1


def aim(
    bid: int, won: int, trick: Sequence[Card], legal: Iterable[Card], card: Card, trump: str | None
) -> str:
    """What a card did with the trick as it stood, and what its player wanted.

    The player's state first: still short of the bid ("needs 2 more"), a bid of 0 still
    unbroken ("bid 0"), the bid made ("has its bid") or gone ("bid already missed", a broken 0
    too); then the card: leads, goes for the trick, cannot help winning, cannot win it, ducks
    (had the bid and could have won) or lets the trick go (short of the bid, could have won).
    """
    legal = list(legal)
    needed = bid - won
    if needed > 0:
        wanted = _("needs {count} more").format(count=needed)
    elif needed < 0:
        wanted = _("bid already missed")
    elif bid == 0:
        wanted = _("bid 0")
    else:
        wanted = _("has its bid")
    if not trick:
        return _("{state}: leads").format(state=wanted)
    could_win = any(_takes_the_lead(trick, other, trump) for other in legal)
    could_lose = not all(_takes_the_lead(trick, other, trump) for other in legal)
    if _takes_the_lead(trick, card, trump):
        if could_lose:
            return _("{state}: goes for the trick").format(state=wanted)
        return _("{state}: cannot help winning").format(state=wanted)
    if not could_win:
        return _("{state}: cannot win this trick").format(state=wanted)
    if needed <= 0:
        return _("{state}: ducks").format(state=wanted)
    return _("{state}: lets this trick go").format(state=wanted)


@dataclass(frozen=True)
class Move:
    """One card of a commented round: the trick's number, the seat, the card, its :func:`aim`,
    the rule that governed it (the engine's explanation) and, on the trick's last card, the
    seat that won it (else ``None``)."""

    trick: int
    seat: int
    card: Card
    aim: str
    rule: str
    winner: int | None


def commentary(
    start: judgement.Round, bots: Sequence | None = None
) -> tuple[judgement.Round, list[Move]]:
    """Play a copy of round ``start`` with ``bots`` (four sensible bots by default), one card
    at a time, and comment on every card; the finished round and the moves."""
    round_ = start.copy()
    bots = list(bots) if bots is not None else [SensibleJudgementBot()] * round_.players
    for bidder in round_.bidding_order():
        round_.bid(bots[bidder].choose_call(round_))
    moves = []
    while round_.phase == judgement.PLAYING:
        to_act = round_.to_act
        assert to_act is not None  # somebody is to play while cards are played
        seat: int = to_act
        bid = round_.bids[seat]
        assert bid is not None  # every bid is in while cards are played
        won = round_.tricks_won[seat]
        explanation = round_.explain()
        card = bots[seat].choose_play(round_)
        said = aim(bid, won, round_.trick, round_.legal_plays(), card, round_.trump)
        number = len(round_.tricks) + 1
        round_.play(card)
        winner = round_.tricks[-1].winner if len(round_.tricks) == number else None
        moves.append(Move(number, seat, card, said, explanation.text, winner))
    return round_, moves


# ----- the quick check -----------------------------------------------------------------------


def _cards_given(cards: str | Iterable[Card | str]) -> list[Card]:
    from cardlib.exercises.checks import _given_cards

    return _given_cards(cards)


@checked
def check_weak_hand_bid(answer: object, hand: str | Iterable[Card | str], trump: str) -> Feedback:
    """The bid the lesson gives a hand with no ace and no trump honour: 0."""
    cards = _cards_given(hand)
    if not weak(to_mask(cards), trump):
        raise CardlibError(
            _("{what} must hold no ace and no trump honour, got {value!r}").format(
                what="hand", value=" ".join(str(c) for c in cards)
            ),
            "givens",
        )
    bid = read_whole_number(answer, N_("a bid"), ("5",))
    why = _(
        "With no ace and no trump honour, bid 0 and play to lose every trick: a 0 made scores "
        "10, as much as a 1, and for such hands bidding 0 scored a little more than bidding 1."
    )
    if bid == 0:
        return correct(_("bid 0."), why)
    return not_yet(_("not {bid}.").format(bid=bid), why)


@checked
def check_running_total_bid(
    answer: object, cards: int, earlier_bids: Sequence[int], count: int, later: int
) -> Feedback:
    """The bid by the running total: one more than the count when the bids so far, the count
    and an average count for each of the ``later`` players leave a trick or more unclaimed."""
    unclaimed = unclaimed_tricks(count, cards, list(earlier_bids), later)
    wanted = min(cards, count + 1) if unclaimed >= 1 else count
    bid = read_whole_number(answer, N_("a bid"), ("5",))
    why = _(
        "{cards} tricks, less the bids made ({earlier}), your count ({count}) and {later} × "
        "{average} for the players still to bid, leave {unclaimed} unclaimed; from 1 up, bid one "
        "more than your count."
    ).format(
        cards=cards,
        earlier=" + ".join(map(str, earlier_bids)) or "0",
        count=count,
        later=later,
        average=float(EXPECTED_COUNT[cards]),
        unclaimed=float(unclaimed),
    )
    if bid == wanted:
        return correct(_("bid {bid}.").format(bid=bid), why)
    return not_yet(_("not {bid}.").format(bid=bid), why)


@checked
def check_duck(
    answer: object, hand: str | Iterable[Card | str], trick: str | Iterable[Card | str], trump: str
) -> Feedback:
    """The card of a player who has its bid: the highest card that loses the trick."""
    held = _cards_given(hand)
    played = _cards_given(trick)
    legal = judgement.legal_plays(held, played, trump)
    losers = [c for c in legal if not _takes_the_lead(played, c, trump)]
    if not losers:
        raise CardlibError(
            _("{what} must leave a card that loses the trick, got {value!r}").format(
                what="hand", value=" ".join(str(c) for c in held)
            ),
            "givens",
        )
    best = max(losers, key=lambda c: (c.rank, c.index))
    card = read_card(answer)
    why = _(
        "Once your bid is made, throw the highest card that still loses the trick: {card}. "
        "It cannot win a trick later, and your low cards stay to duck with."
    ).format(card=best)
    if card == best:
        return correct(_("{card}.").format(card=card), why)
    if card not in legal:
        return not_yet(_("{card} may not be played here.").format(card=card), why)
    if _takes_the_lead(played, card, trump):
        return not_yet(_("{card} wins the trick: one too many.").format(card=card), why)
    return not_yet(
        _("{card} ducks, but keeps a higher card that may win later.").format(card=card), why
    )


def quick_check(record: bool = True) -> QuickCheck:
    """Three questions on lesson 11: the 0-bid, the running total, and ducking."""
    from cardlib.widgets.drill import Question, QuickCheck

    return QuickCheck(
        "11",
        [
            Question(
                _(
                    "Seven cards each, hearts trump. Your hand: Q♠ 9♠ 6♦ 4♦ J♣ 5♣ 3♥. What "
                    "does this lesson say you should bid?"
                ),
                check_weak_hand_bid,
                {"hand": "QS 9S 6D 4D JC 5C 3H", "trump": "H"},
                "5",
                taught="When 0 is right",
            ),
            Question(
                _(
                    "Seven cards each, four players. You bid third: the two before you bid 1 and "
                    "1, your count is 2, and one player bids after you. What do you bid?"
                ),
                check_running_total_bid,
                {"cards": 7, "earlier_bids": [1, 1], "count": 2, "later": 1},
                "5",
                taught="Bidding against the running total",
            ),
            Question(
                _(
                    "You bid 1 and already have your trick. Clubs are trump; 10♦ is led and J♦ "
                    "played on it. You hold K♦ 9♦ 4♦. Which card do you play?"
                ),
                check_duck,
                {"hand": "KD 9D 4D", "trick": "TD JD", "trump": "C"},
                "QH",
                taught="Playing to lose tricks",
            ),
        ],
        record=record,
    )
