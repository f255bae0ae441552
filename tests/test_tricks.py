"""The shared trick mechanics: who wins a trick, and the ladder of what may be played.

Positions are written as text; ``ladder`` returns the legal cards as a sorted
string and the rule id, so each test reads like the rule it checks.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import RULE_IDS, PlayRules, parse_cards, trick_winner
from cardlib.cards import DECK, to_mask
from cardlib.tricks import explain_text, legal_mask, winner_index

CALL_BREAK = PlayRules("S", must_beat=True, void_rule="trump")
FREE_DISCARD = PlayRules("S", must_beat=True, void_rule="overtrump")
NO_SPADE_LEAD = PlayRules("S", must_beat=True, void_rule="trump", no_trump_lead_first_trick=True)
FOLLOW_ONLY = PlayRules("H")  # Judgement-like: follow any card, void: any card
NO_TRUMP = PlayRules(None)


def ladder(hand, trick="", rules=CALL_BREAK, first_trick=False):
    """``("K♥ A♥", "must-beat")``: the legal cards, sorted, and the deciding rule."""
    mask, rule = legal_mask(
        to_mask(parse_cards(hand)), [int(c) for c in parse_cards(trick)], rules, first_trick
    )
    return " ".join(str(DECK[i]) for i in range(52) if mask >> i & 1), rule


# ----- trick winners ----------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("AH 2S KH 3H", "S", 1),  # 2♠ beats A♥: spades are always trump
        ("QH KH 3H AH", "S", 3),  # no trump: highest of the led suit
        ("QH AC AD 2H", "S", 0),  # off-suit aces never win
        ("5S AH 9S 2S", "S", 2),  # spade lead: highest spade
        ("2C 2S 9S 3S", "S", 2),  # over-trumped by 9♠
        ("AH 2S 3S KS", "S", 3),
        ("AH 2S KH 3H", None, 0),  # no trump: the 2♠ is just off-suit
        ("AH 2S KH 3H", "H", 0),
        ("2C 3C 2D AC", "D", 2),
        ("7D", "S", 0),
    ],
)
def test_trick_winner(trick, trump, winner):
    assert trick_winner(parse_cards(trick), trump) == winner
    assert trick_winner(trick.split(), trump) == winner


def test_trick_winner_of_an_empty_trick_is_an_error():
    with pytest.raises(ValueError, match="empty"):
        trick_winner([], "S")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True),
    st.sampled_from(["S", "H", "D", "C", None]),
)
def test_trick_winner_is_the_highest_trump_else_the_highest_of_the_led_suit(trick, trump):
    trumps = [c for c in trick if c.suit == trump]
    led = [c for c in trick if c.suit == trick[0].suit]
    expected = max(trumps or led, key=lambda c: c.rank)
    assert trick[trick_winner(trick, trump)] is expected
    assert winner_index([int(c) for c in trick], -1 if trump is None else "SHDC".index(trump)) == (
        trick.index(expected)
    )


# ----- the ladder, step by step (Call Break rules) -----------------------------


def test_step_1_leading_any_card_spades_included():
    assert ladder("AS 3H KD 2C") == ("A♠ 3♥ K♦ 2♣", "lead")


def test_step_2_must_beat_the_highest_card_of_the_led_suit():
    # The seed's example: hearts led, Q♥ on the table, 3♥ K♥ in hand → K♥.
    assert ladder("3H KH 2S", "QH") == ("K♥", "must-beat")
    assert ladder("3H KH AH 2S", "QH") == ("K♥ A♥", "must-beat")


def test_step_2_the_highest_of_the_led_suit_counts_not_the_first():
    assert ladder("3H KH AH", "5H QH") == ("K♥ A♥", "must-beat")
    assert ladder("3H KH AH", "5H QH KC") == ("K♥ A♥", "must-beat")


def test_step_2_cannot_beat_any_card_of_the_suit():
    assert ladder("3H 4H AS", "QH") == ("3♥ 4♥", "follow-any")


def test_step_2_exception_once_a_non_spade_lead_is_trumped_any_card_of_it():
    assert ladder("3H KH 5S", "QH 2S") == ("3♥ K♥", "follow-trumped")
    assert ladder("3H KH 5S", "QH 2S AH") == ("3♥ K♥", "follow-trumped")


def test_step_2_a_spade_lead_is_never_trumped_must_beat_the_highest_spade():
    assert ladder("3S JS AH", "5S") == ("J♠", "must-beat")
    assert ladder("3S JS KS", "5S QS") == ("K♠", "must-beat")
    assert ladder("3S 4S", "5S QS") == ("3♠ 4♠", "follow-any")


def test_step_3_void_must_trump():
    # The seed's example: clubs led, no clubs, the only spade 2♠ → 2♠.
    assert ladder("2S AH KD", "5C") == ("2♠", "must-trump")
    assert ladder("2S 9S AH", "5C 7C") == ("2♠ 9♠", "must-trump")


def test_step_3_must_overtrump_when_able():
    assert ladder("3S 9S JS AH", "5C 8S") == ("9♠ J♠", "must-overtrump")
    assert ladder("3S 9S JS AH", "5C 8S 10S") == ("J♠", "must-overtrump")


def test_step_3_must_undertrump_a_losing_spade_is_still_forced():
    assert ladder("3S 4S AH KD", "5C 9S") == ("3♠ 4♠", "must-undertrump")


def test_step_4_neither_led_suit_nor_spades_any_card():
    assert ladder("AH KD 3D", "5C") == ("A♥ 3♦ K♦", "free")
    assert ladder("AH KD", "5C 9S") == ("A♥ K♦", "free")


def test_void_in_spades_on_a_spade_lead_is_free():
    assert ladder("AH 2C", "5S") == ("A♥ 2♣", "free")


def test_empty_hand_gives_an_empty_mask():
    assert legal_mask(0, [], CALL_BREAK) == (0, "lead")
    assert legal_mask(0, [5], CALL_BREAK)[0] == 0


# ----- the switches -----------------------------------------------------------


def test_free_discard_void_and_cannot_overtrump_may_play_anything():
    assert ladder("3S 4S AH KD", "5C 9S", FREE_DISCARD) == ("3♠ 4♠ A♥ K♦", "free")
    # ...but must still trump when no spade is in the trick, and over-trump when able.
    assert ladder("3S AH", "5C", FREE_DISCARD) == ("3♠", "must-trump")
    assert ladder("3S JS AH", "5C 9S", FREE_DISCARD) == ("J♠", "must-overtrump")


def test_no_trump_lead_on_the_first_trick_only():
    assert ladder("AS 3H KD", "", NO_SPADE_LEAD, first_trick=True) == ("3♥ K♦", "lead-no-spade")
    assert ladder("AS 3H KD", "", NO_SPADE_LEAD, first_trick=False) == ("A♠ 3♥ K♦", "lead")
    assert ladder("AS 2S", "", NO_SPADE_LEAD, first_trick=True) == ("2♠ A♠", "lead")
    # It says nothing about following.
    assert ladder("AS 3C", "5C", NO_SPADE_LEAD, first_trick=True) == ("3♣", "follow-any")


def test_no_duty_to_beat_when_must_beat_is_off():
    assert ladder("3H KH 2S", "QH", FOLLOW_ONLY) == ("3♥ K♥", "follow-any")
    assert ladder("2S AC", "QD", FOLLOW_ONLY) == ("2♠ A♣", "free")
    assert ladder("2S AC", "QD", NO_TRUMP) == ("2♠ A♣", "free")


def test_call_bridge_style_overtrump_rule():
    rules = PlayRules("S", must_beat=False, void_rule="overtrump")
    assert ladder("3S AH", "5C", rules) == ("3♠", "must-trump")
    assert ladder("3S JS AH", "5C 9S", rules) == ("J♠", "must-overtrump")
    assert ladder("3S AH", "5C 9S", rules) == ("3♠ A♥", "free")


@pytest.mark.parametrize(
    "kwargs", [{"trump": "X"}, {"trump": "s"}, {"void_rule": "any"}, {"void_rule": None}]
)
def test_play_rules_refuses_unknown_values(kwargs):
    with pytest.raises(ValueError):
        PlayRules(**kwargs)


def test_play_rules_is_an_immutable_value():
    assert PlayRules("S", True, "trump") == CALL_BREAK
    assert hash(PlayRules("S", True, "trump")) == hash(CALL_BREAK)
    with pytest.raises(AttributeError):
        CALL_BREAK.trump = "H"
    assert eval(repr(CALL_BREAK), {"PlayRules": PlayRules}) == CALL_BREAK


# ----- explanations -----------------------------------------------------------


def explain(hand, trick="", rules=CALL_BREAK, first_trick=False):
    hand_mask = to_mask(parse_cards(hand))
    played = [int(c) for c in parse_cards(trick)]
    mask, rule = legal_mask(hand_mask, played, rules, first_trick)
    return explain_text(hand_mask, played, rules, mask, rule, first_trick)


@pytest.mark.parametrize(
    ("hand", "trick", "rules", "first", "text"),
    [
        (
            "AS 3H",
            "",
            CALL_BREAK,
            False,
            "You lead this trick, so you may play any card in your hand.",
        ),
        (
            "AS 3H",
            "",
            NO_SPADE_LEAD,
            True,
            "You lead the first trick, and spades may not be led to it while you hold other "
            "suits, so you may play any card except your spades.",
        ),
        (
            "AS 2S",
            "",
            NO_SPADE_LEAD,
            True,
            "You lead, and you hold only spades, so you may lead any of them.",
        ),
        (  # after trick 1 the house rule no longer applies, so it is not the reason
            "AS 2S",
            "",
            NO_SPADE_LEAD,
            False,
            "You lead this trick, so you may play any card in your hand.",
        ),
        (
            "3H KH",
            "QH",
            CALL_BREAK,
            False,
            "Hearts were led and Q♥ is highest; you hold K♥, which beats it, so you must play K♥.",
        ),
        (
            "3H KH AH",
            "QH",
            CALL_BREAK,
            False,
            "Hearts were led and Q♥ is highest; you hold K♥ and A♥, which beat it, so you must "
            "play one of them: K♥ or A♥.",
        ),
        (
            "3H 4H",
            "QH",
            CALL_BREAK,
            False,
            "Hearts were led and Q♥ is highest; you cannot beat it, so you may play any of your "
            "hearts.",
        ),
        (
            "3H KH",
            "QH 2S",
            CALL_BREAK,
            False,
            "Hearts were led but 2♠ has trumped the trick, so no ♥ can win and you may play any "
            "of your hearts.",
        ),
        (
            "2S AH",
            "5C",
            CALL_BREAK,
            False,
            "Clubs were led and you have none; you hold spades, so you must play one: 2♠.",
        ),
        (
            "3S JS",
            "5C 9S",
            CALL_BREAK,
            False,
            "Clubs were led and you have none; 9♠ has trumped, and you hold J♠, higher, so you "
            "must over-trump with it.",
        ),
        (
            "3S 4S AH",
            "5C 9S",
            CALL_BREAK,
            False,
            "Clubs were led and you have none; 9♠ has trumped and you cannot beat it, but you "
            "hold spades, so you must still play one: 3♠ or 4♠.",
        ),
        (
            "AH KD",
            "5C",
            CALL_BREAK,
            False,
            "Clubs were led and you hold neither clubs nor spades, so you may play any card.",
        ),
        (
            "AH 2C",
            "5S",
            CALL_BREAK,
            False,
            "Spades were led and you have none, so you may play any card.",
        ),
        (
            "3S AH",
            "5C 9S",
            FREE_DISCARD,
            False,
            "Clubs were led and you have none; 9♠ has trumped and you cannot beat it, so you may "
            "play any card.",
        ),
        (
            "3H KH",
            "QH",
            FOLLOW_ONLY,
            False,
            "Hearts were led and you hold hearts, so you must follow suit with any of them.",
        ),
        (
            "2S AC",
            "QD",
            FOLLOW_ONLY,
            False,
            "Diamonds were led and you have none, so you may play any card.",
        ),
    ],
)
def test_explanations_name_the_cards(hand, trick, rules, first, text):
    assert explain(hand, trick, rules, first) == text


def test_every_rule_id_is_reached_and_explained():
    positions = [
        ("AS 3H", "", NO_SPADE_LEAD, True),
        ("AS 3H", "", CALL_BREAK, False),
        ("3H KH", "QH", CALL_BREAK, False),
        ("3H 4H", "QH", CALL_BREAK, False),
        ("3H KH", "QH 2S", CALL_BREAK, False),
        ("2S AH", "5C", CALL_BREAK, False),
        ("3S JS", "5C 9S", CALL_BREAK, False),
        ("3S 4S", "5C 9S", CALL_BREAK, False),
        ("AH KD", "5C", CALL_BREAK, False),
    ]
    reached = {ladder(h, t, r, f)[1] for h, t, r, f in positions}
    assert reached == set(RULE_IDS)
    for position in positions:
        assert explain(*position).endswith(".")


def test_explain_text_refuses_an_unknown_rule():
    with pytest.raises(ValueError, match="unknown rule"):
        explain_text(1, [5], CALL_BREAK, 1, "no-such-rule")


# ----- the ladder, against a direct reading of RULES.md --------------------------


def rules_md_call_break(hand, trick, free_discard=False):
    """Call Break's 'what you may play', written straight from RULES.md on card lists."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    follow = {c for c in hand if c.suit == led}
    spades_in_trick = [c for c in trick if c.suit == "S"]
    if follow:
        if led != "S" and spades_in_trick:
            return follow
        top = max(c.rank for c in trick if c.suit == led)
        return {c for c in follow if c.rank > top} or follow
    spades = {c for c in hand if c.suit == "S"}
    if not spades:
        return set(hand)
    if not spades_in_trick:
        return spades
    top = max(c.rank for c in spades_in_trick)
    higher = {c for c in spades if c.rank > top}
    if higher:
        return higher
    return set(hand) if free_discard else spades


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=2, max_size=16, unique=True),
    st.integers(0, 3),
    st.booleans(),
)
def test_ladder_agrees_with_a_direct_reading_of_the_rules(cards, trick_size, free_discard):
    trick_size = min(trick_size, len(cards) - 1)
    trick, hand = cards[:trick_size], cards[trick_size:]
    rules = FREE_DISCARD if free_discard else CALL_BREAK
    mask, rule = legal_mask(to_mask(hand), [int(c) for c in trick], rules)
    assert {DECK[i] for i in range(52) if mask >> i & 1} == rules_md_call_break(
        hand, trick, free_discard
    )
    assert rule in RULE_IDS
