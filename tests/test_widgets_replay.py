"""Notebook 05's replay: the deal history behind it and the step widget, in plain pytest."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import bridge, callbreak, judgement, parse_cards
from cardlib.bots import SensibleBot, SensibleBridgeBot, SensibleJudgementBot, play_out
from cardlib.errors import CardlibError
from cardlib.history import fresh_copy, replay, starting_hands
from cardlib.widgets.replay import DealReplay, counts_table


def played_deal(seed=5):
    deal = callbreak.Deal(seed=seed)
    bots = [SensibleBot()] * 4
    play_out(deal, bots)
    return deal


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def test_replay_gives_every_card_with_its_rule():
    deal = played_deal()
    plays = replay(deal)
    assert len(plays) == 52
    assert [p.card for p in plays] == [c for t in deal.tricks for c in t.cards]
    assert [p.seat for p in plays] == [s for t in deal.tricks for s in t.seats]
    assert plays[-1].won_after == deal.tricks_won
    winners = [p.winner for p in plays if p.winner is not None]
    assert winners == [t.winner for t in deal.tricks]
    for play in plays:
        assert play.card in play.legal
        assert play.rule == "lead" if play.position == 0 else play.rule != "lead"


def test_forced_means_a_rule_left_one_card():
    plays = replay(played_deal())
    last_cards = [p for p in plays if p.trick_number == 13]
    assert not any(p.forced for p in last_cards)  # a last card is not forced by a rule
    for play in plays:
        assert play.forced == (len(play.legal) == 1 and play.hand_size > 1)
        assert play.restricted == (len(play.legal) < play.hand_size)


def test_starting_hands_and_fresh_copy_rebuild_the_deal():
    deal = played_deal(seed=9)
    again = fresh_copy(deal)
    assert again.phase == "playing" and again.calls == deal.calls
    assert sorted(map(sorted, starting_hands(deal))) == sorted(
        map(sorted, callbreak.Deal(seed=9).hands)
    )


def test_replay_of_a_deal_in_progress_and_with_a_variant():
    variant = callbreak.Variant(no_spade_lead_first_trick=True, free_discard=True)
    deal = callbreak.Deal(seed=3, variant=variant)
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[0].choose_call(deal))
    assert replay(callbreak.Deal(seed=3)) == []  # nothing played yet
    for _ in range(6):
        deal.play(bots[0].choose_play(deal))
    plays = replay(deal)
    assert len(plays) == 6 and fresh_copy(deal).variant == variant
    assert plays[5].winner is None and plays[3].winner is not None


def test_replay_of_a_bridge_deal_keeps_the_laws_first_caller():
    # fresh_copy once dropped first_caller="dealer": the auction was made again from the
    # dealer's left, another seat declared, and the replay failed at the opening lead.
    deal = bridge.Deal(seed=3, dealer="N", first_caller="dealer")
    bot = SensibleBridgeBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    for _ in range(5):
        deal.play(bot.choose_play(deal))
    again = fresh_copy(deal)
    assert again.first_caller == "dealer" and again.contract == deal.contract
    assert [play.card for play in replay(deal)] == [c for t in deal.tricks for c in t.cards] + [
        *deal.trick
    ]


def test_replay_of_a_bridge_deal_credits_dummys_cards_to_dummy():
    # Declarer plays dummy's cards, but each card is dummy's: the replay once credited it to
    # declarer's seat, with declarer's hand size.
    deal = bridge.Deal(seed=5, dealer="N")
    bot = SensibleBridgeBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    while deal.phase == "playing":
        deal.play(bot.choose_play(deal))
    plays = replay(deal)
    played_by = [seat for trick in deal.tricks for seat in trick.seats]
    assert [play.seat for play in plays] == played_by
    dummy = (deal.declarer + 2) % 4
    assert sum(play.seat == dummy for play in plays) == 13
    assert [play.hand_size for play in plays if play.seat == dummy] == list(range(13, 0, -1))


def test_replay_of_a_judgement_round_of_three_players():
    # It once asked a three-seat round for seat 3's hand, then gave Judgement calls=.
    round_ = judgement.Round(players=3, number=2, seed=4)
    assert replay(round_) == []  # still bidding
    play_out(round_, [SensibleJudgementBot()] * 3)
    plays = replay(round_)
    assert len(plays) == 3 * round_.cards
    again = fresh_copy(round_)
    assert again.bids == round_.bids and again.trump == round_.trump
    for play in plays:
        again.play(play.card, seat=play.seat)
    assert again.tricks == round_.tricks and again.scores() == round_.scores()
    blind = judgement.Round(players=3, number=8, seed=4)
    play_out(blind, [SensibleJudgementBot()] * 3)
    with pytest.raises(CardlibError, match="the blind round plays itself"):
        replay(blind)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_replay_agrees_with_the_engine_on_any_seed(seed):
    deal = played_deal(seed)
    again = fresh_copy(deal)
    for play in replay(deal):
        assert again.explain().legal == play.legal
        again.play(play.card, seat=play.seat)
    assert again == deal


def test_widget_steps_forward_and_back():
    deal = played_deal()
    w = DealReplay(deal)
    assert w.step == 0 and w.back_button.disabled and not w.forward_button.disabled
    assert "leads the first trick" in w.text.value
    w.forward_button.click()
    first = replay(deal)[0]
    assert w.step == 1 and str(first.card) in w.text.value
    assert w.step_label.value == "card 1 of 52"
    w.forward_button.click()
    w.forward_button.click()
    w.forward_button.click()
    assert w.step == 4 and "wins trick 1" in w.text.value
    assert w.trick_view.value.count("<g role") == 4 and "✓" in w.trick_view.value
    w.back_button.click()
    assert w.step == 3 and "wins trick" not in w.text.value
    assert w.trick_view.value.count("<g role") == 3


def test_widget_end_shows_the_score_line_and_clamps():
    deal = played_deal()
    w = DealReplay(deal, step=999)
    assert w.step == 52 and w.forward_button.disabled
    points = "".join(f"<td>{p:.1f}</td>" for p in deal.scores())
    assert points in w.counts.value
    w.forward()
    assert w.step == 52
    w.go_to(-3)
    assert w.step == 0 and "<td>score</td>" not in w.counts.value


def test_widget_names_the_rule_that_forced_a_card():
    deal = played_deal()
    w = DealReplay(deal)
    forced = next(i for i, p in enumerate(w.plays) if p.forced)
    w.go_to(forced + 1)
    assert "<b>forced</b>" in w.text.value and w.plays[forced].text in w.text.value


def test_widget_classes_and_table():
    w = DealReplay(played_deal())
    for part, name in [
        (w.back_button, "step-back"),
        (w.forward_button, "step-forward"),
        (w.step_label, "step-label"),
        (w.trick_view, "replay-trick"),
        (w.text, "replay-text"),
        (w.counts, "replay-counts"),
        (w.widget, "replay"),
    ]:
        assert f"cardlib-{name}" in classes(part)
    assert repr(w) == "DealReplay(step=0 of 52)"
    assert "<td>4</td>" in counts_table((4, 1, 2, 3), (0, 0, 0, 0))


def test_constructed_position_replays():
    hands = ["AS KH", "2S 3H", "3S 4H", "4S 5H"]
    deal = callbreak.Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1])
    play_out(deal, [SensibleBot()] * 4)
    plays = replay(deal)
    assert len(plays) == 8 and {p.card for p in plays} == set(parse_cards(" ".join(hands)))
