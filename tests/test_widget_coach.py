"""The coach widget: the ranking it shows is analyse()'s, the slider analyses again, the same
inputs draw the same widget, and the imagined deals fit what the player has seen."""

from __future__ import annotations

import re
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import SensibleBot, SensibleJudgementBot, play_out
from cardlib.cards import SUIT_MASKS, Card, card_name
from cardlib.coach.analysis import HiddenHands, analyse, analyse_calls, imagined_deals, view_of
from cardlib.widgets.coach import CoachWidget

ROW = re.compile(r"<tr><td>(\d+)</td><td>(.*?)</td><td>(.*?)</td><td>(\d+)</td><td>(.*?)</td></tr>")
LABEL = re.compile(r'aria-label="([^"]*)"')


def deal_at(seed: int, dealer: int, tricks_done: int, seat: int = 0) -> callbreak.Deal:
    """A seeded Call Break deal played by sensible bots until ``seat`` is to play after
    ``tricks_done`` whole tricks (the positions of notebook 40)."""
    deal = callbreak.Deal(seed=seed, dealer=dealer)
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    while not (len(deal.tricks) == tricks_done and deal.to_act == seat):
        deal.play(bots[deal.to_act].choose_play(deal))
    return deal


def rows(widget: CoachWidget) -> list[tuple]:
    """The ranking table as shown: (rank, what, expected, samples, against the best)."""
    return [
        (int(rank), unescape(re.sub(r"<[^>]*>", "", what)), unescape(mean), int(n), versus)
        for rank, what, mean, n, versus in ROW.findall(widget.ranking.value)
    ]


def shown_cards(widget: CoachWidget) -> list[str]:
    """The cards of the ranking, top to bottom, by their aria-labels."""
    return LABEL.findall(widget.ranking.value)


def state(widget: CoachWidget) -> tuple:
    """Everything the widget shows (what a stored notebook keeps)."""
    parts = (
        widget.heading,
        widget.position_view,
        widget.ranking,
        widget.verdict,
        widget.deal_label,
        widget.deal_view,
    )
    return (*(p.value for p in parts), widget.samples_slider.value)


@pytest.fixture(scope="module")
def decision():
    return deal_at(seed=105, dealer=3, tricks_done=4)


@pytest.fixture(scope="module")
def coach(decision):
    return CoachWidget(decision, samples=60, seed=1)


def test_the_ranking_is_analyses_best_first_with_its_numbers(decision, coach):
    expected = analyse(decision, samples=60, seed=1)
    assert coach.analysis == expected
    assert shown_cards(coach) == [card_name(c.card) for c in expected.cards]
    shown = rows(coach)
    assert [r[0] for r in shown] == list(range(1, len(expected.cards) + 1))
    for (_, what, mean, n, versus), c in zip(shown, expected.cards, strict=True):
        assert what == str(c.card)
        assert mean == f"{float(c.estimate.mean):.2f} ± {c.estimate.stderr:.2f}".replace("-", "−")
        assert n == 60 == c.estimate.samples
        if c is expected.cards[0]:
            assert "best" in versus
        else:
            close = ", too close to tell" if c.close and not c.same else ""
            assert versus == f"−{float(c.loss):.2f} ± {c.loss_stderr:.2f}{close}"
    assert any(r[4].endswith("too close to tell") for r in shown)  # at 60 samples, some are
    assert not shown[-1][4].endswith("too close to tell")  # 3♦ is clearly worse even so
    verdict = unescape(re.sub(r"<[^>]*>", "", coach.verdict.value))
    assert "60 imagined deals" in verdict


def test_the_legal_cards_are_marked_in_the_hand_and_nothing_else(decision, coach):
    legal = {card_name(c) for c in decision.legal_plays()}
    marked = set(re.findall(r'aria-label="([^",]*), legal"', coach.position_view.value))
    assert marked == legal
    assert {card_name(c.card) for c in coach.analysis.cards} == legal


def test_moving_the_slider_analyses_again_with_the_same_seed(decision):
    widget = CoachWidget(decision, samples=60, seed=1)
    before = state(widget)
    widget.samples_slider.value = 30  # as the browser's slider sets it
    assert widget.analysis == analyse(decision, samples=30, seed=1)
    assert {r[3] for r in rows(widget)} == {30}
    assert "30 imagined deals" in widget.verdict.value
    assert state(widget) != before
    widget.set_samples(60)
    assert state(widget) == before  # back to the same samples: the same table, exactly


def test_the_same_position_samples_and_seed_draw_the_same_widget(decision, coach):
    again = CoachWidget(decision, samples=60, seed=1)
    assert state(again) == state(coach)
    other_seed = CoachWidget(decision, samples=60, seed=2)
    assert other_seed.deals != coach.deals


def test_the_widget_keeps_the_position_it_was_given(decision):
    deal = decision.copy()
    widget = CoachWidget(deal, samples=20, seed=1)
    drawn = state(widget)
    deal.play(SensibleBot().choose_play(deal))  # the game moves on
    widget.set_samples(30)
    widget.set_samples(20)
    assert state(widget) == drawn


def test_the_imagined_deals_are_the_first_ones_the_analysis_played(decision, monkeypatch):
    drawn = []
    original = HiddenHands.sample

    def recording(self, rng):
        hands = original(self, rng)
        drawn.append(list(hands))
        return hands

    monkeypatch.setattr(HiddenHands, "sample", recording)
    widget = CoachWidget(decision, samples=20, seed=5, deals_shown=4)
    played = drawn[:20]  # analyse() drew these; the widget then drew its four again
    assert widget.deals == played[:4] == list(imagined_deals(view_of(decision), 4, 5))


def test_stepping_through_the_imagined_deals(coach):
    assert coach.deal_index == 0 and coach.deal_back.disabled
    assert coach.deal_label.value == "imagined deal 1 of 3"
    first = coach.deal_view.value
    coach.deal_forward.click()
    assert coach.deal_label.value == "imagined deal 2 of 3" and coach.deal_view.value != first
    coach.deal_forward.click()
    assert coach.deal_forward.disabled
    coach.show_deal(7)  # clamped
    assert coach.deal_index == 2
    coach.deal_back.click()
    coach.deal_back.click()
    assert coach.deal_index == 0 and coach.deal_view.value == first
    labels = LABEL.findall(coach.deal_view.value)
    hands = [label for label in labels if ":" in label]
    assert len(hands) == 4
    assert hands[0].startswith("South (0), real hand: ")
    assert all(", imagined: " in h for h in hands[1:])


def check_consistent(widget: CoachWidget, game) -> None:
    """Every imagined deal fits what the player to act has seen."""
    view = widget.view
    seat = view.seat
    played = {int(c) for _, c in view.plays}
    for hands in widget.deals:
        assert hands[seat] == view.hand_mask  # the player's own hand, exactly
        for s in range(view.players):
            assert hands[s].bit_count() == len(game.hand(s))  # every hand its real size
        everything = 0
        for mask in hands:
            assert not everything & mask  # no card in two hands
            everything |= mask
        assert not any(everything >> c & 1 for c in played)  # no card already played
        # A player who did not follow the suit led has none of it.
        for trick in view.tricks:
            led = trick[0][1].suit
            for s, card in trick[1:]:
                if card.suit != led and s != seat:
                    assert not hands[s] & SUIT_MASKS[led], (s, led)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), tricks=st.integers(0, 11), seat=st.integers(0, 3))
def test_imagined_deals_never_contradict_what_was_seen(seed, tricks, seat):
    deal = deal_at(seed, dealer=seed % 4, tricks_done=tricks, seat=seat)
    widget = CoachWidget(deal, samples=10, seed=seed, deals_shown=5, exact_from=0)
    assert len(widget.deals) == 5
    check_consistent(widget, deal)


def test_a_late_position_shows_voids_respected():
    deal = deal_at(seed=48, dealer=3, tricks_done=10)
    widget = CoachWidget(deal, samples=20, seed=1, deals_shown=3)
    check_consistent(widget, deal)


def test_before_calling_the_calls_are_ranked_as_analyse_calls_rates_them():
    fresh = callbreak.Deal(seed=26, dealer=3)
    widget = CoachWidget(fresh, samples=20, seed=1)
    expected = analyse_calls(fresh, samples=20, seed=1)
    assert widget.calling and widget.analysis == expected
    ranked = sorted(expected.calls, key=lambda c: (-c.estimate.mean, c.call))
    assert [int(r[1]) for r in rows(widget)] == [c.call for c in ranked]
    assert ranked[0].call == expected.top and expected.best == 2  # the bolder call, within 0.5
    # ... so the losses are against the top estimate, and the heading says so
    assert "<th scope='col'>against the highest estimate</th>" in widget.ranking.value
    assert "to call" in widget.heading.value
    # At 20 samples calls 1 and 2 are within two standard errors: named together, not ranked.
    assert not expected.clear and expected.equally_good == (1, 2)
    verdict = unescape(re.sub(r"<[^>]*>", "", widget.verdict.value))
    assert verdict.startswith("Too close to tell: 1, 2 are within two standard errors")
    assert "Best call:" not in verdict
    assert [r[4] for r in rows(widget)][1].endswith("too close to tell")
    # The widget's cells are the analysis table's, call for call (the bold aside): here the
    # bolder best call is itself too close to tell from the top, and both say so.
    table = re.findall(r"<td>([^<]*)</td><td>[^<]*</td><td>(.*?)</td>", expected._repr_html_())
    shown = [
        (str(r[1]), unescape(r[4]).replace("<b>", "").replace("</b>", "")) for r in rows(widget)
    ]
    assert sorted(shown) == sorted((call, unescape(cell)) for call, cell in table)
    assert dict(table)["2"] == "best, too close to tell"
    for hands in widget.deals:  # before any card: only the own hand is known
        assert hands[0] == view_of(fresh).hand_mask
        assert sum(h.bit_count() for h in hands) == 52


def test_judgement_bids_leave_out_the_hooked_bid():
    round_ = judgement.Round(players=4, number=2, seed=3, dealer=0)
    bots = [SensibleJudgementBot()] * 4
    while round_.to_act != round_.dealer:
        round_.bid(bots[round_.to_act].choose_call(round_))
    widget = CoachWidget(round_, samples=20, seed=1)
    hooked = judgement.hooked_bid(round_.cards, [b for b in round_.bids if b is not None])
    shown = [int(r[1]) for r in rows(widget)]
    assert hooked not in shown and sorted(shown) == list(round_.legal_bids())
    assert "to bid" in widget.heading.value
    if widget.analysis.clear:
        assert "Best bid:" in widget.verdict.value
    else:
        assert "Too close to tell" in widget.verdict.value


def test_a_call_bridge_position_in_play():
    deal = callbridge.Deal(seed=11)
    bot = SensibleBot()  # the same sensible policy plays Call Bridge
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    for _ in range(5):
        deal.play(bot.choose_play(deal))
    widget = CoachWidget(deal, samples=20, seed=3)
    assert widget.analysis == analyse(deal, samples=20, seed=3)
    assert shown_cards(widget) == [card_name(c.card) for c in widget.analysis.cards]
    check_consistent(widget, deal)


@pytest.mark.parametrize("samples", [0, 5, 15, 510, 100.0, True, "100"])
def test_samples_off_the_sliders_steps_are_refused(decision, samples):
    with pytest.raises(ValueError, match="multiple of 10 from 10 to 500"):
        CoachWidget(decision, samples=samples)


def test_a_bad_slider_value_from_code_changes_nothing(decision):
    widget = CoachWidget(decision, samples=20, seed=1)
    drawn = state(widget)
    with pytest.raises(ValueError, match="multiple of 10"):
        widget.set_samples(25)
    assert state(widget) == drawn


def test_a_finished_deal_has_nothing_to_coach():
    deal = callbreak.Deal(seed=3)
    play_out(deal, [SensibleBot()] * 4)
    with pytest.raises(Exception, match="nothing to decide"):
        CoachWidget(deal)


def test_a_forced_card_is_said_to_be_the_only_one():
    round_ = judgement.Round.from_hands(
        ["2C 3C", "KH 4D", "AH 5C", "5S 6S"], trump=None, dealer=0, bids=[1, 1, 0, 1]
    )
    round_.play("KH")  # seat 2 must follow hearts: A♥ is its only heart
    widget = CoachWidget(round_, samples=10, seed=1)
    assert [r[1] for r in rows(widget)] == ["A♥"]
    assert "Only one card is legal here" in widget.verdict.value
    assert "Seat 2" not in widget.heading.value and "North (2)" in widget.heading.value


def test_cards_within_two_standard_errors_are_shown_as_equally_good():
    """At 100 samples K♦ is 0.73 ± 0.70 below 4♦: too close to tell, though it ranks below J♦,
    which is clearly worse (0.60 ± 0.26): the wider error counts, not the rank."""
    position = deal_at(seed=48, dealer=3, tricks_done=2)
    widget = CoachWidget(position, samples=100, seed=1)
    analysis = widget.analysis
    assert [str(c.card) for c in analysis.cards] == ["4♦", "J♦", "K♦"]
    assert [str(c) for c in analysis.equally_good] == ["4♦", "K♦"] and not analysis.clear
    verdict = unescape(re.sub(r"<[^>]*>", "", widget.verdict.value))
    assert verdict == (
        "Too close to tell: 4♦ K♦ are within two standard errors of the best, "
        "over 100 imagined deals. That does not make them equal: more imagined deals "
        "(the slider) may separate them."
    )
    assert "Best card" not in verdict and "as good as" not in verdict
    versus = {what: v for _, what, _, _, v in rows(widget)}
    assert versus["K♦"].endswith(", too close to tell")
    assert not versus["J♦"].endswith("too close to tell")
    html = analysis._repr_html_()
    assert "too close to tell between 4♦, K♦ at 100 samples" in html
    assert "more samples may separate them" in html
    # Four times the samples (fresh ones) does not call K♦ clearly better than 4♦ either.
    more = analyse(position, samples=400, seed=2)
    assert not (more.best == Card("KD") and more.clear)


def test_a_clear_best_card_is_named_with_its_margin(decision):
    """Notebook 40's first decision at its 200 samples: A♠, clearly."""
    widget = CoachWidget(decision, samples=200, seed=1)
    analysis = widget.analysis
    assert analysis.clear and analysis.equally_good == (analysis.best,) == (Card("AS"),)
    verdict = unescape(re.sub(r"<[^>]*>", "", widget.verdict.value))
    second = analysis.cards[1]
    assert verdict.startswith(
        f"Best card: {analysis.best}, {float(analysis.margin):.2f} ± "
        f"{second.loss_stderr:.2f} points ahead of {second.card}"
    )
    assert "200 imagined deals" in verdict and "Too close" not in verdict


@pytest.mark.parametrize(
    ("deal", "word"),
    [
        (callbreak.Deal(seed=3, dealer=0), "to call"),
        (callbridge.Deal(seed=3, dealer=0), "to bid"),
        (judgement.Round(4, 1, seed=3, dealer=0), "to bid"),
    ],
)
def test_the_coach_asks_for_a_call_in_the_games_own_word(deal, word):
    # Call Bridge bids, as Judgement does: the word is the game's (its registry entry).
    coach = CoachWidget(deal, samples=10, seed=1)
    assert word in coach.heading.value


def test_the_margin_is_stated_against_the_nearest_card_that_is_not_equivalent():
    """Seed 13 after three tricks: 6♠, 5♠ and 4♠ score the same in every sample (equivalent
    cards), J♠ a little less. The verdict once read "0.00 ± 0.00 points ahead of 5♠"; it
    names J♠, the nearest card that is not the same, with J♠'s margin."""
    position = deal_at(seed=13, dealer=3, tricks_done=3)
    widget = CoachWidget(position, samples=40, seed=1)
    analysis = widget.analysis
    assert analysis.clear
    assert [str(c.card) for c in analysis.cards] == ["6♠", "5♠", "4♠", "J♠"]
    assert analysis.cards[1].same and analysis.cards[2].same
    nearest = analysis.nearest_different
    assert nearest is not None and nearest.card == Card("JS") and nearest.loss > 0
    verdict = unescape(re.sub(r"<[^>]*>", "", widget.verdict.value))
    assert verdict.startswith(
        f"Best card: 6♠, {float(nearest.loss):.2f} ± {nearest.loss_stderr:.2f} points ahead "
        "of J♠ on average"
    )
    assert "0.00 ± 0.00" not in verdict
    assert verdict.endswith("These score exactly the same here: 6♠ 5♠ 4♠.")
    caption = analysis.table_caption()
    assert caption.endswith(
        f"best 6♠ by {float(nearest.loss):.2f} ± {nearest.loss_stderr:.2f} over J♠"
    )


def test_when_every_card_is_the_same_no_margin_is_made_up():
    position = deal_at(seed=13, dealer=3, tricks_done=3)
    analysis = analyse(position, samples=40, seed=1)
    # Only the equivalent cards: nothing to be ahead of.
    same_only = type(analysis)(analysis.seat, analysis.cards[:3], analysis.samples, analysis.seed)
    assert same_only.clear and same_only.nearest_different is None
    assert same_only.table_caption().endswith("every legal card scores exactly the same here")
    widget = CoachWidget(position, samples=40, seed=1)
    widget.analysis = same_only
    verdict = unescape(re.sub(r"<[^>]*>", "", widget._verdict_html()))
    assert verdict == "Every legal card scores exactly the same here: 6♠ 5♠ 4♠."
