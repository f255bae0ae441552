"""The card table's first screen (the app notebook in Voilà), at a desktop's and a phone's size.

Voilà serves the app notebook as ``python -m cardlib.app --notebook`` does (``make app``'s own
page draws the same table: tests/ui/test_table_app.py checks its first screen); Debian's
Chromium opens it at 1280×800 and at 390×844 and goes through each phase of each game: the
learner's call (Contract Bridge: the auction), the learner's card, the deal's end with its
review, and the match's end (a whole match played in this process and handed to the page as the
browser keeps a match, so the page rebuilds it at once). In each, with every panel scrolled
back to its start, it records whether the hand, the call pad, the felt and the seats lie wholly
in the window, the page's sideways scroll, elements drawn past the right edge, end tables too
wide, the narrowest hand card a tap reaches and the hand's rows; and page open → playable table
(the first allowed call or card on the screen, fresh browser context, preheated kernel).

Not a timed test: a table of what the screen shows. Run
``python benchmarks/bench_first_screen.py [--games callbreak bridge] [--sizes 390x844]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests" / "ui"))

from jupyter_driver import CHROMIUM, CHROMIUM_ARGS, first_screen, voila_server  # noqa: E402

from cardlib.app import DEFAULT_NOTEBOOK, READY_PATH  # noqa: E402
from cardlib.games import GAMES  # noqa: E402

SIZES = ("1280x800", "390x844")
PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"
#: The table has answered: a new position, or (the learner is Contract Bridge's dummy) the
#: question whether to watch the play, which waits before the position is settled.
SETTLED = (
    "s => !!document.querySelector('.cl-watch')"
    " || document.querySelector('.cardlib-table')?.dataset.serial !== s"
)
LAST_FRAME = (
    "() => { const f = document.querySelector('.cardlib-table')?.dataset.frame?.split('/');"
    " return !!f && f[0] === f[1]; }"
)
MATCH_KEY = "cardlib-table-match-v1"
COLUMNS = ("hand", "pad", "felt", "seats", "next", "scroll", "out", "wide", "tap", "rows")


def finished_match(game: str) -> dict:
    """A whole match of ``game`` played here by the first allowed call or card, as the
    browser keeps it (``CardTable.kept_match``): the app's page rebuilds it at its end."""
    from cardlib.widgets.table import CardTable

    table = CardTable(game, seed=None, speed="instant")
    for _ in range(2000):
        state = table.state
        if state["end"] is not None:
            if state["end"].get("finished"):
                return table.kept_match
            table.click_next()
        elif state["calls"]:
            table.click_call(next(c["value"] for c in state["calls"] if c["legal"]))
        elif state["hand"]:
            table.click_card(next(c["code"] for c in state["hand"] if c["legal"]))
        else:
            raise RuntimeError(f"{game}: nothing to do at {state['prompt']!r}")
    raise RuntimeError(f"{game}: the match did not end")


def serial(page) -> str:
    return page.locator(".cardlib-table").get_attribute("data-serial") or ""


#: Where a button is clicked: its top left corner, the strip of a fanned card left showing.
CORNER = {"x": 8, "y": 12}


def click(page, button) -> None:
    before = serial(page)
    button.click(position=CORNER)
    page.wait_for_function(SETTLED, arg=before)


def open_app(browser, url: str, size: str, game: str, kept: dict | None = None):
    """A fresh visitor's page at ``size``, at ``game``'s table (instant bots); the seconds
    from ``goto`` to a playable table (the app's first game, before any picking)."""
    width, height = (int(n) for n in size.split("x"))
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    page = context.new_page()
    if kept is not None:
        key = json.dumps(f"{MATCH_KEY}:{kept['key']}")
        page.add_init_script(f"localStorage.setItem({key}, {json.dumps(json.dumps(kept))})")
    start = time.perf_counter()
    page.goto(url)
    page.locator(PLAYABLE if kept is None else ".cardlib-table").first.wait_for(timeout=120_000)
    seconds = time.perf_counter() - start
    if game != "callbreak":
        page.select_option(".cardlib-game-picker select", label=GAMES[game].title)
        page.wait_for_function(
            "t => document.querySelector('.cl-heading')?.textContent.includes(t)",
            arg=GAMES[game].title.split(" (")[0],
        )
    page.select_option(".cl-speed", "instant")
    page.wait_for_function(LAST_FRAME)
    return page, seconds


def close(page) -> None:
    page.close(run_before_unload=True)  # Voilà shuts the page's kernel down
    page.context.close()


def to_the_learners_card(page, game: str) -> str:
    """Calls until the learner has a card to play: in Contract Bridge a bid first, then passes
    (as dummy, the play is skipped to the result); the phase reached."""
    bid = False
    for _ in range(40):
        if page.locator(".cl-hand button.cl-legal").count():
            return "playing"
        if page.locator(".cl-dummy-choice button.cl-skip").count():
            return "dummy"
        legal = page.locator(".cl-calls button.cl-legal")
        if game == "bridge" and not bid:
            click(page, page.locator(".cl-calls button.cl-legal:not([data-call='P'])").first)
            bid = True
        elif game == "bridge" and page.locator(".cl-calls button.cl-legal[data-call='P']").count():
            click(page, page.locator(".cl-calls button.cl-legal[data-call='P']"))
        else:
            click(page, legal.first)
    raise RuntimeError(f"{game}: no card to play")


def to_the_deals_end(page) -> None:
    for _ in range(120):
        if page.locator(".cl-end .cl-end-table").is_visible():
            return
        skip = page.locator(".cl-dummy-choice button.cl-skip")
        if skip.count():
            skip.click()
            page.locator(".cl-end .cl-end-table").wait_for()
            return
        click(page, page.locator(PLAYABLE).first)
    raise RuntimeError("the deal did not end")


def bridge_play_with_dummy(page) -> bool:
    """In Contract Bridge's play, a card or two until dummy's hand is face up (or the end)."""
    for _ in range(3):
        if page.locator(".cl-seat .cl-open-card, .cl-seat .cl-open-hand").count():
            return True
        hand = page.locator(".cl-hand button.cl-legal")
        if not hand.count():
            return False
        click(page, hand.first)
    return bool(page.locator(".cl-seat .cl-open-card, .cl-seat .cl-open-hand").count())


def measure(browser, url: str, size: str, game: str, match_end: bool) -> list[tuple]:
    """The rows of the table for one game at one size; a phase that fails ends them with a
    row saying where (and a screenshot in the temporary folder)."""
    rows: list[tuple] = []
    page, seconds = open_app(browser, url, size, game)
    try:
        phases(page, size, game, rows)
        if match_end:
            close(page)
            page, _ = open_app(browser, url, size, game, kept=finished_match(game))
            page.locator(".cl-end .cl-standings").wait_for(timeout=120_000)
            rows.append((size, game, "match end", first_screen(page)))
            rows.append((size, game, "match end ↓", first_screen(page, ".cl-end")))
    except Exception as error:  # one game's failure is a row, not the end of the table
        prompt = page.locator(".cl-prompt").text_content()
        page.screenshot(path=str(Path(tempfile.gettempdir()) / f"bench-{game}-{size}.png"))
        rows.append((size, game, f"failed: {type(error).__name__} at {prompt!r}", None))
    finally:
        close(page)
    rows.append((size, game, f"open→playable {seconds:.2f} s", None))
    return rows


def phases(page, size: str, game: str, rows: list[tuple]) -> None:
    """Calling, the learner's card, the deal's end and its review, each measured."""
    rows.append((size, game, "calling", first_screen(page)))
    phase = to_the_learners_card(page, game)
    if phase == "playing" and game == "bridge":
        bridge_play_with_dummy(page)
        phase = "playing (dummy up)"
    rows.append((size, game, phase, first_screen(page)))
    to_the_deals_end(page)
    rows.append((size, game, "deal end", first_screen(page)))
    if page.locator(".cl-review").count():
        page.locator(".cl-review .cl-review-title").first.wait_for(timeout=120_000)
        rows.append((size, game, "review", first_screen(page, ".cl-review")))


def cell(value) -> str:
    if value is None:
        return "–"
    if value is True:
        return "yes"
    if value is False:
        return "NO"
    return str(value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--sizes", nargs="+", default=list(SIZES))
    parser.add_argument("--no-match-end", action="store_true", help="skip the match's end")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser to measure with", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-first-screen-"))
    server = voila_server(Path(sys.executable).parent / "voila", DEFAULT_NOTEBOOK, work)
    server.start(ready_path=READY_PATH)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            print(f"{'size':9} {'game':11} {'phase':20} " + " ".join(f"{c:>6}" for c in COLUMNS))
            for size in args.sizes:
                for game in args.games:
                    rows = measure(browser, server.url, size, game, not args.no_match_end)
                    for size, game, phase, shown in rows:
                        values = [cell(shown[c]) if shown else "" for c in COLUMNS]
                        line = f"{size:9} {game:11} {phase:20} "
                        print(line + " ".join(f"{v:>6}" for v in values), flush=True)
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
