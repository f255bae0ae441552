"""``make app``: the card table's page, played in a real browser, by mouse and by keyboard.

One server (started as ``make app`` starts it: cardlib.app_server) serves the module; every
test opens its own page (its own table, in a process of its own). The bots are set to
"Instant" with the table's own speed control, so a whole deal takes seconds. axe-core audits
the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from jupyter_driver import (
    APP_READY,
    STDERR_MIME,
    WIDGET_ERRORS,
    LabNotebook,
    accessibility_violations,
    first_screen,
    table_app_server,
    table_position,
    whole_page_screenshot,
)
from playwright.sync_api import expect

from cardlib.games import GAMES
from cardlib.widgets.table import CardTable

pytestmark = pytest.mark.ui

TABLE = ".cardlib-table"
#: The page's pickers (cardlib/widgets/table_page.js) and all that the app draws.
GAME_PICKER = "#cl-pick-game"
PLAYERS_PICKER = "#cl-pick-players"
APP = ".cardlib-table-page"
SETTLED = "s => document.querySelector('.cardlib-table')?.dataset.serial !== s"
CONTINUE_OR_SETTLED = (
    "s => !!document.querySelector('.cl-continue-button')"
    " || document.querySelector('.cardlib-table').dataset.serial !== s"
)
FOCUS_IN_TABLE = "() => !!document.activeElement?.closest('.cardlib-table')"


@pytest.fixture(scope="module")
def table_app(browser, tmp_path_factory):
    # preheated, as make app serves it: each test's page finds its table ready
    server = table_app_server(tmp_path_factory.mktemp("table-app"), pool=2)
    server.start(ready_path=APP_READY)
    yield server
    server.stop()


def leave(page) -> None:
    """Close the app's page as a browser closes a tab (its "beforeunload" runs): its socket
    closes, and the server culls its table later."""
    page.close(run_before_unload=True)
    page.context.close()


@pytest.fixture
def page(browser):
    """A page of the app in a fresh browser context, left as a tab is closed."""
    from conftest import new_page

    page = new_page(browser)
    yield page
    leave(page)


def open_table(page, app, game: str = "callbreak"):
    page.goto(app.url)
    page.locator(TABLE).wait_for(timeout=120_000)
    if game != "callbreak":
        title = GAMES[game].title
        page.select_option(GAME_PICKER, label=title)
        expect(page.locator(".cl-heading")).to_contain_text(title.split(" (")[0])
    page.select_option(".cl-speed", "instant")
    expect(page.locator(".cl-speed")).to_have_value("instant")
    # the bots' cards so far jump to the learner's turn
    page.locator(".cl-calls button.cl-legal, .cl-hand button.cl-legal").first.wait_for()


def serial(page) -> str:
    return page.locator(TABLE).get_attribute("data-serial") or ""


#: Where a button is clicked: near its top left corner, in the strip a fanned card (a phone's
#: hand) leaves showing; its middle may lie under the next card.
CORNER = {"x": 8, "y": 12}


def click_and_wait(page, button) -> None:
    before = serial(page)
    button.click(position=CORNER)
    page.wait_for_function(SETTLED, arg=before)


def no_errors(page) -> None:
    errors = page.locator(f'.jp-OutputArea-output[data-mime-type="{STDERR_MIME}"]')
    assert not errors.count(), errors.first.text_content()
    assert not WIDGET_ERRORS.search(page.locator("body").text_content())
    expect(page.locator(".cl-server-gone")).to_be_hidden()  # its table answered throughout


def audit(page) -> None:
    """axe-core over the app (the picker and the table): WCAG 2.1 AA, zero violations."""
    found = accessibility_violations(page, APP)
    assert not found, "\n".join(found)


def play_deal_by_clicking(page, levels=()) -> int:
    """Click the first allowed call or playable card until the deal's end table shows;
    ``levels``: (game, level) to choose, one after each of the learner's first clicks."""
    clicks = 0
    refused = False
    levels = list(levels)
    while not page.locator(".cl-end .cl-end-table").is_visible():
        if levels and clicks:
            choose_level(page, *levels.pop(0))
        call = page.locator(".cl-calls button.cl-legal")
        card = page.locator(".cl-hand button.cl-legal")
        if call.count():
            click_and_wait(page, call.first)
        elif card.count():
            dimmed = page.locator(".cl-hand button.cl-dim")
            if not refused and dimmed.count():  # a refused card explains itself, beside the hand
                dimmed.first.click(position=CORNER)
                expect(page.locator(".cl-refusal")).to_contain_text("is not allowed")
                assert "(" not in page.locator(".cl-refusal").text_content().split(":")[0]
                refused = True
            click_and_wait(page, card.first)
            expect(page.locator(".cl-refusal")).to_have_text("")
        else:
            raise AssertionError(f"nothing to click: {page.locator('.cl-prompt').text_content()}")
        assert page.evaluate(FOCUS_IN_TABLE), "focus left the table"
        clicks += 1
        assert clicks < 80
    if levels:  # only a learner who is dummy (Contract Bridge) can have so few turns
        expect(page.locator(".cl-seat.cl-you .cl-role")).to_have_text("dummy")
    return clicks


#: Every card that comes onto the table (``in``) and every copy of a finished trick's card
#: that sweeps to its winner (``sweep``), with the animation the page gives it.
WATCH_MOTION_JS = """
() => {
  window.moves = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (!(node instanceof HTMLElement) || !node.matches('.cl-played.cl-new, .cl-swept')) continue;
      const style = getComputedStyle(node);
      window.moves.push({
        kind: node.matches('.cl-swept') ? 'sweep' : 'in', animation: style.animationName,
        duration: style.animationDuration, shown: style.display !== 'none',
        ux: node.style.getPropertyValue('--ux'), to: node.style.getPropertyValue('--to-ux'),
        fromTop: parseFloat(node.style.getPropertyValue('--from-top')),
        feltHeight: document.querySelector('.cl-felt').getBoundingClientRect().height});
    }
  }).observe(document.querySelector('.cardlib-table'), {subtree: true, childList: true});
}
"""


def play_cards(page, count: int) -> None:
    """The learner plays ``count`` cards (the first playable each time), or to the deal's end."""
    for _ in range(count):
        card = page.locator(".cl-hand button.cl-legal")
        if not card.count():
            return
        click_and_wait(page, card.first)


def no_movement(page) -> None:
    """Cards came in since WATCH_MOTION_JS began, none of them moving, and no trick swept."""
    assert moves(page, "in") and not moves(page, "sweep")
    assert {m["animation"] for m in moves(page, "in")} == {"none"}


def moves(page, kind: str) -> list[dict]:
    """What WATCH_MOTION_JS saw come in (``"in"``) or sweep (``"sweep"``) so far."""
    return [move for move in page.evaluate("() => window.moves") if move["kind"] == kind]


#: The opponents a deal of each game starts with, then the two others in turn (the bots play at
#: the level chosen from their next call or card on): every game's deal meets every level.
LEVELS_IN_TURN = {
    "callbreak": ("beginner", "sensible", "strong"),
    "callbridge": ("sensible", "strong", "beginner"),
    "judgement": ("strong", "beginner", "sensible"),
    "bridge": ("beginner", "strong", "sensible"),
}


def choose_level(page, game: str, level: str) -> None:
    """The opponents' menu: every bot at ``level``, shown on each seat."""
    page.select_option(".cl-level", level)
    expect(page.locator(".cl-seat .cl-bot-level")).to_have_text([level.title()] * 3)
    note = page.locator(".cl-level-note")
    if game == "bridge" and level == "strong":  # no coach bot for Contract Bridge: said so
        expect(note).to_contain_text("Strong plays as Sensible")
    else:
        expect(note).to_have_text("")


@pytest.mark.parametrize("game", list(GAMES))
def test_one_whole_deal_of_each_game_by_clicking(table_app, page, screenshot_dir, game):
    open_table(page, table_app, game)
    page.evaluate(WATCH_MOTION_JS)  # the instant speed: nothing moves
    first, *later = LEVELS_IN_TURN[game]
    choose_level(page, game, first)
    clicks = play_deal_by_clicking(page, levels=[(game, level) for level in later])
    assert clicks >= 2
    end = page.locator(".cl-end")
    seats = 4
    expect(end.locator(".cl-end-table tbody tr")).to_have_count(seats)
    expect(end.locator(".cl-sheet").first.locator("tbody tr")).to_have_count(1)  # deal 1
    next_button = end.locator("button.cl-next")
    expect(next_button).to_have_text("Next round" if game == "judgement" else "Next deal")
    expect(page.locator(".cl-calls button")).to_have_count(0)  # no calls outside calling
    whole_page_screenshot(page, screenshot_dir / "voila" / f"table-{game}-end.png")
    audit(page)
    click_and_wait(page, next_button)  # the last trick leaves the table, unswept
    expect(page.locator(".cl-heading")).to_contain_text(
        "Round 2" if game == "judgement" else "Deal 2"
    )
    no_movement(page)
    no_errors(page)


#: The focused element's accessible name, roughly as a screen reader finds it.
FOCUSED_NAME_JS = """
() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const label = e.id && document.querySelector(`label[for="${e.id}"]`);
  return (e.getAttribute('aria-label') || (label && label.textContent) || e.textContent || '')
    .trim();
}
"""


def tab_stops_have_names(page) -> None:
    """Tab once round the page: every stop has a name (none is the page's bare container)."""
    seen = []
    for _ in range(30):
        page.keyboard.press("Tab")
        name = page.evaluate(FOCUSED_NAME_JS)
        if name is None:  # the browser's own chrome, between the end of the page and its start
            continue
        key = page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
        if key in seen:
            return
        seen.append(key)
        assert name, f"an unnamed Tab stop: {key}"


#: Every text the live region takes, from the page's first moment (what a screen reader hears).
HEAR_LIVE_REGION_JS = """
window.heard = [];
new MutationObserver(() => {
  const text = document.querySelector('.cl-live')?.textContent;
  if (text && text !== window.heard[window.heard.length - 1]) window.heard.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


#: The live region has said ``text``, in any of its texts so far (HEAR_LIVE_REGION_JS).
HEARD_JS = "text => window.heard.some(said => said.includes(text))"


def test_a_call_break_deal_by_keyboard_only(table_app, page):
    """A whole deal by keyboard, the live region read after every action: each bot's call and
    card, each trick's winner (the last one too), whose turn it is, the deal's result."""
    page.add_init_script(HEAR_LIVE_REGION_JS)
    page.goto(table_app.url)
    page.locator(TABLE).wait_for(timeout=120_000)
    for _ in range(10):  # Tab to the speed control and make the bots instant
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.classList.contains('cl-speed')"):
            break
    for _ in range(5):
        page.keyboard.press("ArrowUp")
    expect(page.locator(".cl-speed")).to_have_value("instant")
    live = page.locator(".cl-live")
    expect(live).to_contain_text("Your turn to call.")
    for _ in range(20):  # on to the first allowed call
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement?.matches('.cl-call.cl-legal')"):
            break
    focused = page.locator(":focus")
    assert focused.locator(".cl-sr").text_content().endswith(", allowed")
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "solid"  # a visible focus ring for the keyboard
    before = serial(page)
    page.keyboard.press("Enter")
    page.wait_for_function(SETTLED, arg=before)
    presses = 0
    while page.locator(".cl-hand button.cl-legal").count():
        focused = page.locator(":focus")
        assert "cl-card" in focused.get_attribute("class"), "focus is not on the hand"
        assert "cl-legal" in focused.get_attribute("class")  # the first playable card
        assert focused.locator(".cl-sr").text_content().endswith(", playable")
        cards = page.locator(".cl-hand button")
        if cards.count() > 1:  # arrows move along the hand and back
            at = page.evaluate(
                "() => [...document.activeElement.parentNode.children]"
                ".indexOf(document.activeElement)"
            )
            page.keyboard.press("ArrowRight")
            moved = page.evaluate(
                "() => [...document.activeElement.parentNode.children]"
                ".indexOf(document.activeElement)"
            )
            assert moved == (at + 1) % cards.count()
            page.keyboard.press("ArrowLeft")
        before = serial(page)
        page.keyboard.press("Enter")
        page.wait_for_function(SETTLED, arg=before)
        if page.locator(".cl-hand button.cl-legal").count():
            assert live.text_content().endswith(
                page.locator(".cl-prompt").text_content()
            )  # your turn
        presses += 1
        assert presses <= 13
    assert presses == 13
    expect(page.locator(".cl-end .cl-end-table")).to_be_visible()
    expect(page.locator(":focus")).to_have_text("Next deal")  # focus went to Next deal
    expect(live).to_have_attribute("aria-live", "polite")
    heard = page.evaluate("() => window.heard")
    said = " ".join(heard)
    assert len(re.findall(r"\bcalls \d+\.", said)) == 3, said  # the three bots' calls
    assert len(re.findall(r" plays \w+ of \w+\.", said)) == 39, said  # every bot's card
    for trick in range(1, 14):
        assert said.count(f"Trick {trick}: ") == 1, trick
    assert "Trick 13: " in heard[-1] and "Deal 1 is over." in heard[-1]  # both read
    assert "You (South, seat 0): " in heard[-1]  # the deal's result
    tab_stops_have_names(page)
    audit(page)
    page.locator(".cl-end button.cl-next").focus()
    before = serial(page)
    page.keyboard.press("Enter")
    page.wait_for_function(SETTLED, arg=before)
    expect(page.locator(".cl-heading")).to_contain_text("Deal 2 of 5")
    no_errors(page)


#: A Contract Bridge match this browser kept from an earlier visit (table.js's local storage):
#: seed 0, where North declares if the learner passes.
KEPT_BRIDGE_MATCH = {
    "key": "bridge:4",
    "game": "bridge",
    "players": 4,
    "seed": 0,
    "matches": 0,
    "levels": ["sensible"] * 3,
    "actions": [["level", ["sensible"] * 3]],
}
KEPT_AS = json.dumps(json.dumps(KEPT_BRIDGE_MATCH))  # a JavaScript string of the JSON
KEEP_BRIDGE_MATCH_JS = f"localStorage.setItem('cardlib-table-match-v1:bridge:4', {KEPT_AS})"


def test_the_app_page_has_no_accessibility_violations(table_app, page):
    """axe-core at each stage: calling, playing with a refusal, on a phone, the question
    before switching game mid-deal, and the choice of the learner as dummy in Contract Bridge
    (to watch the play at the chosen speed or skip to the result)."""
    page.add_init_script(KEEP_BRIDGE_MATCH_JS)
    open_table(page, table_app)
    audit(page)  # calling: the call pad
    click_and_wait(page, page.locator(".cl-calls button.cl-legal").first)
    dimmed = page.locator(".cl-hand button.cl-dim")
    if dimmed.count():
        dimmed.first.click()
        expect(page.locator(".cl-refusal")).not_to_have_text("")
    audit(page)  # playing: the hand, the trick, a refusal
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    audit(page)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.select_option(GAME_PICKER, label=GAMES["bridge"].title)
    question = page.locator(".cl-switch-question")
    expect(question).to_contain_text("This deal is not finished. Switch to Contract Bridge")
    audit(page)
    question.get_by_role("button", name="Switch game").click()
    heading = page.locator(".cl-heading")
    expect(heading).to_contain_text("Contract Bridge · Deal 1 · ")
    expect(heading).to_contain_text("match seed 0")  # the match this browser kept
    expect(page.locator(".cl-restored")).to_have_text(
        "Your match is back where you left it: this browser kept it."
    )
    page.select_option(".cl-speed", "fast")
    watch = page.locator(".cl-dummy-choice button.cl-watch")
    for _ in range(4):  # the learner passes until the auction is over: North declares
        before = serial(page)
        page.locator('.cl-calls button.cl-legal[data-call="P"]').click()
        page.wait_for_function(
            "s => !!document.querySelector('.cl-watch')"
            " || document.querySelector('.cardlib-table').dataset.serial !== s",
            arg=before,
        )
        if watch.count():
            break
    expect(watch).to_be_focused()
    expect(page.locator(".cl-choice-question")).to_contain_text("You are dummy: North (2)")
    expect(page.locator(".cl-live")).to_contain_text("Watch the play at the chosen speed")
    audit(page)
    page.keyboard.press("Enter")  # watch: the cards come one at a time, Skip at hand
    skip = page.locator(".cl-dummy-choice button.cl-skip")
    expect(skip).to_be_focused()
    page.wait_for_function(
        "() => parseInt(document.querySelector('.cardlib-table').dataset.frame) >= 5"
    )
    assert page.locator(".cl-played").count() >= 1
    page.keyboard.press("Enter")  # skip to the result
    expect(page.locator(".cl-end .cl-end-table")).to_be_visible()
    frame = page.locator(TABLE).get_attribute("data-frame").split("/")
    assert frame[0] == frame[1]
    said = page.locator(".cl-live").text_content()
    assert "Deal 1 is over." in said and said.count(" plays ") <= 1, said  # not 52 plays
    expect(page.locator(":focus")).to_have_text("Next deal")
    no_errors(page)


PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"


def test_the_table_in_jupyterlab(lab, served_notebooks, browser):
    """The same widget in JupyterLab 4: a whole Call Bridge deal by clicking, and a reload of the
    page mid-deal. Run again after the reload, the cell gives the match back exactly where it
    was (this browser kept it); run once more in the same page, it starts again, as its seed
    promises ("every time you start again from this cell", notebook 06)."""
    from conftest import new_page

    path = served_notebooks / "card-table-in-lab.ipynb"  # a throwaway notebook in the copy
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [
        nbformat.v4.new_code_cell(
            'from cardlib.widgets.table import CardTable\nCardTable("callbridge", seed=4)'
        )
    ]
    nbformat.write(notebook, path)
    page = new_page(browser)
    try:
        lab_notebook = LabNotebook(page, lab, path).open()
        reports = lab_notebook.run_all()
        assert not lab_notebook.problems(reports), lab_notebook.problems(reports)
        page.locator(TABLE).wait_for()
        page.select_option(".cl-speed", "instant")
        page.locator(PLAYABLE).first.wait_for()
        dealt = table_position(page)
        for _ in range(3):  # the bid and two cards: mid-deal
            click_and_wait(page, page.locator(PLAYABLE).first)
        before = table_position(page)

        page.on("dialog", lambda dialog: dialog.accept())  # leave the unsaved notebook
        page.reload()
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
        lab_notebook.wait_idle()
        lab_notebook.run_all()  # the learner runs the cell again
        # the table is drawn at its fresh start, then the browser sends the kept match: wait
        # for the match to be back before reading the position
        expect(page.locator(".cl-restored")).to_contain_text("Your match is back where you")
        page.locator(PLAYABLE).first.wait_for()
        assert table_position(page) == before
        lab_notebook.run_all()  # and once more: a new start
        page.locator(PLAYABLE).first.wait_for()
        assert table_position(page) == dealt

        page.select_option(".cl-speed", "instant")
        play_deal_by_clicking(page)
        expect(page.locator(".cl-end button.cl-next")).to_have_text("Next deal")
        assert not lab_notebook.log_messages()
    finally:
        page.context.close()
        lab.shut_down_kernels(path.name)


def test_the_table_fits_a_phone_in_jupyterlab(lab, served_notebooks, browser):
    """JupyterLab at a phone's size: once the table's cell is scrolled to, the felt, the seats,
    the hand and the call pad are in view together, the hand one fanned row whose cards a tap
    on their strip plays; and the same while playing."""
    path = served_notebooks / "card-table-on-a-phone.ipynb"  # a throwaway notebook in the copy
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [
        nbformat.v4.new_code_cell(
            'from cardlib.widgets.table import CardTable\nCardTable("callbreak", seed=4)'
        )
    ]
    nbformat.write(notebook, path)
    from conftest import new_page

    page = new_page(browser)
    try:
        lab_notebook = LabNotebook(page, lab, path).open()
        reports = lab_notebook.run_all()
        assert not lab_notebook.problems(reports), lab_notebook.problems(reports)
        page.locator(TABLE).wait_for()
        # run at a desktop's size (JupyterLab hides its kernel's status on a phone), then
        # turned into a phone, its file browser closed as a phone's user closes it: the table
        # fits itself again
        left_tab = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
        if left_tab.count():  # a click on the open panel's tab closes it
            left_tab.click()
        expect(page.locator("#jp-left-stack")).to_be_hidden()
        width, height = SCREENS["phone"]
        page.set_viewport_size({"width": width, "height": height})
        page.select_option(".cl-speed", "instant")
        page.locator(".cl-calls button.cl-legal").first.wait_for()
        page.wait_for_function(LAST_FRAME_SHOWN)
        calling = first_screen(page, TABLE)
        assert calling["felt"] and calling["seats"] and calling["pad"], calling
        assert calling["out"] == 0, calling
        hand_fits(calling, "phone", "calling", LEAST_TAP_IN_LAB)
        click_and_wait(page, page.locator(".cl-calls button.cl-legal").first)
        page.locator(".cl-hand button.cl-legal").first.wait_for()
        playing = first_screen(page, TABLE)
        assert playing["felt"] and playing["seats"] and playing["out"] == 0, playing
        hand_fits(playing, "phone", "playing", LEAST_TAP_IN_LAB)
        card = page.locator(".cl-hand button.cl-legal").first
        code = card.get_attribute("data-code")
        click_and_wait(page, card)
        expect(page.locator(f".cl-hand button[data-code='{code}']")).to_have_count(0)
        assert not lab_notebook.log_messages()
    finally:
        page.context.close()
        lab.shut_down_kernels(path.name)


#: What a key pressed in the notebook could have changed: the notebook's mode, its active
#: cell, its number of cells, and whether focus is still in the table.
NOTEBOOK_STATE_JS = """
() => {
  const notebook = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const cells = [...notebook.querySelectorAll('.jp-Cell')];
  return {
    mode: notebook.classList.contains('jp-mod-commandMode') ? 'command' : 'edit',
    active: cells.findIndex((c) => c.classList.contains('jp-mod-active')),
    cells: cells.length,
    inTable: !!document.activeElement?.closest('.cardlib-table'),
  };
}
"""


def test_a_call_break_deal_by_keyboard_only_in_jupyterlab(lab, served_notebooks, browser):
    """Tab, arrows, Enter and Space only, in JupyterLab's command mode, where the same keys
    are notebook shortcuts (arrows move to another cell, Enter edits it): every key pressed
    on the table acts on the table, and the notebook stays as it was."""
    from conftest import new_page

    path = served_notebooks / "card-table-by-keyboard.ipynb"  # a throwaway notebook in the copy
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [  # cells above and below, for the arrow shortcuts to move to
        nbformat.v4.new_markdown_cell("A deal of Call Break, by keyboard."),
        nbformat.v4.new_code_cell(
            'from cardlib.widgets.table import CardTable\nCardTable("callbreak", seed=5)'
        ),
        nbformat.v4.new_markdown_cell("The end."),
    ]
    nbformat.write(notebook, path)
    page = new_page(browser)
    page.add_init_script(HEAR_LIVE_REGION_JS)
    try:
        lab_notebook = LabNotebook(page, lab, path).open()
        reports = lab_notebook.run_all()
        assert not lab_notebook.problems(reports), lab_notebook.problems(reports)
        page.locator(".cl-calls button.cl-legal").first.wait_for()  # the bots have called
        as_it_was = {"mode": "command", "active": 1, "cells": 3, "inTable": True}

        def press(key: str) -> None:
            page.keyboard.press(key)
            assert page.evaluate(NOTEBOOK_STATE_JS) == as_it_was, f"{key} acted on the notebook"

        for _ in range(40):  # Tab through JupyterLab's chrome to the table: its speed menu first
            page.keyboard.press("Tab")
            if page.evaluate(FOCUS_IN_TABLE):
                break
        expect(page.locator(":focus")).to_have_class("cl-speed")
        assert page.evaluate(NOTEBOOK_STATE_JS) == as_it_was
        for _ in range(5):
            press("ArrowUp")
        expect(page.locator(".cl-speed")).to_have_value("instant")
        for _ in range(10):  # on to the first allowed call, past the language menu, the hand,
            # the last-trick peek, the hint and the auto-play box
            press("Tab")
            if page.evaluate("() => !!document.activeElement?.matches('.cl-call.cl-legal')"):
                break
        first_call = page.locator(":focus")
        assert first_call.locator(".cl-sr").text_content().endswith(", allowed")
        press("ArrowDown")  # arrows move along the calls (and not to the next cell) …
        press("ArrowUp")  # … and back
        expect(first_call).to_be_focused()
        before = serial(page)
        press("Enter")
        page.wait_for_function(SETTLED, arg=before)

        hand = page.locator(".cl-hand button")
        for trick in range(1, 14):
            focused = page.locator(":focus")
            expect(focused).to_have_class(re.compile(r"\bcl-card\b.*\bcl-legal\b"))
            assert focused.locator(".cl-sr").text_content().endswith(", playable")
            if hand.count() > 1:  # arrows move along the hand and back, never to another cell
                at = hand.evaluate_all("(cards) => cards.indexOf(document.activeElement)")
                press("ArrowRight")
                assert hand.evaluate_all("(cs) => cs.indexOf(document.activeElement)") == (
                    (at + 1) % hand.count()
                )
                press("ArrowDown")
                press("ArrowUp")
                press("ArrowLeft")
                assert hand.evaluate_all("(cs) => cs.indexOf(document.activeElement)") == at
            before = serial(page)
            press("Enter" if trick % 2 else "Space")  # a button answers to both
            page.wait_for_function(SETTLED, arg=before)
            assert page.evaluate(NOTEBOOK_STATE_JS) == as_it_was
            # the live region read out how the learner's trick went (after the last one the
            # deal's review may take the region at once: what it has said counts)
            page.wait_for_function(HEARD_JS, arg=f"Trick {trick}:")
        expect(hand).to_have_count(0)
        expect(page.locator(".cl-end .cl-end-table")).to_be_visible()
        page.wait_for_function(HEARD_JS, arg="Deal 1 is over.")
        next_deal = page.locator(".cl-end button.cl-next")
        expect(next_deal).to_be_focused()
        press("ArrowDown")  # on Next deal too, an arrow is not the notebook's
        expect(next_deal).to_be_focused()
        before = serial(page)
        press("Space")
        page.wait_for_function(SETTLED, arg=before)
        expect(page.locator(".cl-heading")).to_contain_text("Deal 2 of 5")
        assert page.evaluate(NOTEBOOK_STATE_JS) == as_it_was
        assert not lab_notebook.log_messages()
    finally:
        page.context.close()
        lab.shut_down_kernels(path.name)


#: Every frame the table shows, as "i/n", with whether the hand could be played then.
WATCH_FRAMES_JS = """
() => {
  const root = document.querySelector('.cardlib-table');
  window.seenFrames = [];
  new MutationObserver(() => window.seenFrames.push([root.dataset.frame,
      !!root.querySelector('.cl-hand button:not([aria-disabled])'),
      root.querySelectorAll('.cl-played').length, !!root.querySelector('.cl-continue-button')]))
    .observe(root, {attributes: true, attributeFilter: ['data-frame']});
}
"""


def test_bots_cards_come_one_at_a_time_with_the_hand_waiting(table_app, page):
    """At a speed that shows the play: one frame per card, the hand waiting meanwhile, each card
    moving in (the learner's from the hand) and each finished trick sweeping to its winner;
    no movement for a system that asks for less (nor at the instant speed: the deal of each
    game); step mode waits."""
    open_table(page, table_app)
    page.select_option(".cl-speed", "fast")
    page.evaluate(WATCH_FRAMES_JS)
    page.evaluate(WATCH_MOTION_JS)
    click_and_wait(page, page.locator(".cl-calls button.cl-legal").first)
    while (
        page.evaluate("() => window.seenFrames.length") < 2
        or not page.locator(".cl-hand button.cl-legal").count()
    ):  # play on until some bots' cards came after ours
        page.evaluate("() => { window.seenFrames = []; }")
        click_and_wait(page, page.locator(".cl-hand button.cl-legal").first)
    seen = page.evaluate("() => window.seenFrames")
    total = int(seen[-1][0].split("/")[1])
    assert [f[0] for f in seen] == [f"{i}/{total}" for i in range(1, total + 1)]
    assert not any(f[1] for f in seen[:-1]), "the hand answered while the bots played"
    assert seen[-1][1], "the hand is playable at the learner's turn"

    for _ in range(3):  # on until a finished trick has left the table
        if moves(page, "sweep"):
            break
        play_cards(page, 1)
    came_in, swept = moves(page, "in"), moves(page, "sweep")
    assert came_in and all(m["animation"] == "cl-to-middle" for m in came_in), came_in
    assert {m["duration"] for m in came_in} == {"0.2s"}
    from_hand = [m for m in came_in if m["fromTop"] == m["fromTop"]]  # set: not NaN
    assert from_hand and all(m["fromTop"] > m["feltHeight"] for m in from_hand), from_hand
    assert len(swept) % 4 == 0 and swept, swept  # the four cards of each trick …
    for trick in range(0, len(swept), 4):
        cards = swept[trick : trick + 4]
        assert all(m["animation"] == "cl-sweep" and m["shown"] for m in cards)
        winner = {m["to"] for m in cards}  # … to one seat, the seat of one of its cards
        assert len(winner) == 1 and winner <= {m["ux"] for m in cards}, cards

    page.emulate_media(reduced_motion="reduce")  # the same speed, for a system that asks
    page.evaluate("() => { window.moves = []; }")
    play_cards(page, 2)  # a trick leaves the table (drawn frame by frame), cards come in
    no_movement(page)
    page.emulate_media(reduced_motion="no-preference")

    # step mode: the finished trick waits for Continue
    page.select_option(".cl-speed", "step")
    for _ in range(13):
        if not page.locator(".cl-hand button.cl-legal").count():
            break
        before = serial(page)
        page.locator(".cl-hand button.cl-legal").first.click()
        page.wait_for_function(CONTINUE_OR_SETTLED, arg=before)
        button = page.locator(".cl-continue-button")
        if not button.count():  # no trick finished by a bot this time
            continue
        expect(page.locator(".cl-played.cl-winner")).to_have_count(1)
        expect(page.locator(".cl-trick-note")).to_contain_text("won it with")
        button.click()
        return
    pytest.fail("no trick finished in step mode")


#: Boxes of the seats, the played cards and the hand's buttons that stick out of the window.
OUTSIDE_JS = """
() => [...document.querySelectorAll('.cl-seat, .cl-played, .cl-hand button, .cl-felt')]
  .map(e => [e.className, e.getBoundingClientRect()])
  .filter(([, r]) => r.left < 0 || r.right > window.innerWidth)
  .map(([name, r]) => `${name} ${Math.round(r.left)}..${Math.round(r.right)}`)
"""


#: How many cards played to the trick overlap another one, or a seat's name and badge.
PLAYED_CARDS_OVERLAP_JS = """
() => {
  const box = s => [...document.querySelectorAll(s)].map(e => e.getBoundingClientRect());
  const cards = box('.cl-played'), seats = box('.cl-seat');
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  let overlaps = 0;
  cards.forEach((a, i) => [...cards.slice(i + 1), ...seats].forEach(b => overlaps += meet(a, b)));
  return overlaps;
}
"""


#: Sideways scroll anywhere: the page's and the table's scrolling width beyond their width.
SIDEWAYS_JS = """
() => {
  const page = document.scrollingElement, table = document.querySelector('.cardlib-table');
  return [page.scrollWidth - page.clientWidth, table.scrollWidth - table.clientWidth];
}
"""

#: Badges and notes that stick out of their box: the won mark of its card, the note of the felt.
SPILLS_JS = """
() => {
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
    && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const out = [];
  for (const won of document.querySelectorAll('.cl-won'))
    if (!inside(won.getBoundingClientRect(), won.closest('.cl-played').getBoundingClientRect()))
      out.push('won mark');
  const note = document.querySelector('.cl-trick-note');
  if (note) {
    const box = note.getBoundingClientRect();
    for (const seat of document.querySelectorAll('.cl-seat')) {
      const r = seat.getBoundingClientRect();
      if (box.left < r.right && r.left < box.right && box.top < r.bottom && r.top < box.bottom)
        out.push('trick note over a seat');
    }
  }
  return out;
}
"""


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_deal_fits_a_phone(table_app, browser, game):
    """At 390 px, at every point of a deal: no sideways scroll of the page or the table,
    no card or seat off the screen, the won mark and the trick note inside their boxes."""
    from conftest import new_page

    page = new_page(browser)
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        open_table(page, table_app, game)
        if game == "judgement":
            page.select_option(PLAYERS_PICKER, "7")
            expect(page.locator(".cl-seat")).to_have_count(7)
            page.select_option(".cl-speed", "instant")
        stages = 0
        while True:
            assert page.evaluate(SIDEWAYS_JS) == [0, 0], f"sideways scroll at stage {stages}"
            assert page.evaluate(OUTSIDE_JS) == []
            assert page.evaluate(SPILLS_JS) == []
            assert page.evaluate(PLAYED_CARDS_OVERLAP_JS) == 0
            if page.locator(".cl-end .cl-end-table").is_visible():
                break
            play = page.locator(".cl-calls button.cl-legal, .cl-hand button.cl-legal")
            click_and_wait(page, play.first)
            stages += 1
            if stages == 3:
                whole_page_screenshot(
                    page, Path("screenshots") / "voila" / f"table-{game}-phone.png"
                )
        assert page.evaluate(SIDEWAYS_JS) == [0, 0]  # the end of the deal, its sheet and review
    finally:
        leave(page)


#: A desktop's window and a phone's (CSS px).
SCREENS = {"desktop": (1280, 800), "phone": (390, 844)}
#: The narrowest strip of a fanned card that a tap reaches, in CSS px. Thirteen cards 44 px
#: apart (the usual guideline) need 572 px, more than a phone's width; each strip is at least
#: WCAG 2.2's minimum target size (2.5.8, level AA: 24 px) wide and the card's full height.
LEAST_TAP = 24
#: JupyterLab's side bars and a cell's gutters leave the table about 270 px of a 390 px window:
#: thirteen cards in one row show strips of 18 px there (the app's page gives it 358 px).
LEAST_TAP_IN_LAB = 18
#: A Contract Bridge match kept by this browser whose auction, the learner bidding first and
#: then passing, leaves East dummy and the learner a defender with cards to play (seed 4).
KEPT_BRIDGE_DEFENCE = {**KEPT_BRIDGE_MATCH, "seed": 4}
KEEP_BRIDGE_DEFENCE_JS = (
    "localStorage.setItem('cardlib-table-match-v1:bridge:4', "
    f"{json.dumps(json.dumps(KEPT_BRIDGE_DEFENCE))})"
)


#: A line of text put above the hand, as a message at the learner's turn would be.
ADD_A_LINE_ABOVE_THE_HAND_JS = """
() => {
  const felt = document.querySelector('.cl-felt');
  window.feltBefore = felt.getBoundingClientRect().height;
  const line = document.createElement('p');
  line.className = 'cl-one-more-line';
  line.textContent = 'Your turn: a line of advice, as long as a line.';
  document.querySelector('.cl-beside').before(line);
}
"""
#: The felt has made room for that line (or the call pad was in view with room to spare).
FITTED_AGAIN_JS = (
    "() => document.querySelector('.cl-felt').getBoundingClientRect().height < window.feltBefore"
    " || [...document.querySelectorAll('.cl-calls button')]"
    ".every(b => b.getBoundingClientRect().bottom <= window.innerHeight)"
)


def in_one_screen(page, phase: str, start: str | None = None) -> dict:
    """The felt and every seat in the window, nothing wider than it; what else is in view."""
    shown = first_screen(page, start)
    assert shown["felt"] and shown["seats"], (phase, shown)
    assert shown["scroll"] == 0 and shown["out"] == 0, (phase, shown)
    return shown


def hand_fits(shown: dict, screen: str, phase: str, least: float = LEAST_TAP) -> None:
    """The hand in view, in one row; on a phone each card's strip at least ``least`` px wide
    (a desktop's cards side by side, 44 px each)."""
    assert shown["hand"], (phase, shown)
    assert shown["rows"] == 1, (phase, shown)
    assert shown["tap"] >= (least if screen == "phone" else 44), (phase, shown)


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", list(GAMES))
def test_one_screen_in_every_phase(table_app, browser, game, screen):
    """At a desktop's and a phone's size, with the page at its start: the felt, the seats,
    the hand and the call pad in view while calling (Contract Bridge: the auction), the felt,
    the seats and the hand while playing (Contract Bridge: dummy's hand drawn as cards at its
    seat), the felt and the seats at the deal's end, whose tables and review fit the width; no
    sideways scroll anywhere."""
    width, height = SCREENS[screen]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        if game == "bridge":
            page.add_init_script(KEEP_BRIDGE_DEFENCE_JS)
        open_table(page, table_app, game)
        page.wait_for_function(LAST_FRAME_SHOWN)
        calling = in_one_screen(page, "calling")
        assert calling["pad"], calling
        hand_fits(calling, screen, "calling")
        # room for one more line above the hand (the guided mode's message): the table
        # fits itself again around it
        page.evaluate(ADD_A_LINE_ABOVE_THE_HAND_JS)
        page.wait_for_function(FITTED_AGAIN_JS)
        with_a_line = in_one_screen(page, "calling, with a line above the hand")
        assert with_a_line["pad"], with_a_line
        hand_fits(with_a_line, screen, "calling, with a line above the hand")
        page.evaluate("() => document.querySelector('.cl-one-more-line').remove()")
        bid = False
        while not page.locator(".cl-hand button.cl-legal").count():
            calls = ".cl-calls button.cl-legal"
            if game == "bridge":  # one bid, then passes: East declares, the learner defends
                calls += ":not([data-call='P'])" if not bid else "[data-call='P']"
                bid = True
            click_and_wait(page, page.locator(calls).first)
        if game == "bridge":
            expect(page.locator(".cl-heading")).to_contain_text("match seed 4")
            dummy = page.locator(".cl-seat", has=page.locator(".cl-role", has_text="dummy"))
            cards = dummy.locator(".cl-open-card")
            expect(cards.first).to_be_visible()
            assert cards.count() >= 11
            for card in cards.all()[:3]:  # rank text, suit symbol, its colour, its name read
                expect(card.locator(".cl-rank")).to_have_text(re.compile(r"^(10|[2-9JQKA])$"))
                expect(card.locator(".cl-suit")).to_have_text(re.compile("^[♠♥♦♣]$"))
                expect(card.locator(".cl-face")).to_have_attribute("aria-hidden", "true")
                expect(card.locator(".cl-sr")).to_have_text(re.compile(r"\w+ of \w+"))
            assert first_screen(page)["dummy_cards"] == cards.count()
        playing = in_one_screen(page, "playing")
        hand_fits(playing, screen, "playing")
        if screen == "phone":  # a tap on a card's strip plays that card
            card = page.locator(".cl-hand button.cl-legal").first
            code = card.get_attribute("data-code")
            click_and_wait(page, card)
            expect(page.locator(f".cl-hand button[data-code='{code}']")).to_have_count(0)
        while not page.locator(".cl-end .cl-end-table").is_visible():
            click_and_wait(page, page.locator(PLAYABLE).first)
        ended = in_one_screen(page, "deal end")
        assert ended["wide"] == 0 and ended["end"], ended
        expect(page.locator(".cl-end")).not_to_contain_text("null")  # no stray word under it
        if game != "bridge":
            page.locator(".cl-review .cl-review-table").wait_for(timeout=120_000)
        else:
            page.locator(".cl-review .cl-review-title").wait_for(timeout=120_000)
        reviewed = first_screen(page, ".cl-review")
        assert reviewed["wide"] == 0 and reviewed["scroll"] == 0, reviewed
        no_errors(page)
    finally:
        leave(page)


def test_focus_never_falls_to_the_page_while_the_bots_play(table_app, page):
    open_table(page, table_app)
    page.select_option(".cl-speed", "fast")
    page.locator(".cl-calls button.cl-legal").first.focus()
    page.evaluate(
        """() => { window.lostFocus = 0; const root = document.querySelector('.cardlib-table');
        new MutationObserver(() => { if (!root.contains(document.activeElement))
          window.lostFocus++; }).observe(root, {attributes: true, attributeFilter: ['data-frame']});
        }"""
    )
    for _ in range(3):
        before = serial(page)
        page.keyboard.press("Enter")
        page.wait_for_function(SETTLED, arg=before)
        assert page.evaluate(FOCUS_IN_TABLE)
    assert page.evaluate("() => window.lostFocus") == 0


def test_the_tables_language_dropdown_redraws_the_same_position(table_app, page):
    open_table(page, table_app)
    prompt, heading = page.locator(".cl-prompt"), page.locator(".cl-heading")
    english = (prompt.inner_text(), heading.inner_text(), serial(page))
    menus = page.locator(f"{APP} select:visible").filter(has_text="हिन्दी")
    expect(menus).to_have_count(1)  # one language menu on the screen: the app's
    app_menu = "#cl-pick-language"
    page.select_option(app_menu, label="हिन्दी")
    expect(heading).to_contain_text("कॉल ब्रेक")
    expect(page.locator(".cl-speed option[value='instant']")).to_have_text("तुरंत")
    assert serial(page) == english[2]  # the same position, said again
    page.select_option(app_menu, label="English")
    expect(heading).to_have_text(english[1])
    expect(prompt).to_have_text(english[0])
    assert accessibility_violations(page, APP) == []


def match_seed(page) -> int:
    """The seed of the fresh match the app dealt, as its heading shows it."""
    return int(re.search(r"match seed (\d+)", page.locator(".cl-heading").inner_text()).group(1))


def first_choices_table(seed: int) -> CardTable:
    """The app's table (its seed) in this process, played as play_deal_by_clicking plays:
    the first allowed call, the first playable card (the refused click changes nothing)."""
    table = CardTable("callbreak", seed=seed, speed="instant")
    while table.state["end"] is None:
        state = table.state
        if state["calls"]:
            table.click_call(next(c["value"] for c in state["calls"] if c["legal"]))
        else:
            table.click_card(next(c["code"] for c in state["hand"] if c["legal"]))
    table.request_review()
    return table


def test_the_review_after_a_deal_and_replay_from_here(table_app, page, screenshot_dir):
    """The review under the end of the deal is the one Python computes for the same deal;
    Replay from here puts the same position on the table, and the match goes on after."""
    open_table(page, table_app)
    seed = match_seed(page)
    play_deal_by_clicking(page)
    expected = first_choices_table(seed)  # meanwhile the app reviews the same deal
    rows = expected.review["rows"]
    review = page.locator(".cl-review")
    body = review.locator(".cl-review-table tbody tr")
    expect(body).to_have_count(len(rows), timeout=60_000)
    expect(review.locator(".cl-review-table thead th")).to_have_count(5)
    assert body.locator("td:nth-child(4)").all_text_contents() == [r["loss"] for r in rows]
    reason = review.locator(".cl-costliest-reason")
    expect(reason).to_have_text(expected.review["reason"])
    expect(page.locator(".cl-live-review")).to_have_text(expected.review["reason"])  # read out
    worst = [r["number"] for r in rows if r["costliest"]]
    marked = review.locator("tr.cl-costliest")
    expect(marked).to_have_count(len(worst))
    if worst:  # marked by a word, not by colour alone
        expect(marked.locator("th .cl-costliest-mark")).to_have_text("Costliest")
    number = worst[0] if worst else 6
    button = review.locator(f"button.cl-replay[data-number='{number}']")
    expect(button).to_have_attribute("aria-label", rows[number - 1]["replay_name"])
    whole_page_screenshot(page, screenshot_dir / "voila" / "table-review.png")
    audit(page)  # the end of the deal with its review

    click_and_wait(page, button)
    expect(page.locator(".cl-heading")).to_contain_text("replay (practice)")
    expect(page.locator(".cl-end")).to_be_hidden()
    position = expected.record[number - 1][0]
    if position.phase == "calling":
        expect(page.locator(".cl-calls button.cl-legal").first).to_be_visible()
    else:
        codes = page.locator(".cl-hand button").evaluate_all("bs => bs.map(b => b.dataset.code)")
        assert set(codes) == {card.code for card in position.hand(0)}
    assert page.evaluate(FOCUS_IN_TABLE), "focus left the table"

    # "Back to the match", from the keyboard: the deal's end as first played, its review
    back = page.locator(".cl-practice button.cl-back")
    expect(back).to_have_text("Back to the match")
    expect(back).to_have_attribute("data-lm-suppress-shortcuts", "true")
    back.focus()
    before = serial(page)
    page.keyboard.press("Enter")
    page.wait_for_function(SETTLED, arg=before)
    expect(page.locator(".cl-back")).to_have_count(0)
    expect(page.locator(".cl-practice")).to_be_hidden()
    expect(page.locator(".cl-end .cl-end-table caption").first).to_have_text("Deal 1 is over.")
    expect(page.locator(".cl-heading")).not_to_contain_text("replay")
    expect(body).to_have_count(len(rows))
    assert body.locator("td:nth-child(4)").all_text_contents() == [r["loss"] for r in rows]
    expect(page.locator(":focus")).to_have_text("Next deal")  # never <body>

    click_and_wait(page, button)  # the same replay again, this time played to its end
    expect(page.locator(".cl-heading")).to_contain_text("replay (practice)")
    play_deal_by_clicking(page)
    expect(page.locator(".cl-end .cl-end-table caption").first).to_contain_text(
        "Replay of deal 1 is over."
    )
    click_and_wait(page, page.locator(".cl-end button.cl-next"))
    expect(page.locator(".cl-heading")).to_contain_text("Deal 2 of 5")
    expect(page.locator(".cl-heading")).not_to_contain_text("replay")
    no_errors(page)


# ----- one action per turn -------------------------------------------------------------


def hand_size(page) -> int:
    return page.locator(".cl-hand button").count()


def to_a_lead_with_choices(page) -> None:
    """Play the first allowed call and cards until two or more cards are playable."""
    while True:
        call = page.locator(".cl-calls button.cl-legal")
        if call.count():
            click_and_wait(page, call.first)
        elif page.locator(".cl-hand button.cl-legal").count() >= 2:
            return
        else:
            click_and_wait(page, page.locator(".cl-hand button.cl-legal").first)


def one_card_played(page, act) -> None:
    """``act()`` (a burst of clicks, taps or key presses meant as one) plays one card, and one
    click after it plays one more: the table answers messages in order, so by then any
    second card of the burst would have been played too. No refusal is shown at any point."""
    start, cards = int(serial(page)), hand_size(page)
    act()
    page.wait_for_function(SETTLED, arg=str(start))
    expect(page.locator(".cl-refusal")).to_have_text("")
    if page.locator(".cl-end .cl-end-table").is_visible():
        return
    click_and_wait(page, page.locator(".cl-hand button.cl-legal").first)
    assert int(serial(page)) == start + 2, "a second card was played"
    if not page.locator(".cl-end .cl-end-table").is_visible():
        assert hand_size(page) == cards - 2
    expect(page.locator(".cl-refusal")).to_have_text("")


#: Two different playable cards clicked 1 ms apart, as two quick taps of a thumb would.
TWO_CLICKS_1_MS_APART_JS = """
() => {
  const cards = [...document.querySelectorAll('.cl-hand button.cl-legal')];
  cards[0].click();
  setTimeout(() => cards[1].click(), 1);
}
"""


def test_double_clicks_quick_taps_and_a_held_enter_play_one_card(table_app, browser):
    page = browser.new_context(viewport={"width": 1280, "height": 900}, has_touch=True).new_page()
    page.set_default_timeout(30_000)
    try:
        open_table(page, table_app)
        to_a_lead_with_choices(page)
        one_card_played(page, lambda: page.locator(".cl-hand button.cl-legal").first.dblclick())
        to_a_lead_with_choices(page)
        one_card_played(page, lambda: page.evaluate(TWO_CLICKS_1_MS_APART_JS))
        to_a_lead_with_choices(page)

        def double_tap() -> None:
            card = page.locator(".cl-hand button.cl-legal").first
            box = card.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.touchscreen.tap(x, y)
            page.touchscreen.tap(x, y)

        one_card_played(page, double_tap)
        to_a_lead_with_choices(page)

        def held_enter() -> None:
            page.locator(".cl-hand button.cl-legal").first.focus()
            page.keyboard.down("Enter")
            page.keyboard.down("Enter")  # the key repeats while held
            page.keyboard.down("Enter")
            page.keyboard.up("Enter")

        one_card_played(page, held_enter)
        no_errors(page)
    finally:
        leave(page)


# ----- a match that survives a reload ------------------------------------------------------


def test_a_reload_mid_deal_rebuilds_the_match_and_two_visits_get_different_deals(
    table_app, browser
):
    from conftest import new_page

    page = new_page(browser)
    other = new_page(browser)  # another visitor: a browser of their own
    try:
        open_table(page, table_app)
        for _ in range(4):  # the call and three cards: mid-deal
            play = page.locator(".cl-calls button.cl-legal, .cl-hand button.cl-legal").first
            click_and_wait(page, play)
        before = table_position(page)
        page.reload()
        page.locator(TABLE).wait_for(timeout=120_000)
        page.select_option(".cl-speed", "instant")
        expect(page.locator(".cl-heading")).to_have_text(before["heading"])
        page.locator(".cl-hand button.cl-legal").first.wait_for()
        assert table_position(page) == before  # the same seed, the same cards, the same turn
        expect(page.locator(".cl-restored")).to_contain_text("Your match is back where you")
        no_errors(page)
        open_table(other, table_app)
        assert match_seed(other) != match_seed(page)
        assert table_position(other)["hand"] != before["hand"]
    finally:
        leave(page)
        leave(other)


#: The last frame of what the table was sent is on the screen (no bots' cards still to show).
LAST_FRAME_SHOWN = (
    "() => { const f = document.querySelector('.cardlib-table')?.dataset.frame?.split('/');"
    " return !!f && f[0] === f[1]; }"
)


def restored_position(page) -> dict:
    """Once the table says a kept match is back, the position it shows (its last frame)."""
    expect(page.locator(".cl-restored")).to_contain_text("Your match is back where you left it")
    page.select_option(".cl-speed", "instant")
    page.wait_for_function(LAST_FRAME_SHOWN)
    return table_position(page)


def reload_app(page, game: str = "callbreak") -> None:
    """A reload of the app's page (a new table), back at ``game``'s table."""
    page.reload()
    page.locator(TABLE).wait_for(timeout=120_000)
    if game != "callbreak":
        page.select_option(GAME_PICKER, label=GAMES[game].title)
        expect(page.locator(".cl-heading")).to_contain_text(GAMES[game].title.split(" (")[0])


def test_a_reload_before_the_first_action_gives_the_same_hand_back(table_app, page):
    """The deal is fixed the moment it is shown: reloading (twice) or picking another game and
    back, before any call or card, never deals another hand."""
    open_table(page, table_app)
    page.wait_for_function(LAST_FRAME_SHOWN)
    dealt = table_position(page)
    for _ in range(2):
        reload_app(page)
        assert restored_position(page) == dealt
    heading = page.locator(".cl-heading")
    page.select_option(GAME_PICKER, label=GAMES["judgement"].title)
    expect(heading).to_contain_text("Judgement")
    page.select_option(GAME_PICKER, label=GAMES["callbreak"].title)
    expect(heading).to_have_text(dealt["heading"])
    assert restored_position(page) == dealt
    click_and_wait(page, page.locator(PLAYABLE).first)  # and it plays on from there
    no_errors(page)


RECORD_JS = "() => JSON.parse(localStorage.getItem('cardlib-table-record-v1') || 'null')"


def record_says(page, played: int) -> None:
    """The record under the match's end, and in local storage: ``played`` Judgement matches."""
    expect(page.locator(".cl-end .cl-record td").first).to_have_text(str(played))
    kept = page.evaluate(RECORD_JS)
    assert kept["games"]["judgement"]["played"] == played and len(kept["seen"]) == played


def finish_match_by_clicking(page, last_speed: str) -> None:
    """Judgement by the first allowed bid or card, to the end of the match; the learner's card
    of the last round at ``last_speed``, so the match ends while its frames are drawn at it."""
    for _ in range(120):
        end = page.locator(".cl-end .cl-end-table")
        if end.is_visible():
            next_button = page.locator(".cl-end button.cl-next")
            if next_button.inner_text() == "New match":
                return
            click_and_wait(page, next_button)
            continue
        last_round = "Round 8 of 8" in page.locator(".cl-heading").inner_text()
        if last_round and page.locator(".cl-hand button.cl-legal").count():
            page.select_option(".cl-speed", last_speed)
        click_and_wait(page, page.locator(PLAYABLE).first)
    raise AssertionError("the match did not end")


def seat_totals(page) -> dict[str, str]:
    """Each seat's name and the running match total drawn at it."""
    return dict(
        zip(
            page.locator(".cl-seat .cl-name").all_text_contents(),
            page.locator(".cl-seat .cl-seat-total [aria-hidden]").all_text_contents(),
            strict=True,
        )
    )


def test_a_match_finished_at_each_speed_is_counted_once_even_after_a_reload(table_app, page):
    """Three matches of Judgement, the last card of each played at Instant, Fast and Normal:
    each match's end shows its places, the seats' totals and the record, counted as it ends,
    once; a reload rebuilds the finished match and counts it no second time."""
    open_table(page, table_app, "judgement")
    expect(page.locator(".cl-seat .cl-seat-total [aria-hidden]")).to_have_text(["total 0"] * 4)
    for played, speed in enumerate(("instant", "fast", "normal"), 1):
        finish_match_by_clicking(page, speed)
        record_says(page, played)
        standings = page.locator(".cl-end .cl-standings tbody tr")
        expect(standings).to_have_count(4)
        rows = [row.locator("th, td").all_text_contents() for row in standings.all()]
        assert re.fullmatch(r"1st( \(tied\))?", rows[0][0]), rows
        assert seat_totals(page) == {name: f"total {total}" for _, name, total in rows}
        expect(page.locator(".cl-end .cl-end-table thead th").nth(1)).to_have_text("Bid")
        reload_app(page, "judgement")
        restored_position(page)
        expect(page.locator(".cl-end button.cl-next")).to_have_text("New match")
        record_says(page, played)  # the same match again: not counted twice
        click_and_wait(page, page.locator(".cl-end button.cl-next"))
        expect(page.locator(".cl-heading")).to_contain_text("Round 1 of 8")
    no_errors(page)


def test_a_second_tab_takes_the_match_over_and_no_play_is_lost(table_app, browser):
    """Two tabs of one browser: the second opens the first's match where it stands and takes
    it over; the first says so and takes no more clicks; a reload of the first brings the match
    back with the second's plays, and takes it over in turn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # shared storage
    context.set_default_timeout(30_000)
    first, second = context.new_page(), context.new_page()
    try:
        open_table(first, table_app)
        for _ in range(3):  # the call and two cards
            click_and_wait(first, first.locator(PLAYABLE).first)
        played = table_position(first)
        second.goto(table_app.url)
        second.locator(TABLE).wait_for(timeout=120_000)
        assert restored_position(second) == played
        taken = first.locator(".cl-taken-over")
        expect(taken).to_have_text(
            "This match is now played in another tab or window of this browser, so this tab "
            "no longer plays or saves it. Reload this page to play it here: it comes back as "
            "the other tab left it."
        )
        expect(taken).to_have_attribute("role", "alert")
        expect(first.locator(".cl-hand button.cl-legal")).to_have_count(0)
        for button in first.locator(".cl-hand button, .cl-tools button").all():
            expect(button).to_be_disabled()
        expect(first.locator(".cl-level")).to_be_disabled()
        click_and_wait(second, second.locator(PLAYABLE).first)  # the match goes on there
        moved_on = table_position(second)

        reload_app(first)
        assert restored_position(first) == moved_on  # every play of both tabs
        expect(second.locator(".cl-taken-over")).to_be_visible()
        expect(second.locator(".cl-hand button.cl-legal")).to_have_count(0)
        click_and_wait(first, first.locator(PLAYABLE).first)
        no_errors(first)
    finally:
        second.close(run_before_unload=True)  # leave closes the context
        leave(first)


def test_the_last_trick_and_the_hint_by_keyboard(table_app, page):
    """Once a trick is taken, "Last trick" opens a panel with its four cards and its winner
    (axe-core clean with it open), and "Hint" names the coach's card, both by keyboard."""
    open_table(page, table_app)
    peek_button = page.locator(".cl-peek-button")
    expect(peek_button).to_have_attribute("aria-disabled", "true")  # no trick taken yet
    while peek_button.get_attribute("aria-disabled") == "true":
        call = page.locator(".cl-calls button.cl-legal")
        click_and_wait(
            page, call.first if call.count() else page.locator(".cl-hand .cl-legal").first
        )
    page.locator(".cl-hand button.cl-legal").first.focus()
    for _ in range(10):  # back from the hand to the table's helpers
        page.keyboard.press("Shift+Tab")
        if page.evaluate("() => !!document.activeElement?.matches('.cl-peek-button')"):
            break
    expect(peek_button).to_be_focused()
    expect(peek_button).to_have_attribute("aria-label", "Show the last trick")
    page.keyboard.press("Enter")
    expect(peek_button).to_have_attribute("aria-expanded", "true")
    peek = page.locator(".cl-peek")
    expect(peek).to_be_visible()
    expect(peek.locator("li")).to_have_count(4)
    expect(peek.locator("li.cl-peek-winner")).to_have_count(1)
    expect(peek.locator(".cl-peek-won")).to_contain_text("won it with")
    audit(page)
    page.keyboard.press("Tab")
    expect(page.locator(".cl-hint-button")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".cl-hint")).to_contain_text("Hint: ", timeout=10_000)
    expect(page.locator(".cl-live")).to_contain_text("Hint: ")
    expect(peek).to_be_visible()  # the hint leaves the peek open
    no_errors(page)
