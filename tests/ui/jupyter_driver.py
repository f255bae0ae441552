"""Driving JupyterLab and Voilà in Debian's Chromium, for the browser tests.

Small pieces, kept apart from the tests so that each test reads as what a
learner does:

- :class:`Server`: a ``jupyter lab`` or ``voila`` process on 127.0.0.1, started
  the way ``make tutorial`` / ``make app`` start it, waited for, and stopped;
- :class:`LabNotebook`: one notebook open in JupyterLab: run all cells from
  the menus, list what went wrong cell by cell, take a screenshot;
- :func:`whole_page_screenshot`, :func:`cut_off_labels`: what a person would see;
- :func:`click_latency`: the time from a real click to the updated text on screen;
- :func:`accessibility_violations`: axe-core's WCAG 2.1 AA audit of what cardlib draws;
- :func:`call_and_play_a_trick`: a learner's first moves at the card table (06), and
  :func:`table_position`: what the learner sees of its position.

Pages are found by their CSS classes: JupyterLab's own (``jp-…``) and the
``cardlib-…`` classes each widget module lists in its docstring.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import nbformat

from cardlib.app import READY_PATH

PROJECT = Path(__file__).resolve().parents[2]
#: The notebooks under test; CARDLIB_UI_NOTEBOOKS points the tests at another folder
#: (a scratch notebook, say) while working on the tests themselves.
NOTEBOOKS = Path(os.environ.get("CARDLIB_UI_NOTEBOOKS", PROJECT / "notebooks"))
#: Every notebook is run with Run All in a browser once, in one of two places: these in the
#: classroom site (JupyterLite: its Python is Pyodide), the others in JupyterLab (CPython,
#: tests/ui/test_lab_all_notebooks.py). The page is the same JupyterLab front end in both, so
#: a notebook's cells, widgets and accessibility are checked once; what only the site can get
#: wrong (a module Pyodide cannot import) is checked for every notebook in one site kernel
#: (tests/ui/test_lite_site.py). Chosen so that the two halves take about as long; the
#: notebooks that JupyterLab's interaction tests open anyway (conftest.INTERACTIVE) stay there.
IN_THE_SITE = (
    "06-play-a-match",  # the card table in Pyodide: a trick is played there too
    "10-judgement",
    "11-judgement-strategy",
    "20-call-bridge",
    "21-call-bridge-strategy",
    "41-the-bridge-coach",  # endplay is not in Pyodide: the coach says so instead
)


def notebooks_in_the_site() -> list[Path]:
    """The notebooks that are run in the classroom site (see ``IN_THE_SITE``)."""
    return [path for path in sorted(NOTEBOOKS.glob("*.ipynb")) if path.stem in IN_THE_SITE]


def notebooks_in_lab() -> list[Path]:
    """Every other notebook: run in JupyterLab."""
    return [path for path in sorted(NOTEBOOKS.glob("*.ipynb")) if path.stem not in IN_THE_SITE]


SCREENSHOTS = PROJECT / "screenshots"
#: Debian's Chromium (CARDLIB_CHROMIUM names another build, e.g. chromium-browser elsewhere).
CHROMIUM = Path(os.environ.get("CARDLIB_CHROMIUM", "/usr/bin/chromium"))
#: Headless Chromium as root in a container, without the network chatter that slows start-up.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
STDERR_MIME = "application/vnd.jupyter.stderr"  # JupyterLab draws tracebacks with this type too
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
WIDGET_ERRORS = re.compile(
    r"Error displaying widget|model not found|Could not create a (model|view)|"
    r"Failed to load model class|Loading widget\.\.\.",
    re.IGNORECASE,
)


#: Voilà is ready once this answers (not the page, which would hand a preheated kernel to
#: nobody).
VOILA_READY = READY_PATH


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    """A Jupyter server process on 127.0.0.1 (JupyterLab or Voilà) and its log."""

    argv: list[str]
    url: str  # ends with "/"
    log_path: Path
    token: str = ""
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen | None = None

    def start(self, ready_path: str, timeout: float = 90.0) -> Server:
        """Start the process and wait until ``ready_path`` answers 200."""
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                self.argv,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, **self.env},
                start_new_session=True,  # so that stop() reaches the kernels it started too
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.argv[:2]} exited early:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + ready_path, timeout=5) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"{self.argv[:2]} not ready after {timeout:.0f} s:\n{self.log_tail()}")

    def api(self, method: str, path: str):
        """Call the Jupyter REST API (``path`` like ``api/sessions``); the decoded JSON or None."""
        request = urllib.request.Request(
            self.url + path, method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self, name: str = "") -> None:
        """End the sessions (and kernels) of notebooks named ``name``, or of all notebooks."""
        for session in self.api("GET", "api/sessions"):
            if not name or Path(session["path"]).name == name:
                self.api("DELETE", f"api/sessions/{session['id']}")

    def stop(self) -> None:
        """Stop the server (it shuts its kernels down); kill the group if it will not go."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def kernel_processes(server: Server) -> list[Path]:
    """The kernels (ipykernel processes) running under the Voilà server, as /proc entries."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])  # the parent's id (field 4)
        if parent == server.process.pid and b"ipykernel" in cmdline:
            found.append(proc)
    return found


def lab_server(jupyter: Path, root_dir: Path, work_dir: Path) -> Server:
    """JupyterLab as ``make tutorial`` runs it, on a free port with a fresh token.

    Settings and workspaces live in ``work_dir`` so the tests neither read nor
    change the user's; the only setting is "never fetch news", whose pop-up
    would otherwise cover part of the screenshots.
    """
    port, token = free_port(), secrets.token_hex(16)
    settings = work_dir / "lab-settings"
    notification = settings / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True, exist_ok=True)
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    argv = [
        str(jupyter),
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
    ]
    if os.getuid() == 0:
        argv.append("--allow-root")
    return Server(
        argv=argv,
        url=f"http://127.0.0.1:{port}/",
        token=token,
        log_path=work_dir / "jupyterlab.log",
        env={
            "JUPYTERLAB_SETTINGS_DIR": str(settings),
            "JUPYTERLAB_WORKSPACES_DIR": str(work_dir / "lab-workspaces"),
        },
    )


def voila_server(
    voila: Path, notebook: Path, work_dir: Path, preheated: int | None = None, **argv_options
) -> Server:
    """Voilà serving one notebook as a page, as ``make app`` runs it (``cardlib.app``: with
    its preheated kernel unless ``preheated`` says how many; ``argv_options``: more of
    :func:`cardlib.app.voila_argv`'s, such as a short ``cull_idle``). Start it with
    ``server.start(ready_path=VOILA_READY)``: asking for the page would use a preheated kernel.
    """
    from cardlib.app import PREHEATED_KERNELS, app_notebook, voila_argv, voila_env

    port = free_port()
    preheated = PREHEATED_KERNELS if preheated is None else preheated
    argv = voila_argv(
        app_notebook(notebook, work_dir / "app"), port, preheated=preheated, **argv_options
    )
    argv[0] = str(voila)
    return Server(
        argv=argv,
        url=f"http://127.0.0.1:{port}/",
        log_path=work_dir / "voila.log",
        env=voila_env(),
    )


# ----- one notebook in JupyterLab -----

#: Per cell of the open notebook: its kind, input prompt, error texts, widget views and outputs.
CELLS_JS = """
() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return null;
  return [...panel.querySelectorAll('.jp-Cell')].map(cell => {
    const outputs = [...cell.querySelectorAll('.jp-OutputArea-output')];
    return {
      code: cell.classList.contains('jp-CodeCell'),
      prompt: (cell.querySelector('.jp-InputPrompt')?.textContent ?? '').trim(),
      errors: outputs
        .filter(o => o.getAttribute('data-mime-type') === 'STDERR_MIME')
        .map(o => o.textContent),
      // ipywidgets draw a .jupyter-widgets view; the card table (an anywidget) its own root.
      widgets: outputs.filter(o => o.querySelector(':scope > .jupyter-widgets, .cardlib-table'))
        .length,
      text: outputs.map(o => o.textContent).join('\\n'),
    };
  });
}
""".replace("STDERR_MIME", STDERR_MIME)

#: True once "Run All" has finished: no cell waits ([*]) and every cell ran, or one failed.
RUN_DONE_JS = """
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
  return !waiting && (!notRun || failed);
}
""".replace("CELLS_JS", CELLS_JS.strip())

#: "idle" once the kernel is ready and nothing runs; a dialog's text if one is in the way
#: (a notebook without a kernel name asks which kernel to use); else null.
KERNEL_IDLE_JS = """
() => {
  const dialog = document.querySelector('.jp-Dialog');
  if (dialog) return 'dialog: ' + dialog.textContent;
  const status = document.querySelector('.jp-StatusBar-TextItem[title^="Change kernel"]');
  const indicator = document.querySelector(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
  const idle = !!status && /\\|\\s*Idle/.test(status.textContent)
    && !!indicator && indicator.getAttribute('data-status') === 'idle';
  return idle ? 'idle' : null;
}
"""

#: The log console's count in the status bar: widget callbacks that raised end up there.
LOG_STATUS = ".jp-LogConsoleStatusItem:not(.lm-mod-hidden)"


@dataclass
class CellReport:
    """What the browser shows for one cell, next to what the stored notebook says."""

    index: int
    source: str
    expect_error: bool
    stored_widgets: int
    prompt: str
    errors: list[str]
    widgets: int
    text: str

    def problems(self) -> list[str]:
        where = f"cell {self.index} ({self.source.strip().splitlines()[0][:60]!r})"
        found = []
        if self.source.strip() and not re.fullmatch(r"\[\d+\]:?", self.prompt):
            found.append(f"{where} did not run: its prompt is {self.prompt!r}")
        errors = [text for text in self.errors if not is_check_verdict(text)]
        if errors and not self.expect_error:
            found.append(f"{where} shows an error:\n{errors[0][-1500:]}")
        if match := WIDGET_ERRORS.search(self.text):
            found.append(f"{where} shows {match.group(0)!r}: a widget did not render")
        if self.widgets < self.stored_widgets:
            found.append(
                f"{where} rendered {self.widgets} widget(s) of the {self.stored_widgets} "
                "its stored outputs have"
            )
        return found


def is_check_verdict(text: str) -> bool:
    """Whether an error-coloured output is an exercise check saying "✗ Not yet" (or "✗ Not
    answered yet"): checks put a wrong answer's sentence on stderr, which nbgrader grades 0."""
    return text.lstrip().startswith("✗ ")


def expects_error(cell) -> bool:
    """Whether a code cell is meant to raise (an illegal move shown on purpose)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return "raises-exception" in tags or "NBVAL_RAISES_EXCEPTION" in cell.source


def stored_widget_views(cell) -> int:
    return sum(WIDGET_MIME in output.get("data", {}) for output in cell.get("outputs", []))


class LabNotebook:
    """One notebook open in JupyterLab in a Playwright page."""

    #: When "Run All" is over (JupyterLite's stops at an error: see lite_driver.py).
    run_done_js = RUN_DONE_JS

    def __init__(self, page, server: Server, path: Path):
        self.page, self.server, self.path = page, server, path
        self.cells = nbformat.read(path, as_version=4).cells
        self.reports: list[CellReport] = []  # what run_all() found

    def open(self, timeout: float = 60_000) -> LabNotebook:
        """Open the notebook in a workspace of its own and wait for an idle kernel."""
        workspace = f"test-{secrets.token_hex(4)}"  # a fresh workspace reopens nothing else
        self.page.goto(
            f"{self.server.url}lab/workspaces/{workspace}/tree/{quote(self.path.name)}"
            f"?token={self.server.token}"
        )
        self.page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=timeout)
        self.wait_idle(timeout)
        return self

    def wait_idle(self, timeout: float = 60_000) -> None:
        """Wait for an idle kernel; fail at once if a dialog asks the learner something."""
        state = self.page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout, polling=100)
        if state.json_value() != "idle":
            raise AssertionError(f"{self.path.name}: JupyterLab shows a {state.json_value()}")

    def log_messages(self) -> str:
        """What the log console holds (errors raised in widget callbacks); "" when empty."""
        status = self.page.locator(LOG_STATUS)
        if not status.count():
            return ""
        status.first.click()
        log = self.page.locator(".jp-LogConsolePanel").first
        log.wait_for()
        text = log.inner_text().strip()
        status.first.click()  # close it again
        return text or "(log entries)"

    def menu(self, title: str, command: str) -> None:
        """Choose a menu item, as a learner does: the menu bar, then the item."""
        self.page.locator(".lm-MenuBar-item", has_text=title).first.click()
        self.page.locator(f'.lm-Menu-item[data-command="{command}"]').click()

    def show_collapsed_code(self) -> None:
        """Expand the code cells a guide notebook keeps collapsed (``source_hidden``): a
        collapsed cell shows no input prompt, and the prompts are how Run All is seen to end.
        """
        if any(cell.metadata.get("jupyter", {}).get("source_hidden") for cell in self.cells):
            self.menu("View", "notebook:show-all-cell-code")

    def run_all(self, timeout: float = 240_000) -> list[CellReport]:
        """Clear every output, run all cells, wait until done; the cell-by-cell report.

        Clearing first matters: the stored outputs already carry execution
        counts, so only a cleared notebook shows when the new run is over.
        """
        self.show_collapsed_code()
        self.menu("Edit", "editmenu:clear-all")
        self.page.wait_for_function(
            "() => ![...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) "
            ".jp-CodeCell .jp-InputPrompt')].some(p => /\\d/.test(p.textContent))",
            timeout=10_000,
        )
        self.menu("Run", "runmenu:run-all")
        should_run = [cell.cell_type == "code" and bool(cell.source.strip()) for cell in self.cells]
        self.page.wait_for_function(self.run_done_js, arg=should_run, timeout=timeout, polling=250)
        self.wait_idle(timeout)
        return self.report()

    def report(self, settle: float = 15.0) -> list[CellReport]:
        """The cells as shown, once the stored notebook's widgets are drawn (or ``settle``)."""
        deadline = time.monotonic() + settle
        while True:
            reports = self._report_once()
            drawing = any(
                r.widgets < r.stored_widgets or "Loading widget" in r.text for r in reports
            )
            if not drawing or time.monotonic() > deadline:
                return reports
            time.sleep(0.25)

    def _report_once(self) -> list[CellReport]:
        shown = self.page.evaluate(CELLS_JS)
        if len(shown) != len(self.cells):
            raise AssertionError(
                f"JupyterLab shows {len(shown)} cells; the file has {len(self.cells)}"
            )
        return [
            CellReport(
                index=i,
                source=cell.source,
                expect_error=expects_error(cell),
                stored_widgets=stored_widget_views(cell),
                prompt=shown[i]["prompt"],
                errors=shown[i]["errors"],
                widgets=shown[i]["widgets"],
                text=shown[i]["text"],
            )
            for i, cell in enumerate(self.cells)
            if cell.cell_type == "code"
        ]

    def problems(self, reports: list[CellReport] | None = None) -> list[str]:
        """What a learner would see go wrong, cell by cell, then the log; [] if all is well."""
        reports = self.report() if reports is None else reports
        found = [problem for report in reports for problem in report.problems()]
        if cut := self.cut_off_buttons():
            found.append(f"button labels cut off, a learner cannot read them: {cut}")
        if log := self.log_messages():
            found.append(f"the log console has messages (a widget callback failed?):\n{log}")
        return found

    def cut_off_buttons(self) -> list[str]:
        """The labels of every button in the notebook's outputs too wide for their button."""
        # Off-screen cells are not laid out (content-visibility): lay them all out to measure.
        style = self.page.add_style_tag(
            content=".jp-Notebook .jp-Cell { content-visibility: visible !important; }"
        )
        try:
            panel = self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
            return cut_off_labels(panel, ".jp-OutputArea-output button")
        finally:
            style.evaluate("node => node.remove()")

    def screenshot(self, path: Path) -> Path:
        """The whole notebook in one picture (see :func:`whole_page_screenshot`)."""
        return whole_page_screenshot(self.page, path)


#: Scrolls every panel back to its top; returns how much taller than the window the
#: longest of them is, in pixels (negative when everything is in sight).
HIDDEN_HEIGHT_JS = """
() => {
  window.scrollTo(0, 0);
  let hidden = document.scrollingElement.scrollHeight - document.scrollingElement.clientHeight;
  for (const e of document.querySelectorAll('*')) {
    const overflow = getComputedStyle(e).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') {
      e.scrollTop = 0;
      // A notebook may pad its end ("scroll past end"): measure to its last cell.
      const cells = e.querySelectorAll('.jp-Cell');
      const top = e.getBoundingClientRect().top;
      const needed = cells.length
        ? cells[cells.length - 1].getBoundingClientRect().bottom - top + 24
        : e.scrollHeight;
      hidden = Math.max(hidden, needed - e.clientHeight);
    }
  }
  return hidden;
}
"""


def whole_page_screenshot(page, path: Path, most: int = 16_000) -> Path:
    """A screenshot with nothing scrolled out of sight: JupyterLab and Voilà scroll inside a
    panel, not the page, so the window is made taller by what that panel hides, then restored."""
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    tall = size["height"]
    try:
        # Off-screen cells are laid out at an estimated height until they are seen, so
        # grow the window until nothing is left hidden (twice is usually enough).
        for _ in range(5):
            hidden = page.evaluate(HIDDEN_HEIGHT_JS)
            if hidden <= 0 or tall >= most:
                break
            tall = min(tall + math.ceil(hidden), most)
            page.set_viewport_size({"width": size["width"], "height": tall})
            page.wait_for_timeout(300)  # let the newly visible cells paint
        page.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)
    return path


# ----- timing a click -----

#: Arms a watch on ``watched``: resolves with the milliseconds from the click on
#: ``button`` to the first frame drawn after the watched element's content changed.
ARM_LATENCY_JS = """
([button, watched]) => {
  const before = watched.innerHTML;
  window.__cardlibLatency = new Promise((resolve, reject) => {
    let start = null;
    button.addEventListener('click', () => { start = performance.now(); },
                            {capture: true, once: true});
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no redraw')); },
                             15000);
    const observer = new MutationObserver(() => {
      if (start === null || watched.innerHTML === before) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - start));
    });
    observer.observe(watched, {subtree: true, childList: true, characterData: true,
                               attributes: true});
  });
}
"""


def click_latency(page, button, watched) -> float:
    """Milliseconds from a real mouse click on ``button`` to ``watched`` redrawn (Locators)."""
    page.evaluate(ARM_LATENCY_JS, [button.element_handle(), watched.element_handle()])
    button.click()
    return page.evaluate("window.__cardlibLatency")


# ----- a learner's first moves at the card table (notebook 06) -----

#: The card table has shown its last frame since the learner's move (``serial`` before it).
TABLE_SETTLED = "s => document.querySelector('.cardlib-table')?.dataset.serial !== s"


def call_and_play_a_trick(page) -> str:
    """At the card table on ``page`` (its only one), waiting for the learner's call: make
    the bots instant, call, click a card that is not allowed, then play an allowed one.

    Checks each step on screen: the call is taken and the hand of 13 is there; the card
    not allowed is refused beside the hand and stays in it; the allowed card is played
    and the first trick's winner is read out by the live region. Returns that text.
    """
    from playwright.sync_api import expect

    table = page.locator("div.cardlib-table")  # the widget (a scoreboard may share the class)
    hand = table.locator(".cl-hand button")

    def click_and_wait(button) -> None:
        before = table.get_attribute("data-serial") or ""
        button.click()
        page.wait_for_function(TABLE_SETTLED, arg=before)

    table.locator(".cl-speed").select_option("instant")
    call = table.locator(".cl-calls button.cl-legal").first
    call.wait_for()
    click_and_wait(call)
    expect(table.locator(".cl-calls button")).to_have_count(0)  # the call is taken
    expect(hand).to_have_count(13)
    dimmed = table.locator(".cl-hand button.cl-dim")
    if dimmed.count():
        dimmed.first.click()
        # a plain table's refusal, or the guided first deal's explanation (lesson 06's table)
        refused = re.compile(r"is not allowed|Nothing was played; choose again")
        expect(table.locator(".cl-refusal")).to_contain_text(refused)
        expect(hand).to_have_count(13)
    click_and_wait(table.locator(".cl-hand button.cl-legal").first)
    expect(table.locator(".cl-refusal")).to_have_text("")
    expect(hand).to_have_count(12)
    live = table.locator(".cl-live")
    expect(live).to_contain_text("Trick 1: ")
    return live.text_content()


#: What the learner sees of the card table's position (the page's last table, the newest): the
#: heading, the seats, the trick, the hand and the prompt.
TABLE_POSITION_JS = """
() => {
  const table = [...document.querySelectorAll('div.cardlib-table')].pop();
  const texts = (selector) => [...table.querySelectorAll(selector)].map(e => e.textContent);
  return {
    heading: table.querySelector('.cl-heading').textContent,
    seats: texts('.cl-seat'),
    played: texts('.cl-played'),
    hand: [...table.querySelectorAll('.cl-hand button')].map(b => b.dataset.code),
    prompt: table.querySelector('.cl-prompt').textContent,
  };
}
"""


def table_position(page) -> dict:
    """The card table's position as the learner sees it (see ``TABLE_POSITION_JS``)."""
    return page.evaluate(TABLE_POSITION_JS)


def cut_off_labels(container, buttons: str = "button") -> list[str]:
    """The labels of the buttons in ``container`` too wide for their button ("1…" for 10♣)."""
    return container.locator(buttons).evaluate_all(
        "buttons => buttons.filter(b => b.offsetWidth && b.scrollWidth > b.clientWidth)"
        ".map(b => b.textContent.trim())"
    )


# ----- accessibility: axe-core over what cardlib draws -----

#: axe-core, installed from npm by ``make test`` (tests/ui/axe/package.json).
AXE_JS = PROJECT / "tests" / "ui" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: What axe is not asked to judge, because cardlib does not draw it (listed in
#: docs/development.md, "Browser tests"): JupyterLab's prompts beside each output, and the
#: handle of an ipywidgets slider, which ipywidgets 8 draws with role="slider" but no
#: accessible name of its own (the slider's visible description stands beside it; cardlib
#: cannot reach the handle from Python).
FRAMEWORK_CHROME = [
    ".jp-OutputPrompt",
    ".jp-InputPrompt",
    ".jp-OutputArea-promptOverlay",
    ".noUi-handle",
]

#: JupyterLab's body is 0 px tall with overflow hidden: axe would call every output
#: clipped and skip colour contrast. Lay everything out and let the page scroll.
AUDIT_STYLE = """
html, body { overflow: visible !important; height: auto !important; }
.jp-Notebook .jp-Cell { content-visibility: visible !important; }
"""

RUN_AXE_JS = """
async ([include, exclude, tags]) => {
  const result = await axe.run(
    {include: include.map(s => [s]), exclude: exclude.map(s => [s])},
    {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 200),
                              summary: n.failureSummary}))}));
}
"""


def accessibility_violations(page, include: str, exclude: list[str] | None = None) -> list[str]:
    """axe-core's WCAG 2.1 AA violations within ``include`` (a CSS selector), one line each.

    The window is made as tall as the page and the body's overflow visible for the
    audit, so that axe sees every output and checks its contrast; then restored.
    """
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS} is missing: npm ci --prefix tests/ui/axe")
    size = page.viewport_size
    style = page.add_style_tag(content=AUDIT_STYLE)
    try:
        tall = page.evaluate("() => document.documentElement.scrollHeight")
        page.set_viewport_size({"width": size["width"], "height": max(size["height"], tall)})
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            # evaluated as the browser's devtools would, not added as a <script>: a page whose
            # Content-Security-Policy allows only its own server's scripts (make app's) refuses
            # an inline one, with an error in its console
            page.evaluate(AXE_JS.read_text())
        found = page.evaluate(RUN_AXE_JS, [[include], exclude or FRAMEWORK_CHROME, AXE_TAGS])
    finally:
        style.evaluate("node => node.remove()")
        page.set_viewport_size(size)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {node['target']}: {node['html']}"
        for v in found
        for node in v["nodes"]
    ]


# ----- the card table's first screen -----

#: What of the card table is on the first screen: every element scrolled back to its start
#: (the page, Voilà's or JupyterLab's panel), then, for each part, whether its box lies wholly
#: inside the window (``None``: not drawn now). ``tap``: the narrowest width of a hand card
#: that a tap reaches (a later card overlapping it hides the rest); ``rows``: the hand's rows;
#: ``scroll``: the page's scrolling width beyond the window's; ``wide``: tables (the deal's
#: end, the score sheet, the review) wider than the window or scrolling inside their box.
#: ``start``: the element scrolled to first (JupyterLab: the table's cell), or null.
FIRST_SCREEN_JS = """
(start) => {
  for (const e of document.querySelectorAll('*')) {
    if (e.scrollTop) e.scrollTop = 0;
    if (e.scrollLeft) e.scrollLeft = 0;
  }
  window.scrollTo(0, 0);
  if (start) document.querySelector(start)?.scrollIntoView({block: 'start'});
  const table = [...document.querySelectorAll('div.cardlib-table')].pop();
  const W = window.innerWidth, H = window.innerHeight;
  const shown = (e) => e.getClientRects().length > 0;
  const inView = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= H + 0.5
    && r.right <= W + 0.5;
  const all = (selector) => {
    const boxes = [...table.querySelectorAll(selector)].filter(shown)
      .map((e) => e.getBoundingClientRect());
    return boxes.length ? boxes.every(inView) : null;
  };
  const cards = [...table.querySelectorAll('.cl-hand button')].filter(shown);
  let tap = null;
  cards.forEach((card, i) => {
    const r = card.getBoundingClientRect(), next = cards[i + 1]?.getBoundingClientRect();
    const sameRow = next && Math.abs(next.top - r.top) < r.height / 2 && next.left > r.left;
    const width = sameRow ? Math.min(r.width, next.left - r.left) : r.width;
    tap = tap === null ? width : Math.min(tap, width);
  });
  const rows = new Set(cards.map((c) => c.offsetTop)).size;
  const wide = [...table.querySelectorAll('.cl-end-scroll')].filter(shown)
    .filter((e) => e.scrollWidth > e.clientWidth + 0.5
      || e.getBoundingClientRect().right > W + 0.5).length;
  const lowest = (selector) => {
    const boxes = [...table.querySelectorAll(selector)].filter(shown)
      .map((e) => e.getBoundingClientRect().bottom);
    return boxes.length ? Math.round(Math.max(...boxes)) : null;
  };
  const page = document.scrollingElement;
  return {
    hand: all('.cl-hand button'),
    pad: all('.cl-calls button'),
    felt: all('.cl-felt'),
    seats: all('.cl-seat'),
    played: all('.cl-played'),
    dummy_cards: table.querySelectorAll('.cl-seat .cl-open-card').length,
    next: all('.cl-end button.cl-next'),
    end: all('.cl-end-table caption'),
    hand_bottom: lowest('.cl-hand button'),
    pad_bottom: lowest('.cl-calls button'),
    scroll: page.scrollWidth - page.clientWidth,
    // anything drawn past the window's right edge (a scrolling panel hides it from scroll)
    out: [...table.querySelectorAll('*')].filter((e) => shown(e)
      && e.getBoundingClientRect().right > W + 0.5 && !e.closest('.cl-end-scroll')).length,
    wide,
    tap: tap === null ? null : Math.round(tap * 10) / 10,
    rows: cards.length ? rows : null,
  };
}
"""


def first_screen(page, start: str | None = None) -> dict:
    """The card table's first screen, as ``FIRST_SCREEN_JS`` measures it."""
    return page.evaluate(FIRST_SCREEN_JS, start)


# ----- make app's own server (cardlib.app_server) -----

#: make app's server answers here once its pool of tables is ready (not the page: that would
#: take a table).
APP_READY = "ready"


def table_app_server(
    work_dir: Path,
    pool: int = 1,
    cull: float | None = None,
    max_visitors: int | None = None,
    env: dict[str, str] | None = None,
) -> Server:
    """make app's server as ``python -m cardlib.app`` starts it, on a free port; start it with
    ``server.start(ready_path=APP_READY)``."""

    port = free_port()
    argv = [sys.executable, "-m", "cardlib.app", "--port", str(port), "--pool", str(pool)]
    if cull is not None:
        argv += ["--cull", str(cull)]
    if max_visitors is not None:
        argv += ["--max-visitors", str(max_visitors)]
    path = os.pathsep.join(p for p in (str(PROJECT), os.environ.get("PYTHONPATH", "")) if p)
    return Server(
        argv=argv,
        url=f"http://127.0.0.1:{port}/",
        log_path=work_dir / "app.log",
        env={"PYTHONPATH": path, **(env or {})},
    )


def table_processes(server: Server) -> list[Path]:
    """The visitors' processes (waiting ones included) under make app's server, as /proc
    entries: the children of its forkserver (cardlib.app_server.process_context)."""
    children: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(proc.name))
    found = []
    for middle in children.get(server.process.pid, []):
        try:
            cmdline = Path(f"/proc/{middle}/cmdline").read_bytes()
        except OSError:
            continue
        if b"forkserver" in cmdline:
            found += [Path(f"/proc/{pid}") for pid in children.get(middle, [])]
    return found
