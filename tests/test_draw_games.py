"""The drawings of the trick games: Call Break's scoreboard, Judgement's schedule."""

from cardlib import callbreak, i18n
from cardlib.bots import SensibleBot, play_out
from cardlib.draw.callbreak import scoreboard_html
from cardlib.draw.judgement import schedule_html, trump_html
from cardlib.seats import seat_label


def finished_match(deals: int = 1) -> callbreak.Match:
    match = callbreak.Match(seed=1, deals=deals)
    for number in range(deals):
        if number:
            match.next_deal()
        play_out(match.deal, [SensibleBot()] * 4)
    return match


def test_scoreboard_has_a_row_per_finished_deal_and_the_running_totals():
    match = finished_match(deals=2)
    board = scoreboard_html(match)
    assert board.count("<tr>") == 1 + 2 + 1  # head, two deals, the total
    first, second = match.scores_by_deal()
    for seat in range(4):
        running = callbreak.format_points(first[seat] + second[seat])
        assert f"so far {running}" in board
        assert f"<b>{callbreak.format_points(match.totals()[seat])}</b>" in board


def test_scoreboard_shows_no_unfinished_deal():
    match = callbreak.Match(seed=1)
    assert "<tr><td>1</td>" not in scoreboard_html(match)
    assert "Match over" not in scoreboard_html(match)


def test_scoreboard_wording_for_one_winner_and_a_shared_win():
    match = finished_match()
    winners = match.winners()
    names = " and ".join(seat_label(s, you=0) for s in winners)
    assert f"Match over: {names}" in scoreboard_html(match)

    class Tied:  # a finished match whose totals tie on top
        deals = match.deals
        phase = "over"
        totals = match.totals

        @staticmethod
        def winners() -> tuple[int, ...]:
            return (0, 2)

    tied = scoreboard_html(Tied)  # type: ignore[arg-type]
    assert "Match over: You (South, seat 0) and North (2) share the win." in tied


def test_scoreboard_speaks_the_learners_language():
    match = finished_match()
    boards = i18n.in_every_language(lambda: scoreboard_html(match))
    assert len(set(boards.values())) == len(boards) > 1


def test_schedule_table_marks_the_current_round():
    table = schedule_html(3, players=4)
    assert table.count("<tr") == 9
    assert "▶ 3" in table and table.count("▶") == 1
    assert "20 of 52" in table and "blind" in table


def test_the_trump_is_named_with_its_symbol_and_colour():
    assert "♥ hearts" in trump_html("H") and "color:" in trump_html("H")
