"""The puzzle stream of notebook 08 in a real browser: a learner clicks cards, Check, Next.

After "Run All Cells" the notebook's own demonstration cells have checked two puzzles (one right,
one wrong), so the stream shows puzzle 2 and "Score: 1 of 2". The learner goes on to puzzle 3,
clicks exactly the cards the engine allows and checks. Then, in the best-play puzzle below the
stream (whose demonstration cell checked the highest card, a wrong answer), the learner clicks the
card the solver finds best and checks, then reads the puzzle in Hindi through its language menu
and switches back to English.
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
    expect(score).to_have_text("Score: 1 of 2")

    stream.locator(".cardlib-next-puzzle").click()
    third = puzzle("easy", seed=1, number=2)
    expect(stream.locator(".cardlib-puzzle-position")).to_contain_text(third.title)
    expect(stream.locator(".cardlib-card-button")).to_have_count(len(third.hand))
    for card in third.legal:
        stream.locator(f".cardlib-card-{card.code}").click()
    stream.locator(".cardlib-check-answer").click()

    # The widget is the .widget-html; the Feedback's own HTML inside it has the class too.
    expect(stream.locator(".widget-html.cardlib-feedback")).to_contain_text("✓ Correct")
    expect(score).to_have_text("Score: 2 of 3")
    for card in third.legal:
        expect(stream.locator(f".cardlib-card-right.cardlib-card-{card.code}")).to_have_count(1)

    best = notebook.page.locator(".cardlib-puzzle-widget").last
    ending = best_puzzle("easy", seed=1, number=1)
    answer = sorted(ending.best)[0]
    expect(best.locator(".widget-html.cardlib-feedback")).to_contain_text("✗ Not yet")
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
