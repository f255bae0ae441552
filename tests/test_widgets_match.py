"""Notebook 06's match player, driven by clicks in plain pytest."""

from cardlib import callbreak
from cardlib.bots import SensibleBot, play_out
from cardlib.cards import Card
from cardlib.widgets.match_player import MatchPlayer, scoreboard_html, seat_label


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def click_through(player: MatchPlayer) -> int:
    """Finish the match by pressing buttons only: the suggested call, the first legal card."""
    clicks = 0
    while player.match.phase != "over":
        phase = player.match.phase
        if phase == "calling":
            player.call_button.click()
        elif phase == "playing":
            first = next(c for c, b in player.card_buttons.items() if "cardlib-legal" in classes(b))
            player.card_buttons[first].click()
        else:
            player.next_button.click()
        clicks += 1
    return clicks


def test_starts_at_your_call_after_the_bots_before_you():
    player = MatchPlayer(seed=1)
    deal = player.match.deal
    assert player.match.phase == "calling" and deal.to_act == 0
    calling_order = [(deal.dealer + 1 + i) % 4 for i in range(4)]
    before_you = calling_order[: calling_order.index(0)]
    assert [s for s in range(4) if deal.calls[s] is not None] == sorted(before_you)
    assert list(player.call_select.options) == list(range(1, 14))
    assert not player.call_button.disabled and player.next_button.disabled
    assert "Your call" in player.feedback.value
    assert len(player.hand.children) == 13 and player.highlighted == frozenset()


def test_call_then_the_legal_set_is_highlighted():
    player = MatchPlayer(seed=1)
    player.call(3)
    assert player.match.deal.calls[0] == 3 and player.match.phase == "playing"
    assert player.match.to_act == 0 and player.call_button.disabled
    legal = player.match.legal_plays()
    assert player.legal == legal == player.highlighted
    for card, button in player.card_buttons.items():
        assert ("cardlib-legal" in classes(button)) == (card in legal)
    assert "Legal:" in player.feedback.value


def test_illegal_click_is_refused_with_the_rule_and_changes_nothing():
    player = MatchPlayer(seed=1)
    player.call(3)
    deal = player.match.deal
    illegal = sorted(deal.hand(0) - player.legal)[0]
    before = deal.copy()
    status, scoreboard = player.status.value, player.scoreboard.value
    player.click(illegal)
    assert deal == before
    assert player.feedback.value.startswith("<b>Refused:</b>")
    assert f"{illegal} is not allowed ({deal.explain().rule})" in player.feedback.value
    assert deal.explain().text in player.feedback.value
    assert (player.status.value, player.scoreboard.value) == (status, scoreboard)
    # A card you do not hold is refused too.
    not_held = next(
        c for c in map(Card, range(52)) if c not in deal.hand(0) and c not in deal.trick
    )
    player.click(not_held)
    assert "does not hold" in player.feedback.value and deal == before


def test_cards_refused_while_calling():
    player = MatchPlayer(seed=1)
    before = player.match.deal.copy()
    player.click(sorted(player.match.deal.hand(0))[0])
    assert "Refused" in player.feedback.value and "calls first" in player.feedback.value
    assert player.match.deal == before


def test_legal_click_plays_and_bots_respond():
    player = MatchPlayer(seed=1)
    player.call(3)
    deal = player.match.deal
    card = sorted(player.legal)[0]
    player.click(card)
    assert card not in deal.hand(0)
    assert deal.to_act == 0 or deal.phase == "over"  # the bots played on to your turn
    assert len(deal.tricks) == 1 and card in deal.tricks[0].cards
    assert player.finished_tricks == deal.tricks[:1]
    assert f"trick 1 goes to {seat_label(deal.tricks[0].winner)}" in player.feedback.value
    assert "Trick 1:" in player.last_trick.value
    assert len(player.hand.children) == 12


def test_the_same_seed_gives_the_same_match():
    a, b = MatchPlayer(seed=11), MatchPlayer(seed=11)
    click_through(a)
    click_through(b)
    assert a.match.scores_by_deal() == b.match.scores_by_deal()
    assert a.scoreboard.value == b.scoreboard.value


def test_a_whole_match_by_clicking_only():
    player = MatchPlayer(seed=2024)
    clicks = click_through(player)
    match = player.match
    assert match.phase == "over" and len(match.deals) == 5
    assert clicks == 5 + 5 * 13 + 4  # five calls, 65 cards, four "Next deal"
    board = player.scoreboard.value
    for total in match.totals():
        assert f"<b>{callbreak.format_points(total)}</b>" in board
    names = " and ".join(seat_label(s) for s in match.winners())
    assert f"Match over: {names}" in board
    assert board.count("<tr><td>") == 6  # five deals and the totals
    running = match.totals()  # after the last deal the running total is the total
    for total in running:
        assert f"so far {callbreak.format_points(total)}</small>" in board
    first = match.scores_by_deal()[0]
    for points in first:  # after the first deal the running total is that deal's score
        assert f"→ {callbreak.format_points(points)}<br><small>so far " in board
    assert player.next_button.disabled and player.call_button.disabled
    assert "The match is over" in player.feedback.value
    player.next_button.click()
    assert "Refused" in player.feedback.value and match.phase == "over"


def test_scoreboard_updates_after_each_deal_and_next_deal():
    player = MatchPlayer(seed=3)
    assert "<tr><td>1</td>" not in player.scoreboard.value
    while player.match.phase != "deal-over":
        if player.match.phase == "calling":
            player.call(2)
        else:
            player.click(sorted(player.legal)[0])
    assert "<tr><td>1</td>" in player.scoreboard.value
    assert not player.next_button.disabled and "Next deal" in player.feedback.value
    player.next_deal()
    assert len(player.match.deals) == 2 and player.match.to_act == 0
    assert player.next_button.disabled and player.finished_tricks == ()


def test_the_player_agrees_with_bots_playing_the_match_directly():
    # Clicking the sensible bot's choices reproduces a match of four sensible bots.
    player = MatchPlayer(seed=7)
    reference = callbreak.Match(seed=7)
    bot = SensibleBot()
    while player.match.phase != "over":
        if player.match.phase == "deal-over":
            player.next_deal()
            reference.next_deal()
        elif player.match.phase == "calling":
            player.call(bot.choose_call(player.match.deal))
        else:
            player.click(bot.choose_play(player.match.deal))
        play_out(reference.deal, [bot] * 4, stop_at=None)
    assert player.match.scores_by_deal() == reference.scores_by_deal()


def test_css_classes():
    player = MatchPlayer(seed=1)
    for part, name in [
        (player.call_select, "call-select"),
        (player.call_button, "call-button"),
        (player.status, "status"),
        (player.trick_view, "trick"),
        (player.last_trick, "last-trick"),
        (player.hand, "hand"),
        (player.feedback, "feedback"),
        (player.next_button, "next-deal"),
        (player.scoreboard, "scoreboard"),
        (player.widget, "match-player"),
    ]:
        assert f"cardlib-{name}" in classes(part)
    for card, button in player.card_buttons.items():
        assert {"cardlib-card-button", f"cardlib-card-{card.code}"} <= classes(button)
        assert button.description == str(card) and button.tooltip.startswith(card.name)
    assert repr(player) == "MatchPlayer(seed=1, deal 1 of 5, calling)"


def test_scoreboard_wording_for_one_winner_and_a_shared_win():
    match = callbreak.Match(seed=1, deals=1)
    play_out(match.deal, [SensibleBot()] * 4)
    winners = match.winners()
    names = " and ".join(seat_label(s) for s in winners)
    assert f"Match over: {names}" in scoreboard_html(match)

    class Tied:  # a finished match whose totals tie on top
        deals = match.deals
        phase = "over"
        totals = match.totals

        @staticmethod
        def winners():
            return (0, 2)

    assert "Match over: You (South, seat 0) and North (2) share the win." in scoreboard_html(Tied)
