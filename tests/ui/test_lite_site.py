"""The static JupyterLite site (``make lite``) in a browser that can reach nothing but 127.0.0.1.

The site is built (or found up to date), served under a subpath on a free port
of 127.0.0.1, and opened in Debian's Chromium with every other host blocked
twice: the name resolver knows only 127.0.0.1, and Playwright refuses (and
notes) any request elsewhere. Then, as a student would:

- the tutorial notebooks chosen to run here (``jupyter_driver.IN_THE_SITE``; the others run
  in JupyterLab, each notebook in one of the two), the first practice exercise and both
  puzzle sets are run with *Run → Run All Cells*: no cell shows an error, every cell runs,
  every widget of the stored notebook is drawn, axe-core finds no WCAG 2.1 AA violation;
- every import of every notebook of the site runs in the site's Python (Pyodide), in one
  kernel;
- a trick is played in notebook 06; a practice exercise is answered, wrongly and
  then rightly, and its check says so with the engine's own words;
- the site's address opens the landing notebook in the Notebook interface (the students'
  default; the notebooks run above open in JupyterLab, which stays one menu item away);
- the card table's page (``?page=table``: no Jupyter, its Python in a Web Worker; its own
  tests are ``test_lite_table_page.py``) plays a call and a card, and opens again, with the
  match where it was, with the server gone;
- a puzzle is solved by clicking its cards in a recording puzzle stream, and after a
  reload of the page the learner's progress record still counts it (the kernel's files
  live in the browser's storage);
- the site is built with the graded homework too (``make lite GRADED=homework``): one
  homework notebook is answered, downloaded (*File → Download*), handed in with
  ``python -m cardlib.exercises handin`` and autograded in a course made as
  ``tests/test_grading.py`` makes one, to exactly the points its answers deserve;
- and no request ever left 127.0.0.1.

JupyterLite's Run All stops at a cell that raises (JupyterLab's runs past one
tagged ``raises-exception``), so a notebook that shows a refused move by raising
is expected to fail here (``xfail``, strict) until it shows the refusal as
output instead: the mark goes away by itself when its last raising cell does.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

import nbformat
import pytest
from jupyter_driver import (
    NOTEBOOKS,
    PROJECT,
    accessibility_violations,
    call_and_play_a_trick,
    cut_off_labels,
    expects_error,
    notebooks_in_the_site,
    table_position,
)
from lite_driver import (
    CLS_JS,
    EVERY_CELL_RAN_JS,
    LAYOUT_SHIFTS_JS,
    LiteNotebook,
    OfflineBrowser,
    OldDatesHandler,
    Site,
    build_site,
    built_site,
)
from playwright.sync_api import expect

from cardlib import _notebooks
from cardlib.exercises import check_card, exercise_mode
from cardlib.exercises import feedback as feedback_module
from cardlib.exercises.__main__ import main as exercises_command
from cardlib.puzzles.legal_play import puzzle

# the teacher's course, made as tests/test_grading.py makes it
sys.path.insert(0, str(PROJECT / "tests"))
from test_grading import _run, check_scores, make_course

pytestmark = pytest.mark.ui

EXERCISES = PROJECT / "exercises"
#: Notebooks kept open after their run for a test of clicks that follows.
FIRST_EXERCISE = "exercises/01-cards-and-dealing.ipynb"
#: The notebook whose kernel, once its run is checked, imports what every notebook imports.
IMPORTS_KERNEL = "10-judgement.ipynb"
#: The "what may I play?" puzzle set; its kernel then plays a recording puzzle stream, and
#: notebook 06's card table (TABLE_CELL), both before and after a reload of the page.
PUZZLES = "puzzles/puzzles-medium-*.ipynb"
TABLE_CELL = 'from cardlib.widgets.table import CardTable; CardTable("callbreak", seed=2052)'
INTERACTIVE = ("06-play-a-match.ipynb", FIRST_EXERCISE, IMPORTS_KERNEL, PUZZLES)
#: The site is built with the graded homework versions too (``make lite GRADED=homework``),
#: in ``homework/``; one of them is answered, downloaded, handed in and autograded.
GRADED = "homework"
GRADED_ASSIGNMENT = "03-trick-winners"
GRADED_EXERCISE = f"{GRADED}/{GRADED_ASSIGNMENT}.ipynb"


def raising_cells(path) -> list[int]:
    """The code cells of a stored notebook that raise on purpose (a refused move shown)."""
    cells = nbformat.read(path, as_version=4).cells
    return [i for i, cell in enumerate(cells) if cell.cell_type == "code" and expects_error(cell)]


def notebook_params():
    """Each notebook of the site, by its path there; notebooks that raise on purpose xfail."""
    params = []
    for path in notebooks_in_the_site():
        marks = []
        if raising := raising_cells(path):
            reason = (
                f"cells {raising} raise on purpose, and Run All in JupyterLite stops at a "
                "cell that raises: show the refusal as output instead"
            )
            marks.append(pytest.mark.xfail(reason=reason, strict=True))
        params.append(pytest.param(path.name, marks=marks, id=path.stem))
    # One practice exercise is run in full (and then answered, below); the others are the
    # same machinery on other questions, and each costs a kernel's start in the browser.
    params.append(pytest.param(FIRST_EXERCISE, id="exercises-01"))
    params.append(pytest.param(PUZZLES, id="puzzles"))
    params.append(pytest.param("puzzles/puzzles-best-*.ipynb", id="best-play-puzzles"))
    return params


@pytest.fixture(scope="module")
def site():
    with Site(built_site(graded=GRADED)) as served:
        yield served


@pytest.fixture(scope="module")
def offline(browser):
    """A second Chromium, offline but for 127.0.0.1 (``browser`` checks that Chromium exists)."""
    offline = OfflineBrowser(browser.browser_type).launch()
    yield offline
    offline.close()


class TableVisit:
    """The card table's page open in a tab: what it asked for and the site lacked, and the
    errors it (or its worker) wrote to the console."""

    def __init__(self, page):
        self.page = page
        self.missing: list[tuple[str, int]] = []
        self.errors: list[str] = []
        page.on("response", self._response)
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _response(self, response) -> None:
        if response.status >= 400:
            self.missing.append((response.url, response.status))

    def wait_ready(self, timeout: float = 240_000) -> None:
        """Until Python is ready in the page (its worker's table takes messages)."""
        self.page.wait_for_function(
            "() => window.cardlibTable?.phases.ready !== undefined", timeout=timeout
        )


class LiteRuns:
    """Each notebook of the site opened and run once, in a page of its own.

    Each page has a browser profile of its own: JupyterLab keeps its open tabs in
    the browser's storage and would reopen (and start a kernel for) every notebook
    run before. While one notebook runs, the next one in ``order`` is already
    opening, so that its kernel (Pyodide) starts on the other core.
    """

    def __init__(self, site: Site, offline: OfflineBrowser, order: list[str]):
        self.site, self.offline, self.order = site, offline, order
        self.open: dict[str, LiteNotebook] = {}  # run, kept for a test of clicks
        self.opening: dict[str, LiteNotebook] = {}  # page open, kernel starting
        #: What the first notebook's visit downloaded (address → bytes), the Python runtime and
        #: the kernel's packages included: what a student's first visit costs.
        self.downloads: dict[str, int] = {}
        #: The card table's page, opened in the puzzle notebook's browser profile: the test of
        #: the site offline (which stops the server once) reloads both.
        self.table: TableVisit | None = None

    def _count(self, response) -> None:
        if response.ok and not response.url.startswith("data:"):
            self.downloads[response.url] = int(response.headers.get("content-length", 0))

    def notebook(self, name: str) -> LiteNotebook:
        """The notebook matching ``name`` (a glob), its page opened (kernel maybe not ready)."""
        matches = sorted((self.site.build / "files").glob(name))
        assert matches, f"the site has no files/{name}"
        path = matches[0]
        if name not in self.opening:
            shown = path.relative_to(self.site.build / "files").as_posix()
            page = self.offline.new_context().new_page()
            # in JupyterLab (its menus and status bar are what the runs read); the students'
            # default, the Notebook interface, has the landing and the table page's tests
            notebook = LiteNotebook(page, self.site, path, shown, view="lab")
            if not self.downloads:  # the first visit of all, in a fresh profile
                page.on("response", self._count)
            page.on("response", notebook.note_missing)
            notebook.goto()
            # what the line at its top says while Python starts (checked with 06 below)
            notebook.status_at_open = page.locator(f".{build_site.STATUS_CLASS}").first.inner_text()
            self.opening[name] = notebook
        return self.opening[name]

    def run(self, name: str) -> LiteNotebook:
        if name not in self.open:
            notebook = self.notebook(name)
            try:
                notebook.wait_idle(180_000)
                if (following := self.order.index(name) + 1) < len(self.order):
                    self.notebook(self.order[following])
                notebook.reports = notebook.run_all()
            except BaseException:
                self.close(name)
                raise
            self.open[name] = notebook
        return self.open[name]

    def table_page(self) -> TableVisit:
        """The card table's page (``?page=table``), opened once, in the profile of the puzzle
        notebook (open since its run); Python maybe not ready yet."""
        if self.table is None:
            context = self.notebook(PUZZLES).page.context
            self.table = TableVisit(context.new_page())
            self.table.page.goto(f"{self.site.url}?page=table")
            self.table.page.wait_for_url(f"**/{build_site.PAGES['table']}")  # the newest build's
        return self.table

    def done_checking(self, name: str) -> None:
        if name not in INTERACTIVE:
            self.close(name)

    def close(self, name: str) -> None:
        self.open.pop(name, None)
        if notebook := self.opening.pop(name, None):
            notebook.page.context.close()  # its kernel, a Web Worker of the page, goes with it

    def close_all(self) -> None:
        for name in list(self.opening):
            self.close(name)


@pytest.fixture(scope="module")
def lite_runs(site, offline):
    # the graded homework last: its page opens while the last notebook before it runs
    order = [*(param.values[0] for param in notebook_params()), GRADED_EXERCISE]
    runs = LiteRuns(site, offline, order)
    yield runs
    runs.close_all()


def test_the_site_holds_every_notebook_and_every_asset(site):
    files = site.build / "files"
    shipped = {p.relative_to(files).as_posix() for p in files.rglob("*") if p.is_file()}
    assert {p.name for p in NOTEBOOKS.glob("*.ipynb")} <= shipped
    for code, lessons in _notebooks.TRANSLATED.items():  # hi/, ne/
        assert {f"{code}/{name}" for name in lessons} <= shipped
    assert {f"exercises/{p.name}" for p in EXERCISES.glob("*.ipynb")} <= shipped
    assert {f"{GRADED}/{p.name}" for p in EXERCISES.glob("*.ipynb")} <= shipped
    puzzles = sorted(name for name in shipped if name.startswith("puzzles/"))
    assert puzzles == [f"puzzles/puzzles-{kind}seed7.ipynb" for kind in ("best-medium-", "medium-")]
    assert not [name for name in shipped if name.endswith("-key.md")], "an answer key is shipped"
    for notebook in files.rglob("*.ipynb"):
        content = json.loads(notebook.read_text())
        # none asks which kernel to use
        assert content["metadata"]["kernelspec"] == build_site.SITE_KERNELSPEC, notebook.name
        # each says first, in its own language, what to do, where the work is kept and how to
        # hand it in; the landing notebook also where everything is, by links that lead there
        inside = notebook.relative_to(files)
        language = inside.parts[0] if inside.parts[0] in _notebooks.TRANSLATED else "en"
        first = "".join(content["cells"][0]["source"])
        if inside.as_posix() == build_site.TABLE_PAGE:  # it runs itself: nothing to choose
            assert first == build_site.TABLE_CELL["en"], inside
        else:
            assert first.startswith(build_site.SITE_CELL[language]), inside
        assert content["cells"][0]["metadata"]["editable"] is False, inside
        if notebook.name == build_site.LANDING_NOTEBOOK:
            assert build_site.LANDING_LINKS[language] in first, inside
            for link in re.findall(r"\]\(([^)#]+)\)", first):
                assert (notebook.parent / link).resolve().exists(), f"{inside}: {link}"
    # the file list's dates are the build's own (not a fixed date of long ago)
    built = json.loads((site.folder / build_site.STAMP).read_text())["built"]
    listing = json.loads((site.build / "api" / "contents" / "all.json").read_text())["content"]
    when = datetime.fromtimestamp(built, UTC)
    assert {entry["last_modified"] for entry in listing} == {
        when.isoformat().replace("+00:00", "Z")
    }

    config = json.loads((site.build / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][build_site.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])
    preload = kernel["loadPyodideOptions"]["packages"]
    assert "cardlib" in preload and set(build_site.KERNEL_PACKAGES) <= set(preload)

    pyodide = site.build / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    build_site.dependency_closure(lock["packages"], preload)  # nothing preloaded is missing
    for name, entry in lock["packages"].items():
        wheel = pyodide / entry["file_name"]
        assert wheel.exists(), f"{name}: {entry['file_name']} is not in the site"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert build_site.is_pure_python(wheel.name), name
    assert build_site.site_summary(site.folder)["bytes"] < 60e6


def test_the_site_is_its_own_app_offline_with_its_manifest_and_no_leftovers(site):
    """The service worker keeps what it serves; the manifest is the site's, its icon small,
    its shortcuts addresses of the site's root (so they work under any subpath and open the
    newest build) that lead somewhere; no build configuration and no 318 KB favicon is left."""
    config = json.loads((site.build / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["enableServiceWorkerCache"] is True
    assert config["faviconUrl"] == f"./{build_site.ICON}"
    manifest = json.loads((site.folder / "manifest.webmanifest").read_text())
    assert manifest["name"].startswith("cardlib") and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        assert (site.folder / icon["src"]).stat().st_size < 2000, icon
    for shortcut in manifest["shortcuts"]:
        url = urlsplit(shortcut["url"])
        assert shortcut["url"].startswith("./?") and not url.netloc, shortcut  # the root's
        query = parse_qs(url.query)
        for path in query.get("path", []):
            assert (site.build / "files" / path).exists(), shortcut
        for page in query.get("page", []):
            assert page in build_site.PAGES, shortcut
    for page in site.build.glob("*/index.html"):  # every app's page links the site's manifest
        assert 'href="../../../manifest.webmanifest"' in page.read_text(), page
    tops = [site.build, *(site.build / app for app in build_site.APPS)]
    left = [p for top in tops for p in top.iterdir() if p.name in build_site.LEFTOVERS]
    assert not left, f"leftovers of the build: {left}"
    assert not [p for p in site.build.rglob("*.ico") if p.stat().st_size > 40_000]
    # the Devanagari font comes with the site, with its licence, named by the site's styles
    styles = (site.build / build_site.PAGE_STYLE).read_text()
    for name in build_site.FONT_FILES:
        font = site.build / build_site.SITE_FONTS / build_site.font_name(name)
        assert font.exists() and font.stat().st_size < 100_000, font
        assert name == "LICENSE" or f"url({build_site.SITE_FONTS}/{font.name})" in styles


#: What the landing notebook's site cell says of where to go, as the page shows it.
LANDING_WORDS = re.sub(r"\*\*|\[|\]\([^)]*\)", "", build_site.LANDING_LINKS["en"]).split(";")[0]


def open_in(page, url: str, text: str) -> None:
    """Go to ``url`` and wait until its notebook shows ``text``; Python itself is not waited for."""
    page.goto(url)
    expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first).to_be_visible(
        timeout=60_000
    )
    expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")).to_contain_text(text)


def test_a_new_build_reaches_a_student_who_saw_the_old_one(site, offline, tmp_path):
    """A host that replaces the site by a new build, with no caching headers and every file
    dated long ago (so the browser keeps its copies for weeks without asking): a student who saw
    the old build, coming back to the old notebook's address or to the site's, sees the new one.
    The new build is a small one (``build_site.py --notebook``): notebook 01 with a new line."""
    lesson = "01-cards-and-dealing.ipynb"
    changed = nbformat.read(NOTEBOOKS / lesson, as_version=4)
    news = f"New in this build: {tmp_path.name}."
    changed.cells.insert(0, nbformat.v4.new_markdown_cell(news))
    nbformat.write(changed, tmp_path / lesson)
    builder = ThreadPoolExecutor(max_workers=1)  # the new build is made while the old is seen
    new_build = builder.submit(build_site.build, tmp_path / "new", notebooks=[tmp_path / lesson])

    with Site(site.folder, OldDatesHandler) as host:
        context = offline.new_context()
        # Python is not what this test is about: its runtime is refused, so none starts
        context.route("**/static/pyodide/**", lambda route: route.abort())
        page = context.new_page()
        try:
            open_in(page, host.notebook_url(lesson), "Cards and dealing")
            expect(page.locator(".jp-NotebookPanel")).not_to_contain_text(news)
            old_address = page.evaluate("performance.getEntriesByType('navigation')[0].name")
            assert f"/{build_site.VERSIONS_DIR}/{site.version}/" in old_address
            page.evaluate("window.cardlibKept")  # the old build's page, kept by the browser

            new_folder = f"/{build_site.VERSIONS_DIR}/{new_build.result()['version']}/"
            host.serve(tmp_path / "new")  # the old build is gone from the host
            open_in(page, old_address, news)  # a bookmark, a restored tab
            assert new_folder in page.url
            # the site's address: the landing notebook, saying what to do and where things are,
            # in the Notebook interface (one notebook, no side panels)
            open_in(page, host.url, LANDING_WORDS)
            assert new_folder in page.url
            assert f"{new_folder}notebooks/" in urlsplit(page.url).path, page.url
            expect(page.locator(".jp-SidePanel:visible, .jp-DirListing:visible")).to_have_count(0)
            shown = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) h1").first
            expect(shown).to_contain_text("00 · Start here")
            # its link to the card table's page leads to the site's address (the newest build)
            table_link = page.locator(f'.jp-NotebookPanel a[href="{host.url}?page=table"]')
            expect(table_link).to_have_count(1)
            # and JupyterLab is one menu item away
            page.locator(".lm-MenuBar-item", has_text="View").first.click()
            expect(
                page.locator('.lm-Menu-item[data-command="application:open-lab"]')
            ).to_be_visible()
            page.keyboard.press("Escape")
            # its table of contents (View → Table of Contents) lists its headings: JupyterLab's,
            # which reads Markdown outputs too, once failed on the site's copies of notebooks
            page.locator(".lm-MenuBar-item", has_text="View").first.click()
            page.locator('.lm-Menu-item[data-command="toc:toggle-panel"]').click()
            expect(page.locator(".jp-TableOfContents-content")).to_contain_text("Your progress")
        finally:
            context.close()
            builder.shutdown(wait=True)
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


@pytest.mark.parametrize("name", notebook_params())
def test_run_all_cells_offline(lite_runs, offline, screenshot_dir, name):
    notebook = lite_runs.run(name)
    try:
        notebook.screenshot(screenshot_dir / "lite" / f"{name.replace('/', '-')}.png")
        problems = notebook.problems(notebook.reports)
        problems += [f"the site has no {url} (HTTP {status})" for url, status in notebook.missing]
        problems += accessibility_violations(
            notebook.page, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea"
        )
    finally:
        lite_runs.done_checking(name)
    assert not problems, f"{name} in JupyterLite:\n" + "\n".join(problems)
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


#: The page that tells whoever runs a class how big the site is, and a first visit.
CLASS_PAGE = PROJECT / "docs" / "class.md"


def class_page_megabytes(words: str) -> int:
    """The figure docs/class.md gives after ``words`` ("… about 47 MB"), in MB."""
    page = " ".join(CLASS_PAGE.read_text(encoding="utf-8").split())
    found = re.findall(re.escape(words) + r" \(?about (\d+) MB", page)
    assert len(found) == 1, f"docs/class.md says {words!r} … about N MB once: found {found}"
    return int(found[0])


def test_the_class_pages_size_figures_are_the_sites(site, lite_runs):
    """docs/class.md's size of the site (MB and files) and of a first visit, within 10% of this
    build's (a figure typed once and left behind by the builds after it fails here)."""
    summary = build_site.site_summary(site.folder)
    size = summary["bytes"] / 1e6
    said = class_page_megabytes("builds the site into build/lite")
    assert abs(size - said) <= 0.1 * said, (
        f"docs/class.md says about {said} MB; the site is {size:.1f} MB"
    )
    page = " ".join(CLASS_PAGE.read_text(encoding="utf-8").split())
    pattern = r"builds the site into build/lite \(about \d+ MB in about (\d+) files"
    files = re.findall(pattern, page)
    assert len(files) == 1, f"docs/class.md gives the site's number of files once: found {files}"
    said = int(files[0])
    assert abs(summary["files"] - said) <= 0.1 * said, (
        f"docs/class.md says about {said} files; the site has {summary['files']}"
    )
    lite_runs.run(lite_runs.order[0])  # the first visit of all, already made by the runs above
    visit = sum(lite_runs.downloads.values()) / 1e6
    said = class_page_megabytes("The first time, the browser downloads")
    assert abs(visit - said) <= 0.1 * said, (
        f"docs/class.md says a first visit downloads about {said} MB; it downloaded {visit:.1f} MB"
    )


#: Devanagari without spaces (a space is a space in any font): "duel", 8 code points that Noto
#: Sans Devanagari draws as 3 clusters, about 0.3 of the width of 8 missing-glyph boxes in HTML
#: and 0.5 in SVG (whose boxes are narrower). A word of fewer conjuncts can come out as wide as
#: its boxes in SVG ("नमस्ते": 0.96), so this one is used.
DEVANAGARI = "द्वन्द्व"

#: For each host element (a CSS selector, and whether to draw in an SVG picture made inside it,
#: as cardlib.draw's pictures are drawn inline in an output: ``<text font-family="sans-serif">``)
#: the width of DEVANAGARI drawn there, and of as many code points no font has (U+0378,
#: unassigned), which are drawn as missing-glyph boxes; null if there is no such element. Both
#: are measured once the fonts the page asked for have come (document.fonts.ready).
DEVANAGARI_WIDTHS_JS = """
async ([hosts, sample]) => {
  const blank = '\\u0378'.repeat([...sample].length);
  const svg = 'http://www.w3.org/2000/svg';
  const made = [];
  const probes = hosts.map(([selector, inPicture]) => {
    let host = document.querySelector(selector);
    if (!host) return null;
    if (inPicture) {
      host = host.appendChild(document.createElementNS(svg, 'svg'));
      host.setAttribute('width', '400');
      host.setAttribute('height', '40');
      made.push(host);
    }
    return [sample, blank].map(text => {
      const probe = inPicture
        ? document.createElementNS(svg, 'text') : document.createElement('span');
      if (inPicture) {
        probe.setAttribute('font-family', 'sans-serif');
        probe.setAttribute('y', '20');
      } else {
        probe.style.whiteSpace = 'nowrap';
        made.push(probe);
      }
      probe.textContent = text;
      host.appendChild(probe);
      return probe;
    });
  });
  const width = probe => probe instanceof SVGElement
    ? probe.getComputedTextLength() : probe.getBoundingClientRect().width;
  probes.forEach(pair => pair && pair.forEach(width));  // laid out: their fonts are asked for
  await document.fonts.ready;
  const widths = probes.map(pair => pair && pair.map(width));
  made.forEach(element => element.remove());
  return widths;
}
"""
#: Where the site's pages show Devanagari: the card table, an HTML output, a picture drawn
#: inline in an output (its text), a Markdown cell.
DEVANAGARI_HOSTS = {
    "the card table": ("div.cardlib-table", False),
    "an output": (".jp-OutputArea-output.jp-RenderedHTMLCommon", False),
    "a picture's text": (".jp-OutputArea-output.jp-RenderedHTMLCommon", True),
    "a text cell": (".jp-MarkdownOutput", False),
}


def test_hindi_is_drawn_with_the_sites_own_font_not_as_boxes(lite_runs, offline):
    """This machine has no Devanagari font (Chromium draws boxes for it in a page of its own,
    checked first), and the site's pages (06: the card table, its outputs, a text cell) draw
    Devanagari with the font that comes with the site (npm's @fontsource/noto-sans-devanagari)."""
    notebook = lite_runs.run("06-play-a-match.ipynb")
    page = notebook.page
    bare = offline.new_context().new_page()  # no site: the system's fonts only
    try:
        bare.set_content("<p>here</p>")
        [(system, boxes)] = bare.evaluate(DEVANAGARI_WIDTHS_JS, [[["p", False]], DEVANAGARI])
    finally:
        bare.context.close()
    if abs(system - boxes) > 0.05 * boxes:
        pytest.skip("this system has a Devanagari font of its own: the site's cannot be told")
    style = page.add_style_tag(
        content=".jp-Notebook .jp-Cell { content-visibility: visible !important; }"
    )
    try:
        widths = page.evaluate(DEVANAGARI_WIDTHS_JS, [list(DEVANAGARI_HOSTS.values()), DEVANAGARI])
    finally:
        style.evaluate("node => node.remove()")
    for where, found in zip(DEVANAGARI_HOSTS, widths, strict=True):
        assert found is not None, f"06 has no {where} to draw Devanagari in"
        drawn, missing = found
        assert drawn < 0.7 * missing, (
            f"{where}: {DEVANAGARI} is {drawn:.1f} px wide, as its {missing:.1f} px of "
            "missing-glyph boxes: the site's Devanagari font is not used"
        )
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


def test_06_a_trick_against_the_bots(lite_runs, offline, screenshot_dir):
    notebook = lite_runs.run("06-play-a-match.ipynb")
    # The card table widget is a div; the scoreboards 06 draws below are tables of the
    # same class name. (06 runs here, not in JupyterLab: jupyter_driver.IN_THE_SITE.)
    table = notebook.page.locator("div.cardlib-table")
    expect(table).to_have_count(1)  # the learner's table; the others are driven from code
    table.scroll_into_view_if_needed()
    # the line at the top said Python was starting, and says now that it is ready
    status = notebook.page.locator(f".{build_site.STATUS_CLASS}").first
    assert notebook.status_at_open == build_site.PYTHON_STATUS["en"]["starting"]
    expect(status).to_have_text(build_site.PYTHON_STATUS["en"]["idle"])
    said = call_and_play_a_trick(notebook.page)
    assert " won it with " in said
    assert not cut_off_labels(table), "button labels cut off: a learner cannot read them"
    # JupyterLab's file list beside it shows every name whole (the site's styles wrap them)
    names = notebook.page.locator(".jp-DirListing-itemText")
    expect(names.first).to_be_visible()
    cut = names.evaluate_all(
        "names => names.filter(n => n.offsetWidth && n.scrollWidth > n.clientWidth + 1)"
        ".map(n => n.textContent)"
    )
    assert not cut, f"file names cut off in the file list: {cut}"
    assert not notebook.log_messages()
    notebook.screenshot(screenshot_dir / "lite" / "06-play-a-match-after-trick.png")
    lite_runs.close("06-play-a-match.ipynb")
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


def cardlib_imports(folder) -> list[str]:
    """Every ``import``/``from … import`` of cardlib in the code cells of the notebooks in
    ``folder`` (and below it), once each, as source lines."""
    found = set()
    for path in sorted(folder.rglob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            try:
                tree = ast.parse(cell.source)
            except SyntaxError:  # an IPython magic: no import of cardlib to find
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                else:
                    continue
                if any(name.split(".")[0] == "cardlib" for name in names):
                    found.add(ast.unparse(node))
    return sorted(found)


def run_in_a_new_cell(notebook: LiteNotebook, line: str):
    """Type one line of code into a new cell at the end of the notebook and run it; its
    output area, as a locator."""
    return notebook.run_line(line)


#: Whether the site's Python imports the wheels' bytecode (build_site.compile_bytecode) rather
#: than compiling their sources again: IPython's modules are bytecode only, and cardlib's
#: bytecode beside its source is of this Python's own version (else it would compile the source
#: and say nothing).
BYTECODE_USED = """
import importlib.util, IPython, cardlib.cards
with open(importlib.util.cache_from_source(cardlib.cards.__file__), "rb") as pyc:
    same = pyc.read(4) == importlib.util.MAGIC_NUMBER
print("bytecode used:", same and IPython.__spec__.origin.endswith(".pyc"))
"""


def test_every_import_of_every_notebook_runs_in_the_sites_python(lite_runs, site, offline):
    imports = cardlib_imports(site.build / "files")
    assert len(imports) > 20 and "from cardlib.widgets.table import CardTable" in imports
    code = base64.b64encode("\n".join([*imports, BYTECODE_USED]).encode()).decode()
    notebook = lite_runs.run(IMPORTS_KERNEL)
    try:
        output = run_in_a_new_cell(
            notebook,
            f'exec(__import__("base64").b64decode("{code}").decode()); '
            f'print("every import ran:", {len(imports)})',
        )
        expect(output).to_contain_text(f"every import ran: {len(imports)}", timeout=120_000)
        expect(output).to_contain_text("bytecode used: True")
    finally:
        lite_runs.close(IMPORTS_KERNEL)
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


def check_output(notebook: LiteNotebook, variable: str):
    """The output of the check cell under the answer cell of ``variable``, as a locator."""
    cells = notebook.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
    answer_cell = cells.filter(has_text=f"{variable} = None").first
    check_cell = answer_cell.locator("xpath=following-sibling::div[contains(@class,'jp-CodeCell')]")
    return check_cell.first.locator(".jp-OutputArea-output")


def practice_feedback(answer) -> str:
    """What the practice version's first check says to ``answer`` (the engine's own words)."""
    previous = feedback_module.current_mode()
    exercise_mode("practice")
    try:
        return str(check_card(answer, name="queen of hearts"))
    finally:
        feedback_module._mode = previous


def answer(notebook: LiteNotebook, variable: str, value: str):
    """Type ``variable = value`` into the answer cell, run it and the check under it.

    Returns the check cell's output, as a locator.
    """
    page = notebook.page
    cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
    answer_cell = cells.filter(has_text=f"{variable} = None").first
    answer_cell.scroll_into_view_if_needed()
    answer_cell.locator(".cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.type(f"{variable} = {value}")
    page.keyboard.press("Shift+Enter")  # runs the answer, moves to the check
    page.keyboard.press("Shift+Enter")  # runs the check
    return check_output(notebook, variable)


def test_a_practice_exercise_checks_the_answer_at_once(lite_runs, offline, screenshot_dir):
    notebook = lite_runs.run("exercises/01-cards-and-dealing.ipynb")
    # A check shows a wrong or missing answer on stderr (nbgrader grades that 0), a right one
    # as its ✓ box: the same sentences either way.
    expect(check_output(notebook, "answer_1")).to_contain_text(practice_feedback(None))

    wrong = answer(notebook, "answer_1", '"QS"')
    expect(wrong).to_contain_text(practice_feedback("QS").splitlines()[0])
    right = answer(notebook, "answer_1", '"QH"')
    expect(right).to_contain_text(practice_feedback("QH").splitlines()[0])
    expect(right).to_contain_text("✓ Correct")
    notebook.screenshot(screenshot_dir / "lite" / "exercises-01-answered.png")
    lite_runs.close("exercises/01-cards-and-dealing.ipynb")
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


#: Visible code: an editor, an input prompt or a code cell's input area.
CODE_ON_SCREEN = (
    ".cm-editor:visible, .jp-InputPrompt:visible, .jp-CodeCell .jp-Cell-inputWrapper:visible"
)


def ask_for_a_hint(page) -> str:
    """Click the card table's Hint; what it says, once it names a card that may be played
    now (the coach's, never played for the learner: the hand keeps its cards)."""
    table = page.locator("div.cardlib-table")
    cards = table.locator(".cl-hand button").count()
    legal = table.locator(".cl-hand button.cl-legal .cl-face").all_text_contents()
    table.locator(".cl-hint-button").click()
    hint = table.locator(".cl-hint")
    expect(hint).to_contain_text("Hint: ", timeout=60_000)
    said = hint.text_content()
    named = re.match(r"Hint: (?:the coach would play )?(\S+?)[,.:;]? ", said)
    assert named and named[1] in legal, f"the hint names no card that may be played {legal}: {said}"
    expect(table.locator(".cl-hand button")).to_have_count(cards)
    return said


def test_the_card_table_page_has_no_jupyter_and_plays(lite_runs, site, offline, screenshot_dir):
    """``?page=table`` (linked from the landing notebook): the build's table page, with no
    Jupyter on it (no notebook, no code, no menu), the pickers above the table; once Python is
    ready a call and a card are played at its table by clicks, and its coach names a card; no
    error on the console. The server going away is the offline test's, below."""
    started = time.monotonic()
    table = lite_runs.table_page()
    page = table.page
    path = urlsplit(page.url).path
    assert path.endswith(f"/{build_site.VERSIONS_DIR}/{site.version}/{build_site.PAGES['table']}")
    expect(page.locator("div.cardlib-table")).to_be_visible(timeout=60_000)
    drawn = time.monotonic() - started
    expect(page.locator(".cl-pickers #cl-pick-game")).to_be_visible()
    assert page.locator(CODE_ON_SCREEN).count() == 0, "code is on screen"
    assert page.locator("[class*='jp-'], [class*='lm-']").count() == 0, "Jupyter is on the page"
    table.wait_ready()
    ready = time.monotonic() - started
    expect(page.locator(".cl-getting-ready")).to_be_hidden()
    # real clicks: nothing may lie over the table and take them
    said = call_and_play_a_trick(page)
    assert " won it with " in said
    ask_for_a_hint(page)
    assert not cut_off_labels(page.locator("div.cardlib-table"))
    assert not table.missing, f"the site lacks {table.missing}"
    assert not table.errors, table.errors
    page.evaluate("window.cardlibTable.kept")  # kept for the offline visit below
    page.screenshot(path=screenshot_dir / "lite" / "card-table-page.png")
    print(f"card table page: table drawn {drawn:.1f} s, Python ready {ready:.1f} s after opening")
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


#: The largest layout shift a page may show (web-vitals' "good" CLS, issue 42).
MOST_LAYOUT_SHIFT = 0.1


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_lesson_00_does_not_jump_while_python_starts_and_its_cells_run(
    site, offline, screenshot_dir, width, height
):
    """Lesson 00 opened in the students' page, in a fresh profile, at a desktop's and at a
    phone's size, run as its first cell says: once the line says Python is ready, *Run All
    Cells* (the command of the Run menu's item, which a phone-sized page may not show; a
    command is no input, so no shift is excused as following one). From the first moment until
    every cell has run, the layout shift (web-vitals CLS, from the browser's own
    ``layout-shift`` entries) stays ≤ 0.1; then its Deal widget answers a click. Run All clears
    every output at once and Python fills them in one by one: the site keeps each output's
    height until its cell has run (lite/site/cardlib-site.js)."""
    context = offline.browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", offline._route)
    context.add_init_script(LAYOUT_SHIFTS_JS)
    page = context.new_page()
    try:
        lesson = LiteNotebook(
            page,
            site,
            site.build / "files" / build_site.LANDING_NOTEBOOK,
            build_site.LANDING_NOTEBOOK,
        )
        lesson.goto()
        lesson.wait_idle(300_000)
        status = page.locator(f".{build_site.STATUS_CLASS}").first
        expect(status).to_have_text(build_site.PYTHON_STATUS["en"]["idle"])
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(EVERY_CELL_RAN_JS, timeout=300_000, polling=200)
        dealing = page.locator(".cardlib-dealing").first
        hands = dealing.locator(".cardlib-hands")
        before = hands.inner_html()
        # before the click: a click is an input, and the shifts just after it do not count
        cls, total, count, shifts = page.evaluate(CLS_JS, None)
        dealing.locator(".cardlib-deal-button").click()
        page.wait_for_function(
            "([h, b]) => h.innerHTML !== b", arg=[hands.element_handle(), before]
        )
        lesson.screenshot(screenshot_dir / "lite" / f"00-start-here-{width}x{height}.png")
    finally:
        context.close()
    worst = "\n".join(
        f"{value:.3f} at {at / 1000:.1f} s: {moved}" for at, value, _, moved in shifts[:6]
    )
    assert cls <= MOST_LAYOUT_SHIFT, (
        f"lesson 00 at {width}×{height}: CLS {cls:.3f} (all {count} shifts: {total:.3f}); "
        f"the largest:\n{worst}"
    )
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


def test_a_solved_puzzle_and_a_card_table_mid_deal_survive_a_reload_offline(
    lite_runs, site, offline, screenshot_dir
):
    """Solve a puzzle of the stream that keeps a record (notebook 08's line for it), and make a
    call and play a card at notebook 06's card table; the server goes away; reload the page: it
    opens from the browser's copy, Python starts (from the browser's copy too) and reads the
    same progress file, from the browser's storage, and the table's cell, run again, gives the
    match back exactly where it was (the browser kept it in its local storage); the site's
    address, offline, opens the build last seen."""
    started = time.monotonic()
    notebook = lite_runs.run(PUZZLES)
    page = notebook.page
    table_page = lite_runs.table_page()  # its page, seen once (the test above played there)
    table_page.wait_ready()
    if table_page.page.locator("div.cardlib-table .cl-calls button").count():
        call_and_play_a_trick(table_page.page)  # (this test alone: nothing played there yet)
    on_the_table_page = table_position(table_page.page)
    try:
        run_in_a_new_cell(
            notebook,
            "from cardlib.widgets.puzzles import PuzzleStream; "
            'PuzzleStream(level="medium", seed=7, record=True).widget',
        )
        stream = page.locator(".cardlib-puzzle-stream").last
        first = puzzle("medium", seed=7, number=0)  # the stream's first puzzle, as it shows it
        expect(stream.locator(".cardlib-puzzle-position")).to_contain_text(first.title)
        expect(stream.locator(".cardlib-card-button")).to_have_count(len(first.hand))
        for card in first.legal:
            stream.locator(f".cardlib-card-{card.code}").click()
        stream.locator(".cardlib-check-answer").click()
        expect(stream.locator(".widget-html.cardlib-feedback")).to_contain_text("✓ Correct")
        expect(stream.locator(".cardlib-score")).to_have_text("Score: 1 of 1")

        counted = "'puzzles solved': 1,"
        before = run_in_a_new_cell(
            notebook, "from cardlib import progress; print(progress.path(), progress.summary())"
        )
        expect(before).to_contain_text(counted)
        where = before.inner_text().split()[0]
        solved_at = time.monotonic()
        run_in_a_new_cell(notebook, TABLE_CELL)
        call_and_play_a_trick(page)
        mid_deal = table_position(page)

        # JupyterLab asks before leaving a notebook with unsaved cells: the learner leaves.
        page.on("dialog", lambda dialog: dialog.accept())
        page.evaluate("window.cardlibKept")
        table_page.page.evaluate("window.cardlibTable.kept")
        # ... and the school's server goes away: the page comes back from the browser's copy,
        # Python (Pyodide and every package) too
        port = site.stop()
        try:
            page.reload()
            page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell", timeout=60_000)
            notebook.wait_idle(120_000)  # a new kernel: Pyodide loaded again
            after = run_in_a_new_cell(
                notebook, "from cardlib import progress; print(progress.summary())"
            )
            expect(after).to_contain_text(counted, timeout=60_000)
            # the first cell this kernel ran: nothing of the one before the reload is left
            # but files
            prompt = page.locator(
                ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt"
            )
            expect(prompt.last).to_have_text("[1]:")
            run_in_a_new_cell(notebook, TABLE_CELL)
            restored = page.locator("div.cardlib-table .cl-restored").last
            expect(restored).to_contain_text("Your match is back where you left it", timeout=60_000)
            assert table_position(page) == mid_deal
            notebook.screenshot(screenshot_dir / "lite" / "puzzles-after-reload.png")
            offline_at = time.monotonic()
            # the card table's page too: its Python starts again (from the browser's copy) and
            # gives the match back where it was
            table_page.page.reload()
            table_page.wait_ready()
            back = table_page.page.locator("div.cardlib-table .cl-restored")
            expect(back).to_contain_text("Your match is back where you left it", timeout=60_000)
            assert table_position(table_page.page) == on_the_table_page
            assert not table_page.errors, table_page.errors
            table_page.page.screenshot(
                path=screenshot_dir / "lite" / "card-table-page-after-reload.png"
            )
            # the site's address of the table, still offline: the build last seen (its start
            # page, the Notebook interface, was never opened in this browser)
            page.goto(f"{site.url}?page=table")
            page.wait_for_url(
                f"**/{build_site.VERSIONS_DIR}/{site.version}/{build_site.PAGES['table']}"
            )
            expect(page.locator("div.cardlib-table")).to_be_visible()
        finally:
            site.start(port)
    finally:
        lite_runs.close(PUZZLES)  # the table page's profile too
        lite_runs.table = None
    print(
        f"puzzle progress in {where}: solved in {solved_at - started:.0f} s, "
        f"counted after the reload offline in {offline_at - started:.0f} s"
    )
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


#: What the student types into the graded homework: three right answers and one wrong (9♥ is
#: led, K♥ wins), two questions left unanswered. The points they deserve: one per right answer.
HOMEWORK_ANSWERS = {"answer_1": '"9H"', "answer_2": '"9D"', "answer_3": '"2S"', "answer_5": "2"}
DESERVED = {f"q{n}-check": float(n in (2, 3, 5)) for n in range(1, 7)}


def test_a_graded_homework_downloaded_from_the_site_autogrades_as_it_is(
    lite_runs, offline, tmp_path, screenshot_dir
):
    """Answer in the site, *File → Download*, ``handin``, ``nbgrader autograde``: the points the
    answers deserve, with nothing changed in the file (no locked cell or checksum reported as
    modified: the site's copy is the course's release)."""
    started = time.monotonic()
    # The teacher's course is made (nbgrader generate_assignment) on the other core meanwhile.
    teacher = ThreadPoolExecutor(max_workers=1)
    course_made = teacher.submit(
        make_course,
        tmp_path / "course",
        GRADED_ASSIGNMENT,
        [EXERCISES / f"{GRADED_ASSIGNMENT}.ipynb"],
    )
    notebook = lite_runs.run(GRADED_EXERCISE)
    try:
        for variable, value in HOMEWORK_ANSWERS.items():
            outputs = answer(notebook, variable, value)  # the check's display, and stderr
            right = DESERVED[f"q{variable[-1]}-check"]
            # homework's words: a verdict and the kind of mistake, never the right card
            expect(outputs.filter(has_text="✓ Correct" if right else "✗ Not yet")).to_have_count(1)
            expect(outputs.filter(has_text="K♥")).to_have_count(0)
        notebook.screenshot(screenshot_dir / "lite" / "homework-03-answered.png")
        with notebook.page.expect_download() as download_info:
            notebook.menu("File", "docmanager:download")  # saves first, then downloads
        download = download_info.value
        assert download.suggested_filename == f"{GRADED}_{GRADED_ASSIGNMENT}.ipynb"
        student = tmp_path / "downloads" / "ben"
        download.save_as(student / download.suggested_filename)
    finally:
        lite_runs.close(GRADED_EXERCISE)
        teacher.shutdown(wait=True)
    in_browser = time.monotonic() - started

    course = course_made.result()
    # docs/class.md's command, run in this process (`python -m cardlib.exercises handin …`)
    handin = ["handin", str(tmp_path / "downloads"), "--assignment", GRADED_ASSIGNMENT]
    assert exercises_command([*handin, "--course", str(course)]) == 0
    log = _run(course, "autograde", GRADED_ASSIGNMENT)
    scores = check_scores(course, GRADED_ASSIGNMENT, "ben")
    assert scores == {GRADED_ASSIGNMENT: DESERVED}, log
    assert "has changed" not in log and "does not exist in the database" not in log, log
    print(f"graded homework: {in_browser:.0f} s in the browser, {time.monotonic() - started:.0f} s")
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


def test_no_request_ever_left_127_0_0_1(offline):
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"
