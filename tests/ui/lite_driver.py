"""Driving the static JupyterLite site (``make lite``) in Chromium with every other host blocked.

Used by ``tests/ui/test_lite_site.py`` and ``benchmarks/lite_site.py``:

- :func:`built_site`: the site, built (or found up to date) by ``lite/build_site.py``;
- :class:`OfflineBrowser`: Debian's Chromium whose name resolver knows only
  127.0.0.1 (``--host-resolver-rules``), with every request to anywhere else
  also refused by Playwright's routing and written down: the site must need
  nothing from any other host;
- :class:`LiteNotebook`: one notebook open in JupyterLite; everything else
  (Run All from the menus, the cell-by-cell report, screenshots) is
  :class:`jupyter_driver.LabNotebook`'s.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from jupyter_driver import CELLS_JS, CHROMIUM, CHROMIUM_ARGS, PROJECT, LabNotebook

sys.path.insert(0, str(PROJECT / "lite"))

import build_site
import serve_site

#: Any host name but 127.0.0.1 fails to resolve: nothing can reach the network.
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
#: The site is served under a subpath, as on a project's static pages.
PREFIX = "/cardlib/"


def built_site(out: Path = build_site.DEFAULT_OUT, graded: str | None = None) -> Path:
    """The site in ``out``, rebuilt only if an input changed (as ``make lite`` does); with
    ``graded``, holding the graded versions in that mode (``make lite GRADED=…``)."""
    build_site.build(out, graded=graded)
    return out


@dataclass
class Site:
    """The built site served on 127.0.0.1 under :data:`PREFIX` (a thread of this process), as
    the plainest static host does: no caching headers (``serve_site.py``). With ``handler``, a
    host of another kind (:class:`OldDatesHandler`)."""

    folder: Path
    handler: type = serve_site.SiteHandler
    server: object = None

    def __enter__(self) -> Site:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self, port: int = 0) -> Site:
        """Serve (again, on the same ``port`` for the same address)."""
        self.server = serve_site.serve_in_background(self.folder, PREFIX, port)
        self.serve(self.folder)
        return self

    def stop(self) -> int:
        """Stop serving, as a host gone away (the port is free again); the port it had."""
        port = self.server.server_address[1]
        self.server.shutdown()
        self.server.server_close()
        return port

    def serve(self, folder: Path) -> None:
        """Serve ``folder`` from now on: a host whose files are replaced by another build's."""
        self.folder = folder
        self.server.RequestHandlerClass = serve_site.handler_for(
            folder, PREFIX, False, self.handler
        )

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def version(self) -> str:
        """The version of the build served (its folder's name)."""
        return json.loads((self.folder / build_site.VERSION_FILE).read_text())["version"]

    @property
    def build(self) -> Path:
        """The folder of the build served (``v/<version>/``), as JupyterLite made it."""
        return self.folder / build_site.VERSIONS_DIR / self.version

    def notebook_url(self, path: str, page: str = "") -> str:
        """The address that opens notebook ``path`` (in the site's ``page``: its default one)."""
        return f"{self.url}?path={quote(path)}" + (f"&page={page}" if page else "")


#: A year, in seconds.
YEAR = 365 * 24 * 3600


class OldDatesHandler(serve_site.SiteHandler):
    """A static host that dates every file a year before it was written (``Last-Modified``):
    with no caching headers, a browser then keeps its copies for weeks without asking again
    (heuristic freshness, a tenth of their age), as it did the site's old fixed-date files."""

    def date_time_string(self, timestamp=None):
        return super().date_time_string(None if timestamp is None else timestamp - YEAR)


@dataclass
class OfflineBrowser:
    """Chromium that can reach 127.0.0.1 only; ``outside`` lists every request that tried.

    ``browser_type`` is Playwright's ``chromium`` (``playwright.chromium``, or
    ``browser.browser_type`` of a running one).
    """

    browser_type: object
    browser: object = None
    outside: list[str] = field(default_factory=list)

    def launch(self) -> OfflineBrowser:
        self.browser = self.browser_type.launch(
            executable_path=str(CHROMIUM), headless=True, args=OFFLINE_ARGS
        )
        return self

    def new_context(self, width: int = 1280, height: int = 900):
        """A fresh profile (no cache, no stored notebooks) whose requests are all watched,
        its window ``width`` × ``height``.

        Routing sees the kernel's Web Worker too; a request it lets through to
        127.0.0.1 is still checked by the resolver rule, which stops any other name.
        """
        context = self.browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(30_000)
        context.route("**/*", self._route)
        context.on("requestfailed", self._failed)
        return context

    def _route(self, route) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def _failed(self, request) -> None:
        if not is_local(request.url) and request.url not in self.outside:
            self.outside.append(request.url)

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()


def is_local(url: str) -> bool:
    """Whether a request stays on this machine (the test's server, or the page itself)."""
    return url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:"))


#: An init script (``context.add_init_script``): every layout shift of the page, as
#: ``[startTime, value, hadRecentInput, what moved]`` in ``window.cardlibShifts`` (what moved:
#: each source element's tag and classes, its top and height before → after).
LAYOUT_SHIFTS_JS = """
(() => {
  const shifts = window.cardlibShifts = [];
  const describe = (source) => {
    const node = source.node?.nodeType === 1 ? source.node : source.node?.parentElement;
    const name = node ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : '?';
    const [was, now] = [source.previousRect, source.currentRect];
    const text = (node?.textContent ?? '').trim().slice(0, 30);
    return `${name} y ${Math.round(was.y)}→${Math.round(now.y)}`
      + ` h ${Math.round(was.height)}→${Math.round(now.height)} "${text}"`;
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        shifts.push([e.startTime, e.value, e.hadRecentInput, (e.sources || []).map(describe)]);
      }
    }).observe({type: 'layout-shift', buffered: true});
  } catch (error) {
    window.cardlibShiftsMissing = String(error);
  }
})();
"""

#: The layout shift up to ``until`` (ms on the page's clock; null: all), of the shifts with no
#: input just before them: ``[CLS, sum, count, shifts]``. CLS as web-vitals defines it: the
#: largest session window (shifts less than 1 s apart, the window at most 5 s long); ``shifts``
#: the counted ones, largest first (see LAYOUT_SHIFTS_JS).
CLS_JS = """
(until) => {
  if (window.cardlibShiftsMissing) throw new Error(window.cardlibShiftsMissing);
  let best = 0, total = 0, session = 0, first = -1, last = -1;
  const counted = window.cardlibShifts.filter(([at, , input]) =>
    !input && (until === null || at <= until));
  for (const [at, value] of counted) {
    total += value;
    if (first >= 0 && at - last < 1000 && at - first < 5000) session += value;
    else { session = value; first = at; }
    last = at;
    best = Math.max(best, session);
  }
  return [best, total, counted.length, [...counted].sort((a, b) => b[1] - a[1])];
}
"""


#: True once every code cell of the notebook in view has run (its model, not what is drawn: the
#: page draws the cells far below the screen only when scrolled to).
EVERY_CELL_RAN_JS = """
() => {
  const shown = [...window.jupyterapp.shell.widgets('main')].find(w => w.sessionContext);
  const cells = [...shown.content.model.cells].filter(c => c.type === 'code');
  return cells.length > 0 && cells.every(
    c => c.executionCount !== null && c.executionState !== 'running');
}
"""


#: True once JupyterLite's "Run All" is over: every cell ran, or one failed (JupyterLite
#: stops there, and leaves the cells after it waiting for good).
RUN_DONE_LITE_JS = """
(expected) => {
  const cells = (CELLS_JS)();
  if (!cells || cells.length !== expected.length) return false;
  let waiting = false, notRun = false, failed = false;
  cells.forEach((cell, i) => {
    if (!cell.code) return;
    if (cell.prompt.includes('*')) waiting = true;
    else if (expected[i] && !/\\[\\d+\\]/.test(cell.prompt)) notRun = true;
    if (cell.errors.length) failed = true;
  });
  return failed || (!waiting && !notRun);
}
""".replace("CELLS_JS", CELLS_JS.strip())


#: "idle" once the kernel of the notebook in view is, in JupyterLab or in the Notebook
#: interface (which has no status bar): its session's state, as JupyterLab shows it
#: (``window.jupyterapp``: the site exposes the app). (After a failed Run All, JupyterLite's
#: execution indicator stays "busy" for the cells it will never run.)
KERNEL_STATUS_IDLE_JS = """
() => {
  const dialog = document.querySelector('.jp-Dialog');
  if (dialog) return 'dialog: ' + dialog.textContent;
  const app = window.jupyterapp;
  if (!app) return null;
  const shown = [...app.shell.widgets('main')].find(w => w.sessionContext && !w.isHidden);
  return shown && shown.sessionContext.kernelDisplayStatus === 'idle' ? 'idle' : null;
}
"""


class LiteNotebook(LabNotebook):
    """One notebook open in JupyterLite (a page of its own); ``site`` serves it."""

    run_done_js = RUN_DONE_LITE_JS

    def wait_idle(self, timeout: float = 60_000) -> None:
        state = self.page.wait_for_function(KERNEL_STATUS_IDLE_JS, timeout=timeout, polling=100)
        if state.json_value() != "idle":
            raise AssertionError(f"{self.path.name}: JupyterLite shows a {state.json_value()}")

    def __init__(self, page, site: Site, path: Path, name: str, view: str = ""):
        super().__init__(page, site, path)
        self.name = name  # its path in the site's file browser, e.g. "exercises/01-….ipynb"
        #: the site's page it opens in (``build_site.PAGES``): "" the students' default, the
        #: Notebook interface; "lab" JupyterLab
        self.view = view
        self.status_at_open = ""  # what the line saying whether Python is ready said at first
        self.missing: list[tuple[str, int]] = []  # what the page asked for and the site lacked

    def note_missing(self, response) -> None:
        """A ``response`` handler: notes a file of the site that answered 404 (or any error)."""
        if response.status >= 400:
            self.missing.append((response.url, response.status))

    def open(self, timeout: float = 120_000) -> LiteNotebook:
        """Open the page on the notebook and wait for an idle kernel (Pyodide loaded)."""
        self.goto()
        self.wait_idle(timeout)
        return self

    def goto(self, timeout: float = 60_000) -> float:
        """Open the page on the notebook; the seconds until its cells are on screen."""
        started = time.monotonic()
        self.page.goto(self.server.notebook_url(self.name, self.view))
        self.page.wait_for_selector(
            ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell", timeout=timeout
        )
        return time.monotonic() - started

    def run_all(self, timeout: float = 300_000):
        return super().run_all(timeout)

    def run_line(self, line: str):
        """Type one line of code into a new cell at the end of the notebook and run it; its
        output area, as a locator (the keys are the same in JupyterLab and the Notebook
        interface)."""
        page = self.page
        cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
        cells.last.scroll_into_view_if_needed()
        cells.last.locator(".cm-content").click()
        page.keyboard.press("Escape")  # command mode
        page.keyboard.press("b")  # a new cell below, selected
        page.keyboard.press("Enter")  # edit it
        page.keyboard.insert_text(line)  # at once: typing it key by key would take a minute
        page.keyboard.press("Shift+Enter")
        return cells.last.locator(".jp-OutputArea-output")
