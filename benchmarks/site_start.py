"""Where a visit to the classroom site (``make lite``) spends its start, phase by phase.

Measured, never asserted (issue 42's targets beside the figures). For each page asked for
(``--page``, a path within the site; by default the card table's page ``?page=table`` and lesson
00, ``?path=00-start-here.ipynb``), at two settings:

- **desktop**: a 1280×900 window, the machine's CPU;
- **phone**: a 390×844 window, and *every thread of every renderer process* (the page's main
  thread, its compositor, and the Pyodide kernel's Web Worker) held to a quarter of a core.
  Chromium's own CPU throttle (``Emulation.setCPUThrottlingRate``) slows only the page's main
  thread, not the kernel's worker, so it is not used. How, on this machine: cgroup v1's
  ``cpu`` controller is mounted writable at ``/sys/fs/cgroup/cpu``, and in v1 a cgroup may
  hold single threads (its ``tasks`` file); :class:`RendererThrottle` watches the browser's
  renderer processes every :data:`WATCH_S` s and puts each of their threads in a cgroup of its
  own with ``cpu.cfs_quota_us`` a quarter of ``cpu.cfs_period_us`` (a thread a renderer starts
  meanwhile is born in its creator's cgroup, so it is held from its first moment). Where no
  cgroup is writable it falls back to a duty cycle: every renderer process SIGSTOPped for
  three quarters of each :data:`DUTY_PERIOD_S` s (which also holds every thread to a quarter).
  The quota is a ceiling: on a loaded machine a thread gets less. So each visit also prints
  the CPU seconds its renderer used (``/proc``), a figure the machine's load barely changes.

Each page is visited cold (a fresh browser profile: no HTTP cache, no service worker, no
stored files) and warm (the same profile again, the page closed and opened anew), ``--runs``
times each (median printed, every run beside it). A visit is a learner's:

- the card table's page runs itself; the first allowed call is clicked the moment it is on
  screen; then the table is set to "instant", and the deal is played out by clicking the first
  allowed card; Hint is asked once at the learner's first lead; after the last card, the
  coach's review is waited for;
- a lesson (``?path=….ipynb``): lesson 00's Deal button is clicked the moment its widget is on
  screen (the picture the page draws from the notebook, answered by the page's own worker
  before the kernel is ready); then the lesson is run as its first cell says: once its line
  says Python is ready, *Run All Cells*, and the Deal button of the kernel's widget is clicked
  as soon as its cell has run.

Each visit starts a new match: the table's kept match (``localStorage``) is cleared before each
page opens, so a warm visit does not resume a finished deal. Phases, in seconds from the visit's
start (the click on the address):

- *page on screen*: the notebook's first cell drawn (JupyterLite), or the table's first screen
  (a page with no notebook);
- *Pyodide loaded*: the kernel's worker asks for its first wheel (the runtime is up);
- *kernel's own packages / the project's wheels, downloaded*: the last of the kernel's
  packages' wheels (IPython, jedi, …) and the last of cardlib's and the widgets' arrived;
- *packages installed*: Pyodide's "Loaded …" message (every wheel unpacked);
- *kernel ready*: the kernel first idle (``import pyodide_kernel`` done);
- *imports done*: the table page: the first widget's comm opened by the cell (the import of
  ``cardlib.widgets.table`` and what it needs is over); a lesson: its first code cell
  (cardlib, drawing, ``cardlib.widgets.dealing``) has run;
- *built*: the cell making the table or the Deal widget has run (its result sent);
- *drawn*: the table (``.cardlib-table``, or a new page's ``.cl-table``) on screen; lesson 00's
  Deal widget redrawn by its cell run;
- *first click drawn*: the clicked call placed on the table (the answer's first frame); *first
  click answered*: the table settled after it (at the normal speed, once the bots who call
  next are shown, half a second each);
- lesson 00: *Deal widget on screen* (its picture, working), *worker's Pyodide loaded* and
  *worker's Python ready* (the page's own worker, which deals before the kernel is ready),
  *Deal widget answers* (the first click's new hands) and *kernel's Deal widget answers* (the
  same once the cell has run and the kernel's widget took the picture's place).

Then: a call / a card → the next position drawn (milliseconds, median of every click), Hint →
hint shown, the last card → the coach's review shown; the layout shift (web-vitals CLS, the
largest session window of ``layout-shift`` entries without recent input, and their plain sum)
from the visit's start until the table answers its first click / the lesson's Run All is over;
the bytes a cold visit downloads, counted by the server as it sends them (each file once, and
what was sent twice), by kind; and on the table page, the wheels from which Python imported
nothing by the end of the deal.

A page of another kind (``--page table/``: a static table page with no kernel, which exposes
``window.cardlibTable = {ready: Promise, …}``) is measured as far as it goes: page on screen =
its first ``.cl-table`` visible, ready = ``cardlibTable.ready`` resolved, first click answered
= its ``data-serial`` changed (or the clicked button gone); the kernel's phases read "—".

The browser is Debian's Chromium, headless, every host but 127.0.0.1 blocked by its resolver
(``tests/ui/lite_driver.py``; its requests are not routed through Playwright, which would turn
the browser's HTTP cache off); the site is built (or found up to date) and served on 127.0.0.1
under a subpath. Run ``python benchmarks/site_start.py [--runs 3] [--page ?page=table]
[--setting desktop --setting phone] [--out FILE]``; the machine's load average is printed before
and after every setting (every figure is wall-clock time on a shared machine).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests" / "ui"))

from jupyter_driver import CHROMIUM  # noqa: E402
from lite_driver import (  # noqa: E402
    CLS_JS,
    EVERY_CELL_RAN_JS,
    LAYOUT_SHIFTS_JS,
    OfflineBrowser,
    Site,
    build_site,
    serve_site,
)

#: The pages measured unless ``--page`` says otherwise.
DEFAULT_PAGES = ("?page=table", f"?path={build_site.LANDING_NOTEBOOK}")
#: name → (width, height, share of a core each renderer thread may use; None: unthrottled)
SETTINGS = {"desktop": (1280, 900, None), "phone": (390, 844, 0.25)}
#: The issue's targets on the phone setting (warm visit unless said) and the desktop one.
TARGETS = {
    "phone": {
        "table drawn": 8,
        "table answers (warm)": 15,
        "table answers (cold)": 20,
        "lesson 00 widget answers": 15,
        "review_s": 1,
        "hint_ms": 500,
        "cls": 0.1,
    },
    "desktop": {"table answers": 4, "cls": 0.1},
}
#: How often the throttle looks for new renderer processes and threads (seconds).
WATCH_S = 0.05
#: The fallback duty cycle's period (seconds): a quarter of it running, the rest stopped.
DUTY_PERIOD_S = 0.1
#: The wheels the kernel loads for itself (Pyodide's and JupyterLite's), by their file names'
#: start; every other wheel is the project's (cardlib, the widgets and what they need).
KERNEL_WHEELS = (
    "micropip", "piplite", "ipykernel", "pyodide_kernel", "widgetsnbextension", "ipython",
    "jedi", "parso", "pygments", "prompt_toolkit", "wcwidth", "traitlets", "decorator",
    "matplotlib_inline", "stack_data", "executing", "asttokens", "pure_eval", "six", "comm",
)  # fmt: skip
TABLE = ".cardlib-table, .cl-table"
#: How many of a cold visit's largest files are named.
LARGEST = 10
LEGAL = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"
#: Where a button is clicked: near its top left corner, in the strip a fanned card (a phone's
#: hand) leaves showing (tests/ui/test_table_app.py's CORNER).
CORNER = {"x": 8, "y": 12}


# ----- holding the renderers to a quarter of a core -----


def children() -> dict[int, list[int]]:
    """Every process's children (pid → pids), from /proc."""
    found: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        found.setdefault(parent, []).append(int(entry))
    return found


def renderers(root: int | None = None) -> list[int]:
    """The Chromium renderer processes descending from ``root`` (this process)."""
    tree, todo, found = children(), [root or os.getpid()], []
    while todo:
        pid = todo.pop()
        for child in tree.get(pid, []):
            todo.append(child)
            try:
                with open(f"/proc/{child}/cmdline", "rb") as cmdline:
                    if b"--type=renderer" in cmdline.read():
                        found.append(child)
            except OSError:
                pass
    return found


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of each process (those still alive)."""
    tick, seconds = os.sysconf("SC_CLK_TCK"), {}
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            seconds[pid] = (int(fields[11]) + int(fields[12])) / tick
    return seconds


@dataclass
class RendererThrottle:
    """Every thread of every renderer process under this one held to ``share`` of a core
    (see the module's docstring), while in a ``with`` block; ``how`` says by what."""

    share: float
    cgroup_root: Path = Path("/sys/fs/cgroup/cpu")
    how: str = ""
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None
    _group: Path | None = None
    _placed: set[int] = field(default_factory=set)

    def __enter__(self) -> RendererThrottle:
        group = self.cgroup_root / f"cardlib-site-start-{os.getpid()}"
        try:
            group.mkdir()
            period = int((group / "cpu.cfs_period_us").read_text())
            probe = group / "probe"
            probe.mkdir()
            (probe / "cpu.cfs_quota_us").write_text(str(int(period * self.share)))
            probe.rmdir()
            self._group, self._period = group, period
            self.how = (
                "cgroup v1 cpu, one cgroup per renderer thread, cfs_quota "
                f"{int(period * self.share)} µs per {period} µs period"
            )
            target = self._watch_cgroups
        except OSError as error:
            with contextlib.suppress(OSError):
                group.rmdir()
            self.how = (
                f"SIGSTOP/SIGCONT duty cycle of the renderer processes, {self.share:.0%} of "
                f"every {DUTY_PERIOD_S * 1000:.0f} ms running (no writable cgroup: {error})"
            )
            target = self._duty_cycle
        self._thread = threading.Thread(target=target, daemon=True)
        self._thread.start()
        return self

    def _watch_cgroups(self) -> None:
        assert self._group is not None
        quota = str(int(self._period * self.share))
        while not self._stop.wait(WATCH_S):
            for pid in renderers():
                with contextlib.suppress(OSError):
                    tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
                for tid in tids:
                    if tid in self._placed:
                        continue
                    with contextlib.suppress(OSError):
                        own = self._group / f"t{tid}"
                        own.mkdir(exist_ok=True)
                        (own / "cpu.cfs_quota_us").write_text(quota)
                        (own / "tasks").write_text(str(tid))
                        self._placed.add(tid)

    def _duty_cycle(self) -> None:
        while not self._stop.is_set():
            pids = renderers()
            time.sleep(DUTY_PERIOD_S * self.share)
            for pid in pids:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)
            self._stop.wait(DUTY_PERIOD_S * (1 - self.share))
            for pid in pids:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGCONT)

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        for pid in renderers():  # (the duty cycle ends with every renderer running again)
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGCONT)
        if self._group is not None:  # a cgroup goes once its threads have ended
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                left = [g for g in self._group.iterdir() if g.is_dir()]
                for own in left:
                    with contextlib.suppress(OSError):
                        own.rmdir()
                if not [g for g in self._group.iterdir() if g.is_dir()]:
                    with contextlib.suppress(OSError):
                        self._group.rmdir()
                    break
                time.sleep(0.2)


# ----- the server counting what it sends -----

#: (seconds since the epoch, path, bytes) of every file the server sent whole.
SENT: list[tuple[float, str, int]] = []


class CountingHandler(serve_site.SiteHandler):
    """The site's server, noting every file it sends (:data:`SENT`)."""

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        SENT.append((time.time(), self.path.split("?")[0], source.tell() - start))


# ----- what the page notes about itself -----

#: Run in every page before its own scripts (after lite_driver's LAYOUT_SHIFTS_JS): when the
#: page, the table and the kernel's states first showed, and every message of the kernel, on
#: the page's clock.
PROBE_JS = """
(() => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('cardlib-table-match')) localStorage.removeItem(key);
  }
  const bench = window.__bench = {origin: performance.timeOrigin, marks: {}, messages: [],
                                  kernels: new Set()};
  const mark = (name) => { if (!(name in bench.marks)) bench.marks[name] = performance.now(); };
  bench.mark = mark;
  const visible = (selector) => [...document.querySelectorAll(selector)].some(
    (e) => e.offsetWidth > 0 && e.offsetHeight > 0);
  const look = () => {
    if (visible('.jp-Notebook .jp-Cell')) mark('page');
    if (visible('.cardlib-table, .cl-table')) { mark('table'); mark('page'); }
    if (window.cardlibTable?.ready && !bench.readyHooked) {
      bench.readyHooked = true;
      window.cardlibTable.ready.then(() => mark('ready'));
    }
    const app = window.jupyterapp;
    for (const widget of app ? app.shell.widgets('main') : []) {
      const context = widget.sessionContext;
      if (context && !context.__benchHooked) {
        context.__benchHooked = true;
        context.statusChanged.connect((_, status) => { if (status === 'idle') mark('idle'); });
      }
      if (context && context.kernelDisplayStatus === 'idle') mark('idle');
      const kernel = context?.session?.kernel;
      if (!kernel || bench.kernels.has(kernel.id)) continue;
      bench.kernels.add(kernel.id);
      kernel.anyMessage.connect((_, args) => {
        const msg = args.msg;
        bench.messages.push([performance.now(), args.direction, msg.channel,
                             msg.header.msg_type, msg.content?.execution_state ?? null]);
      });
    }
    // every 100 ms, not every frame: the checks force a layout, which the page would pay for
    setTimeout(look, 100);
  };
  document.addEventListener('DOMContentLoaded', look);
})();
"""

#: Wait for the table's answer to a click: its ``data-serial`` changed (the card table widget's
#: frames settled: at the normal speed, after the bots who play next are shown half a second
#: each; a new page's too if it keeps the attribute), or the clicked button gone. Resolves to
#: [clicked, settled, drawn]: *drawn* is the first frame of the answer on the table (the
#: learner's own call or card placed: its ``data-frame`` or ``data-serial`` changed).
ARM_ANSWER_JS = """
([button, table]) => {
  const before = table.dataset.serial, frameBefore = table.dataset.frame;
  window.__bench.answer = new Promise((resolve) => {
    let start = null, drawn = null;
    button.addEventListener('click', () => { start = performance.now(); },
                            {capture: true, once: true});
    const check = () => {
      const changed = before !== undefined ? table.dataset.serial !== before
                                           : !button.isConnected;
      if (start !== null && drawn === null
          && (changed || table.dataset.frame !== frameBefore)) drawn = performance.now();
      if (start !== null && changed) resolve([start, performance.now(), drawn]);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}
"""


def now_on_page(page) -> float:
    return page.evaluate("performance.now()")


# ----- one visit -----


@dataclass
class Visit:
    """The figures of one visit (seconds from its start unless named otherwise)."""

    phases: dict[str, float] = field(default_factory=dict)
    calls_ms: list[float] = field(default_factory=list)
    cards_ms: list[float] = field(default_factory=list)
    hint_ms: float | None = None
    review_s: float | None = None
    cls: float = float("nan")
    cls_total: float = float("nan")
    shifts: int = 0
    cpu_s: float = float("nan")
    sent: list[tuple[float, str, int]] = field(default_factory=list)
    unused_wheels: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def open_page(context, site: Site, where: str) -> tuple:
    """A new page of ``context`` opened at ``where``; (page, the visit's start in epoch s)."""
    page = context.new_page()
    started = time.time()
    page.goto(site.url + where.lstrip("/"))
    return page, started


def on_visit_clock(page, started: float, at_ms: float | None) -> float | None:
    """A time on the page's clock (ms) as seconds from the visit's start."""
    if at_ms is None:
        return None
    origin = page.evaluate("performance.timeOrigin") / 1000
    return origin + at_ms / 1000 - started


def kernel_phases(page, started: float, visit: Visit, inspect: bool) -> None:
    """Pyodide's phases, from when its worker fetched the wheels and when the files of each
    were written (Pyodide unpacks every wheel into its file system, whose files keep the
    time they were written): the runtime is up when the first wheel is unpacked (Pyodide
    downloads them meanwhile)."""
    worker = next((w for w in page.workers if "comlink" in w.url), None)
    if worker is None:
        return
    origin, entries = worker.evaluate(
        "[performance.timeOrigin, performance.getEntriesByType('resource').map("
        "e => [e.name, e.startTime, e.responseEnd])]"
    )
    own = [e for name, _, e in entries if wheel_is(name, "kernel's")]
    project = [e for name, _, e in entries if wheel_is(name, "project's")]
    if own:
        visit.phases["kernel's packages downloaded"] = (origin + max(own)) / 1000 - started
    if project:
        visit.phases["project's wheels downloaded"] = (origin + max(project)) / 1000 - started
    found = in_kernel(page, KERNEL_PROBE_PY.replace("INSPECT", str(inspect)))
    if not found:
        return
    written = found["written"]
    if written:
        visit.phases["Pyodide loaded"] = min(t for t, _ in written.values()) - started
    for name, kind in (("kernel's packages installed", "kernel's"),
                       ("project's wheels installed", "project's")):  # fmt: skip
        ends = [end for dist, (_, end) in written.items() if dist_kind(dist) == kind]
        if ends:
            visit.phases[name] = max(ends) - started
    visit.unused_wheels = found["unused"]


def wheel_is(url: str, kind: str) -> bool:
    name = url.rsplit("/", 1)[-1]
    return name.endswith(".whl") and dist_kind(name.split("-")[0]) == kind


def dist_kind(dist: str) -> str:
    """Whether a distribution (its wheel's name) is the kernel's or the project's."""
    return "kernel's" if dist.replace("-", "_").lower().startswith(KERNEL_WHEELS) else "project's"


#: Python run in the page's kernel at the end of a visit: when the files of each installed
#: distribution were first and last written (seconds since the epoch), and with INSPECT, which
#: distributions Python imported nothing from (by their files).
KERNEL_PROBE_PY = """
import importlib.metadata, json, os, sys
written, unused = {}, []
loaded = {getattr(m, '__file__', None) for m in list(sys.modules.values())}
for dist in importlib.metadata.distributions():
    paths = [str(dist.locate_file(f)) for f in (dist.files or [])]
    times = [os.stat(p).st_mtime for p in paths if os.path.exists(p)]
    if times:
        written[dist.metadata['Name']] = (min(times), max(times))
    code = {p for p in paths if p.endswith(('.py', '.pyc'))}
    if INSPECT and code and not code & loaded:
        unused.append(dist.metadata['Name'])
print('PROBE ' + json.dumps({'written': written, 'unused': sorted(unused)}))
"""

RUN_IN_KERNEL_JS = """
async (code) => {
  const shown = [...window.jupyterapp.shell.widgets('main')].find(w => w.sessionContext);
  const kernel = shown.sessionContext.session.kernel;
  let out = '';
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
  await future.done;
  return out;
}
"""


def in_kernel(page, code: str) -> dict | None:
    """What :data:`KERNEL_PROBE_PY` found in the page's kernel (None: no kernel there)."""
    if not page.evaluate("!!window.jupyterapp"):
        return None
    out = page.evaluate(RUN_IN_KERNEL_JS, code)
    for line in out.splitlines():
        if line.startswith("PROBE "):
            return json.loads(line[6:])
    raise RuntimeError(f"the kernel's probe printed {out[-2000:]!r}")


def table_visit(page, started: float, visit: Visit, play: bool) -> float:
    """The table page: first screen, first click answered, then (``play``) a deal played out.
    The page's clock (ms) at which the layout shift stops being counted."""
    table = page.locator(TABLE).first
    table.wait_for(state="visible", timeout=600_000)
    first = page.locator(LEGAL).first
    first.wait_for(state="visible", timeout=600_000)
    button = first.element_handle()  # this button, not the locator's next match
    is_call = button.evaluate("b => !!b.closest('.cl-calls')")
    page.evaluate(ARM_ANSWER_JS, [button, table.element_handle()])
    button.click(position=CORNER)
    clicked, answered, drawn = page.evaluate("window.__bench.answer")
    visit.phases["first click drawn"] = on_visit_clock(page, started, drawn)
    visit.phases["first click answered"] = on_visit_clock(page, started, answered)
    (visit.calls_ms if is_call else visit.cards_ms).append(answered - clicked)
    if not play or not page.locator(".cardlib-table").count():
        return clicked
    page.select_option(".cl-speed", "instant")
    hinted = False
    while True:
        legal = page.locator(LEGAL)
        end = page.locator(".cl-end .cl-end-table")
        page.wait_for_function(
            "() => document.querySelector('.cl-end .cl-end-table') || "
            "document.querySelector('.cl-calls button.cl-legal, .cl-hand button.cl-legal')",
            timeout=120_000,
        )
        if end.count() and end.first.is_visible():
            break
        hand = page.locator(".cl-hand button").count()
        calling = page.locator(".cl-calls button").count() > 0
        if not hinted and hand and not calling and page.locator(".cl-hint-button").count():
            hinted = True
            hint = page.locator(".cl-hint")
            before = hint.text_content() or ""
            t0 = time.monotonic()
            page.locator(".cl-hint-button").click()
            page.wait_for_function(
                "b => { const h = document.querySelector('.cl-hint'); "
                "return h && h.textContent.includes('Hint: ') && h.textContent !== b; }",
                arg=before,
                timeout=120_000,
            )
            visit.hint_ms = (time.monotonic() - t0) * 1000
        button = legal.first.element_handle()
        is_call = button.evaluate("b => !!b.closest('.cl-calls')")
        last = not is_call and hand == 1
        page.evaluate(ARM_ANSWER_JS, [button, table.element_handle()])
        t0 = time.monotonic()
        button.click(position=CORNER)
        start, done, _ = page.evaluate("window.__bench.answer")
        (visit.calls_ms if is_call else visit.cards_ms).append(done - start)
        if last:
            page.locator(".cl-review .cl-review-table, .cl-review .cl-review-title").first.wait_for(
                timeout=300_000
            )
            visit.review_s = time.monotonic() - t0
            break
    return clicked


#: Lesson 00's Deal widget as the page draws it before the lesson's Python is ready (its stored
#: picture, which the page's own worker answers: lite/build_site.py, LIVE_DEAL).
LIVE_DEAL = ".cl-deal-preview"


def lesson_visit(page, started: float, visit: Visit) -> float:
    """A lesson: lesson 00's Deal clicked as soon as it is on screen (its picture, which the
    page's worker answers), then Run All once the kernel is ready and the Deal of the kernel's
    widget clicked once its cell has run. The page's clock (ms) at which the layout shift stops
    being counted (Run All over)."""
    picture = page.locator(f"{LIVE_DEAL}[data-live=live]").first
    picture.wait_for(state="visible", timeout=600_000)
    visit.phases["Deal widget on screen"] = on_visit_clock(page, started, now_on_page(page))
    _, answered = click_deal(
        page, picture.locator(".cl-deal-button"), picture.locator(".cl-deal-hands")
    )
    visit.phases["Deal widget answers"] = on_visit_clock(page, started, answered)
    live = page.evaluate("window.cardlibLiveDeal.phases")
    for name, key in (("worker's Pyodide loaded", "pyodide"), ("worker's Python ready", "ready")):
        visit.phases[name] = on_visit_clock(page, started, live.get(key))
    page.wait_for_function(
        "() => window.__bench.marks.idle !== undefined", timeout=600_000, polling=100
    )
    chosen = page.evaluate(  # not awaited: the command's promise ends with the last cell
        "() => { const t = performance.now();"
        " window.jupyterapp.commands.execute('notebook:run-all-cells'); return t; }"
    )
    visit.phases["Run All chosen"] = on_visit_clock(page, started, chosen)
    # the Deal widget's cell (DealWidget(...).widget) has run: its new view replaced the stored one
    page.wait_for_function(
        """() => {
          const shown = [...window.jupyterapp.shell.widgets('main')].find(w => w.sessionContext);
          const cells = [...shown.content.model.cells].filter(c => c.type === 'code');
          const first = cells[0];
          const deal = cells.find(c => c.sharedModel.source.includes('DealWidget('));
          const t = (c) => c && c.executionCount !== null && c.executionState !== 'running';
          if (t(first)) window.__bench.mark('imports');
          if (t(deal)) { window.__bench.mark('built'); return true; }
          return false;
        }""",
        timeout=600_000,
        polling=50,
    )
    dealing = page.locator(".cardlib-dealing").first
    dealing.locator(".cardlib-hands svg").first.wait_for(state="visible", timeout=120_000)
    visit.phases["Deal widget drawn"] = on_visit_clock(page, started, now_on_page(page))
    _, answered = click_deal(
        page, dealing.locator(".cardlib-deal-button"), dealing.locator(".cardlib-hands")
    )
    visit.phases["kernel's Deal widget answers"] = on_visit_clock(page, started, answered)
    page.wait_for_function(EVERY_CELL_RAN_JS, timeout=600_000, polling=100)
    done = now_on_page(page)
    visit.phases["Run All done"] = on_visit_clock(page, started, done)
    return done


def click_deal(page, button, hands) -> tuple[float, float]:
    """Click a Deal button; when (the page's clock, ms) it was clicked and its hands redrawn."""
    page.evaluate(
        """([button, hands]) => {
          const before = hands.innerHTML;
          window.__bench.answer = new Promise((resolve) => {
            let start = null;
            button.addEventListener('click', () => { start = performance.now(); },
                                    {capture: true, once: true});
            const check = () => start !== null && hands.innerHTML !== before
              ? resolve([start, performance.now()]) : requestAnimationFrame(check);
            requestAnimationFrame(check);
          });
        }""",
        [button.element_handle(), hands.element_handle()],
    )
    button.click()
    return tuple(page.evaluate("window.__bench.answer"))


def message_phases(page, started: float, visit: Visit, lesson: bool) -> None:
    """The kernel's phases read from its messages and the page's marks."""
    bench = page.evaluate("({marks: window.__bench.marks, messages: window.__bench.messages})")
    marks, messages = bench["marks"], bench["messages"]
    for name, key in (("page on screen", "page"), ("kernel ready", "idle"), ("ready", "ready")):
        if key in marks:
            visit.phases[name] = on_visit_clock(page, started, marks[key])
    if lesson:
        for name, key in (("imports done", "imports"), ("built", "built")):
            if key in marks:
                visit.phases[name] = on_visit_clock(page, started, marks[key])
        return
    inputs = [m for m in messages if m[3] == "execute_input"]
    if not inputs:
        return
    begun = inputs[0][0]
    opened = [m[0] for m in messages if m[3] == "comm_open" and m[0] >= begun]
    results = [m[0] for m in messages if m[3] == "execute_result" and m[0] >= begun]
    visit.phases["table cell begun"] = on_visit_clock(page, started, begun)
    if opened:
        visit.phases["imports done"] = on_visit_clock(page, started, min(opened))
    if results:
        visit.phases["built"] = on_visit_clock(page, started, min(results))
    if "table" in marks:
        visit.phases["table drawn"] = on_visit_clock(page, started, marks["table"])


def visit(context, site: Site, where: str, play: bool, inspect: bool) -> Visit:
    """One visit of ``where`` in ``context`` (see the module's docstring)."""
    result = Visit()
    before = cpu_seconds(renderers())
    mark = len(SENT)
    page, started = open_page(context, site, where)
    lesson = ".ipynb" in where and "card-table" not in where
    try:
        if lesson:
            stop_at = lesson_visit(page, started, result)
        else:
            stop_at = table_visit(page, started, result, play)
        result.cls, result.cls_total, result.shifts = page.evaluate(CLS_JS, stop_at)[:3]
        message_phases(page, started, result, lesson)
        kernel_phases(page, started, result, inspect and not lesson)
        after = cpu_seconds(renderers())
        result.cpu_s = sum(after[p] - before.get(p, 0) for p in after)
    finally:
        page.close()
    result.sent = SENT[mark:]
    return result


# ----- printing -----

PHASE_ORDER = (
    "page on screen", "kernel's packages downloaded", "project's wheels downloaded",
    "Pyodide loaded", "kernel's packages installed", "project's wheels installed",
    "kernel ready", "ready",
    "Run All chosen", "table cell begun", "imports done", "built", "table drawn",
    "Deal widget on screen", "worker's Pyodide loaded", "worker's Python ready",
    "Deal widget answers", "Deal widget drawn", "first click drawn", "first click answered",
    "kernel's Deal widget answers", "Run All done",
)  # fmt: skip


def median(values: list[float]) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def runs_text(values: list, digits: int = 1) -> str:
    return " ".join("—" if v is None else f"{v:.{digits}f}" for v in values)


def kind_of(path: str) -> str:
    """What a file of the site is, for the bytes' table."""
    name = path.rsplit("/", 1)[-1]
    if name.endswith(".whl"):
        return "wheel: " + ("kernel's" if name.startswith(KERNEL_WHEELS) else "project's")
    if name.startswith(("pyodide", "python_stdlib")):
        return "Pyodide runtime"
    if "/extensions/" in path:
        return "lab extensions (" + path.split("/extensions/")[1].split("/static/")[0] + ")"
    if "/api/" in path or name.endswith(".ipynb"):
        return "notebooks and the site's file list"
    if "/fonts/" in path or name.endswith((".woff", ".woff2", ".ttf")):
        return "fonts"
    return "JupyterLite's app (pages, scripts, styles)"


def print_bytes(sent: list[tuple[float, str, int]], unused: list[str], out) -> None:
    once: dict[str, int] = {}
    twice: dict[str, int] = {}
    for _, path, size in sent:
        if path in once:
            twice[path] = twice.get(path, 0) + size
        else:
            once[path] = size
    again = sum(twice.values())
    kinds: dict[str, int] = {}
    for path, size in once.items():
        kinds[kind_of(path)] = kinds.get(kind_of(path), 0) + size
    total = sum(once.values())
    print(
        f"    downloaded: {total / 1e6:.1f} MB in {len(once)} files, and {again / 1e6:.1f} MB "
        "sent a second time",
        file=out,
    )
    if twice:
        print(
            "      sent again: "
            + ", ".join(
                f"{path.rsplit('/', 1)[-1]} {size / 1e6:.2f}"
                for path, size in sorted(twice.items(), key=lambda item: -item[1])[:LARGEST]
            ),
            file=out,
        )
    for kind, size in sorted(kinds.items(), key=lambda item: -item[1]):
        print(f"      {size / 1e6:6.2f} MB  {kind}", file=out)
    largest = sorted(once.items(), key=lambda item: -item[1])[:LARGEST]
    print(
        "      the largest files: "
        + ", ".join(f"{path.rsplit('/', 1)[-1]} {size / 1e6:.2f}" for path, size in largest),
        file=out,
    )
    if unused:
        names = {build_site.canonical(name) for name in unused}
        wheels = {
            p: s
            for p, s in once.items()
            if p.endswith(".whl")
            and build_site.canonical(p.rsplit("/", 1)[-1].split("-")[0]) in names
        }
        print(
            "      never imported from, by the end of a deal "
            f"({sum(wheels.values()) / 1e6:.2f} MB): "
            + ", ".join(sorted(p.rsplit("/", 1)[-1] for p in wheels)),
            file=out,
        )


def print_page(where: str, setting: str, cold: list[Visit], warm: list[Visit], out) -> None:
    print(f"\n== {where} · {setting} ==", file=out)
    names = [n for n in PHASE_ORDER if any(n in v.phases for v in cold + warm)]
    print(f"  {'phase (s from the visit start)':38} {'cold median':>11} {'warm median':>11}"
          "   runs cold | warm", file=out)  # fmt: skip
    for name in names:
        c = [v.phases.get(name) for v in cold]
        w = [v.phases.get(name) for v in warm]
        print(
            f"  {name:38} {median(c):11.1f} {median(w):11.1f}   {runs_text(c)} | {runs_text(w)}",
            file=out,
        )
    for label, pick, digits in (
        ("layout shift, CLS (web-vitals)", lambda v: v.cls, 3),
        ("layout shift, sum of all shifts", lambda v: v.cls_total, 3),
        ("renderer CPU seconds", lambda v: v.cpu_s, 1),
    ):
        c, w = [pick(v) for v in cold], [pick(v) for v in warm]
        print(
            f"  {label:38} {median(c):11.{digits}f} {median(w):11.{digits}f}   "
            f"{runs_text(c, digits)} | {runs_text(w, digits)}",
            file=out,
        )
    visits = cold + warm
    calls = [ms for v in visits for ms in v.calls_ms]
    cards = [ms for v in visits for ms in v.cards_ms]
    hints = [v.hint_ms for v in visits if v.hint_ms is not None]
    reviews = [v.review_s for v in visits if v.review_s is not None]
    if calls or cards:
        print(
            f"  a call → next position drawn: median {median(calls):.0f} ms over {len(calls)}; "
            f"a card → next position drawn: median {median(cards):.0f} ms, slowest "
            f"{max(cards, default=float('nan')):.0f} ms over {len(cards)}",
            file=out,
        )
    if hints:
        print(
            f"  Hint → hint shown: median {median(hints):.0f} ms, slowest {max(hints):.0f} ms "
            f"({runs_text(hints, 0)})",
            file=out,
        )
    if reviews:
        print(
            f"  last card → the coach's review shown: median {median(reviews):.2f} s "
            f"({runs_text(reviews, 2)})",
            file=out,
        )
    if cold:
        unused = cold[0].unused_wheels
        print("  bytes of a cold visit (the first run's):", file=out)
        print_bytes(cold[0].sent, unused, out)
    notes = sorted({n for v in visits for n in v.notes})
    for note in notes:
        print(f"  note: {note}", file=out)


def load_average() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold and warm visits of each page")
    parser.add_argument(
        "--page",
        action="append",
        dest="pages",
        help="a path within the site, e.g. '?page=table', '?path=00-start-here.ipynb', "
        "'table/' (repeat for more; default: the table page and lesson 00)",
    )
    parser.add_argument(
        "--setting", action="append", dest="settings", choices=SETTINGS, help="default: both"
    )
    parser.add_argument("--no-deal", action="store_true", help="table: first click only")
    parser.add_argument("--out", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    pages = args.pages or list(DEFAULT_PAGES)
    settings = args.settings or list(SETTINGS)
    out = io.StringIO()

    class Tee:
        def write(self, text):
            sys.stdout.write(text)
            out.write(text)

        def flush(self):
            sys.stdout.flush()

    tee = Tee()
    print(f"site_start · {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", file=tee)
    print(f"load average (1, 5, 15 min) at the start: {load_average()} on {os.cpu_count()} "
          "cores shared with other engineers' work", file=tee)  # fmt: skip
    stamp = build_site.build()
    print(f"site {stamp['version']}: {stamp['bytes'] / 1e6:.1f} MB in {stamp['files']} files "
          f"(Pyodide {stamp['pyodide']})", file=tee)  # fmt: skip
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser figures", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, Site(build_site.DEFAULT_OUT, CountingHandler) as site:
        offline = OfflineBrowser(playwright.chromium).launch()
        try:
            for setting in settings:
                width, height, share = SETTINGS[setting]
                throttle = (
                    RendererThrottle(share) if share is not None else contextlib.nullcontext()
                )
                with throttle as held:
                    how = held.how if held is not None else "no throttle"
                    print(f"\n#### {setting}: {width}×{height}, {how}; load average "
                          f"{load_average()}", file=tee)  # fmt: skip
                    for where in pages:
                        cold, warm = [], []
                        for _ in range(args.runs):
                            context = offline.browser.new_context(
                                viewport={"width": width, "height": height}
                            )
                            context.set_default_timeout(120_000)
                            # No routing (Playwright's turns the browser's own cache off: every
                            # file would be fetched again and again); the resolver rule alone
                            # keeps the browser on 127.0.0.1, and what it refused is noted.
                            context.on("requestfailed", offline._failed)
                            context.add_init_script(LAYOUT_SHIFTS_JS)
                            context.add_init_script(PROBE_JS)
                            try:
                                play = not args.no_deal
                                first = not cold
                                cold.append(visit(context, site, where, play, first))
                                warm.append(visit(context, site, where, play, False))
                            finally:
                                context.close()
                        print_page(where, setting, cold, warm, tee)
                    print(f"  load average after {setting}: {load_average()}", file=tee)
        finally:
            offline.close()
        if offline.outside:
            print(f"requests left 127.0.0.1: {offline.outside}", file=tee)
    print(f"\nload average at the end: {load_average()}", file=tee)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(out.getvalue(), encoding="utf-8")
    return 1 if offline.outside else 0


if __name__ == "__main__":
    sys.exit(main())
