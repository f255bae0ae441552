"""Lesson 31, Bridge play and score: the score tables, the deal against double dummy, and the
quick check.

>>> trick_scores()["NT"][:3]
[40, 70, 100]
>>> trick_scores("X")["H"][:2]
[60, 120]
>>> {strain: smallest_game(strain) for strain in bridge.STRAINS}
{'C': 5, 'D': 5, 'H': 4, 'S': 4, 'NT': 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib import bridge
from cardlib.bridge import Deal, score
from cardlib.bridge.calls import strain_name
from cardlib.draw.svg import Html, card_html, cards_html
from cardlib.errors import CardlibError, PhaseError
from cardlib.exercises.bridge import check_contract_score
from cardlib.i18n import _
from cardlib.seats import seat_label
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "31-bridge-play-and-score"


def trick_scores(doubling: str = "") -> dict[str, list[int]]:
    """Below-the-line score of every contract made exactly, strain by strain, levels 1 to 7;
    ``doubling`` is ``""``, ``"X"`` (doubled) or ``"XX"`` (redoubled)."""
    if doubling not in ("", "X", "XX"):
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="doubling", choices="'', 'X', 'XX'", value=doubling
            ),
            "doubling",
        )
    return {
        strain: [score(f"{level}{strain}{doubling}", level + 6).below for level in range(1, 8)]
        for strain in bridge.STRAINS
    }


def smallest_game(strain: str) -> int:
    """The lowest level that scores 100 below the line by itself in ``strain``: the game
    contract's level."""
    return next(level for level in range(1, 8) if score(f"{level}{strain}", level + 6).below >= 100)


def contract_of(deal: Deal) -> tuple[bridge.Contract, int]:
    """The deal's contract and declarer, refused (the project's error) while there is none."""
    contract, declarer = deal.contract, deal.declarer
    if contract is None or declarer is None:
        raise PhaseError(
            _("the deal has no contract yet: the auction is not over, or all four passed"),
            "phase",
        )
    return contract, declarer


def against_double_dummy(deal: Deal, table: Any) -> Html:
    """The contract's tricks double dummy (``table``, a ``double_dummy.DDTable`` of the deal),
    beside what the contract needs and what was taken, in words."""
    contract, declarer = contract_of(deal)
    possible = table.of(contract.strain, declarer)
    took = deal.declarer_tricks
    if took > possible:
        verdict = _("more than perfect defence allows: the defenders went wrong somewhere")
    elif took < possible:
        verdict = _("fewer than perfect play gives: declarer went wrong somewhere")
    else:
        verdict = _("exactly what perfect play on both sides gives")
    sentence = _(
        "Double dummy, {declarer} takes {possible} tricks in {strain}, and {contract} needs "
        "{needed}. The bots took {took}, {verdict}."
    ).format(
        declarer=seat_label(declarer),
        possible=possible,
        strain=strain_name(contract.strain),
        contract=contract,
        needed=contract.tricks_needed,
        took=took,
        verdict=verdict,
    )
    return Html(f"<p>{sentence}</p>")


def par_sentence(deal: Deal, par: Any) -> Html:
    """Whether the deal's contract is a par contract (``par``, a ``double_dummy.Par``), and par."""
    contract = str(deal.contract)
    template = (
        _(
            "The bots' contract, {contract}, is a par contract. Par here: {par}, {score} "
            "for North–South."
        )
        if contract in par.contracts
        else _(
            "The bots' contract, {contract}, is not a par contract. Par here: {par}, {score} "
            "for North–South."
        )
    )
    return Html(
        "<p>"
        + template.format(
            contract=contract,
            par=", ".join(par.contracts) or _("passed out"),
            score=f"{par.score:+d}",
        )
        + "</p>"
    )


def replay(deal: Deal, tricks: int, players: Sequence[Any]) -> Deal:
    """A fresh copy of ``deal`` (the same hands, dealer and calls) played by ``players`` (by
    seat) until ``tricks`` tricks are complete: a position to study, the deal itself untouched."""
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="tricks", choices="0..13", value=tricks
            ),
            "tricks",
        )
    position = Deal.from_hands(deal.dealt_hands, deal.dealer, deal.calls)
    contract_of(position)
    while len(position.tricks) < tricks and position.to_act is not None:
        position.play(players[position.to_act].choose_play(position))
    return position


def bot_lead_sentence(position: Deal, per_card: Any, bot: Any) -> Html:
    """The card ``bot`` plays in ``position`` and its double-dummy value (``per_card``, a
    ``double_dummy.CardTricks`` of the position), beside the best cards' value."""
    lead = bot.choose_play(position)
    tricks_after = dict(per_card.cards)
    side = bridge.SIDE_NAMES[bridge.side_of(per_card.seat)]
    sentence = _(
        "The bot leads {card}, after which {side} take {tricks} tricks double dummy; the best "
        "leads ({best}) give {most}."
    ).format(
        card=card_html(lead),
        side=_("North–South") if side == "NS" else _("East–West"),
        tricks=tricks_after[lead],
        best=cards_html(per_card.best, sort=True),
        most=per_card.cards[0][1],
    )
    return Html(f"<p>{sentence}</p>")


def deal_rows(game: bridge.Match) -> list[str]:
    """One line per deal of a game: dealer, calls, contract and declarer's tricks (or passed
    out)."""
    rows = []
    for deal in game.deals:
        dealt = _("{dealer} dealt:").format(dealer=seat_label(deal.dealer).rjust(9))
        result = (
            _("{contract}, {tricks} tricks").format(
                contract=deal.contract, tricks=deal.declarer_tricks
            )
            if deal.contract
            else _("passed out")
        )
        rows.append(f"{dealt} {' '.join(deal.calls):<24} {result}")
    return rows


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 31's quick check: the score of a contract, below and above the line."""
    prompt = _("{contract}: (below, above for declarer, above for defenders)?")
    return QuickCheck(
        "31",
        [
            Question(
                prompt.format(contract=_("4♠ made with exactly 10 tricks")),
                check_contract_score,
                {"contract": "4S", "tricks": 10},
                "(0, 0, 0)",
                taught="Below the line: the bid tricks",
            ),
            Question(
                prompt.format(contract=_("2♥ with 9 tricks")),
                check_contract_score,
                {"contract": "2H", "tricks": 9},
                "(0, 0, 0)",
                taught='Above the line: overtricks, slams and the "insult"',
            ),
            Question(
                prompt.format(contract=_("3NT with 8 tricks (one down)")),
                check_contract_score,
                {"contract": "3NT", "tricks": 8},
                "(0, 0, 0)",
                taught="Undertricks: points for the defenders",
            ),
            Question(
                prompt.format(contract=_("3NT doubled with 6 tricks (three down)")),
                check_contract_score,
                {"contract": "3NTX", "tricks": 6},
                "(0, 0, 0)",
                taught="Undertricks: points for the defenders",
            ),
        ],
        record=record,
    )
