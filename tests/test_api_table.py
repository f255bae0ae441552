"""The four games answer the one API table of cardlib.games; the old names of 0.1 are gone.

0.2 kept each old name for one release with a DeprecationWarning; 0.3 removed them, so each
is now refused as any unknown name or keyword is.
"""

from __future__ import annotations

import warnings
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import CardlibError, PlayRules, bridge, callbreak, callbridge, games, judgement
from cardlib.cards import DECK

MODULES = [info.module for info in games.GAMES.values()]


def test_every_game_has_the_same_names():
    for info in games.GAMES.values():
        module = info.module
        for name in ("legal_plays", "explain_play", "trick_winner", "score", "play_rules"):
            assert callable(getattr(module, name)), (info.key, name)
        assert module.Match is info.match
        assert info.match.__name__ == "Match"
        assert callable(module.as_rules)
        assert games.lookup(info.name) is info is games.lookup(info.key.upper())
        assert repr(info) == f"games.lookup({info.key!r})"
        assert eval(repr(info), {"games": games}) is info


def test_lookup_refuses_unknown_games_naming_the_field():
    for bad in ("chess", "", None, 3, "Call Braek"):
        with pytest.raises(CardlibError, match="game"):
            games.lookup(bad)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_trick_winner_takes_text_and_cards_in_every_game(module):
    assert module.trick_winner("AH 2S KH 3H") == module.trick_winner(_cards("AH 2S KH 3H"))
    assert module.trick_winner("AH 2S KH 3H", trump="S") == 1
    assert module.trick_winner("AH 2S KH 3H", "S") == 1


def test_trick_winner_trump_is_given_the_same_way():
    assert judgement.trick_winner("AH 2S KH 3H") == bridge.trick_winner("AH 2S KH 3H") == 0
    assert judgement.trick_winner("AH 2S KH 3H", "NT") == 0
    assert bridge.trick_winner("TD 3C KD 5D", trump="C") == 1
    for module in (callbreak, callbridge):
        with pytest.raises(CardlibError, match="trump"):
            module.trick_winner("AH 2S KH 3H", trump="H")
    for module in MODULES:
        for bad in ("", "SH", "x", 5, "s"):
            with pytest.raises(CardlibError, match="trump"):
                module.trick_winner("AH 2S KH 3H", trump=bad)


def test_rules_is_one_value_in_every_game():
    hand, trick = "3H KH 2S 4C", "QH"
    assert callbreak.legal_plays(hand, trick, callbreak.Variant()) == {*_cards("KH")}
    assert callbreak.legal_plays(hand, trick, callbreak.play_rules()) == {*_cards("KH")}
    assert callbridge.legal_plays(hand, trick, callbridge.RULES) == {*_cards("3H KH")}
    assert judgement.legal_plays(hand, trick, "C") == {*_cards("3H KH")}
    assert judgement.legal_plays(hand, trick, judgement.play_rules("C")) == {*_cards("3H KH")}
    four_spades = bridge.Contract.parse("4S by N")
    for rules in ("S", four_spades, bridge.play_rules("S"), "NT", None):
        assert bridge.legal_plays(hand, trick, rules) == {*_cards("3H KH")}
    assert bridge.explain_play("2S 4C", "QH", four_spades).rule == "free"


def test_rules_of_another_game_are_refused():
    cases = [
        (callbreak, judgement.play_rules("C")),
        (callbreak, "S"),
        (callbridge, callbreak.play_rules()),
        (judgement, callbreak.play_rules()),
        (judgement, "NT"),
        (bridge, callbridge.RULES),
        (bridge, "X"),
        (judgement, PlayRules(trump="C", no_trump_lead_first_trick=True)),
    ]
    for module, rules in cases:
        with pytest.raises(CardlibError, match="rules"):
            module.legal_plays("3H KH", "QH", rules)
        with pytest.raises(CardlibError, match="rules"):
            module.explain_play("3H KH", "QH", rules)


def _cards(text: str):
    from cardlib import parse_cards

    return parse_cards(text)


@pytest.mark.parametrize(
    "old",
    [
        lambda: callbreak.legal_plays("3H KH", "QH", variant=callbreak.STANDARD),
        lambda: callbreak.explain_play("3H KH", "QH", variant=callbreak.STANDARD),
        lambda: judgement.legal_plays("3H KH 2C", "QH", trump="C"),
        lambda: judgement.explain_play("2C 5S", "QH", trump="C"),
        lambda: bridge.legal_plays("3H KH 2S", "QH", strain="S"),
        lambda: bridge.explain_play("2S", "QH", strain="S"),
        lambda: callbridge.legal_plays("2S 4H", "5C KS", True),
        lambda: callbridge.explain_play("2S 4H", "5C KS", False),
    ],
    ids=[
        "callbreak variant=",
        "callbreak explain variant=",
        "judgement trump=",
        "judgement explain trump=",
        "bridge strain=",
        "bridge explain strain=",
        "callbridge first_trick third",
        "callbridge explain first_trick third",
    ],
)
def test_the_old_keywords_are_gone(old):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # refused, not warned about
        with pytest.raises(TypeError):
            old()


def test_the_old_match_name_is_gone():
    assert not hasattr(bridge, "Game")
    with pytest.raises(ImportError):
        from cardlib.bridge import Game  # noqa: F401


def test_the_version_says_the_old_names_are_gone():
    import tomllib
    from pathlib import Path

    import cardlib

    pyproject = Path(cardlib.__file__).parent.parent / "pyproject.toml"
    assert tomllib.loads(pyproject.read_text())["project"]["version"] == cardlib.__version__
    assert tuple(map(int, cardlib.__version__.split(".")[:2])) >= (0, 3)


def test_illegal_call_error_is_back_in_bridge():
    from cardlib.errors import IllegalCallError

    assert bridge.IllegalCallError is IllegalCallError
    deal = bridge.Deal(seed=1)
    with pytest.raises(bridge.IllegalCallError):
        deal.call("8S")


def test_call_bridge_says_bid():
    deal = callbridge.Deal(seed=3, dealer=0)
    assert deal.legal_bids() == deal.legal_calls() == range(2, 13)
    deal.bid(4)
    assert deal.bids == deal.calls == (None, None, None, 4)
    match = callbridge.Match(seed=3, dealer=0, target=30)
    match.bid(5)
    assert match.deal.bids[3] == 5
    assert match.legal_bids() == range(2, 13)


def test_scores_are_exact_comparable_printable_points():
    examples = [
        (callbreak.score(4, 6), Decimal("4.2"), "4.2"),
        (callbridge.score(10, 11), Decimal(13), "13"),
        (judgement.score(4, 4), 40, "40"),
    ]
    for points, equal, text in examples:
        assert isinstance(points, games.Points) and not isinstance(points, float)
        assert points == equal and str(points) == text
    assert callbreak.score(3, 4) + callbreak.score(3, 4) == Decimal("6.2")
    assert bridge.score("4S", 10).below == 120


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(range(52)), min_size=1, max_size=4, unique=True),
    st.sampled_from(["S", "H", "D", "C", None]),
)
def test_trick_winner_agrees_across_games(indices, trump):
    """With the same trump, every game names the same winner (only the default differs)."""
    trick = [DECK[i] for i in indices]
    text = " ".join(map(str, trick))
    winners = {judgement.trick_winner(trick, trump), bridge.trick_winner(text, trump)}
    if trump == "S":
        winners |= {callbreak.trick_winner(text), callbridge.trick_winner(trick)}
    assert len(winners) == 1
