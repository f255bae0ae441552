"""Cards: parsing every accepted form, refusing the rest, and Card as a value type."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib import Card, CardlibError, CardParseError, parse_card, parse_cards
from cardlib.cards import (
    DECK,
    FULL_DECK_MASK,
    SUIT_MASKS,
    cards_text,
    from_mask,
    sort_for_display,
    to_mask,
)

QUEEN_OF_HEARTS = Card(1 * 13 + 12 - 2)
TEN_OF_HEARTS = Card(1 * 13 + 10 - 2)


@pytest.mark.parametrize("text", ["QH", "qh", "Qh", "qH", "Q♥", "q♥", "Q♡", " QH "])
def test_queen_of_hearts_reads_in_every_accepted_form(text):
    assert parse_card(text) is QUEEN_OF_HEARTS
    assert Card(text) is QUEEN_OF_HEARTS


@pytest.mark.parametrize("text", ["10H", "10h", "TH", "th", "10♥", "T♥"])
def test_ten_is_written_10_or_t(text):
    assert parse_card(text) is TEN_OF_HEARTS


@pytest.mark.parametrize(
    ("text", "suit"), [("AS", "S"), ("A♠", "S"), ("2D", "D"), ("2♦", "D"), ("7c", "C"), ("7♣", "C")]
)
def test_suit_letters_and_symbols(text, suit):
    assert parse_card(text).suit == suit


@pytest.mark.parametrize(
    "bad", ["", "Q", "H", "QX", "1H", "11H", "0H", "QHH", "Q H", "Queen", "10"]
)
def test_bad_tokens_are_refused_naming_the_token_and_the_accepted_forms(bad):
    with pytest.raises(CardParseError) as caught:
        parse_card(bad)
    message = str(caught.value)
    assert repr(bad) in message
    assert "QH" in message and "10H" in message and "Q♥" in message
    assert caught.value.rule == "card-syntax"
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, CardlibError)


@pytest.mark.parametrize("bad", [None, 12, 3.5, ["QH"]])
def test_parse_card_refuses_non_text(bad):
    with pytest.raises(CardParseError, match="as text"):
        parse_card(bad)


def test_parse_cards_reads_the_issue_example():
    assert parse_cards("3H KH 10d T♠ q♣") == [
        Card("3H"),
        Card("KH"),
        Card("TD"),
        Card("TS"),
        Card("QC"),
    ]


@pytest.mark.parametrize(
    "text", ["3H,KH,QS", "3H, KH, QS", "3H KH QS", "  3H\tKH\nQS ", "3H ,KH,, QS"]
)
def test_parse_cards_separators_are_spaces_and_commas(text):
    assert parse_cards(text) == [Card("3H"), Card("KH"), Card("QS")]


def test_parse_cards_accepts_iterables_of_text_and_cards():
    expected = [Card("3H"), Card("KH")]
    assert parse_cards(["3H", "KH"]) == expected
    assert parse_cards(("3h", Card("KH"))) == expected
    assert parse_cards(c for c in ["3♥", "K♥"]) == expected
    assert parse_cards("") == [] and parse_cards([]) == []


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(CardParseError, match="'ZZ'") as caught:
        parse_cards("3H ZZ KH YY")
    assert "QH" in str(caught.value)


@pytest.mark.parametrize("bad", [None, 5])
def test_parse_cards_refuses_non_iterables(bad):
    with pytest.raises(CardParseError, match="QH"):
        parse_cards(bad)


@pytest.mark.parametrize("bad", [-1, 52, True, False, 2.0, None])
def test_card_index_must_be_an_int_0_to_51(bad):
    with pytest.raises(CardParseError, match="0 to 51"):
        Card(bad)


def test_index_layout_suits_in_order_s_h_d_c_ranks_low_to_high():
    assert Card(0) is Card("2S") and Card(12) is Card("AS")
    assert Card(13) is Card("2H") and Card(26) is Card("2D") and Card(51) is Card("AC")
    for card in DECK:
        assert card.index == "SHDC".index(card.suit) * 13 + card.rank - 2


def test_card_attributes():
    queen = Card("QH")
    assert (queen.suit, queen.rank, queen.rank_text, queen.symbol) == ("H", 12, "Q", "♥")
    assert (queen.name, queen.code, queen.mask) == ("queen of hearts", "QH", 1 << 23)
    ten = Card("10S")
    assert (ten.rank, ten.rank_text, ten.code, ten.name, str(ten)) == (
        10,
        "10",
        "TS",
        "ten of spades",
        "10♠",
    )
    assert Card("AC").name == "ace of clubs" and Card("2D").name == "two of diamonds"


def test_repr_is_evalable_and_str_is_readable():
    assert repr(Card("QH")) == "Card('QH')"
    assert str(Card("QH")) == "Q♥"
    assert f"{Card('AS')}|{Card('AS'):>4}|" == "A♠|  A♠|"
    for card in DECK:
        assert eval(repr(card)) is card


def test_cards_are_interned_immutable_and_hashable():
    assert Card("QH") is Card("qh") is Card("Q♥") is Card(23) is Card(Card("QH"))
    with pytest.raises(AttributeError):
        Card("QH").colour = "red"
    with pytest.raises(AttributeError):
        Card("QH").suit = "S"
    assert len({Card("QH"), Card("qh"), Card("KH")}) == 2
    assert {Card("QH"): 1}[parse_card("Q♥")] == 1


def test_cards_order_by_suit_then_rank():
    assert Card("2S") < Card("AS") < Card("2H") < Card("AH") < Card("2D") < Card("2C")
    assert sorted(parse_cards("AC 2S KH 3H")) == parse_cards("2S 3H KH AC")


def test_pickle_and_copy_keep_identity():
    for card in (Card("2S"), Card("QH"), Card("AC")):
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    hand = [Card("QH"), Card("2S")]
    assert all(a is b for a, b in zip(copy.deepcopy(hand), hand, strict=True))
    assert all(a is b for a, b in zip(pickle.loads(pickle.dumps(hand)), hand, strict=True))


def test_deck_and_masks():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert to_mask(DECK) == FULL_DECK_MASK
    assert to_mask(["QH", "2S"]) == (1 << 23) | 1
    assert from_mask(to_mask(parse_cards("AC 2S KH"))) == parse_cards("2S KH AC")
    assert from_mask(SUIT_MASKS["H"]) == list(DECK[13:26])
    assert sum(m.bit_count() for m in SUIT_MASKS.values()) == 52


def test_sort_for_display_alternates_colours_high_first():
    cards = parse_cards("2D AS 3H KC 10S AD")
    assert sort_for_display(cards) == parse_cards("AS 10S 3H KC AD 2D")
    assert cards_text(sort_for_display(cards)) == "A♠ 10♠ 3♥ K♣ A♦ 2♦"


@given(st.sets(st.sampled_from(DECK)))
def test_masks_round_trip(cards):
    assert set(from_mask(to_mask(cards))) == cards
    assert from_mask(to_mask(cards)) == sorted(cards)


@given(st.sampled_from(DECK), st.sampled_from(["code", "str", "lower"]))
def test_every_card_reads_back_from_its_own_text(card, form):
    text = {"code": card.code, "str": str(card), "lower": card.code.lower()}[form]
    assert parse_card(text) is card
