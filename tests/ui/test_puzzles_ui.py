"""The puzzle stream of notebook 08 in a real browser: a learner clicks cards, Check, Next.

After "Run All Cells" the stream shown is as dealt: the notebook's demonstration cells click a
second stream of the same seed, so the learner's starts at puzzle 1 and "Score: 0 of 0" (a stored
widget shows what the cell that built it says). The learner clicks exactly the cards the engine
allows and checks, then goes on to puzzle 2 and does it again. Then, in the best-play puzzle
below the stream (unanswered: the hasty demonstration answer went to a copy), the learner clicks
the card the solver finds best and checks, then reads the puzzle in Hindi through its language
menu and switches back to English.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cardlib import i18n
from cardlib.puzzles.best_play import best_puzzle
from cardlib.puzzles.legal_play import puzzle

pytestmark = pytest.mark.ui


def test_08_click_the_legal_cards_and_score(run_notebook, screenshot_dir):
    notebook = run_notebook("08-*")
    stream = notebook.page.locator(".cardlib-puzzle-stream").first
    score = stream.locator(".cardlib-score")
    expect(score).to_have_text("Score: 0 of 0")

    for number in (0, 1):
        if number:
            stream.locator(".cardlib-next-puzzle").click()
        shown = puzzle("easy", seed=1, number=number)
        expect(stream.locator(".cardlib-puzzle-position")).to_contain_text(shown.title)
        expect(stream.locator(".cardlib-card-button")).to_have_count(len(shown.hand))
        for card in shown.legal:
            stream.locator(f".cardlib-card-{card.code}").click()
        stream.locator(".cardlib-check-answer").click()
        # The widget is the .widget-html; the Feedback's own HTML inside it has the class too.
        expect(stream.locator(".widget-html.cardlib-feedback")).to_contain_text("✓ Correct")
        expect(score).to_have_text(f"Score: {number + 1} of {number + 1}")
        for card in shown.legal:
            right = stream.locator(f".cardlib-card-right.cardlib-card-{card.code}")
            expect(right).to_have_count(1)

    best = notebook.page.locator(".cardlib-puzzle-widget").last
    ending = best_puzzle("easy", seed=1, number=1)
    answer = sorted(ending.best)[0]
    expect(best.locator(".widget-html.cardlib-feedback")).not_to_contain_text("Not yet")
    best.locator(f".cardlib-card-{answer.code}").click()
    best.locator(".cardlib-check-answer").click()
    expect(best.locator(".widget-html.cardlib-feedback")).to_contain_text("✓ Correct")
    expect(best.locator(f".cardlib-card-right.cardlib-card-{answer.code}")).to_have_count(1)
    expect(best.locator(".cardlib-card-right")).to_have_count(1)

    # Its language menu: the question, the reason and the verdict all in Hindi, then English
    # again as it was.
    with i18n.language("hi"):
        hindi_question, hindi_reason = ending.question, ending.check(answer).lines[0]
    language = best.locator(".cardlib-language select")
    language.select_option(label=i18n.LANGUAGES["hi"])
    position = best.locator(".cardlib-puzzle-position")
    feedback = best.locator(".widget-html.cardlib-feedback")
    expect(position).to_contain_text(hindi_question)
    expect(feedback).to_contain_text("✓ सही")
    expect(feedback).to_contain_text(hindi_reason)
    language.select_option(label=i18n.LANGUAGES["en"])
    expect(position).to_contain_text(ending.question)
    expect(feedback).to_contain_text("✓ Correct")
    assert not notebook.log_messages()
    notebook.screenshot(screenshot_dir / "lab" / f"{notebook.path.stem}-after-check.png")
