"""The bot variants of strategy experiments (cardlib.coach.variants), and their measuring.

A variant must never play an illegal card, must play the same cards in a real Deal as in the
fast mask playouts (the notebook measures on the one and a learner replays on the other), and
must change exactly the one habit it names. The plain ``VariantBot`` must be the sensible bot,
or every measurement against it would be against something else.
"""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbreak, i18n
from cardlib.bots import SensibleBot, play_out
from cardlib.cards import from_mask, parse_cards, to_mask
from cardlib.coach import variants as v
from cardlib.coach.variants import PlayView
from cardlib.tricks import PlayRules

EVERY_VARIANT = [
    v.VariantBot(),
    v.HoldsAcesBack(),
    v.SparesKings(),
    v.DrivesOutAces(),
    v.ForcesTrumps(),
    v.CountsRanks(),
    v.CountsVoids(),
    v.PlaysToBreak(),
    *[v.DrawsTrumps(way) for way in v.DRAW_WAYS],
    v.LeadsShortSpade(),
]
house_rules = st.builds(
    callbreak.Variant, free_discard=st.booleans(), no_spade_lead_first_trick=st.booleans()
)


def played_cards(deal: callbreak.Deal) -> list[tuple[int, int]]:
    return [
        (seat, int(card)) for t in deal.tricks for seat, card in zip(t.seats, t.cards, strict=True)
    ]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 3), house=house_rules)
def test_every_variant_plays_only_legal_cards_and_the_same_in_a_deal_and_on_masks(
    seed, seat, house
):
    for variant in EVERY_VARIANT:
        deal = callbreak.Deal(seed=seed, variant=house)
        hands, dealer = list(deal._hands), deal.dealer
        bots = [SensibleBot()] * 4
        bots[seat] = variant
        play_out(deal, bots)  # Deal.play refuses an illegal card: this would raise
        assert deal.phase == "over"
        players = [None] * 4
        players[seat] = variant
        record = []
        won = v.play_deal(hands, dealer, list(deal.calls), players, deal.rules, record)
        assert record == played_cards(deal), variant
        assert won == list(deal.tricks_won)


class Recorder(v.VariantBot):
    """The sensible bot, keeping every view it is shown."""

    def __init__(self):
        self.views = []

    def play_mask(self, view):
        self.views.append(view)
        return super().play_mask(view)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), house=house_rules)
def test_a_deal_and_the_mask_playout_show_a_seat_the_same_view_at_every_turn(seed, house):
    deal = callbreak.Deal(seed=seed, variant=house)
    hands, dealer = list(deal._hands), deal.dealer
    in_deal = Recorder()
    play_out(deal, [in_deal] * 4)
    on_masks = Recorder()
    v.play_deal(hands, dealer, list(deal.calls), [on_masks] * 4, deal.rules)
    assert len(in_deal.views) == 52 and in_deal.views == on_masks.views
    assert any(view.voids[view.seat ^ 1] for view in in_deal.views)  # voids were seen


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_plain_variant_bot_is_the_sensible_bot(seed):
    (hands, dealer), *_ = v.seeded_deals(seed, 1)
    calls = v.sensible_calls(hands)
    plain, as_variant = [], []
    v.play_deal(hands, dealer, calls, [None] * 4, record=plain)
    v.play_deal(hands, dealer, calls, [v.VariantBot()] * 4, record=as_variant)
    assert plain == as_variant
    deal = callbreak.Deal(seed=seed)
    sensible = callbreak.Deal(seed=seed)
    play_out(deal, [v.VariantBot()] * 4)
    play_out(sensible, [SensibleBot()] * 4)
    assert played_cards(deal) == played_cards(sensible)


def test_the_same_variant_against_itself_gains_nothing_and_changes_nothing():
    found = v.compare(v.seeded_deals(3, 30), {"same": v.VariantBot()})["same"]
    assert found.changed == 0 and set(found.point_diffs) == {0} and set(found.trick_diffs) == {0}
    assert found.points.verdict == "tie" and found.deals == 30


def test_a_variant_that_chooses_an_illegal_card_is_refused_on_masks():
    class LeadsTheTwoOfClubs(v.VariantBot):
        def lead(self, view):
            return 39  # 2♣, held or not

    hands, dealer = v.seeded_deals(5, 1)[0]
    hands = [h & ~1 << 39 for h in hands]  # nobody holds it now
    with pytest.raises(ValueError, match="chose 2♣, which it may not play here") as refused:
        v.play_deal(hands, dealer, [13] * 4, [LeadsTheTwoOfClubs()] * 4)
    leader = (dealer + 1) % 4
    assert str(refused.value).endswith(" ".join(str(c) for c in from_mask(hands[leader])))
    with i18n.language("hi"), pytest.raises(ValueError, match="नहीं खेल सकता"):
        v.play_deal(hands, dealer, [13] * 4, [LeadsTheTwoOfClubs()] * 4)


def view(hand, played=(), voids=(0, 0, 0, 0), won=(0, 0, 0, 0), calls=(4, 4, 4, 4), trick=()):
    """Seat 0 to lead (or play to ``trick``), with ``played`` cards played by seat 1."""
    hand_mask = to_mask(parse_cards(hand))
    played_mask = to_mask(parse_cards(" ".join(played)))
    trick_cards = tuple(int(c) for c in parse_cards(" ".join(trick)))
    return PlayView(
        0,
        hand_mask,
        trick_cards,
        hand_mask,  # whatever it holds may be led
        tuple(won),
        tuple(calls),
        (0, played_mask, 0, 0),
        tuple(voids),
        0,
    )


def card(text):
    return int(parse_cards(text)[0])


def test_holding_aces_back_leads_another_side_card_where_the_bot_cashes():
    hand = view("AH 5H 9D 3S")
    assert v.sensible_lead(hand) == card("AH")
    assert v.HoldsAcesBack().play_mask(hand) == card("5H")
    assert v.HoldsAcesBack().play_mask(view("AH 3S")) == card("AH")  # nothing else on the side


def test_sparing_kings_leads_from_the_other_suit_until_the_ace_has_gone():
    hand = "KH 4H 9D 3S"
    assert v.sensible_lead(view(hand)) == card("4H")
    assert v.SparesKings().play_mask(view(hand)) == card("9D")
    assert v.SparesKings().play_mask(view(hand, played=["AH"])) == card("4H")  # king is top now


def test_must_beat_leads_the_king_of_k_q_and_only_while_short_of_the_call():
    hand = "KH QH 4H 9D 3S"
    assert v.DrivesOutAces().play_mask(view(hand)) == card("KH")
    assert v.DrivesOutAces().play_mask(view(hand, won=(4, 0, 0, 0))) == card("4H")  # call made
    assert v.DrivesOutAces().play_mask(view("KH QH AD 3S")) == card("AD")  # an ace to cash first


def test_must_trump_leads_into_the_void_of_a_player_who_may_still_hold_spades():
    hand = "5H 9D 4C 3S"
    assert v.sensible_lead(view(hand)) == card("5H")
    out_of_clubs = (0, 0b1000, 0, 0)  # seat 1 has shown out of clubs
    assert v.ForcesTrumps().play_mask(view(hand, voids=out_of_clubs)) == card("4C")
    out_of_spades_too = (0, 0b1001, 0, 0)  # and it had no spade to trump with
    assert v.ForcesTrumps().lead(view(hand, voids=out_of_spades_too)) is None


def test_counting_ranks_leads_the_king_once_the_ace_is_gone_and_voids_keep_it_home():
    hand = "KH 4H 9D 3S"
    assert v.CountsRanks().play_mask(view(hand, played=["AH"])) == card("KH")
    assert v.CountsRanks().lead(view(hand)) is None  # the ace is out: nothing to count on
    hearts_void = (0, 0b0010, 0, 0)  # seat 1 may trump hearts (spades are still out)
    assert v.CountsVoids().play_mask(view(hand, played=["AH"], voids=hearts_void)) == card("9D")
    assert v.CountsVoids().play_mask(view("AH 4H 9D 3S", voids=hearts_void)) == card("9D")


def test_playing_to_break_wants_tricks_while_another_player_is_short():
    made = view("AH 4H 3S", won=(4, 1, 4, 4))
    assert not v.VariantBot().wants(made) and v.PlaysToBreak().wants(made)
    assert not v.PlaysToBreak().wants(view("AH 4H 3S", won=(4, 4, 4, 4)))


def test_drawing_trumps_each_way_from_king_five():
    king_five = "KS 9S 7S 5S 2S 4H 9D AC"
    assert v.DrawsTrumps("highest").lead(view(king_five)) == card("KS")
    assert v.DrawsTrumps("boss").lead(view(king_five)) == card("2S")  # not the king into the ace
    assert v.DrawsTrumps("top").lead(view(king_five)) is None
    assert v.DrawsTrumps("boss").lead(view(king_five, played=["AS"])) == card("KS")
    top = "AS KS 7S 5S 2S 4H"
    assert v.DrawsTrumps("top").lead(view(top)) == card("AS")
    assert v.DrawsTrumps("boss").lead(view("KS 9S 7S 5S 4H")) is None  # four spades: no draw
    every_spade_out = [f"{r}S" for r in "AQJT8643"]
    assert v.DrawsTrumps("highest").lead(view(king_five, played=every_spade_out)) is None
    with pytest.raises(ValueError, match="highest, top, boss"):
        v.DrawsTrumps("sideways")


def test_a_short_spade_is_led_at_the_first_trick_only():
    assert v.LeadsShortSpade().lead(view("3S AH 4H 9D")) == card("3S")
    assert v.LeadsShortSpade().lead(view("3S 2S 7S AH 4H")) is None  # three spades
    later = view("3S AH 4H")._replace(played_by=(to_mask(parse_cards("9D")), 0, 0, 0))
    assert v.LeadsShortSpade().lead(later) is None


@pytest.mark.parametrize(
    ("void_rule", "trick", "played", "shown"),
    [
        ("trump", "AH", "2D", 0b0011),  # no heart, and no spade under must-trump
        ("trump", "AH", "2S", 0b0010),  # trumped: out of hearts only
        ("overtrump", "AH", "2D", 0b0011),  # no trump in the trick: it had to trump
        ("overtrump", "AH 5S", "2D", 0b0010),  # could not overtrump: may still hold spades
        ("free", "AH", "2D", 0b0010),
        ("trump", "AH", "3H", 0),
        ("trump", "", "3H", 0),
    ],
)
def test_what_a_card_shows_about_a_players_voids(void_rule, trick, played, shown):
    voids = [0, 0, 0, 0]
    trick_cards = [int(c) for c in parse_cards(trick)] if trick else []
    v.note_card(voids, 2, card(played), trick_cards, PlayRules("S", True, void_rule))
    assert voids == [0, 0, shown, 0]


def test_the_view_of_a_deal_knows_who_showed_out():
    deal = callbreak.Deal.from_hands(
        ["AH KH 2S", "3H 4H 5H", "6D 7D 8D", "3S 4S 5S"], dealer=3, calls=[1, 1, 1, 1]
    )
    deal.play("AH")
    deal.play("3H")
    deal.play("6D")  # seat 2 has neither hearts nor spades
    seen = v.view_of(deal)
    assert seen.seat == 3 and seen.voids == (0, 0, 0b0011, 0)
    assert seen.played == to_mask(parse_cards("AH 3H 6D"))
    assert seen.trumps_out() == 13 - 3  # all it knows: the 13 spades less its own three
    with pytest.raises(ValueError, match="nobody is to play"):
        v.view_of(callbreak.Deal(seed=1))


def test_tenths_are_call_break_points():
    for call in range(1, 14):
        for tricks in range(14):
            assert Fraction(v.tenths(call, tricks), 10) == callbreak.score(call, tricks)


def test_mean_and_standard_error():
    estimate = v.MeanSE.of([1, 2, 3, 4])
    assert estimate.mean == Fraction(5, 2) and estimate.n == 4
    assert estimate.stderr == pytest.approx((Fraction(5, 3) / 4) ** 0.5)
    assert estimate.verdict == "more"  # 2.5 > 2 × 0.65
    assert v.MeanSE.of([1, -1, 1, -1]).verdict == "tie"
    assert v.MeanSE.of([-3, -3, -3]).verdict == "less"  # no spread: any non-zero is clear
    with pytest.raises(ValueError, match="two values"):
        v.MeanSE.of([1])


def test_a_comparison_flips_and_pairs():
    a = v.Comparison((Fraction(1), Fraction(0)), (Fraction(2), Fraction(1)), (1, 0), 1)
    b = v.Comparison((Fraction(0), Fraction(-1)), (Fraction(0), Fraction(0)), (0, -1), 2)
    assert a.flipped().point_diffs == (-1, 0) and a.flipped().changed == 1
    assert a.minus(b) == v.Comparison((1, 1), (2, 1), (1, 1), None)
    with pytest.raises(ValueError, match="not the same deals"):
        a.minus(v.Comparison((Fraction(0),), (Fraction(0),), (0,), 0))


def test_matches_turn_the_seats_so_the_dealer_moves_on_each_deal():
    # Seat 0 makes a call of 2 in each deal (20 tenths); the others are broken (-10 each).
    def deal(dealer):
        return ((0, 0, 0, 0), dealer, (2, 1, 1, 1), (2, 0, 0, 0))

    # Dealers 1, 1, 1, 1 in the pool; the match needs 1, 2, 3, 0: deal k is turned by k seats.
    (totals, last_dealer), *rest = v.standings_before_last([deal(1)] * 4 + [deal(1)] * 3)
    assert rest == [] and last_dealer == 1
    assert totals == (20 - 10 - 10 - 10, 20 - 10 - 10 - 10, 20 - 10 - 10 - 10, 20 - 10 - 10 - 10)
    (unturned, _), *_ = v.standings_before_last([deal(1), deal(2), deal(3), deal(0)])
    assert unturned == (80, -40, -40, -40)
    with pytest.raises(ValueError, match="two deals"):
        v.standings_before_last([deal(0)], deals_per_match=1)


def test_a_win_shared_by_a_tie_on_top():
    assert v.win_share([5, 3, 5, 1], 0) == Fraction(1, 2)
    assert v.win_share([5, 3, 5, 1], 1) == 0
    assert v.win_share([Fraction(7, 10), 0, 0, 0], 0) == 1
