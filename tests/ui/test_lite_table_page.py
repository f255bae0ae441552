"""The static site's card table page (``?page=table``, the build's ``table/``): no Jupyter, the
table drawn at once from a stored first screen, its Python in a Web Worker.

In Chromium that can reach nothing but 127.0.0.1 (``lite_driver.OfflineBrowser``), on the same
build as ``test_lite_site.py`` (built once: the build does nothing when it is up to date):

- a call clicked before Python is ready (its wheel held back by the test), and clicked again
  as a double tap, is played once Python is ready, exactly once;
- the page does not jump from the visit until the table answers a click (layout shift summed
  as CLS sums it, ≤ 0.1), and the table, its hand and its call pad are on one screen, at
  1280×900 and at 390×844;
- the language: asked for by the Hindi lessons' link, and the one chosen at the table kept
  for the next visit, with the match;
- the same worker brings lesson 00's Deal widget to life before the lesson's Python is ready:
  clicks held until its Python is, then played, each once.

The table page's play, its offline visit and its requests are ``test_lite_site.py``'s.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from lite_driver import LiteNotebook, OfflineBrowser, Site, build_site, built_site
from playwright.sync_api import expect

from cardlib import callbreak, i18n
from cardlib.widgets.dealing import deal_view
from cardlib.widgets.table_worker import first_screens, site_words

pytestmark = pytest.mark.ui

#: The build test_lite_site.py makes (the same arguments: the same build, made once).
GRADED = "homework"
#: Where the table page keeps the match being played (table.js's MATCH_KEY, a fresh table's key).
KEPT_MATCH = "cardlib-table-match-v1:callbreak:4"
#: The sum of the page's layout shifts not caused by the learner's input (as CLS counts them;
#: CLS takes the worst window of them, this sums them all), from the start of the page.
SHIFTS_JS = """
window.cardlibShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.cardlibShifts.push({
      value: entry.value,
      at: Math.round(entry.startTime),
      what: entry.sources.map((s) => s.node?.className || s.node?.nodeName || "?"),
    });
  }
}).observe({ type: "layout-shift", buffered: true });
"""
#: Python is ready in the page (the worker's table takes messages).
READY_JS = "() => window.cardlibTable?.phases.ready !== undefined"
#: How far below the window's bottom the table's felt, hand and call pad reach (px; ≤ 0: all
#: on the first screen), and whether the page scrolls sideways.
ONE_SCREEN_JS = """
() => {
  const parts = ['.cl-felt', '.cl-hand', '.cl-calls'].map((s) => document.querySelector(s));
  const bottom = Math.max(...parts.map((e) => e.getBoundingClientRect().bottom));
  return {
    below: bottom - window.innerHeight,
    sideways: document.documentElement.scrollWidth > window.innerWidth,
  };
}
"""


@pytest.fixture(scope="module")
def site():
    with Site(built_site(graded=GRADED)) as served:
        yield served


@pytest.fixture(scope="module")
def offline(browser):
    """Chromium offline but for 127.0.0.1 (``browser`` checks that Chromium exists)."""
    offline = OfflineBrowser(browser.browser_type).launch()
    yield offline
    offline.close()


def words(code: str) -> dict:
    """The table page's words in language ``code``, as the stored screens hold them."""
    with i18n.language(code):
        return first_screens((11,), (code,))[code][11]["page"]["words"]


def wheel_held_back(offline, width: int = 1280, height: int = 900) -> tuple[object, list]:
    """A fresh profile in which no Python can be ready: every request for the cardlib wheel is
    held (the list of them: continue each to let it through)."""
    context = offline.new_context(width, height)
    held: list = []
    context.route(
        re.compile(r".*/static/pyodide/cardlib-[^/]*\.whl$"), lambda route: held.append(route)
    )
    return context, held


def console_errors(page) -> list[str]:
    """Every error the page and its worker write to the console, from now on (a list)."""
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def kept_actions(page) -> list:
    """The learner's actions in the match this browser keeps (what Python played, in order)."""
    kept = page.evaluate(f"localStorage.getItem({json.dumps(KEPT_MATCH)})")
    return json.loads(kept)["actions"] if kept else []


def test_a_call_made_before_python_is_ready_is_played_once_it_is(site, offline):
    """The cardlib wheel is held back (Python cannot be ready): the table is drawn, marked as
    getting ready; a call is clicked, then clicked again as a double tap; the page holds one
    message. The wheel is let through: Python plays that call, once."""
    context, held = wheel_held_back(offline)
    try:
        page = context.new_page()
        errors = console_errors(page)
        with context.expect_event(
            "request", lambda r: r.url.endswith(".whl") and "cardlib-" in r.url
        ):
            page.goto(f"{site.url}?page=table")
        table = page.locator("div.cardlib-table")
        call = table.locator(".cl-calls").get_by_role("button", name=re.compile(r"^3\b"))
        expect(call).to_be_visible()
        note = page.locator(".cl-getting-ready")
        expect(note).to_have_text(words("en")["getting_ready"])
        expect(page.locator("div.cardlib-table-page")).to_have_attribute("aria-busy", "true")
        assert held and page.evaluate("window.cardlibTable.phases.ready") is None

        call.click()
        call.dblclick()  # a double tap: its second click is never an action of its own
        messages = page.evaluate("window.cardlibTable.held()")
        assert [m["kind"] for m in messages] == ["custom"], messages
        assert messages[0]["content"]["type"] == "call" and messages[0]["content"]["value"] == 3
        assert kept_actions(page) == []  # nothing played yet: Python is not there
        assert page.evaluate("window.cardlibTable.phases.ready") is None

        for route in held:
            route.continue_()
        page.wait_for_function(READY_JS, timeout=240_000)
        expect(table.locator(".cl-calls button")).to_have_count(0, timeout=60_000)  # played
        expect(note).to_be_hidden()
        expect(page.locator("div.cardlib-table-page")).not_to_have_attribute("aria-busy", "true")
        page.wait_for_function(
            "key => JSON.parse(localStorage.getItem(key) || 'null')?.actions.length > 0",
            arg=KEPT_MATCH,
        )
        assert kept_actions(page) == [["call", 3]]  # once, never lost, never doubled
        assert page.evaluate("window.cardlibTable.held()") == []
        # the learner's seat says the call Python took
        expect(table.locator(".cl-seat").first).to_contain_text("3")
        assert not errors, errors
    finally:
        context.close()
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_table_page_does_not_jump_and_is_on_one_screen(site, offline, width, height):
    """From the visit until the table answers a call, the layout shifts (summed, as CLS sums
    them) stay ≤ 0.1; the felt, the hand and the call pad are on the first screen, drawn before
    Python is ready and still there once it is; nothing scrolls sideways."""
    context = offline.new_context(width, height)
    context.add_init_script(SHIFTS_JS)
    try:
        page = context.new_page()
        errors = console_errors(page)
        page.goto(f"{site.url}?page=table")
        table = page.locator("div.cardlib-table")
        expect(table.locator(".cl-calls button.cl-legal").first).to_be_visible()
        first = page.evaluate(ONE_SCREEN_JS)
        assert first["below"] <= 0 and not first["sideways"], first
        page.wait_for_function(READY_JS, timeout=240_000)
        ready = page.evaluate(ONE_SCREEN_JS)
        assert ready == first, (first, ready)  # nothing moved when Python became ready
        table.locator(".cl-calls button.cl-legal").first.click()
        expect(table.locator(".cl-calls button")).to_have_count(0, timeout=60_000)
        expect(table.locator(".cl-hand button.cl-legal").first).to_be_visible(timeout=60_000)
        shifts = page.evaluate("window.cardlibShifts")
        total = sum(shift["value"] for shift in shifts)
        assert total <= 0.1, f"layout shift {total:.3f} at {width}×{height}: {shifts}"
        assert not errors, errors
        print(f"table page at {width}×{height}: layout shift {total:.4f} ({len(shifts)} shifts)")
    finally:
        context.close()
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


def test_the_table_speaks_the_language_asked_for_and_keeps_the_one_chosen(site, offline):
    """The Hindi lessons' link (``?page=table&lang=hi``): the table and its note in Hindi.
    English chosen at the table: the next visit, with no language asked for, is in English
    (the browser's is English too, so the Hindi asked for last is what it must not keep), and
    gives the match back."""
    context = offline.new_context()
    try:
        page = context.new_page()
        errors = console_errors(page)
        page.goto(f"{site.url}?page=table&lang=hi")
        hindi = words("hi")
        expect(page.locator(".cl-getting-ready")).to_have_text(hindi["getting_ready"])
        expect(page.locator("label[for=cl-pick-game]")).to_have_text(hindi["game"])
        assert page.evaluate("document.documentElement.lang") == "hi"
        page.wait_for_function(READY_JS, timeout=240_000)
        table = page.locator("div.cardlib-table")
        table.locator(".cl-calls button.cl-legal").first.click()
        expect(table.locator(".cl-calls button")).to_have_count(0, timeout=60_000)
        page.locator("#cl-pick-language").select_option("en")
        expect(page.locator("label[for=cl-pick-game]")).to_have_text(words("en")["game"])
        page.goto(f"{site.url}?page=table")
        expect(page.locator("label[for=cl-pick-game]")).to_have_text(words("en")["game"])
        assert page.evaluate("document.documentElement.lang") == "en"
        page.wait_for_function(READY_JS, timeout=240_000)
        restored = table.locator(".cl-restored")
        expect(restored).to_contain_text("Your match is back where you left it", timeout=60_000)
        assert len(kept_actions(page)) == 1
        assert not errors, errors
    finally:
        context.close()
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


@pytest.mark.parametrize("missing", ["cardlib-*.whl", "pyodide.asm.wasm"])
def test_a_page_whose_python_cannot_start_says_so(site, offline, missing):
    """cardlib's wheel or Python's runtime refused (a host that lost it, a broken download):
    the table stays drawn, and the note that said "getting ready" says, in the learner's
    language, that the table could not start and to reload the page."""
    context = offline.new_context()
    context.route(f"**/static/pyodide/{missing}", lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(f"{site.url}?page=table&lang=ne")
        expect(page.locator("div.cardlib-table .cl-calls button").first).to_be_visible()
        with i18n.language("ne"):
            said = site_words()["not_started"]
        expect(page.locator(".cl-getting-ready")).to_have_text(said, timeout=120_000)
        assert page.evaluate("window.cardlibTable.phases.ready") is None
    finally:
        context.close()
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


def test_lesson_00s_deal_widget_works_before_the_lessons_python_is_ready(site, offline):
    """Lesson 00's Deal widget, drawn from the notebook before any Python is ready (the cardlib
    wheel held back: neither the kernel nor the page's worker can start), takes two clicks and
    holds them; let through, the worker's Python deals the second seed on, once, what the
    widget itself shows (CPython's ``deal_view``). A look-alike digit typed is not a seed;
    a seed typed is dealt. Its cell run, the kernel's widget takes its place, made as its code
    says, and the worker is gone."""
    live = build_site.LIVE_DEAL
    context, held = wheel_held_back(offline, 390, 844)
    try:
        page = context.new_page()
        errors = console_errors(page)
        page.goto(site.notebook_url(build_site.LANDING_NOTEBOOK))
        box = page.locator(f".{live['cardlib-dealing']}")
        expect(box).to_have_attribute("data-live", "live", timeout=120_000)
        seed = box.locator(f".{live['cardlib-seed']} input")
        hands = box.locator(f".{live['cardlib-hands']} .widget-html-content")
        counts = box.locator(f".{live['cardlib-spade-counts']} .widget-html-content")
        expect(seed).to_have_value("2026")
        stored = hands.inner_html()
        # a stored card picture is drawn as saved (its cell trusted), not its text in a heap
        expect(page.locator(".jp-OutputArea-output svg[aria-label^='four cards']")).to_be_visible()
        # each hand drawn as stored (an image of its SVG, which the sanitizer keeps), named
        pictures = hands.locator("img[alt^='hand of']")
        expect(pictures).to_have_count(4)
        page.wait_for_function(
            "(images) => images.every((i) => i.complete && i.naturalWidth > 0)",
            arg=pictures.element_handles(),
        )
        page.wait_for_function("() => window.cardlibLiveDeal.running()")
        assert held, "the cardlib wheel was not asked for"
        assert page.evaluate("window.cardlibLiveDeal.phases.ready") is None

        button = box.locator(f"button.{live['cardlib-deal-button']}")
        button.click()
        button.click()
        expect(seed).to_have_value("2028")  # the box names the deal asked for at once
        expect(box).to_have_attribute("aria-busy", "true")
        assert hands.inner_html() == stored  # nothing dealt: no Python yet

        for route in held:
            route.continue_()
        expect(box).not_to_have_attribute("aria-busy", "true", timeout=240_000)

        def shown(seed_number: int) -> dict:
            """CPython's view of the deal, as the browser writes it back (tbody and all)."""
            view = deal_view(callbreak.Deal(seed=seed_number))
            return {part: page.evaluate(AS_DRAWN_JS, view[part]) for part in ("hands", "counts")}

        drawn = {"hands": hands.inner_html(), "counts": counts.inner_html()}
        assert drawn == shown(2028)
        assert page.evaluate("window.cardlibLiveDeal.asked") == 1  # the held clicks: one ask

        seed.fill("२०३०")  # Devanagari digits look like a seed and are none
        seed.press("Enter")
        expect(seed).to_have_value("2028")
        seed.fill("7")
        seed.press("Enter")
        expect(box).not_to_have_attribute("aria-busy", "true")
        expect(counts).to_have_text(html_text(shown(7)["counts"]))
        assert hands.inner_html() == shown(7)["hands"]

        lesson = LiteNotebook(
            page,
            site,
            site.build / "files" / build_site.LANDING_NOTEBOOK,
            build_site.LANDING_NOTEBOOK,
        )
        lesson.wait_idle(300_000)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        real = page.locator(".cardlib-dealing")
        expect(real.locator(".cardlib-seed input")).to_have_value("2026", timeout=300_000)
        expect(box).to_have_count(0)
        page.wait_for_function("() => !window.cardlibLiveDeal.running()")
        assert not errors, errors
    finally:
        context.close()
    assert not offline.outside, f"requests left 127.0.0.1: {offline.outside}"


#: An HTML fragment as the browser writes it back once parsed.
AS_DRAWN_JS = (
    "(h) => { const d = document.createElement('div'); d.innerHTML = h; return d.innerHTML; }"
)


def html_text(fragment: str) -> str:
    """The text an HTML fragment shows (its entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))
