"""The card table's coach working ahead while the host is idle (TableController.idle_step):
the hint and the review read what was done, and are exactly what they are without it."""

from __future__ import annotations

import asyncio
import functools
import threading

import pytest
from test_table_controller import ACTING, english_and_a_private_record, learner_acts  # noqa: F401 (a fixture)

import cardlib
from cardlib import games
from cardlib.coach.analysis import analyse, view_of
from cardlib.widgets import table_controller
from cardlib.widgets.table import CardTable
from cardlib.widgets.table_controller import TableController

COACHED = [game.key for game in games.coached()]


#: Each test in English, with a progress record of its own.
pytestmark = pytest.mark.usefixtures("english_and_a_private_record")


def idle(table: TableController, steps: int | None = None) -> int:
    """The host's idle time: ``steps`` steps of work ahead (all there is by default)."""
    done = 0
    while (steps is None or done < steps) and table.idle_step():
        done += 1
    return done


def twins(game: str, seed: int, **options) -> tuple[TableController, TableController]:
    """Two tables alike: one whose host does the work ahead, one whose host never does."""
    options = {"speed": "instant", "review_samples": 12, **options}
    return TableController(game, seed=seed, **options), TableController(game, seed=seed, **options)


def both(ahead: TableController, plain: TableController, action, steps: int | None = None):
    """The same action at both tables, the first given idle time before it; both answers."""
    idle(ahead, steps)
    return action(ahead), action(plain)


def review_of(table: TableController):
    return table.request_review(), table.review


@pytest.mark.parametrize("game", COACHED)
@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("steps", [None, 1, 3])
def test_the_review_with_work_ahead_is_the_review_made_at_the_end(game, seed, steps):
    """All the idle time wanted, or a step or three between clicks (a learner quicker than
    the coach): the same review, number for number and word for word."""
    ahead, plain = twins(game, seed)
    while ahead.match.phase in ACTING:
        both(ahead, plain, learner_acts, steps)
        assert ahead.state == plain.state
    done, review = review_of(ahead)
    assert done == plain.request_review() and review == plain.review
    assert done is not None and len(done.rows) == len(ahead.record)


def test_after_the_last_card_the_review_is_read_not_made(monkeypatch):
    """Idle time after the last card (the last trick is being shown): the review then plays
    nothing out; the idle work says when there is nothing left to do."""
    table = TableController("callbreak", seed=3, speed="instant", review_samples=12)
    while table.match.phase in ACTING:
        idle(table)
        learner_acts(table)
    idle(table)  # while the last trick is shown
    assert table.idle_step() is False  # nothing left to do ahead
    played = []
    real = table_controller.PendingAnalysis.step
    monkeypatch.setattr(
        table_controller.PendingAnalysis, "step", lambda *a: played.append(a) or real(*a)
    )
    monkeypatch.setattr(
        "cardlib.coach.analysis._CardWork.run", lambda *a: pytest.fail("played at the end")
    )
    monkeypatch.setattr(
        "cardlib.coach.analysis._CallWork.run", lambda *a: pytest.fail("played at the end")
    )
    assert table.request_review() is not None and table.review["rows"]
    assert not played


def test_nothing_is_done_ahead_unless_the_host_asks():
    table = TableController("callbreak", seed=3, speed="instant", review_samples=12)
    while table.match.phase in ACTING:
        learner_acts(table)
    assert len(table.ahead) == 0  # plain Python: nothing ran behind the learner's back


def test_nothing_is_done_ahead_in_a_game_the_coach_does_not_know():
    for game in (game.key for game in games.GAMES.values() if not game.coached):
        table = TableController(game, seed=3, speed="instant")
        assert table.idle_step() is False and len(table.ahead) == 0


def to_first_card(table: TableController) -> None:
    while table.match.phase != "playing":
        learner_acts(table)


def test_the_hint_reads_the_analysis_the_review_makes_of_the_decision():
    table = TableController("callbreak", seed=5, speed="instant", review_samples=12)
    to_first_card(table)
    idle(table)
    number = len(table.record) + 1
    seed = table.seed + len(table.match.deals) + number
    expected = analyse(view_of(table.deal), 12, seed)
    assert table._analyse_hint() == expected
    hint = table.click_hint()
    assert hint is not None and str(expected.best) in hint
    card = expected.best.code
    assert table.click_card(card)
    idle(table)
    while table.match.phase in ACTING:
        learner_acts(table)
    row = table.request_review().rows[number - 1]
    # the decision whose hint was followed: no loss, the best card the hint named
    assert row.chosen == expected.best and row.loss == 0


def test_a_hint_on_the_spot_is_the_same_as_one_read_from_the_work_ahead():
    ahead, plain = twins("callbreak", 4)
    to_first_card(ahead)
    to_first_card(plain)
    for _ in range(6):
        hints = both(ahead, plain, TableController.click_hint)
        assert hints[0] == hints[1] and hints[0].startswith("Hint: ")
        both(ahead, plain, learner_acts)


def test_a_hint_on_the_spot_with_many_cards_to_try_is_bounded_and_says_so(monkeypatch):
    """Many different cards to try and nothing done ahead: the hint plays out at most
    HINT_PLAYOUTS, on fewer imagined deals, and counts them honestly; the review then plays out
    the rest and is the one made at the end."""
    monkeypatch.setattr(table_controller, "HINT_PLAYOUTS", 40)
    ahead, plain = twins("callbreak", 4, review_samples=30)
    to_first_card(ahead)
    to_first_card(plain)
    pending = ahead._pending(ahead.deal, len(ahead.record) + 1)
    assert pending.choices >= 3  # the first card: several different cards to try
    analysis = ahead._analyse_hint()
    assert pending.done == analysis.samples == max(1, 40 // pending.choices) < 30
    assert analysis == analyse(view_of(ahead.deal), analysis.samples, pending.seed)
    hint = ahead.click_hint()
    close = [c for c in analysis.cards[1:] if c.close and not c.same]
    if close:
        assert f"too close to tell at {analysis.samples} imagined deals" in hint
    assert ahead.click_hint() == hint  # asked again: the same answer
    while ahead.match.phase in ACTING:
        both(ahead, plain, learner_acts)
    assert review_of(ahead) == (plain.request_review(), plain.review)


def test_a_forced_card_needs_no_analysis_ahead_and_its_hint_says_so():
    table = TableController("callbreak", seed=3, speed="instant", review_samples=12)
    while not (table.match.phase == "playing" and len(table.match.legal_actions()) == 1):
        learner_acts(table)
    assert table.idle_step() in (True, False)
    hint = table.click_hint()
    assert hint is not None and "is the only card you can play" in hint


def test_a_click_while_work_ahead_is_pending_is_the_click_as_ever():
    """A click between two steps of work ahead (from the browser, with its serial): played
    at once, and the half-done analysis of the old position is only ever that position's."""
    ahead, plain = twins("judgement", 2)
    while ahead.match.phase in ACTING:
        idle(ahead, 1)
        for table in (ahead, plain):
            state = table.state
            message = {"type": "call", "serial": state["serial"]}
            if state["calls"]:
                message["value"] = next(c["value"] for c in state["calls"] if c["legal"])
            else:
                message = {"type": "card", "serial": state["serial"]}
                message["code"] = next(c["code"] for c in state["hand"] if c["legal"])
            assert table.receive(message) is None
        assert ahead.state == plain.state
    assert review_of(ahead) == review_of(plain)
    assert ahead.ignored_messages == plain.ignored_messages == 0


def test_replay_back_again_and_a_hint_during_a_replay():
    """The adversary's evening: work ahead between every click, a replay from the fourth
    decision with a hint in it, back to the match, "Play this deal again" and a review of it:
    every hint and review is the one the table without work ahead gives."""
    ahead, plain = twins("callbreak", 7)
    while ahead.match.phase in ACTING:
        both(ahead, plain, learner_acts)
    assert review_of(ahead) == review_of(plain)
    first = review_of(ahead)
    both(ahead, plain, lambda t: t.click_replay(4))
    hints = both(ahead, plain, TableController.click_hint)
    assert hints[0] == hints[1] and hints[0].startswith("Hint: ")
    for _ in range(3):
        both(ahead, plain, learner_acts)
        hints = both(ahead, plain, TableController.click_hint, steps=1)
        assert hints[0] == hints[1]
    both(ahead, plain, TableController.click_back_to_match)
    assert review_of(ahead) == review_of(plain) == first  # the match's own review, kept
    both(ahead, plain, TableController.click_play_again)
    while ahead.match.phase in ACTING:
        both(ahead, plain, learner_acts, steps=2)
    assert review_of(ahead) == review_of(plain)
    both(ahead, plain, TableController.click_back_to_match)
    both(ahead, plain, TableController.click_next)  # a new deal: nothing of the old one kept
    assert len(ahead.ahead) == 0
    to_first_card(ahead)
    to_first_card(plain)
    assert both(ahead, plain, TableController.click_hint)[0] == plain.click_hint()


def test_a_deal_restored_after_a_reload_reads_no_analysis_of_the_fresh_one(monkeypatch):
    """A reload at a table dealing fresh seeds: the new table's host has already worked ahead
    on its own fresh deal when the kept match arrives and is rebuilt; its hints and review are
    those of a table that rebuilt it with no work ahead."""
    seeds = iter([111, 222, 222])
    monkeypatch.setattr(table_controller, "fresh_seed", lambda: next(seeds))
    played = TableController("callbridge", seed=None, speed="instant", review_samples=12)
    for _ in range(5):
        learner_acts(played)
    kept = played.kept()
    ahead, plain = twins("callbridge", None)
    assert ahead.deal.hand(0) != played.deal.hand(0)  # another deal than the kept one
    idle(ahead)
    assert len(ahead.ahead) > 0
    assert ahead.restore(kept) and plain.restore(kept)
    assert ahead.state == plain.state and ahead.deal.hand(0) == played.deal.hand(0)
    hints = both(ahead, plain, TableController.click_hint)
    assert hints[0] == hints[1] and hints[0].startswith("Hint: ")
    while ahead.match.phase in ACTING:
        both(ahead, plain, learner_acts)
    assert review_of(ahead) == review_of(plain)


def test_a_language_switched_mid_way_changes_the_words_not_the_numbers():
    ahead, plain = twins("callbreak", 8)
    to_first_card(ahead)
    to_first_card(plain)
    idle(ahead, 2)
    english = ahead.click_hint()
    cardlib.set_language("hi")
    hindi = ahead.state["hint"]
    assert hindi and hindi != english
    assert plain.click_hint() == hindi
    while ahead.match.phase in ACTING:
        both(ahead, plain, learner_acts, steps=1)
        if len(ahead.record) == 6:
            cardlib.set_language("en")
    assert review_of(ahead) == review_of(plain)


# ----- the widget: the kernel's idle time ---------------------------------------------


def on_a_thread_of_its_own(test):
    """Run ``test`` on a new thread: whether an event loop runs there is then the test's own
    doing, not that of a test run before it in this process (a browser test's Playwright keeps
    its loop running on the main thread for the whole session)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        failed: list[BaseException] = []

        def body():
            try:
                test(*args, **kwargs)
            except BaseException as error:
                failed.append(error)

        thread = threading.Thread(target=body)
        thread.start()
        thread.join()
        if failed:
            raise failed[0]

    return run


@on_a_thread_of_its_own
def test_the_widget_works_ahead_on_its_event_loop_once_somebody_plays():
    async def session() -> None:
        table = CardTable("callbreak", seed=3, speed="instant", review_samples=12)
        table._push()
        assert table._idle_work is None  # no message yet: nobody plays at this table
        while table.controller.match.phase != "playing":
            state = table.state
            value = next(c["value"] for c in state["calls"] if c["legal"])
            table._on_browser_message(
                table, {"type": "call", "serial": state["serial"], "value": value}, []
            )
        assert table._idle_work is not None  # one step waits on the loop, not done yet
        pending = table.controller._pending(table.deal, len(table.record) + 1)
        assert pending.done == 0
        # a click arrives before any step ran: handled first, the step follows
        state = table.state
        code = next(c["code"] for c in state["hand"] if c["legal"])
        table._on_browser_message(
            table, {"type": "card", "serial": state["serial"], "code": code}, []
        )
        assert table.state["serial"] == state["serial"] + 1 and pending.done == 0
        for _ in range(10_000):  # each turn of the loop runs one step, until none is left
            if table._idle_work is None:
                break
            await asyncio.sleep(0)
        assert table._idle_work is None and table.controller.idle_step() is False
        table.close()

    asyncio.run(session())


@on_a_thread_of_its_own
def test_the_widget_does_nothing_ahead_without_an_event_loop():
    table = CardTable("callbreak", seed=3, speed="instant", review_samples=12)
    state = table.state
    value = next(c["value"] for c in state["calls"] if c["legal"])
    table._on_browser_message(
        table, {"type": "call", "serial": state["serial"], "value": value}, []
    )
    assert table._idle_work is None and len(table.controller.ahead) == 0


def test_a_whole_judgement_match_to_its_blind_round_with_work_ahead():
    """Every round of a match, the last one bid blind (the hand face down): each round's review
    with work ahead is the one made at the end, and a new round keeps nothing of the last."""
    ahead, plain = twins("judgement", 3, review_samples=4)
    rounds = 0
    while ahead.match.phase != "over":
        while ahead.match.phase in ACTING:
            both(ahead, plain, learner_acts, steps=2)
        assert review_of(ahead) == review_of(plain)
        rounds += 1
        if ahead.match.phase != "over":
            both(ahead, plain, TableController.click_next)
            assert len(ahead.ahead) == 0
    assert rounds == len(ahead.match.deals) == 8


@on_a_thread_of_its_own
def test_in_pyodide_the_widget_uses_the_loop_the_browser_runs(monkeypatch):
    """Pyodide's loop (JupyterLite) runs its callbacks from the browser's event loop even when
    Python is not inside it: the widget schedules its steps there."""
    scheduled = []
    unused = asyncio.new_event_loop()  # only for the handles: nothing runs it

    class BrowsersLoop:
        def call_soon(self, callback):
            scheduled.append(callback)
            return asyncio.Handle(callback, (), unused)

    table = CardTable("callbreak", seed=3, speed="instant", review_samples=12)
    monkeypatch.setattr("sys.platform", "emscripten")
    monkeypatch.setattr(asyncio, "get_event_loop", BrowsersLoop)
    state = table.state
    value = next(c["value"] for c in state["calls"] if c["legal"])
    table._on_browser_message(
        table, {"type": "call", "serial": state["serial"], "value": value}, []
    )
    assert scheduled == [table._idle_step]
    steps = 0
    while scheduled:
        scheduled.pop()()  # the browser's loop runs the steps, one at a time
        steps += 1
        assert len(scheduled) <= 1
    monkeypatch.undo()
    unused.close()
    assert steps > 1 and table._idle_work is None and table.controller.idle_step() is False
