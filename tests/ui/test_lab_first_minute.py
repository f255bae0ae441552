"""The first minute under ``make tutorial``, before the learner runs anything.

JupyterLab is started through ``cardlib.tutorial`` itself (what ``make tutorial`` runs), on a
copy of the project's ``notebooks/`` and ``docs/``, with Jupyter's data, config, settings and
workspaces folders all fresh and temporary: no notebook was trusted before, and nothing the
user or another test set carries over. Then, as a learner:

- 02 opened without running it shows its stored card pictures and widgets (an untrusted
  notebook shows "ace of spadesA♠…" text and ``VBox(children=(…``);
- 00's link to the rule book opens the rule book, rendered;
- no news pop-up, no nbgrader menu or Create Assignment panel.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import sys

import nbformat
import pytest
from jupyter_driver import NOTEBOOKS, PROJECT, Server, free_port
from playwright.sync_api import expect

from cardlib import tutorial

pytestmark = pytest.mark.ui

LESSON_02 = "02-spades-are-trump.ipynb"


@pytest.fixture(scope="module")
def tutorial_lab(browser, tmp_path_factory):
    """JupyterLab as ``make tutorial`` starts it, on a throwaway copy of the project."""
    work = tmp_path_factory.mktemp("tutorial")
    root = work / "project"
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "practice")
    shutil.copytree(NOTEBOOKS, root / "notebooks", ignore=ignore)
    shutil.copytree(PROJECT / "docs", root / "docs", ignore=ignore)
    port, token = free_port(), secrets.token_hex(16)
    server = Server(
        argv=[
            sys.executable,
            "-m",
            "cardlib.tutorial",
            f"--root={root}",
            f"--port={port}",
            "--no-browser",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
        ],
        url=f"http://127.0.0.1:{port}/",
        token=token,
        log_path=work / "jupyterlab.log",
        env={
            "PYTHONPATH": str(PROJECT),  # this checkout's cardlib, for the server and kernels
            "JUPYTER_DATA_DIR": str(work / "data"),  # the trust database starts empty
            "JUPYTER_CONFIG_DIR": str(work / "config"),
            "JUPYTERLAB_SETTINGS_DIR": str(work / "lab-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(work / "lab-workspaces"),
        },
    )
    server.start(ready_path=f"api/status?token={token}")
    yield server
    server.stop()


@pytest.fixture
def learner_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()


def stored_pictures(path) -> tuple[int, int]:
    """How many outputs of the notebook hold an inline SVG picture, and how many a widget."""
    outputs = [o for c in nbformat.read(path, as_version=4).cells for o in c.get("outputs", [])]
    pictures = sum("<svg" in o.get("data", {}).get("text/html", "") for o in outputs)
    widgets = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
    return pictures, widgets


def assert_no_news_and_no_teacher_tools(page) -> None:
    """What a learner's JupyterLab leaves out: the news pop-up and nbgrader's menus and panels."""
    expect(page.locator(".lm-MenuBar-item", has_text="File")).to_be_visible()
    menus = page.locator(".lm-MenuBar-item").all_inner_texts()
    assert not [m for m in menus if "nbgrader" in m.lower()], menus
    expect(page.get_by_text("official Jupyter news")).to_have_count(0)
    html = page.content()
    assert "Create Assignment" not in html and "Formgrader" not in html
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    for plugin in tutorial.DISABLED_EXTENSIONS:
        assert plugin in config["disabledExtensions"]


def test_02_opened_before_it_is_run_shows_its_card_pictures(tutorial_lab, learner_page):
    page = learner_page
    pictures, widgets = stored_pictures(NOTEBOOKS / LESSON_02)
    assert pictures >= 4 and widgets >= 2  # what 02 stores; the check below needs them
    workspace = f"test-{secrets.token_hex(4)}"
    page.goto(
        f"{tutorial_lab.url}lab/workspaces/{workspace}/tree/notebooks/{LESSON_02}"
        f"?token={tutorial_lab.token}"
    )
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    outputs = panel.locator(".jp-OutputArea-output")
    # Trusted: the stored HTML keeps its <svg> (untrusted, the sanitiser drops it); a widget
    # may draw an <svg> of its own once shown, so only the stored pictures are counted ...
    stored = outputs.filter(has=page.locator("svg"), has_not=page.locator(".jupyter-widgets"))
    expect(stored).to_have_count(pictures)
    # ... and the stored widgets are drawn from the notebook's widget state.
    expect(outputs.filter(has=page.locator(".jupyter-widgets.widget-vbox"))).to_have_count(widgets)
    expect(panel).not_to_contain_text("VBox(children")
    expect(panel).not_to_contain_text("Loading widget")
    # Nothing was run: every prompt still shows its stored count, and no kernel is busy.
    assert not [c for c in panel.locator(".jp-InputPrompt").all_inner_texts() if "*" in c]
    assert_no_news_and_no_teacher_tools(page)


def test_00_rule_book_link_opens_the_rule_book(tutorial_lab, learner_page):
    page = learner_page
    # The address make tutorial prints: JupyterLab opens at 00-start-here.
    page.goto(f"{tutorial_lab.url}?token={tutorial_lab.token}")
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(page.locator(".lm-TabBar-tab.lm-mod-current", has_text="00-start-here")).to_be_visible()
    # the English rule book (00 also links the Hindi and Nepali ones, in its language paragraph)
    links = panel.locator(".jp-RenderedMarkdown a", has_text="rule book")
    links.first.wait_for()
    hrefs = links.evaluate_all("links => links.map(a => a.getAttribute('href') || '')")
    link = links.nth(next(i for i, href in enumerate(hrefs) if re.search(r"rules\.md", href)))
    link.scroll_into_view_if_needed()
    link.click()
    viewer = page.locator(".jp-MarkdownViewer:not(.lm-mod-hidden)")
    expect(viewer.locator("h1", has_text="The rule book")).to_be_visible()
    expect(page.locator(".lm-TabBar-tab.lm-mod-current", has_text="rules.md")).to_be_visible()
    assert_no_news_and_no_teacher_tools(page)
