"""The one protocol every game state answers, checked the same way over the four games.

``to_act``, ``legal_actions()``, ``act(action)``, ``copy()``, ``visible_to(seat)``,
``hidden_from(seat)``, ``is_over`` and ``returns()`` (see :mod:`cardlib.game`).
Random legal action sequences from random deals of Call Break (every variant),
Call Bridge, Judgement (3 to 7 players, every round of the schedule, the blind
one included) and Contract Bridge.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import (
    DECK,
    Card,
    CardlibError,
    bridge,
    callbreak,
    callbridge,
    games,
    judgement,
    parse_cards,
)
from cardlib.game import SeatView

seeds = st.integers(0, 2**64 - 1)
variants = st.builds(
    callbreak.Variant,
    old_scoring=st.booleans(),
    min_call=st.sampled_from([1, 2]),
    no_spade_lead_first_trick=st.booleans(),
    free_discard=st.booleans(),
    max_call=st.sampled_from([8, 13]),
    redeal_no_spade=st.booleans(),
    redeal_no_face_card=st.booleans(),
    anticlockwise=st.booleans(),
)


@st.composite
def registry_states(draw, game=None):
    """The first deal of a match of any registered game (or of ``game``), as its table deals it."""
    game = game or draw(st.sampled_from(list(games.GAMES.values())))
    return game.new_match(draw(seeds), draw(st.sampled_from(game.players))).deal


@st.composite
def game_states(draw):
    """A deal of any registered game, and the four games with all their options."""
    game = draw(st.sampled_from(["callbreak", "callbridge", "judgement", "bridge", "registry"]))
    if game == "registry":
        return draw(registry_states())
    seed = draw(seeds)
    if game == "callbreak":
        return callbreak.Deal(seed=seed, variant=draw(variants))
    if game == "callbridge":
        return callbridge.Deal(seed=seed)
    if game == "judgement":
        players = draw(st.integers(3, 7))
        return judgement.Round(players, draw(st.integers(1, 8)), seed=seed)
    return bridge.Deal(seed=seed, first_caller=draw(st.sampled_from(bridge.FIRST_CALLERS)))


def illegal_actions(state, legal):
    """A few actions the rules refuse now: cards not allowed, calls out of range."""
    if state.phase == "playing":
        return [card for card in DECK if card not in legal][:3]
    if all(isinstance(call, str) for call in legal):  # an auction's calls
        return [call for call in bridge.CALLS if call not in legal][:3]
    numbers = range(min(legal) - 1, max(legal) + 2)
    return [n for n in numbers if n not in legal] + ["3"]


def dummy_is_face_up(state, seat):
    return getattr(state, "dummy", None) == seat and state.dummy_exposed


def check_what_each_seat_sees(state):
    held = [frozenset(c for c in DECK if mask >> c & 1) for mask in state._held()]
    everything = frozenset().union(*held)
    face_down = not getattr(state, "face_up", True)
    for seat in range(state.players):
        view = state.visible_to(seat)
        hidden = state.hidden_from(seat)
        assert isinstance(view, SeatView) and view.seat == seat
        assert view.to_act == state.to_act and view.phase == state.phase
        assert view.hand_sizes == tuple(len(h) for h in held)
        assert view.calls == state.calls and view.trick == state.trick
        assert view.tricks == state.tricks and view.tricks_won == state.tricks_won
        assert view.legal_actions == (state.legal_actions() if seat == state.to_act else ())
        if face_down:  # Judgement's blind round: nobody sees any card, not even their own
            assert view.hands == (None,) * state.players
            assert hidden == everything
            continue
        assert view.hand == held[seat]
        assert not hidden & held[seat]  # a seat's own cards are never hidden from it
        for other in range(state.players):
            if other == seat:
                continue
            if dummy_is_face_up(state, other):
                assert view.hands[other] == held[other]
            else:
                assert view.hands[other] is None  # no other hand is ever revealed
        shown = frozenset().union(*(h for h in view.hands if h is not None))
        assert shown | hidden == everything and not shown & hidden


def imagined(state, seat, rng):
    """The state with the cards hidden from ``seat`` dealt again at random (same hand sizes)."""
    seen = [h is not None for h in state.visible_to(seat).hands]
    hidden = sorted(state.hidden_from(seat))
    rng.shuffle(hidden)
    hands = []
    for other, mask in enumerate(state._held()):
        if seen[other]:
            hands.append(None)
        else:
            size = mask.bit_count()
            hands.append(hidden[:size])
            hidden = hidden[size:]
    assert not hidden
    return state.with_hands(hands)


def check_imagined_deals(state, rng):
    """A seat cannot tell an imagined deal from the real one, and it plays on legally."""
    seat = state.to_act
    other = imagined(state, seat, rng)
    assert other.visible_to(seat) == state.visible_to(seat)
    assert other.hidden_from(seat) == state.hidden_from(seat)
    while not other.is_over:
        legal = other.legal_actions()
        if "P" in legal:
            other.act("P")
        else:
            other.act(rng.choice(legal))
    assert len(other.returns()) == other.players


@settings(max_examples=60, deadline=None)
@given(game_states(), st.randoms(use_true_random=False))
def test_random_legal_play_through_the_protocol(state, rng):
    play_through_the_protocol(state, rng)


def play_through_the_protocol(state, rng):
    """Random legal actions to the end, checking the protocol at every step (any game)."""
    assert state.players == len(state.tricks_won)
    imagine_at = rng.randrange(60)
    steps = 0
    while not state.is_over:
        check_what_each_seat_sees(state)
        if steps == imagine_at:
            check_imagined_deals(state, rng)
        steps += 1
        legal = state.legal_actions()
        assert legal, "a state that is not over always offers an action"
        assert state.to_act is not None
        before = state.copy()
        for action in illegal_actions(state, legal):
            with pytest.raises(CardlibError):
                state.act(action)
            assert state == before  # refused, and nothing changed
        twin, snapshot = state.copy(), state._state()  # the snapshot holds no mutable part
        # Passing often lets an auction end.
        action = "P" if "P" in legal and rng.random() < 0.6 else rng.choice(legal)
        state.act(action)
        assert twin._state() == snapshot, "a copy is independent of the state it was copied from"
        assert state._state() != snapshot
        assert twin.legal_actions() == legal
        twin.act(action)  # and the copy plays on by itself, to the same state
        assert twin == state
    check_what_each_seat_sees(state)
    assert state.to_act is None and state.legal_actions() == ()
    with pytest.raises(CardlibError):
        state.act(DECK[0])
    returns = state.returns()
    assert len(returns) == state.players


def test_dummy_is_seen_by_everyone_only_after_the_opening_lead():
    deal = bridge.Deal.from_hands(
        {
            "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
            "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
            "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
            "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        },
        dealer="N",
        calls="P 1D P P P",  # East passes first; South declares 1♦, North is dummy
    )
    assert deal.declarer == bridge.SOUTH and deal.dummy == bridge.NORTH
    assert deal.to_act == bridge.WEST
    assert deal.visible_to(bridge.WEST).hands[bridge.NORTH] is None
    assert deal.hidden_from(bridge.EAST) >= deal.hand(bridge.NORTH)
    deal.act("AC")  # the opening lead
    for seat in (bridge.EAST, bridge.SOUTH, bridge.WEST):
        assert deal.visible_to(seat).hands[bridge.NORTH] == deal.hand(bridge.NORTH)
        assert not deal.hidden_from(seat) & deal.hand(bridge.NORTH)
    assert deal.visible_to(bridge.NORTH).hands[bridge.SOUTH] is None  # dummy sees no more
    # Dummy's turn: the declarer acts, with dummy's cards.
    assert deal.to_act == bridge.SOUTH and deal.hand_to_play == bridge.NORTH
    assert set(deal.legal_actions()) <= deal.hand(bridge.NORTH)


def test_blind_round_hides_every_hand_until_the_dealers_bid():
    round_ = judgement.Round(players=4, number=8, seed=3, dealer=0)
    everything = frozenset(c for c in DECK if any(m >> c & 1 for m in round_._held()))
    assert len(everything) == 4
    for seat in range(4):
        assert round_.visible_to(seat).hand is None
        assert round_.hidden_from(seat) == everything
    while not round_.is_over:
        round_.act(round_.legal_actions()[0])
    assert round_.visible_to(0).hand == frozenset()  # the trick is played; hands are empty
    assert len(round_.tricks) == 1


def test_call_break_protocol_in_a_concrete_position():
    deal = callbreak.Deal.from_hands(["AS 2H", "KS 3H", "QS 4H", "JS 5H"], dealer=3)
    # Two cards a hand: a call of 1 or 2 tricks, never more than the cards held (issue 43).
    assert deal.to_act == 0 and deal.legal_actions() == (1, 2)
    for _ in range(4):
        deal.act(1)
    assert deal.to_act == 0
    assert deal.legal_actions() == tuple(sorted([Card("AS"), Card("2H")]))
    view = deal.visible_to(1)
    assert view.hand == {Card("KS"), Card("3H")}
    assert view.hands[0] is None and view.legal_actions == ()
    assert view.hand_sizes == (2, 2, 2, 2)
    assert deal.hidden_from(1) == deal.hand(0) | deal.hand(2) | deal.hand(3)
    deal.act("AS")
    assert deal.legal_actions() == (Card("KS"),)  # follow spades; nothing beats A♠
    assert deal.visible_to(2).trick == (Card("AS"),)
    assert deal.hidden_from(2) == {Card("2H"), Card("KS"), Card("3H"), Card("JS"), Card("5H")}


@st.composite
def matches(draw):
    game = draw(st.sampled_from(["callbreak", "callbridge", "judgement", "bridge", "registry"]))
    seed = draw(seeds)
    if game == "registry":
        game = draw(st.sampled_from(list(games.GAMES.values())))
        return game.new_match(seed, draw(st.sampled_from(game.players)))
    if game == "callbreak":
        return callbreak.Match(seed=seed, variant=draw(variants), deals=draw(st.integers(1, 3)))
    if game == "callbridge":
        return callbridge.Match(seed=seed, target=draw(st.integers(1, 15)))
    if game == "judgement":
        return judgement.Match(players=draw(st.integers(3, 7)), seed=seed)
    return bridge.Match(seed=seed, target=draw(st.integers(1, 60)))


@settings(max_examples=12, deadline=None)
@given(matches(), st.randoms(use_true_random=False))
def test_a_whole_match_through_the_protocol(match, rng):
    play_a_match_through_the_protocol(match, rng)


def play_a_match_through_the_protocol(match, rng):
    """Random legal actions through a match of any game, for up to six deals."""
    deals = 0
    while not match.is_over:
        legal = match.legal_actions()
        if not legal:  # between deals nobody acts
            assert match.to_act is None
            with pytest.raises(CardlibError):
                match.act(DECK[0])
            match.next_deal()
            deals += 1
            if deals == 6:  # random play can take long to end a game to a target: enough
                return
            continue
        seat = match.to_act
        assert match.visible_to(seat).legal_actions == legal
        assert not match.hidden_from(seat) & (match.visible_to(seat).hand or frozenset())
        twin, snapshot = match.copy(), match._state()
        action = "P" if "P" in legal and rng.random() < 0.6 else rng.choice(legal)
        match.act(action)
        assert twin._state() == snapshot and match._state() != snapshot
    assert match.legal_actions() == ()
    assert len(match.returns()) == match.players


def test_with_hands_in_a_concrete_position_and_its_refusals():
    deal = callbreak.Deal.from_hands(
        ["AS 2H 3D", "KS 3H 4D", "QS 4H 5D", "JS 5H 6D"], dealer=3, calls=[1, 1, 1, 1]
    )
    deal.act("2H")
    # South led 2♥; imagine West holding East's cards and East West's.
    swapped = deal.with_hands([None, "JS 5H 6D", None, "KS 3H 4D"])
    assert swapped.hand(1) == {Card("JS"), Card("5H"), Card("6D")}
    assert deal.hand(1) == {Card("KS"), Card("3H"), Card("4D")}  # the original is untouched
    assert swapped.legal_actions() == (Card("5H"),)  # must beat 2♥ with the 5♥ it now holds
    assert deal.legal_actions() == (Card("3H"),)
    with pytest.raises(ValueError, match="seat 1 holds 3 cards now; its new hand has 2"):
        deal.with_hands([None, "JS 5H", None, None])
    with pytest.raises(ValueError, match="a card appears in two hands"):
        deal.with_hands([None, "QS 4H 5D", None, None])
    with pytest.raises(ValueError, match="2♥ already played"):
        deal.with_hands([None, "2H 3H 4D", None, "KS 5H 6D"])
    with pytest.raises(ValueError, match="one hand"):
        deal.with_hands([None, None])


def test_imagined_bridge_deal_keeps_the_honours_of_the_hands_it_imagines():
    deal = bridge.Deal.from_hands(
        {
            "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
            "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
            "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
            "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        },
        dealer="N",
        calls="P 1D P P P",
    )
    deal.act("AC")
    # West led A♣; swap East's and South's remaining cards: South now holds hearts.
    other = deal.with_hands([deal.hand(3), None, None, deal.hand(0)])
    hearts = tuple(parse_cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"))
    assert other.dealt_hands[bridge.SOUTH] == hearts
    assert deal.dealt_hands[bridge.SOUTH][0] == Card("AD")
    assert other.dealt_hands[bridge.WEST] == deal.dealt_hands[bridge.WEST]  # A♣ was played
