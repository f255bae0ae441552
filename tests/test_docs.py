"""The learner's home: the rule book, the glossary and the comparison table are in the
project, one click from the README, and nothing points outside the project."""

import re
from pathlib import Path

import nbformat
import pytest

from cardlib import _notebooks

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
GLOSSARY = ROOT / "docs" / "glossary.md"
#: Everything a learner reads, in every language (the translated lessons and rule books too).
LEARNER_FILES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "notebooks").glob("*.ipynb")),
    *_notebooks.translated_paths(),
]


def text_of(path: Path) -> str:
    if path.suffix == ".ipynb":
        return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells)
    return path.read_text()


def anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_readme_links_the_rule_book_glossary_and_comparison_in_one_click():
    readme = (ROOT / "README.md").read_text()
    for target in (
        "docs/rules.md",
        "docs/glossary.md",
        "docs/rules.md#the-four-games-side-by-side",
    ):
        assert f"]({target})" in readme, target
    headings = [
        anchor(line.lstrip("#")) for line in RULES.read_text().splitlines() if line.startswith("#")
    ]
    assert "the-four-games-side-by-side" in headings


@pytest.mark.parametrize("path", LEARNER_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_nothing_points_outside_the_project(path):
    text = text_of(path)
    assert "../shared" not in text and "RULES.md" not in text
    assert not re.search(r"\bseed (?:document|00\d)", text), "'seed' means a random seed here"


@pytest.mark.parametrize("path", LEARNER_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_lead_somewhere(path):
    for target in re.findall(r"\]\(([^)#:]+\.(?:md|ipynb))(?:#[^)]*)?\)", text_of(path)):
        assert (path.parent / target).resolve().exists(), f"{path.name} links {target}"


def test_the_comparison_table_covers_every_difference_for_the_four_games():
    table = RULES.read_text().split("## The four games side by side", 1)[1].split("\n## ", 1)[0]
    header = table.strip().splitlines()[0]
    for game in ("Call Break", "Call Bridge", "Judgement", "Contract Bridge"):
        assert game in header
    for row in (
        "players",
        "direction",
        "deal",
        "calls",
        "trump",
        "following suit",
        "void in the led suit",
        "scoring",
        "end of the match",
    ):
        assert f"| **{row}** |" in table, row


def test_the_glossary_has_the_players_words():
    glossary = GLOSSARY.read_text()
    words = [
        "हुकुम",
        "पान",
        "ईंट",
        "चिड़ी",
        "तुरुप",
        "हाथ",
        "चाल",
        "बोली",
        "हात",
        "ইস্কাপন",
        "হরতন",
        "রুইতন",
        "চিড়িতন",
        "তুরুপ",
        "Lakdi",
        "Oh Hell",
        "Kachuful",
    ]
    terms = [
        "trick",
        "lead",
        "follow suit",
        "void",
        "trump",
        "over-trump",
        "under-trump",
        "discard",
        "call",
        "contract",
        "part-score",
        "game",
        "dummy",
        "hook",
        "blind",
        "duck",
    ]
    for word in words:
        assert word in glossary, word
    for term in terms:
        assert f"**{term}**" in glossary, term


def test_the_rule_book_names_the_options_players_meet():
    options = RULES.read_text().split("### Call Break options", 1)[1]
    for option in ("calls capped at 8", "no spade or no face card", "anticlockwise play"):
        assert option in options, option


def test_the_rule_book_counts_the_switches_and_says_where_they_are_played():
    # The rule book once said "all seven ... honoured by the match widget": Variant has eight
    # switches and the card table takes none (review M2, L4).
    import dataclasses
    import inspect

    from cardlib import callbreak
    from cardlib.widgets.table import CardTable

    words = {7: "seven", 8: "eight", 9: "nine", 10: "ten"}
    switches = len(dataclasses.fields(callbreak.Variant))
    text = " ".join(RULES.read_text().split())
    assert f"{words[switches]} switches of `callbreak.Variant`" in text
    assert "variant" not in inspect.signature(CardTable).parameters
    assert (
        "the card table, where a match is played against the bots, plays the standard game only"
        in text
    )
    assert "honoured by the engine, the bots and the match widget" not in text


def test_no_page_says_contract_bridge_has_no_review():
    # The table reviews every finished Contract Bridge deal double dummy (review M3).
    for path in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))):
        assert "Contract Bridge has no review" not in path.read_text(), path.name
