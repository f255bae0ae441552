"""The static site's figures (``make lite``): size, time to the first widget, click to redraw.

Measured, never asserted (targets in brackets):

- the site's size on disk, without source maps (≤ 45 MB), and what a first
  visit to notebook 01 downloads;
- how long ``make lite`` takes when nothing changed (a few seconds);
- from opening notebook 01 to its first widget drawn, in a fresh browser profile
  (≤ 15 s): the page opens, *Run All Cells* is chosen as soon as the notebook
  is on screen, as a student would, and the clock stops when the Deal widget is
  drawn; then again with the browser's cache warm (a second visit);
- from a click on *Deal* to the four new hands drawn (≤ 0.5 s), the median of
  ``--clicks`` clicks.

The browser is Debian's Chromium, with every host but 127.0.0.1 blocked, as in
``tests/ui/test_lite_site.py``. Run ``python benchmarks/lite_site.py [--runs N] [--clicks N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests" / "ui"))

from jupyter_driver import CHROMIUM, click_latency  # noqa: E402
from lite_driver import LiteNotebook, OfflineBrowser, Site, build_site  # noqa: E402

FIRST = "01-cards-and-dealing.ipynb"
TARGETS = {"size_mb": 45, "first_widget_s": 15, "redraw_ms": 500}


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


def time_to_first_widget(context, site: Site) -> tuple[float, int, LiteNotebook, int]:
    """Seconds from opening notebook 01 to its Deal widget drawn; bytes downloaded meanwhile.

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
    notebook.goto()
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
    # the server sends every file whole, with its length
    size = sum(int(response.headers.get("content-length", 0)) for response in downloaded)
    return seconds, size, notebook, restarts


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

    stamp = build_site.build()
    started = time.monotonic()
    build_site.build()
    unchanged = time.monotonic() - started
    size_mb = stamp["bytes"] / 1e6
    print(
        f"site: {size_mb:.1f} MB in {stamp['files']} files, no source maps "
        f"(target ≤ {TARGETS['size_mb']} MB); `make lite` with nothing changed: {unchanged:.2f} s"
    )
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser figures", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, Site(build_site.DEFAULT_OUT) as site:
        browser = OfflineBrowser(playwright.chromium).launch()
        try:
            cold, warm, latencies, first_visit, restarts = [], [], [], 0, 0
            for _ in range(args.runs):
                context = browser.new_context()
                seconds, size, notebook, restarts = time_to_first_widget(context, site)
                cold.append(seconds)
                first_visit = max(first_visit, size)
                latencies += redraw_latencies(notebook, args.clicks)
                notebook.page.close()
                seconds, _, notebook, _ = time_to_first_widget(context, site)
                warm.append(seconds)
                context.close()
        finally:
            browser.close()
        if browser.outside:
            print(f"requests left 127.0.0.1: {browser.outside}", file=sys.stderr)

    print(f"first visit to notebook 01 downloads {first_visit / 1e6:.1f} MB")
    print(
        f"notebook 01 opened to its first widget: cold {' '.join(f'{s:.1f}' for s in cold)} s, "
        f"warm cache {' '.join(f'{s:.1f}' for s in warm)} s "
        f"(target ≤ {TARGETS['first_widget_s']} s)"
        + (
            f"; Run All stopped at a cell that raises {restarts} time(s) per opening "
            "and went on from the next cell"
            if restarts
            else ""
        )
    )
    print(
        f"Deal click to the hands redrawn: median {statistics.median(latencies):.0f} ms, "
        f"min {min(latencies):.0f}, max {max(latencies):.0f} over {len(latencies)} clicks "
        f"(target ≤ {TARGETS['redraw_ms']} ms)"
    )
    return 1 if browser.outside else 0


if __name__ == "__main__":
    sys.exit(main())
