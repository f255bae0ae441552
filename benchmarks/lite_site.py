"""The static site's figures (``make lite``): size, time to the first widget, click to redraw.

Measured, never asserted (targets in brackets):

- the site's size on disk, without source maps, and what a first visit to notebook 01
  downloads;
- how long ``make lite`` takes when nothing changed (a few seconds);
- from opening notebook 01 to its first widget drawn, in a fresh browser profile
  (≤ 15 s): the page opens, *Run All Cells* is chosen as soon as the notebook
  is on screen, as a student would, and the clock stops when the Deal widget is
  drawn; then again with the browser's cache warm (a second visit). Where the time goes is
  printed beside it: when the notebook's cells are on screen (JupyterLab's own start), when
  its first cell has run (Pyodide loaded and started, the kernel's packages imported, then
  01's imports) and when the widget is drawn (01's cells up to its Deal widget, run);
- from a click on *Deal* to the four new hands drawn (≤ 0.5 s), the median of
  ``--clicks`` clicks;
- the coach in the browser against CPython (≤ 2× CPython): one decision
  (:func:`cardlib.coach.analysis.analyse` on the first lead of a fixed Call Break deal, 13
  cards to choose from, :data:`COACH_SAMPLES` samples, seed :data:`COACH_SEED`) and one deal's
  review (:func:`cardlib.coach.review.review` of seat 0's call and 13 cards in a fixed deal
  finished by four sensible bots, at the card table's sample count). The same code
  (:data:`COACH_CODE`) runs in a fresh CPython process on this machine and, in the same run,
  in a cell of notebook 01 in the site's Python (Pyodide), which prints the time back into
  the cell's output; both time the calls with ``time.perf_counter`` (wall clock: a browser
  has no CPU clock to trust), best of :data:`COACH_REPEATS`. CPython's ``process_time`` is
  printed beside it, to show how much of its wall time the machine's load took.

Notebook 01 opens in the students' default view, the Notebook interface (``?path=…`` at the
site's address).

The browser is Debian's Chromium, with every host but 127.0.0.1 blocked, as in
``tests/ui/test_lite_site.py``. The machine's load average is printed before and after (every
figure is wall-clock time). Run ``python benchmarks/lite_site.py [--runs N] [--clicks N]``.
"""

from __future__ import annotations

import argparse
import base64
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests" / "ui"))

from jupyter_driver import CHROMIUM, click_latency  # noqa: E402
from lite_driver import LiteNotebook, OfflineBrowser, Site, build_site  # noqa: E402

FIRST = "01-cards-and-dealing.ipynb"
TARGETS = {"first_widget_s": 15, "redraw_ms": 500, "coach_ratio": 2.0}

#: The coach's decision and review timed in both Pythons (see the module's docstring).
COACH_SAMPLES = 500
COACH_SEED = 7
COACH_REPEATS = 3
COACH_CODE = f"""
import time
from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.coach.analysis import analyse
from cardlib.coach.review import DEFAULT_SAMPLES, review

def first_lead(seed):
    deal = callbreak.Deal(seed=seed)
    while deal.phase == "calling":
        deal.call(SensibleBot().choose_call(deal))
    return deal

def seat_zero_record(seed):
    deal, bot, record = callbreak.Deal(seed=seed), SensibleBot(), []
    while not deal.is_over:
        choice = bot.choose_play(deal) if deal.phase == "playing" else bot.choose_call(deal)
        if deal.to_act == 0:
            record.append((deal.copy(), choice))
        deal.act(choice)
    return record

position, record = first_lead({COACH_SEED}), seat_zero_record({COACH_SEED})
assert len(position.hand(position.to_act)) == 13 and len(record) == 14
for _ in range({COACH_REPEATS}):
    wall, cpu = time.perf_counter(), time.process_time()
    analyse(position, samples={COACH_SAMPLES}, seed={COACH_SEED})
    decision, decision_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    review(record, DEFAULT_SAMPLES, seed={COACH_SEED})
    deal_review, review_cpu = time.perf_counter() - wall, time.process_time() - cpu
    times = (decision, deal_review, decision_cpu, review_cpu)
    print("coach-timing", *(f"{{t:.4f}}" for t in times))
"""
TIMING = re.compile(r"coach-timing ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)")


def coach_timings(printed: str) -> list[tuple[float, ...]]:
    """(decision, review, decision CPU, review CPU) seconds of each repeat in ``printed``."""
    found = [tuple(float(x) for x in match) for match in TIMING.findall(printed)]
    if len(found) != COACH_REPEATS:
        raise RuntimeError(f"the coach's timing printed {len(found)} lines: {printed[-2000:]!r}")
    return found


def coach_in_cpython() -> list[tuple[float, ...]]:
    """:data:`COACH_CODE` in a fresh CPython process (this environment's)."""
    done = subprocess.run(
        [sys.executable, "-c", COACH_CODE], capture_output=True, text=True, check=True, cwd=PROJECT
    )
    return coach_timings(done.stdout)


def coach_in_the_browser(notebook: LiteNotebook) -> list[tuple[float, ...]]:
    """:data:`COACH_CODE` in a new cell of ``notebook`` (its kernel idle), read back from the
    cell's output."""
    notebook.wait_idle(300_000)
    code = base64.b64encode(COACH_CODE.encode()).decode()
    output = notebook.run_line(f'exec(__import__("base64").b64decode("{code}").decode())')
    output.first.wait_for(timeout=60_000)
    deadline = time.monotonic() + 900
    while len(TIMING.findall(output.first.inner_text())) < COACH_REPEATS:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the coach's timing in the browser: {output.first.inner_text()!r}")
        notebook.page.wait_for_timeout(500)
    return coach_timings(output.first.inner_text())


#: The first code cell after one that shows an error (the refused move of notebook 01,
#: until it shows the refusal as output): JupyterLite's Run All stops there.
STOPPED_AT_JS = """
() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const cells = [...panel.querySelectorAll('.jp-CodeCell')];
  const failed = cells.findIndex(c => c.querySelector(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'));
  const waiting = cells.some(c => (c.querySelector('.jp-InputPrompt')?.textContent ?? '')
    .includes('*'));
  return failed >= 0 && !waiting ? failed + 1 : -1;
}
"""


#: Notes (in the page) the moment the notebook's first code cell has run (its new execution
#: count set): Python is ready and 01's imports are done. (The kernel's first "idle" would not
#: do: with Run All already queued, the kernel goes straight on to the cells.) Called once the
#: notebook is on screen, long before Pyodide has started; the page's clock, then.
NOTE_FIRST_CELL_RUN_JS = """
() => {
  const shown = [...window.jupyterapp.shell.widgets('main')].find(w => w.sessionContext);
  const first = shown.content.widgets.find(cell => cell.model.type === 'code');
  first.model.stateChanged.connect((model, change) => {
    if (change.name === 'executionCount' && change.newValue !== null && !window.cardlibFirstRun) {
      window.cardlibFirstRun = performance.now();
    }
  });
  return performance.now();
}
"""


def time_to_first_widget(context, site: Site) -> tuple[dict, int, LiteNotebook, int]:
    """Seconds from opening notebook 01 to its cells on screen, to its first cell run (Python
    ready, the imports done) and to its Deal widget drawn (``"cells"``, ``"python"``,
    ``"widget"``); bytes downloaded meanwhile.

    Where Run All stops at a cell that raises, the run goes on from the next cell
    ("Run Selected Cell and All Below"), as a student would; the count of such
    restarts is returned too.
    """
    page = context.new_page()
    downloaded = []
    page.on("response", lambda response: downloaded.append(response))
    notebook = LiteNotebook(page, site, site.build / "files" / FIRST, FIRST)
    widget = page.locator(".cardlib-dealing .cardlib-hands svg[aria-label]").first
    started = time.monotonic()
    cells = notebook.goto()
    page.wait_for_function("() => window.jupyterapp")
    noted_at = page.evaluate(NOTE_FIRST_CELL_RUN_JS)  # the page's clock, now
    noted_at_here = time.monotonic() - started
    notebook.menu("Run", "runmenu:run-all")
    restarts = 0
    while not widget.is_visible():
        if time.monotonic() - started > 300:
            raise TimeoutError("notebook 01 drew no Deal widget in 300 s")
        if (following := page.evaluate(STOPPED_AT_JS)) >= 0:
            restarts += 1
            cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
            cells.nth(following).locator(".jp-InputPrompt").click()
            notebook.menu("Run", "notebook:run-all-below")
            page.wait_for_timeout(500)
        page.wait_for_timeout(50)
    seconds = time.monotonic() - started
    ready = page.evaluate("window.cardlibFirstRun")
    python = noted_at_here + (ready - noted_at) / 1000 if ready else float("nan")
    # the server sends every file whole, with its length
    size = sum(int(response.headers.get("content-length", 0)) for response in downloaded)
    return {"cells": cells, "python": python, "widget": seconds}, size, notebook, restarts


def redraw_latencies(notebook: LiteNotebook, clicks: int) -> list[float]:
    """Milliseconds from a click on Deal to the new hands drawn, ``clicks`` times."""
    notebook.wait_idle(180_000)
    page = notebook.page
    page.wait_for_function(  # Run All done: no cell waiting
        "() => ![...document.querySelectorAll('.jp-InputPrompt')].some(p => "
        "p.textContent.includes('*'))",
        timeout=300_000,
    )
    dealing = page.locator(".cardlib-dealing").first
    button, hands = dealing.locator(".cardlib-deal-button"), dealing.locator(".cardlib-hands")
    click_latency(page, button, hands)  # the first click warms up the comm
    return [click_latency(page, button, hands) for _ in range(clicks)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2, help="cold openings of notebook 01")
    parser.add_argument("--clicks", type=int, default=11, help="timed clicks on Deal")
    args = parser.parse_args(argv)

    print(f"load average at the start: {load_average()}")
    stamp = build_site.build()
    started = time.monotonic()
    build_site.build()
    unchanged = time.monotonic() - started
    size_mb = stamp["bytes"] / 1e6
    print(
        f"site: {size_mb:.1f} MB in {stamp['files']} files, no source maps; "
        f"`make lite` with nothing changed: {unchanged:.2f} s"
    )
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser figures", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    cpython = coach_in_cpython()  # before the browser: the two do not share the cores
    with sync_playwright() as playwright, Site(build_site.DEFAULT_OUT) as site:
        browser = OfflineBrowser(playwright.chromium).launch()
        try:
            cold, warm, latencies, first_visit, restarts = [], [], [], 0, 0
            for run in range(args.runs):
                context = browser.new_context()
                seconds, size, notebook, restarts = time_to_first_widget(context, site)
                cold.append(seconds)
                first_visit = max(first_visit, size)
                latencies += redraw_latencies(notebook, args.clicks)
                notebook.page.close()
                seconds, _, notebook, _ = time_to_first_widget(context, site)
                warm.append(seconds)
                if run == args.runs - 1:
                    in_browser = coach_in_the_browser(notebook)
                context.close()
        finally:
            browser.close()
        if browser.outside:
            print(f"requests left 127.0.0.1: {browser.outside}", file=sys.stderr)

    print(f"first visit to notebook 01 downloads {first_visit / 1e6:.1f} MB")
    print(
        f"notebook 01 opened to its first widget: cold {seconds_of(cold, 'widget')} s, "
        f"warm cache {seconds_of(warm, 'widget')} s "
        f"(target ≤ {TARGETS['first_widget_s']} s)"
        + (
            f"; Run All stopped at a cell that raises {restarts} time(s) per opening "
            "and went on from the next cell"
            if restarts
            else ""
        )
    )
    for name, runs in (("cold", cold), ("warm", warm)):
        print(
            f"  where the time goes ({name}, median): cells on screen "
            f"{statistics.median(s['cells'] for s in runs):.1f} s, first cell run (Python "
            f"ready, 01's imports done) "
            f"{statistics.median(s['python'] for s in runs):.1f} s, Deal widget drawn "
            f"{statistics.median(s['widget'] for s in runs):.1f} s (01's cells up to it run)"
        )
    print(
        f"Deal click to the hands redrawn: median {statistics.median(latencies):.0f} ms, "
        f"min {min(latencies):.0f}, max {max(latencies):.0f} over {len(latencies)} clicks "
        f"(target ≤ {TARGETS['redraw_ms']} ms)"
    )
    print_coach(cpython, in_browser)
    print(f"load average at the end: {load_average()}")
    return 1 if browser.outside else 0


def seconds_of(runs: list[dict], stage: str) -> str:
    """One stage's seconds in each run, e.g. "16.3 16.5"."""
    return " ".join(f"{run[stage]:.1f}" for run in runs)


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes (every figure is wall-clock time)."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def print_coach(cpython: list[tuple[float, ...]], in_browser: list[tuple[float, ...]]) -> None:
    """The coach's figures, best of the repeats, browser beside CPython (wall clock both)."""
    names = (
        f"one decision (13-card first lead, {COACH_SAMPLES} samples)",
        "one deal's review (a call and 13 cards)",
    )
    for index, name in enumerate(names):
        here = min(t[index] for t in cpython)
        cpu = min(t[index + 2] for t in cpython)
        there = min(t[index] for t in in_browser)
        target = f" (target ≤ {TARGETS['coach_ratio']:.0f}× CPython)" if index == 0 else ""
        print(
            f"coach, {name}: browser (Pyodide) {there:.2f} s, CPython {here:.2f} s "
            f"(process_time {cpu:.2f} s): {there / here:.2f}× CPython{target}; "
            f"best of {COACH_REPEATS}, perf_counter"
        )


if __name__ == "__main__":
    sys.exit(main())
