"""Double-dummy analysis through endplay: conversions, small positions worked by hand, and a
clear error (and note) where endplay is missing. Skipped cleanly without endplay."""

import ast
import sys
from pathlib import Path

import nbformat
import pytest

from cardlib import bridge
from cardlib.bots import SensibleBridgeBot
from cardlib.bridge import double_dummy
from cardlib.bridge.double_dummy import EndplayMissing
from cardlib.cards import DECK, Card
from cardlib.draw.bridge import unavailable_note

needs_endplay = pytest.mark.skipif(not double_dummy.available(), reason="endplay not installed")


@needs_endplay
def test_every_card_and_seat_converts_both_ways():
    from endplay import types

    assert all(
        double_dummy._cardlib_card(double_dummy._card(types, i)) == DECK[i] for i in range(52)
    )
    assert [double_dummy._seat(double_dummy._player(types, s)) for s in range(4)] == [0, 1, 2, 3]
    assert double_dummy._player(types, bridge.NORTH) == types.Player.north
    assert double_dummy._player(types, bridge.SOUTH) == types.Player.south


@needs_endplay
def test_a_two_card_ending_worked_by_hand():
    # Spades trump. South leads, holding A♥ and 2♠; West holds K♥ 3♦, North 4♣ 5♣, East Q♥ 6♦.
    hands = [["AH", "2S"], ["KH", "3D"], ["4C", "5C"], ["QH", "6D"]]
    values = double_dummy.solve_cards(hands, leader=bridge.SOUTH, trump="S")
    # Trumps: A♥ wins (West and East follow), then 2♠ wins the last trick; or 2♠ first
    # (nobody holds a spade), then A♥. Both lines: 2 tricks for North–South.
    assert values == {Card("AH"): 2, Card("2S"): 2}
    # No trumps: the 2♠ lead still wins (nobody can follow), whichever order: 2 again.
    no_trump = double_dummy.solve_cards(hands, leader=bridge.SOUTH, trump=None)
    assert no_trump == {Card("AH"): 2, Card("2S"): 2}


@needs_endplay
def test_a_trick_on_the_table_and_a_real_deal_in_play():
    # No trumps. West has led K♥; North holds A♥ 2♥, East Q♥ 10♦, South 3♣ 4♣, West 5♣.
    # A♥ wins, then 2♥ wins too (nobody has a heart left): 2 tricks for North–South.
    # 2♥ lets K♥ win; West's 5♣ then beats South's last club: none.
    hands = [["3C", "4C"], ["5C"], ["AH", "2H"], ["QH", "TD"]]
    values = double_dummy.solve_cards(hands, trick=["KH"], leader=bridge.WEST, trump=None)
    assert values == {Card("AH"): 2, Card("2H"): 0}
    deal = bridge.Deal(seed=5, dealer="N")
    bots = [SensibleBridgeBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    assert deal.phase == "playing"
    for _ in range(5):
        deal.play(bots[deal.to_act].choose_play(deal))
    result = double_dummy.solve_position(deal)
    assert {card for card, _ in result.cards} == deal.legal_plays()
    assert result.seat == deal.hand_to_play
    side = deal.tricks_won[result.seat] + deal.tricks_won[(result.seat + 2) % 4]
    assert all(side <= tricks <= side + 13 - len(deal.tricks) for _, tricks in result.cards)
    assert "best" in result._repr_html_()


@needs_endplay
def test_table_and_par_of_a_deal_with_one_solid_suit_each():
    # North holds every spade, East every heart, South every diamond, West every club.
    suits = ["D", "C", "S", "H"]  # by cardlib seat: South, West, North, East
    hands = [[f"{r}{suit}" for r in "23456789TJQKA"] for suit in suits]
    table = double_dummy.dd_table(hands)
    assert table.of("S", bridge.NORTH) == 13 and table.of("S", bridge.SOUTH) == 13
    assert table.of("H", bridge.EAST) == 13 and table.of("H", bridge.WEST) == 13
    assert table.of("S", bridge.EAST) == 0
    result = double_dummy.par(hands, dealer=bridge.NORTH)
    assert result.contracts and all(bridge.Contract.parse(c) for c in result.contracts)
    assert "Par" in result._repr_html_() and "declarer" in table._repr_html_()


def test_without_endplay_every_function_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    assert not double_dummy.available()
    with pytest.raises(EndplayMissing) as error:
        double_dummy.dd_table([[], [], [], []])
    assert error.value.rule == "endplay-missing" and "pip install" in str(error.value)
    note = unavailable_note()
    assert "JupyterLite" in note and "role='note'" in note


NOTEBOOK_31 = (
    Path(__file__).resolve().parent.parent / "notebooks" / "31-bridge-play-and-score.ipynb"
)


def run_code_cells(path: Path) -> list[tuple[str, object]]:
    """Every code cell of a notebook, in order and in one namespace as "Run All" runs them:
    each cell's source and the value it ends with (``None`` when it ends in a statement)."""
    namespace: dict = {}
    shown = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(path), "exec"), namespace)
        value = None
        if last is not None:
            value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
        shown.append((cell.source, value))
    return shown


def test_notebook_31_without_endplay_shows_the_note_once_and_runs_on(monkeypatch):
    # As in the browser (JupyterLite): endplay cannot be imported at all.
    for name in ("endplay", "endplay.dds", "endplay.types"):
        monkeypatch.setitem(sys.modules, name, None)
    cells = run_code_cells(NOTEBOOK_31)
    double_dummy_cells = [value for source, value in cells if "DOUBLE_DUMMY" in source]
    assert len(double_dummy_cells) >= 4  # table, comparison, par, per card, ...
    assert double_dummy_cells[0] == unavailable_note()  # said once, rendered
    assert all(value is None for value in double_dummy_cells[1:])  # then nothing, no error
    assert cells[-1][1] == "all self-checks pass"  # and the notebook went on to its end


def test_a_result_reads_as_players_write_it():
    assert double_dummy.result_text("2C by S", 2) == "2♣ by South +2"
    assert double_dummy.result_text("5HX by S", -1) == "5♥ doubled by South −1"
    assert double_dummy.result_text("4S by N", 0) == "4♠ by North ="


@needs_endplay
@pytest.mark.parametrize("seed", [3, 11])
def test_par_shows_each_contract_with_the_result_the_table_gives(seed):
    deal = bridge.Deal(seed=seed)
    hands = deal.dealt_hands
    table = double_dummy.dd_table(hands)
    result = double_dummy.par(hands, dealer=deal.dealer)
    assert len(result.results) == len(result.contracts) == len(result.texts) >= 1
    for text, contract, over in zip(result.texts, result.contracts, result.results, strict=True):
        parsed = bridge.Contract.parse(contract)
        assert over == table.of(parsed.strain, parsed.declarer) - parsed.tricks_needed
        assert text == double_dummy.result_text(contract, over)
        assert text in result._repr_html_()
