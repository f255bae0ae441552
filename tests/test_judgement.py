"""Judgement, line by line against the Judgement section of RULES.md and seed 004."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from points_words import read_back

from cardlib import judgement as j
from cardlib.bots import RandomBot, SensibleJudgementBot, play_match, play_out
from cardlib.cards import DECK, SUIT_MASKS, Card, parse_cards, to_mask
from cardlib.errors import (
    CardlibError,
    IllegalCallError,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
)
from cardlib.tricks import PlayRules, legal_mask


def unchanged_after(obj, action, error):
    """Run ``action``; it must raise ``error`` and leave ``obj``'s state exactly as before."""
    before = obj._state() if hasattr(obj, "_state") else None
    copy = obj.copy() if hasattr(obj, "copy") else None
    with pytest.raises(error) as info:
        action()
    if before is not None:
        assert obj._state() == before
        assert obj == copy
    return info.value


# ----- "3 to 7 players, individual scores; any other count is an error." -----


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_three_to_seven_players_may_play(players):
    match = j.Match(players, seed=1)
    assert match.players == players
    assert len(match.round.bids) == players


@pytest.mark.parametrize("players", [0, 1, 2, 8, 52, -3, True, 4.0, "4", None])
def test_any_other_player_count_is_an_error(players):
    for make in (lambda: j.Match(players, seed=1), lambda: j.Round(players, 1, seed=1)):
        with pytest.raises(CardlibError, match="3 to 7 players") as info:
            make()
        assert info.value.rule == "player-count"


def test_from_hands_refuses_two_or_eight_hands():
    with pytest.raises(CardlibError, match="3 to 7 players"):
        j.Round.from_hands(["AS", "KS"], trump="C")
    with pytest.raises(CardlibError, match="3 to 7 players"):
        j.Round.from_hands([[DECK[i]] for i in range(8)], trump="C")


def test_scores_are_individual():
    match = play_match(j.Match(4, seed=11), [SensibleJudgementBot()] * 4)
    assert len(match.totals()) == 4
    for round_ in match.rounds:
        assert round_.scores() == tuple(
            j.score(b, w) for b, w in zip(round_.bids, round_.tricks_won, strict=True)
        )


# ----- "Always 8 rounds: cards per player 7..1, 1 (blind); trump ♣ ♥ ♠ ♦ ♣ ♥ ♠ ♦." -----


def test_schedule_matches_the_seed_table():
    seed_table = [
        (1, 7, "C"), (2, 6, "H"), (3, 5, "S"), (4, 4, "D"),
        (5, 3, "C"), (6, 2, "H"), (7, 1, "S"), (8, 1, "D"),
    ]  # fmt: skip
    rounds = j.schedule()
    assert [(r.number, r.cards, r.trump) for r in rounds] == seed_table
    assert [r.blind for r in rounds] == [False] * 7 + [True]
    assert str(rounds[0]) == "round 1: 7 cards each, ♣ trump"
    assert str(rounds[7]) == "round 8: 1 card each, ♦ trump, blind"


@pytest.mark.parametrize("players", [3, 7])
def test_undealt_cards_stay_out_of_play(players):
    for spec in j.schedule()[:7]:
        round_ = j.Round(players, spec.number, seed=spec.number, dealer=0)
        hands = [to_mask(h) for h in round_.hands]
        assert all(h.bit_count() == spec.cards for h in hands)
        union = 0
        for h in hands:
            assert not union & h  # no card twice
            union |= h
        assert union.bit_count() == players * spec.cards
        # Play the round out: only dealt cards ever appear in tricks.
        play_out(round_, [RandomBot(spec.number)] * players)
        played = to_mask(c for t in round_.tricks for c in t.cards)
        assert played == union


def test_same_seed_same_deal_and_dealer():
    assert j.Round(5, 2, seed=9).hands == j.Round(5, 2, seed=9).hands
    assert j.Round(5, 2, seed=9).dealer == j.Round(5, 2, seed=9).dealer
    a = play_match(j.Match(4, seed=3), [RandomBot(1)] * 4)
    b = play_match(j.Match(4, seed=3), [RandomBot(1)] * 4)
    assert a.scores_by_round() == b.scores_by_round()
    assert [r.tricks for r in a.rounds] == [r.tricks for r in b.rounds]


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left():
    rng = random.Random(5)
    from cardlib.game import shuffled_deck

    deck = shuffled_deck(random.Random(5))
    hands = j.deal_round(rng, players=3, cards=2, dealer=1)
    # Dealer 1: seat 2 gets deck[0] and deck[3], seat 0 deck[1] and deck[4], seat 1 the rest.
    assert hands[2] == (1 << deck[0]) | (1 << deck[3])
    assert hands[0] == (1 << deck[1]) | (1 << deck[4])
    assert hands[1] == (1 << deck[2]) | (1 << deck[5])


# ----- "The dealer moves one seat clockwise each round." -----


@pytest.mark.parametrize("players, first", [(3, 2), (4, 0), (7, 5)])
def test_dealer_moves_one_seat_clockwise_each_round(players, first):
    match = play_match(j.Match(players, seed=2, dealer=first), [RandomBot(0)] * players)
    assert [r.dealer for r in match.rounds] == [(first + k) % players for k in range(8)]


def test_first_dealer_is_seeded_when_not_given():
    dealers = {j.Match(5, seed=s).first_dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3, 4}
    assert j.Match(5, seed=8).first_dealer == j.Match(5, seed=8).first_dealer


def test_bad_dealer_is_refused():
    for dealer in (-1, 4, True, "0"):
        with pytest.raises(ValueError, match="dealer"):
            j.Match(4, seed=1, dealer=dealer)


# ----- "Bids: from the dealer's left, clockwise, dealer last; each bid is 0..cards." -----


def test_bidding_goes_clockwise_from_the_dealers_left_dealer_last():
    round_ = j.Round(5, 1, seed=1, dealer=3)
    order = []
    while round_.phase == "bidding":
        order.append(round_.to_act)
        round_.bid(0)
    assert order == [4, 0, 1, 2, 3]
    assert round_.bidding_order() == order


def test_each_bid_is_zero_to_cards():
    round_ = j.Round(4, 3, seed=1, dealer=0)  # 5 cards each
    assert round_.legal_bids() == (0, 1, 2, 3, 4, 5)
    for bad in (-1, 6, 2.0, True, "2", None):
        error = unchanged_after(round_, lambda bad=bad: round_.bid(bad), IllegalCallError)
        assert error.rule == "bid-range"
    round_.bid(5)
    round_.bid(0)
    assert round_.bids == (None, 5, 0, None)


def test_bid_out_of_turn_and_after_bidding_is_refused():
    round_ = j.Round(4, 6, seed=1, dealer=0)
    error = unchanged_after(round_, lambda: round_.bid(1, seat=2), OutOfTurnError)
    assert error.rule == "out-of-turn"
    for b in (1, 1, 1, 1):
        round_.bid(b)
    error = unchanged_after(round_, lambda: round_.bid(1), PhaseError)
    assert "no bids now" in str(error)


# ----- The hook rule -----


def hook_table():
    """Every (cards, earlier total) → the dealer's allowed bids, computed from the rule's words."""
    return {
        (cards, total): tuple(b for b in range(cards + 1) if total + b != cards)
        for cards in range(1, 8)
        for total in range(0, 6 * cards + 1)
    }


def test_hook_table():
    for (cards, total), allowed in hook_table().items():
        # The same total split in different ways between earlier bidders.
        for earlier in ([total], [total // 2, total - total // 2]):
            if all(b <= cards for b in earlier):
                assert j.legal_bids(cards, earlier, is_dealer=True) == allowed
                assert j.legal_bids(cards, earlier, is_dealer=False) == tuple(range(cards + 1))


def test_hook_table_spelled_out_for_one_and_two_cards():
    # One card: the hook forces the dealer whenever the others bid 0 or 1 in all.
    assert j.legal_bids(1, [0, 0], is_dealer=True) == (0,)
    assert j.legal_bids(1, [1, 0], is_dealer=True) == (1,)
    assert j.legal_bids(1, [1, 1], is_dealer=True) == (0, 1)
    assert j.legal_bids(1, [1, 1, 1, 1, 1, 1], is_dealer=True) == (0, 1)
    # Two cards.
    assert j.legal_bids(2, [0, 0, 0], is_dealer=True) == (0, 1)
    assert j.legal_bids(2, [1, 0, 0], is_dealer=True) == (0, 2)
    assert j.legal_bids(2, [2, 0, 0], is_dealer=True) == (1, 2)
    assert j.legal_bids(2, [2, 1, 0], is_dealer=True) == (0, 1, 2)


def test_hooked_bid_and_its_explanation():
    assert j.hooked_bid(5, [2, 1, 0]) == 2
    assert j.hooked_bid(5, [3, 3]) is None
    assert j.hooked_bid(7, []) == 7
    why = j.explain_bids(5, [2, 1, 0], is_dealer=True)
    assert why.forbidden == 2 and why.legal == (0, 1, 3, 4, 5)
    assert "hook forbids 2" in why.text
    assert "forces" in j.explain_bids(1, [0, 0], is_dealer=True).text
    assert j.explain_bids(3, [2, 2], is_dealer=True).forbidden is None
    assert "Only the dealer" in j.explain_bids(3, [1], is_dealer=False).text


def test_hook_applies_to_the_dealer_only_in_a_round():
    round_ = j.Round(4, 4, seed=3, dealer=0)  # 4 cards; seats 1, 2, 3 then the dealer 0
    round_.bid(2)
    assert round_.legal_bids() == (0, 1, 2, 3, 4)  # seat 2: no hook, even at total 4
    round_.bid(2)
    round_.bid(0)
    assert round_.legal_bids() == (1, 2, 3, 4)
    error = unchanged_after(round_, lambda: round_.bid(0), IllegalCallError)
    assert error.rule == "hook"
    assert "the dealer may not bid 0" in str(error)
    round_.bid(1)
    assert round_.phase == "playing" and sum(round_.bids) != round_.cards


def test_hook_legal_bids_validate_input():
    with pytest.raises(IllegalCallError):
        j.legal_bids(3, [4], is_dealer=True)
    with pytest.raises(ValueError):
        j.legal_bids(0, [], is_dealer=True)
    with pytest.raises(ValueError):
        j.legal_bids(8, [], is_dealer=True)


@settings(max_examples=150, deadline=None)
@given(
    cards=st.integers(1, 7),
    data=st.data(),
)
def test_hook_property_dealer_never_makes_the_total_equal_cards(cards, data):
    earlier = data.draw(st.lists(st.integers(0, cards), min_size=2, max_size=6))
    allowed = j.legal_bids(cards, earlier, is_dealer=True)
    assert allowed  # the dealer always has a bid
    assert all(sum(earlier) + b != cards for b in allowed)
    assert len(allowed) >= cards  # at most one value is taken away
    assert set(range(cards + 1)) - set(allowed) == (
        {cards - sum(earlier)} if sum(earlier) <= cards else set()
    )


# ----- "Play: the dealer's left leads; follow suit (any card of it); void: any card." -----


def test_dealers_left_leads_the_first_trick():
    for dealer in range(6):
        round_ = j.Round(6, 2, seed=dealer, dealer=dealer)
        for _ in range(6):
            round_.bid(0 if round_.to_act != dealer else round_.legal_bids()[0])
        assert round_.to_act == round_.leader == (dealer + 1) % 6


def test_play_rules_are_the_shared_ladder_with_no_duty_to_beat_or_trump():
    assert j.play_rules("H") == PlayRules(trump="H", must_beat=False, void_rule="free")
    # Hearts led, Q♥ down: any heart, no duty to beat (Call Break would force K♥).
    assert j.legal_plays("3H KH 2C", "QH", "C") == frozenset(parse_cards("3H KH"))
    assert j.explain_play("3H KH 2C", "QH", "C").rule == "follow-any"
    # Void in hearts, holding a trump: any card, trumping allowed, never required.
    assert j.legal_plays("2C 5S", "QH", "C") == frozenset(parse_cards("2C 5S"))
    assert j.explain_play("2C 5S", "QH", "C").rule == "free"
    # Leading: any card, trumps included.
    assert j.legal_plays("2C 5S", (), "C") == frozenset(parse_cards("2C 5S"))


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(52)), st.integers(1, 6), st.sampled_from("SHDC"))
def test_legal_plays_are_the_ladder_and_follow_suit_any(deck, played, trump):
    hand = [DECK[i] for i in deck[:7]]
    trick = [DECK[i] for i in deck[7 : 7 + played]]
    legal = j.legal_plays(hand, trick, trump)
    mask = legal_mask(to_mask(hand), [int(c) for c in trick], j.play_rules(trump))[0]
    assert legal == frozenset(c for c in hand if mask >> c & 1)
    led = [c for c in hand if c.suit == trick[0].suit]
    assert legal == frozenset(led or hand)


def test_illegal_play_in_a_round_names_the_rule_and_changes_nothing():
    round_ = j.Round.from_hands(["3H KH", "AH 2C", "4S 5S"], trump="C", dealer=2, bids=[1, 0, 0])
    assert round_.to_act == 0
    round_.play("KH")
    assert round_.legal_plays() == frozenset([Card("AH")])
    error = unchanged_after(round_, lambda: round_.play("2C"), IllegalPlayError)
    assert error.rule == "follow-any" and "follow suit" in str(error)
    error = unchanged_after(round_, lambda: round_.play("QS"), IllegalPlayError)
    assert error.rule == "not-in-hand"
    error = unchanged_after(round_, lambda: round_.play("AH", seat=2), OutOfTurnError)
    error = unchanged_after(round_, lambda: round_.play("zz"), CardlibError)
    assert error.rule == "card-syntax"
    round_.play("AH")
    assert round_.explain().rule == "free"  # seat 2 is void in hearts: any card
    round_.play("4S")
    assert round_.tricks[0].winner == 1


def test_play_before_bids_and_after_the_end_is_refused():
    round_ = j.Round(3, 7, seed=4, dealer=0)
    card = next(iter(round_.hand(1)))
    error = unchanged_after(round_, lambda: round_.play(card), PhaseError)
    assert "bids first" in str(error)
    unchanged_after(round_, round_.explain, PhaseError)
    unchanged_after(round_, round_.scores, PhaseError)
    play_out(round_, [RandomBot(1)] * 3)
    assert round_.phase == "over" and round_.to_act is None
    unchanged_after(round_, lambda: round_.play(card), PhaseError)
    unchanged_after(round_, lambda: round_.bid(0), PhaseError)
    assert round_.legal_plays() == frozenset() and round_.legal_bids() == ()


# ----- Trick winners: "highest trump; with no trump, the highest card of the led suit" -----


def test_trick_winners_under_each_rounds_trump():
    trick = "KH 2C AH 3S 9D"
    assert j.trick_winner(trick, "C") == 1  # 2♣ trumps in rounds 1 and 5
    assert j.trick_winner(trick, "H") == 2  # A♥ is a trump and the highest
    assert j.trick_winner(trick, "S") == 3  # 3♠ trumps in round 3 and 7
    assert j.trick_winner(trick, "D") == 4  # 9♦ trumps in rounds 4 and 8
    assert j.trick_winner("KH 2C AH", None) == 2
    # Off-suit non-trump cards never win.
    assert j.trick_winner("5H AS AD", "C") == 0


def test_winner_leads_the_next_trick():
    round_ = j.Round.from_hands(["2H 9C", "AH 3C", "KH 4D"], trump="C", dealer=2, bids=[0, 1, 0])
    round_.play("2H")
    round_.play("AH")
    round_.play("KH")
    assert round_.tricks[0].winner == 1 and round_.to_act == round_.leader == 1
    round_.play("3C")
    round_.play("4D")
    round_.play("9C")
    assert round_.tricks[1].winner == 0  # 9♣ is the higher trump
    assert round_.tricks_won == (1, 1, 0)
    assert round_.scores() == (0, 10, 10)


# ----- The blind round 8 -----


def blind_round(players=4, dealer=1, seed=7):
    return j.Round(players, 8, seed=seed, dealer=dealer)


def test_blind_round_hides_every_card_from_everyone_until_the_dealer_bids():
    round_ = blind_round()
    assert not round_.face_up
    for step in range(4):
        for seat in range(4):
            error = unchanged_after(round_, lambda seat=seat: round_.hand(seat), PhaseError)
            assert error.rule == "blind" and "owner" in str(error)
        unchanged_after(round_, lambda: round_.hands, PhaseError)
        assert round_.legal_plays() == frozenset()
        unchanged_after(round_, round_.explain, PhaseError)
        # Nothing public gives the cards away: not the repr, not the hands behind it.
        assert not any(c.code in repr(round_) or str(c) in repr(round_) for c in DECK)
        assert round_._hands == [0, 0, 0, 0]
        if step < 3:
            round_.bid(0)


def test_blind_round_keeps_the_hook_then_plays_its_one_trick_from_the_dealers_left():
    round_ = blind_round(dealer=1)
    for _ in range(3):
        round_.bid(0)
    assert round_.legal_bids() == (0,)  # hooked: 1 would make the total 1
    error = unchanged_after(round_, lambda: round_.bid(1), IllegalCallError)
    assert error.rule == "hook"
    round_.bid(0)
    assert round_.face_up and round_.phase == "over"
    (trick,) = round_.tricks
    assert trick.leader == 2 and trick.seats == (2, 3, 0, 1)
    assert len(set(trick.cards)) == 4
    assert trick.winner == trick.seats[j.trick_winner(trick.cards, "D")]
    assert round_.hands == ((), (), (), ())
    assert round_.scores() == tuple(0 if s == trick.winner else 10 for s in range(4))


def test_blind_cards_are_the_seeded_deal():
    # The face-down cards are dealt like any other round's: one per seat from the dealer's left.
    round_ = blind_round(players=5, dealer=3, seed=12)
    rng = random.Random(12)
    drawn = rng.randrange(5)  # the dealer is always drawn, and deals, whoever is named
    expected = j.deal_round(rng, 5, 1, drawn)
    for _ in range(4):
        round_.bid(1)
    round_.bid(round_.legal_bids()[0])
    (trick,) = round_.tricks
    for seat, card in zip(trick.seats, trick.cards, strict=True):
        assert expected[seat] == card.mask


def test_blind_round_bots_bid_without_looking():
    for seed in range(20):
        round_ = blind_round(players=3 + seed % 5, seed=seed)
        play_out(round_, [SensibleJudgementBot()] * round_.players)
        bids = round_.bids
        # They cannot know their card: everyone but a forced dealer bids 0.
        assert all(b == 0 for s, b in enumerate(bids) if s != round_.dealer)
        assert bids[round_.dealer] == 0  # the others bid 0 in all, so 1 is hooked
        assert round_.phase == "over"


def test_blind_round_from_hands():
    round_ = j.Round.from_hands(["2D", "AS", "KS"], trump="D", dealer=0, blind=True)
    with pytest.raises(PhaseError):
        round_.hand(1)
    round_.bid(1)
    round_.bid(0)
    assert round_.legal_bids() == (1,)  # hooked: 0 would make 1 + 0 + 0 = 1
    round_.bid(1)
    assert round_.tricks[0].winner == 0  # 2♦ is the only trump
    assert round_.scores() == (10, 0, 10)


# ----- Scoring -----


def test_score_exact_only():
    assert j.score(0, 0) == 10
    assert j.score(1, 1) == 10
    assert j.score(2, 2) == 20
    assert j.score(4, 4) == 40  # seed 004: "bid 4 exact hit karne par 40 points"
    assert j.score(7, 7) == 70
    # Missed either way: 0.
    assert j.score(0, 1) == 0
    assert j.score(3, 2) == 0
    assert j.score(3, 4) == 0
    assert all(isinstance(j.score(b, t), int) for b in range(8) for t in range(8))


def test_score_table():
    for bid in range(8):
        for tricks in range(8):
            expected = 0 if bid != tricks else max(10, 10 * bid)
            assert j.score(bid, tricks) == expected


def test_score_refuses_bad_input():
    with pytest.raises(IllegalCallError):
        j.score(8, 8)
    with pytest.raises(IllegalCallError):
        j.score(-1, 0)
    with pytest.raises(ValueError):
        j.score(2, 8)
    with pytest.raises(ValueError):
        j.score(2, 1.0)


# ----- The match: eight rounds, totals, ties share the win -----


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([3, 4, 7]),
    seed=st.integers(0, 2**32),
    sensible=st.booleans(),
)
def test_full_match_property(players, seed, sensible):
    bots = [SensibleJudgementBot() if sensible else RandomBot(seed + s) for s in range(players)]
    match = j.Match(players, seed=seed)
    played = 0
    while True:
        round_ = match.round
        spec = j.schedule()[round_.number - 1]
        assert (round_.cards, round_.trump, round_.blind) == (spec.cards, spec.trump, spec.blind)
        assert round_.number == len(match.rounds) == played + 1
        while match.phase == "bidding":
            legal = match.legal_bids()
            bid = bots[match.to_act].choose_call(round_)
            assert bid in legal  # bots only make legal bids, forced ones included
            if match.to_act == round_.dealer:
                earlier = [b for b in round_.bids if b is not None]
                assert bid != j.hooked_bid(round_.cards, earlier)
            match.bid(bid)
        while match.phase == "playing":
            card = bots[match.to_act].choose_play(round_)
            assert card in match.legal_plays()
            match.play(card)
        played += 1
        assert sum(round_.tricks_won) == round_.cards == len(round_.tricks)
        assert all(len(t.cards) == players for t in round_.tricks)
        if match.phase == "over":
            break
        assert match.phase == "round-over"
        with pytest.raises(PhaseError):
            match.bid(0)
        match.next_round()
    assert played == 8
    assert [r.cards for r in match.rounds] == [7, 6, 5, 4, 3, 2, 1, 1]
    assert "".join(r.trump for r in match.rounds) == "CHSDCHSD"
    totals = match.totals()
    assert totals == tuple(sum(s[seat] for s in match.scores_by_round()) for seat in range(players))
    best = max(totals)
    assert match.winners() == tuple(s for s in range(players) if totals[s] == best)
    with pytest.raises(PhaseError):
        match.next_round()
    with pytest.raises(PhaseError):
        match.bid(0)


def test_ties_on_top_share_the_win():
    match = play_match(j.Match(6, seed=6, dealer=None), [SensibleJudgementBot()] * 6)
    totals = match.totals()
    assert match.winners() == tuple(s for s in range(6) if totals[s] == max(totals))
    assert len(match.winners()) > 1  # this seed ends in a tie on top


def test_match_refuses_early_winners_and_next_round():
    match = j.Match(4, seed=1, dealer=0)
    with pytest.raises(PhaseError):
        match.winners()
    error = unchanged_after(match.round, match.next_round, PhaseError)
    assert "next round" in str(error)


def test_copy_is_independent():
    round_ = j.Round(4, 2, seed=2, dealer=0)
    other = round_.copy()
    round_.bid(1)
    assert other.bids == (None, None, None, None) and other != round_


@pytest.mark.parametrize("seed", range(12))
def test_sensible_bot_respects_a_forced_dealer_bid(seed):
    # Round 7 (one card, face up): earlier bids chosen to force the dealer either way.
    round_ = j.Round(4, 7, seed=seed, dealer=seed % 4)
    for b in (0, 0, seed % 2):
        round_.bid(b)
    forced = round_.legal_bids()
    assert len(forced) == 1
    assert SensibleJudgementBot().choose_call(round_) == forced[0]
    assert RandomBot(seed).choose_call(round_) == forced[0]


def test_one_card_rounds_only_the_leader_chooses():
    round_ = j.Round(4, 7, seed=1, dealer=0)
    play_out(round_, [SensibleJudgementBot()] * 4)
    assert round_.phase == "over" and len(round_.tricks) == 1


def test_trumps_only_count_in_their_own_round():
    # The same four cards give different winners in rounds 1 to 4.
    cards = parse_cards("KH 2C AH 3S")
    winners = [j.trick_winner(cards, spec.trump) for spec in j.schedule()[:4]]
    assert winners == [1, 2, 3, 2]
    assert all(SUIT_MASKS[spec.trump] for spec in j.schedule())


# ----- the points explained: the words a table shows, read back as arithmetic -----------

#: Every reason Judgement gives, in English, as the sum it says.
JUDGEMENT_REASONS = {
    r"exact 0 or 1: (\d+)": int,
    r"exact: (\d+) × (\d+)": lambda ten, bid: int(ten) * int(bid),
    r"bid (\d+), took (\d+): only an exact bid scores": lambda bid, won: 0,
}


@given(bid=st.integers(0, j.MAX_CARDS), tricks=st.integers(0, j.MAX_CARDS))
def test_the_reason_for_the_points_adds_up_to_the_score(bid, tricks):
    explained = j.explain_score(bid, tricks)
    assert explained.points == j.score(bid, tricks)
    assert explained.text == str(explained.points)
    total, numbers = read_back(explained.reason, JUDGEMENT_REASONS)
    assert total == explained.points
    if tricks != bid:
        assert numbers == [bid, tricks] and explained.result == "missed"
    else:
        assert explained.result == "made"
        if bid >= 2:
            assert numbers[1] == bid


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 7))
def test_a_finished_round_explains_every_seats_points(seed, players):
    match = j.Match(players=players, seed=seed)
    round_ = match.round
    with pytest.raises(PhaseError):
        round_.points_explained(0)  # not before the last trick
    play_out(round_, [RandomBot(seed)] * players)
    for seat in range(players):
        explained = round_.points_explained(seat)
        assert explained == j.explain_score(round_.calls[seat], round_.tricks_won[seat])
        assert explained.points == round_.scores()[seat]
