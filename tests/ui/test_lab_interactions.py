"""A learner's clicks in JupyterLab, after "Run All Cells", on the notebooks with widgets.

Each test finds its widget by the CSS classes its module lists, does what a
learner does (press Deal, click a card, move a slider, call and play a trick)
and checks what the page then says against the engine's own answer. The Deal
button (01) and the card click (03) are also timed, click to redrawn text; the
medians are reported at the end of the run (see conftest.py), never asserted.
"""

from __future__ import annotations

import os

import pytest
from jupyter_driver import (
    click_latency,
    cut_off_labels,
)
from playwright.sync_api import expect

from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.cards import card_name, sort_for_display
from cardlib.coach.analysis import analyse
from cardlib.seats import seat_label
from cardlib.widgets.play_explorer import WORKED_POSITIONS
from cardlib.widgets.scoring import score_sentence

pytestmark = pytest.mark.ui

#: Clicks timed per widget; benchmarks/ui_latency.py asks for more.
TIMED_CLICKS = int(os.environ.get("CARDLIB_UI_CLICKS", "7"))


def hand_label(seed: int, seat: int = 0) -> str:
    """The aria-label of a seat's hand in a seeded deal, as the dealing widget draws it."""
    hand = callbreak.Deal(seed=seed).hands[seat]
    return f"hand of {seat_label(seat)}: " + ", ".join(str(c) for c in sort_for_display(hand))


def test_01_deal_button_deals_the_next_seed(run_notebook, screenshot_dir, record_latency):
    notebook = run_notebook("01-*")
    dealing = notebook.page.locator(".cardlib-dealing").first
    seed_box = dealing.locator(".cardlib-seed input")
    hands = dealing.locator(".cardlib-hands")
    deal_button = dealing.locator(".cardlib-deal-button")

    seed = int(seed_box.input_value())
    expect(hands.locator(f'svg[aria-label="{hand_label(seed)}"]')).to_have_count(1)
    deal_button.click()
    expect(seed_box).to_have_value(str(seed + 1))
    expect(hands.locator(f'svg[aria-label="{hand_label(seed + 1)}"]')).to_have_count(1)
    expect(hands.locator("svg[aria-label]")).to_have_count(4)

    record_latency(
        "01 Deal button → four new hands drawn",
        [click_latency(notebook.page, deal_button, hands) for _ in range(TIMED_CLICKS)],
    )
    expect(seed_box).to_have_value(str(seed + 1 + TIMED_CLICKS))
    assert not notebook.log_messages()
    notebook.screenshot(screenshot_dir / "lab" / f"{notebook.path.stem}-after-deal.png")


def test_03_card_click_is_judged_with_the_rule(run_notebook, screenshot_dir, record_latency):
    notebook = run_notebook("03-*")
    explorer = notebook.page.locator(".cardlib-play-explorer").first
    explorer.scroll_into_view_if_needed()
    # As the notebook leaves it (a dealt position, tens and all), every label is readable.
    assert not cut_off_labels(explorer), "button labels cut off: a learner cannot read them"
    position = next(p for p in WORKED_POSITIONS if p.key == "seed-follow")  # 3♥ K♥ against Q♥
    explanation = position.explain()
    explorer.locator(".cardlib-position select").select_option(label=position.title)
    expect(explorer.locator(".cardlib-table")).to_contain_text(position.title)
    feedback = explorer.locator(".cardlib-feedback")
    illegal = explorer.locator(".cardlib-card-3H")
    legal = explorer.locator(".cardlib-card-KH")

    illegal.click()
    expect(feedback).to_have_text(f"3♥ is not allowed ({explanation.rule}). {explanation.text}")
    legal.click()
    expect(feedback).to_have_text(f"K♥ is legal. {explanation.text}")

    # Alternate the two cards, so that every click changes the verdict on screen.
    record_latency(
        "03 card click → verdict shown",
        [
            click_latency(notebook.page, illegal if i % 2 == 0 else legal, feedback)
            for i in range(TIMED_CLICKS)
        ],
    )
    assert not notebook.log_messages()
    notebook.screenshot(screenshot_dir / "lab" / f"{notebook.path.stem}-after-clicks.png")


def test_04_call_slider_changes_the_score(run_notebook, screenshot_dir):
    notebook = run_notebook("04-*")
    explorer = notebook.page.locator(".cardlib-score-explorer").first
    explorer.scroll_into_view_if_needed()  # off-screen cells are not laid out
    call_slider = explorer.locator(".cardlib-call-slider")
    call_readout = call_slider.locator(".widget-readout")
    tricks = int(explorer.locator(".cardlib-tricks-slider .widget-readout").text_content())
    score = explorer.locator(".cardlib-score")
    call = int(call_readout.text_content())
    expect(score).to_have_text(score_sentence(call, tricks))

    # The keyboard moves the slider one step, as a learner's arrow key does …
    step = 1 if call < callbreak.MAX_CALL else -1
    call_slider.locator(".noUi-handle").focus()
    notebook.page.keyboard.press("ArrowRight" if step == 1 else "ArrowLeft")
    expect(call_readout).to_have_text(str(call + step))
    expect(score).to_have_text(score_sentence(call + step, tricks))

    # … and the mouse drags it to the far left end: the lowest call.
    handle = call_slider.locator(".noUi-handle").bounding_box()
    track = call_slider.locator(".noUi-target").bounding_box()
    mouse = notebook.page.mouse
    mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    mouse.down()
    mouse.move(track["x"] - 20, handle["y"] + handle["height"] / 2, steps=8)
    mouse.up()
    lowest = callbreak.STANDARD.min_call
    expect(call_readout).to_have_text(str(lowest))
    expect(score).to_have_text(score_sentence(lowest, tricks))
    assert not notebook.log_messages()
    notebook.screenshot(screenshot_dir / "lab" / f"{notebook.path.stem}-after-slider.png")


def coach_position() -> callbreak.Deal:
    """Notebook 40's first decision: seed 105, East dealing, South to lead after four tricks."""
    deal = callbreak.Deal(seed=105, dealer=3)
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    while not (len(deal.tricks) == 4 and deal.to_act == 0):
        deal.play(bots[deal.to_act].choose_play(deal))
    return deal


def test_40_coach_slider_analyses_again_and_steps_through_imagined_deals(
    run_notebook, screenshot_dir
):
    notebook = run_notebook("40-*")
    coach = notebook.page.locator(".cardlib-coach-widget").first
    coach.scroll_into_view_if_needed()
    readout = coach.locator(".cardlib-coach-samples .widget-readout")
    samples = int(readout.text_content())
    ranking = coach.locator(".cardlib-coach-ranking")
    position = coach_position()

    def shown_as(analysis):
        """The ranking as the page must show it: cards by aria-label, expected points."""
        expect(ranking.locator("caption")).to_contain_text(f"{analysis.samples} imagined deals")
        cards = ranking.locator("tbody .cardlib-card")
        expect(cards).to_have_count(len(analysis.cards))
        names = cards.evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
        assert names == [card_name(c.card) for c in analysis.cards]
        expect(ranking.locator("tbody td:nth-child(3)")).to_have_text(
            [
                f"{float(c.estimate.mean):.2f} ± {c.estimate.stderr:.2f}".replace("-", "−")
                for c in analysis.cards
            ]
        )

    shown_as(analyse(position, samples, seed=1))  # the notebook's seed
    # "Copy this position": the text of what South sees, which typing over does not change.
    position_text = coach.locator(".cardlib-coach-position-text input")
    expect(position_text).to_have_value(position.to_text(seat=0))
    position_text.fill("typed over")
    expect(position_text).to_have_value(position.to_text(seat=0))
    # One step left with the keyboard, as a learner's arrow key does: analysed again.
    coach.locator(".cardlib-coach-samples .noUi-handle").focus()
    notebook.page.keyboard.press("ArrowLeft")
    expect(readout).to_have_text(str(samples - 10))
    shown_as(analyse(position, samples - 10, seed=1))

    label = coach.locator(".cardlib-coach-deal-label")
    deal_view = coach.locator(".cardlib-coach-deal")
    expect(label).to_have_text("imagined deal 1 of 3")
    first = deal_view.inner_html()
    coach.locator(".cardlib-coach-deal-forward").click()
    expect(label).to_have_text("imagined deal 2 of 3")
    assert deal_view.inner_html() != first
    expect(deal_view.locator("svg[aria-label*='imagined']")).to_have_count(3)
    assert not notebook.log_messages()
    notebook.screenshot(screenshot_dir / "lab" / f"{notebook.path.stem}-after-slider.png")
