"""PBN import and export of Contract Bridge deals, checked against endplay's PBN parser
(those tests skip when endplay, the ``dds`` extra, is not installed)."""

from __future__ import annotations

import importlib.util
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import CardlibError, bridge
from cardlib.bridge.pbn import DEAL_TAGS, PBNError, from_pbn, read_pbn, to_pbn
from cardlib.errors import CardlibTypeError

needs_endplay = pytest.mark.skipif(
    importlib.util.find_spec("endplay") is None, reason="endplay (the dds extra) not installed"
)


def played_deal(seed: int, first_caller: str, steps: int, calls: int | None = None) -> bridge.Deal:
    """A deal of the given seed: a random auction (passes likelier), then ``steps`` cards;
    or, given ``calls``, an auction stopped after that many calls if it goes on so long."""
    rng = random.Random(seed)
    deal = bridge.Deal(seed=seed, first_caller=first_caller)
    while deal.phase == "calling" and (calls is None or len(deal.calls) < calls):
        legal = deal.legal_calls()
        deal.call("P" if "P" in legal and rng.random() < 0.7 else rng.choice(legal))
    for _ in range(steps):
        if deal.is_over:
            break
        deal.act(rng.choice(deal.legal_actions()))
    return deal


deals = st.builds(
    played_deal,
    st.integers(0, 2**32 - 1),
    st.sampled_from(["left", "dealer"]),
    st.integers(0, 52),
    st.one_of(st.none(), st.none(), st.integers(0, 9)),
)


@settings(max_examples=60, deadline=None)
@given(deals)
def test_pbn_round_trips(deal):
    copy = from_pbn(to_pbn(deal))
    assert copy == deal and repr(copy) == repr(deal)
    assert copy.legal_actions() == deal.legal_actions()
    assert [copy.visible_to(s) for s in range(4)] == [deal.visible_to(s) for s in range(4)]


def test_a_finished_deal_in_pbn():
    deal = next(d for d in (played_deal(s, "dealer", 52) for s in range(20)) if d.contract)
    text = to_pbn(deal, Event="Club night", Board="3")
    lines = text.splitlines()
    assert lines[:3] == ['[Event "Club night"]', '[Board "3"]', f'[Dealer "{"SWNE"[deal.dealer]}"]']
    assert f'[Result "{deal.declarer_tricks}"]' in lines
    assert sum(1 for line in lines if line.count(" ") == 3 and "-" not in line) >= 13


def _endplay_card(card) -> str:
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card.suit] + card.code[0]


def endplay_agrees(board, deal: bridge.Deal) -> None:
    """endplay's board has ``deal``'s hands, auction (from the first caller, who is the
    dealer under the Laws), contract, declarer, result and play."""
    north_first = " ".join(
        ".".join(
            "".join(c.code[0] for c in sorted(hand, key=lambda c: -c.rank) if c.suit == suit)
            for suit in "SHDC"
        )
        for hand in (deal.dealt_hands[seat] for seat in (2, 3, 0, 1))
    )
    assert board.deal.to_pbn() == "N:" + north_first
    assert "NESW"[int(board.dealer)] == "SWNE"[deal.auction.first_seat]
    letters = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
    assert [str(bid).translate(letters) for bid in board.auction] == list(deal.calls)
    contract = deal.contract
    if deal.passed_out:
        assert board.contract is not None and board.contract.is_passout()
    elif contract is None:
        pass  # the auction goes on: endplay makes a contract up from the calls so far
    else:
        assert board.contract.level == contract.level
        assert board.contract.denom.name[0].upper() == contract.strain[0]
        assert "NESW"[int(board.contract.declarer)] == "SWNE"[contract.declarer]
        assert board.contract.penalty.name == ("passed", "doubled", "redoubled")[contract.doubled]
        if deal.is_over:
            assert board.contract.result == deal.declarer_tricks - (contract.level + 6)
    played = [str(card) for card in board.play if card.suit.name != "nt"]  # "-": padding
    ours = [c for t in deal.tricks for c in t.cards] + list(deal.trick)
    assert played == [_endplay_card(card) for card in ours]


@needs_endplay
@settings(max_examples=40, deadline=None)
@given(deals)
def test_endplay_reads_what_we_write(deal):
    from endplay.parsers import pbn

    [board] = pbn.loads(to_pbn(deal))
    endplay_agrees(board, deal)


@needs_endplay
@pytest.mark.parametrize("first_caller", ["left", "dealer"])
def test_endplay_reads_our_deals_under_both_first_caller_rules(first_caller):
    """300 seeded deals of each rule, stopped anywhere (passed out ones among them): endplay
    reads the same deal, and what it writes back is read as the same deal again."""
    from endplay.parsers import pbn

    kinds = {"passed out": 0, "contract": 0, "calling": 0}
    for seed in range(300):
        deal = played_deal(seed, first_caller, seed % 53, seed % 6 if seed % 4 == 0 else None)
        kind = "passed out" if deal.passed_out else "contract" if deal.contract else "calling"
        kinds[kind] += 1
        [board] = pbn.loads(to_pbn(deal, Event="Club night", Board=str(seed + 1)))
        endplay_agrees(board, deal)
        assert board.board_num == seed + 1 and board.info["Event"] == "Club night"
        assert from_pbn(pbn.dumps([board])) == deal
    assert kinds["passed out"] >= 30 and kinds["contract"] >= 100 and kinds["calling"] >= 10


@needs_endplay
@settings(max_examples=40, deadline=None)
@given(deals)
def test_we_read_what_endplay_writes(deal):
    """endplay's boards have no first caller of their own: they follow the Laws (the dealer
    calls first), and keep cardlib's tag, which tells the rule book's rule."""
    from endplay.parsers import pbn

    assert from_pbn(pbn.dumps(pbn.loads(to_pbn(deal)))) == deal


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ('[Dealer "N"]\n', "Deal"),
        ('[Dealer "Q"]\n[Deal "N:AKQ... ... ... ..."]\n', "Dealer"),
        ('[Deal "N:AKQ... ... ..."]\n[Dealer "N"]\n', "Deal"),
        ('[Deal "N:AKX... ... ... ..."]\n[Dealer "N"]\n', "Deal"),
        ('[Deal "N:A... A... K... Q..."]\n[Dealer "N"]\n', "Deal"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1H 1C\n', "Auction"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "S"]\n', "Auction"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Contract "2S"]\n', "Contract"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Play "N"]\n', "Play"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Play "E"]\nSK SQ SJ\n', "Play"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Play "E"]\nSK SQ SJ SJ\n', "Play"),
        ('[Dealer "N"]\n[Dealer "N"]\n', "Dealer"),
    ],
)  # fmt: skip
def test_bad_pbn_is_refused_naming_the_tag(text, tag):
    with pytest.raises(CardlibError, match=f"tag {tag}") as caught:
        from_pbn(text)
    assert isinstance(caught.value, PBNError) and caught.value.tag == tag


def test_to_pbn_writes_only_bridge_deals():
    from cardlib import callbreak

    with pytest.raises(CardlibTypeError):
        to_pbn(callbreak.Deal(seed=1))  # type: ignore[arg-type]
    with pytest.raises(CardlibTypeError, match="text"):
        from_pbn(None)  # type: ignore[arg-type]
    with pytest.raises(CardlibTypeError, match="text"):
        read_pbn(b"[Deal ...]")  # type: ignore[arg-type]


# ----- the caller's tags -------------------------------------------------------------------

OWN_NAMES = [*DEAL_TAGS, "Note"]
tag_names = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,11}", fullmatch=True),
    st.sampled_from(
        [
            *OWN_NAMES,
            *("deal", "DEALER", "cardlibdealer", "Event", "Board", "board", "Site", "Table"),
            *("ScoreTable", "OptimumResultTable", "a b", "1A", "Évent", "Event\n"),
        ]
    ),
)
tag_values = st.one_of(
    st.text(max_size=20),
    st.text(alphabet=st.sampled_from('ab "\\\n[]{};%#\t\u00e9\u0915\u2028'), max_size=12),
    st.sampled_from(["#", "##x", 'x"]{', '"]', "7", "", '"', "\\", '\n[Dealer "S"]', "क्लब"]),
)


def _safe_name(name: str) -> bool:
    lowered = name.lower()
    reserved = {tag.lower() for tag in OWN_NAMES}
    is_table = lowered.endswith("table") and lowered != "table"
    return lowered not in reserved and not is_table and lowered != "board"


# What PBN holds and every program reads alike: any printing character, quotes and backslashes
# among them (escaped), but not PBN's marks for a value copied from the board before, nor '"]'.
safe_values = st.text(
    alphabet=st.one_of(
        st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs")),
        st.sampled_from(' "\\{};%[]'),
    ),
    max_size=20,
).filter(lambda value: value != "#" and not value.startswith("##") and '"]' not in value)
safe_tags = st.dictionaries(
    st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,11}", fullmatch=True).filter(_safe_name),
    safe_values,
    max_size=4,
)


def _reads_back(deal: bridge.Deal, tags: dict[str, str], text: str) -> None:
    [board] = read_pbn(text)
    assert board.deal == deal and repr(board.deal) == repr(deal)
    assert list(board.tags.items()) == list(tags.items()) and board.notes == ()
    assert from_pbn(text) == deal
    if importlib.util.find_spec("endplay") is not None:
        from endplay.parsers import pbn

        [other] = pbn.loads(text)
        endplay_agrees(other, deal)


@settings(max_examples=200, deadline=None)
@given(deals, st.dictionaries(tag_names, tag_values, max_size=4))
def test_any_tags_come_back_or_are_refused(deal, tags):
    try:
        text = to_pbn(deal, **tags)
    except PBNError as error:
        assert error.tag in tags and f"tag {error.tag}:" in str(error)
        return
    _reads_back(deal, tags, text)


@settings(max_examples=100, deadline=None)
@given(deals, safe_tags)
def test_tags_pbn_can_hold_are_written_and_come_back(deal, tags):
    _reads_back(deal, tags, to_pbn(deal, **tags))


def test_a_value_is_escaped_as_pbn_says():
    deal = played_deal(5, "dealer", 0)
    value = 'say "hi" \\ {not a comment}; nor this'
    text = to_pbn(deal, Event=value)
    assert text.splitlines()[0] == '[Event "say \\"hi\\" \\\\ {not a comment}; nor this"]'
    assert read_pbn(text)[0].tags == {"Event": value}


@pytest.mark.parametrize(
    ("tags", "tag", "words"),
    [
        ({"Event": 'x"]\n[Dealer "S"]'}, "Event", "printing characters"),
        ({"Event": "Club\nnight"}, "Event", "printing characters"),
        ({"Event": "Club\tnight"}, "Event", "printing characters"),
        ({"Event": "a\u2028b"}, "Event", "printing characters"),
        ({"Event": 'x"] {'}, "Event", "'\"]'"),
        ({"Event": "#"}, "Event", "board before"),
        ({"Event": "##2"}, "Event", "board before"),
        ({"Board": "seven"}, "Board", "board's number"),
        ({"board": "7a"}, "board", "board's number"),
        ({"Board": "٧"}, "Board", "board's number"),  # an Arabic-Indic seven: not ASCII
        ({"Event": 7}, "Event", "is text"),
        ({"Event": None}, "Event", "is text"),
        ({"Club night": "x"}, "Club night", "letters, digits and _"),
        ({"": "x"}, "", "letters, digits and _"),
        ({"1st": "x"}, "1st", "letters, digits and _"),
        ({"_x": "x"}, "_x", "letters, digits and _"),
        ({"Évent": "x"}, "Évent", "letters, digits and _"),
        ({"Dealer": "S"}, "Dealer", "itself"),
        ({"Deal": "N:A... K... Q... J..."}, "Deal", "itself"),
        ({"deal": "x"}, "deal", "itself"),
        ({"CONTRACT": "7NT"}, "CONTRACT", "itself"),
        ({"CardlibDealer": "N"}, "CardlibDealer", "itself"),
        ({"Vulnerable": "All"}, "Vulnerable", "itself"),
        ({"Note": "1:strong"}, "Note", "itself"),
        ({"ScoreTable": "Rank"}, "ScoreTable", "Table"),
        ({"Event": "ok", "Play": "N"}, "Play", "itself"),
    ],
)
def test_tags_pbn_cannot_hold_or_others_misread_are_refused(tags, tag, words):
    with pytest.raises(PBNError, match="tag") as caught:
        to_pbn(played_deal(1, "left", 10), **tags)
    assert caught.value.tag == tag and words in caught.value.message
    assert isinstance(caught.value, CardlibTypeError) == (not isinstance(tags[tag], str))


def test_tags_pbn_can_hold():
    deal = played_deal(1, "left", 10)
    tags = {"Event": "", "Table": "3", "Board": "12", "Site": "Kathmandu, क्लब", "X_1": "a\\"}
    assert read_pbn(to_pbn(deal, **tags))[0].tags == tags


# ----- files of other programs ----------------------------------------------------------

HANDS = "N:A... K... Q... J..."


def test_a_file_of_several_boards():
    deals = [played_deal(4, "left", 52), played_deal(7, "dealer", 20), played_deal(0, "left", 0)]
    deals.append(next(d for d in (played_deal(s, "dealer", 0) for s in range(50)) if d.passed_out))
    text = "% PBN 2.1\n% EXPORT\n" + "\n".join(
        to_pbn(deal, Board=str(number)) for number, deal in enumerate(deals, 1)
    )
    boards = read_pbn(text)
    assert [board.deal for board in boards] == deals
    assert [board.tags for board in boards] == [{"Board": str(n)} for n in range(1, 5)]
    with pytest.raises(PBNError, match="4 boards") as caught:
        from_pbn(text)
    assert caught.value.tag == "Deal" and "read_pbn" in str(caught.value)
    if importlib.util.find_spec("endplay") is not None:
        from endplay.parsers import pbn

        for other, deal in zip(pbn.loads(text), deals, strict=True):
            endplay_agrees(other, deal)
        assert [board.deal for board in read_pbn(pbn.dumps(pbn.loads(text)))] == deals


def test_windows_line_ends_and_a_byte_order_mark():
    deals = [played_deal(4, "left", 30), played_deal(9, "dealer", 52)]
    text = "\n".join(to_pbn(deal, Event="Club") for deal in deals)
    for other in ("\ufeff" + text.replace("\n", "\r\n"), text.replace("\n", "\r")):
        assert [board.deal for board in read_pbn(other)] == deals


def test_a_bad_board_of_several_is_named():
    good = to_pbn(played_deal(4, "left", 52))
    text = good + "\n" + good.replace("[Deal ", "[Deal_ ") + "\n\n\n" + good
    with pytest.raises(PBNError, match="board 2, tag Deal:") as caught:
        read_pbn(text)
    assert caught.value.board == 2
    assert read_pbn("") == [] and read_pbn("% PBN 2.1\n\n{ nothing }\n") == []


def test_comments_over_several_lines_and_to_the_end_of_a_line():
    text = (
        "% PBN 2.1\n"
        "{ A comment over lines,\n"
        '  [Dealer "S"] in it is no tag,\n'
        "\n"
        "  and an empty line in it ends no board }\n"
        '[Event "Club"] ; [Board "9"] is no tag either\n'
        '[Dealer "E"]\n'
        f'[Deal "{HANDS}"]\n'
        '[Auction "E"] {the first caller,\n'
        " the dealer} 1S Pass { a comment\n"
        " among the calls } Pass Pass\n"
        "; and a last one\n"
    )
    [board] = read_pbn(text)
    assert board.tags == {"Event": "Club"}
    deal = board.deal
    assert (deal.dealer, deal.first_caller) == (3, "dealer")
    assert deal.calls == ("1S", "P", "P", "P")
    with pytest.raises(PBNError, match="not closed"):
        read_pbn(text.replace("among the calls }", "among the calls"))


def test_an_escaped_quote_in_a_tag_of_another_program():
    text = f'[Event "The \\"Monday\\" game \\\\ 2"]\n[Dealer "N"]\n[Deal "{HANDS}"]\n'
    text += '[Auction "N"]\n'
    [board] = read_pbn(text)
    assert board.tags == {"Event": 'The "Monday" game \\ 2'}
    assert board.deal.dealer == 2 and board.deal.first_caller == "dealer"
    if importlib.util.find_spec("endplay") is not None:
        from endplay.parsers import pbn

        [other] = pbn.loads(text)
        assert other.deal.to_pbn() == HANDS and int(other.dealer) == 0


def test_notes_and_a_value_repeated_from_the_board_before():
    first = f'[Event "Club"]\n[Dealer "N"]\n[Deal "{HANDS}"]\n[Auction "N"]\n1S =1= AP\n'
    first += '[Note "1:five or more spades"]\n[Note "2:unused"]\n'
    second = f'[Event "#"]\n[Dealer "#"]\n[Deal "{HANDS}"]\n'
    boards = read_pbn(first + "\n" + second)
    assert boards[0].notes == ("1:five or more spades", "2:unused")
    assert boards[0].deal.calls == ("1S", "P", "P", "P") and boards[0].deal.contract is not None
    assert boards[1].tags == {"Event": "Club"} and boards[1].deal.dealer == 2
    with pytest.raises(PBNError, match="board before") as caught:
        read_pbn(second)
    assert caught.value.tag == "Event"


def test_the_first_caller_rule_of_a_file():
    laws = f'[Dealer "N"]\n[Deal "{HANDS}"]\n'
    assert from_pbn(laws).first_caller == "dealer"  # PBN follows the Laws
    # as cardlib wrote before its own tag: the Auction tag is the dealer's left
    old = from_pbn(laws + '[Auction "E"]\n1S AP\n')
    assert (old.dealer, old.first_caller, old.contract.declarer) == (2, "left", 3)
    ours = from_pbn(f'[Dealer "E"]\n[CardlibDealer "N"]\n[Deal "{HANDS}"]\n[Auction "E"]\n')
    assert (ours.dealer, ours.first_caller, ours.auction.first_seat) == (2, "left", 3)
    for text, tag in [
        (f'[Dealer "N"]\n[CardlibDealer "N"]\n[Deal "{HANDS}"]\n', "Dealer"),
        (f'[CardlibDealer "N"]\n[Deal "{HANDS}"]\n[Auction "S"]\n', "Auction"),
        (f'[CardlibDealer "X"]\n[Deal "{HANDS}"]\n', "CardlibDealer"),
    ]:
        with pytest.raises(PBNError) as caught:
            from_pbn(text)
        assert caught.value.tag == tag


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ('[Event "x\n', "?"),
        ("1S Pass\n", "?"),
        ("[Event x]\n", "?"),
        ('[Event "x" \n', "?"),
        ('[Ev-ent "x"]\n', "Ev-ent"),
        ('[Event "a\\"]\n', "?"),  # the backslash escapes the closing quote
    ],
)
def test_text_that_is_not_pbn_is_refused(text, tag):
    with pytest.raises(PBNError) as caught:
        read_pbn(text)
    assert caught.value.tag == tag and "line 1" in caught.value.message
