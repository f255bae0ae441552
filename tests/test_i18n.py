"""Languages: complete catalogs, placeholders that survive, the switch, and the sentences.

The catalogs are read as the translators wrote them (the ``.po`` files, with Babel) and
as the program reads them (the compiled ``.mo`` files, with :mod:`gettext`).
"""

import re
import string
from gettext import NullTranslations
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlib
from cardlib import RULE_IDS, Card, CardlibError, CardParseError, callbreak, i18n, parse_cards
from cardlib.cards import DECK, SUITS, card_name, suit_name
from cardlib.coach.estimate import hand_mask
from cardlib.draw.charts import bar_chart
from cardlib.draw.svg import explanation_html, hand_svg, trick_svg
from cardlib.game import explain_play
from cardlib.history import Play
from cardlib.tricks import PlayRules

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def read_catalog(path: Path):
    with path.open("rb") as source:
        return read_po(source)


TEMPLATE = read_catalog(i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot")
CATALOGS = {code: read_catalog(i18n.catalog_file(code, ".po")) for code in SHIPPED}


def messages(catalog):
    return [message for message in catalog if message.id]


def key(message):
    return (message.context, message.id)


def fields(text: str) -> list[tuple]:
    """The placeholders of a message: name, conversion and format spec, in sorted order."""
    found = [
        (name, conversion or "", spec or "")
        for _, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    ]
    return sorted(set(found))


@pytest.fixture(autouse=True)
def english_around_each_test():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# The catalogs -------------------------------------------------------------------------


def test_the_template_holds_exactly_the_messages_in_the_code():
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    in_code = {
        (context, message)
        for _, _, message, _, context in extract_from_dir(
            ROOT / "cardlib", method_map, options_map, comment_tags=("Translators:",)
        )
    }
    in_template = {key(m) for m in messages(TEMPLATE)}
    assert in_code - in_template == set(), "new messages: run `make messages` and translate them"
    assert in_template - in_code == set(), "messages no longer in the code: run `make messages`"


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_is_translated_in_every_shipped_language(code):
    catalog = CATALOGS[code]
    assert {key(m) for m in messages(catalog)} == {key(m) for m in messages(TEMPLATE)}
    assert catalog.num_plurals == 2
    untranslated = [
        m.id
        for m in messages(catalog)
        if not (all(m.string) if isinstance(m.string, tuple) else m.string)
    ]
    fuzzy = [m.id for m in messages(catalog) if m.fuzzy]
    assert untranslated == [], f"{code}: untranslated messages"
    assert fuzzy == [], f"{code}: fuzzy messages need a translator's review"
    assert not catalog.obsolete


@pytest.mark.parametrize("code", SHIPPED)
def test_placeholders_survive_translation(code):
    for message in messages(CATALOGS[code]):
        if message.pluralizable:
            singular, plural = message.id
            assert fields(message.string[0]) == fields(singular), message.id
            assert fields(message.string[1]) == fields(plural), message.id
        else:
            assert fields(message.string) == fields(message.id), message.id


def test_hindi_and_nepali_are_written_in_devanagari_and_hinglish_in_roman_script():
    def strings(message):
        return message.string if isinstance(message.string, tuple) else (message.string,)

    for code in ("hi", "ne"):
        for message in messages(CATALOGS[code]):
            for text in strings(message):
                assert DEVANAGARI.search(text), (code, text)
    for message in messages(CATALOGS["hi-Latn"]):
        for text in strings(message):
            assert not DEVANAGARI.search(text), text


@pytest.mark.parametrize("code", SHIPPED)
def test_the_compiled_catalog_is_the_one_in_the_repository(code):
    """A stale or missing .mo file would show old sentences: `make catalogs` rebuilds it."""
    compiled = i18n.translations(code)
    for message in messages(CATALOGS[code]):
        if message.pluralizable:
            for n, form in ((1, 0), (2, 1)):
                got = (
                    compiled.npgettext(message.context, *message.id, n)
                    if message.context
                    else compiled.ngettext(*message.id, n)
                )
                assert got == message.string[form], "stale catalog: run `make catalogs`"
        else:
            got = (
                compiled.pgettext(message.context, message.id)
                if message.context
                else compiled.gettext(message.id)
            )
            assert got == message.string, "stale catalog: run `make catalogs`"


# The switch ---------------------------------------------------------------------------


def test_every_language_but_english_has_a_catalog():
    assert set(i18n.CATALOGS) == set(i18n.LANGUAGES) - {i18n.DEFAULT}
    for code in SHIPPED:
        assert i18n.catalog_file(code, ".po").exists()


def test_english_is_the_default_and_set_language_switches():
    assert cardlib.get_language() == "en"
    assert cardlib.set_language is i18n.set_language
    assert {"en", "hi", "hi-Latn"} <= set(cardlib.LANGUAGES)
    cardlib.set_language("hi")
    assert cardlib.get_language() == "hi"
    assert suit_name("H") == "पान"
    cardlib.set_language("hi-Latn")
    assert suit_name("H") == "paan"
    cardlib.set_language("en")
    assert suit_name("H") == "hearts"


def test_language_block_restores_the_language_before_it_even_after_an_error():
    cardlib.set_language("hi-Latn")
    with pytest.raises(CardParseError), i18n.language("hi"):
        assert cardlib.get_language() == "hi"
        parse_cards("QX")
    assert cardlib.get_language() == "hi-Latn"


@pytest.mark.parametrize(
    "bad", ["hindi", "HI", "hi_Latn", "hinglish", "", "np", "ne-NP", None, ["hi"]]
)
def test_a_bad_language_code_is_refused_listing_the_accepted_ones_and_nothing_changes(bad):
    cardlib.set_language("hi")
    with pytest.raises(CardlibError) as caught:
        cardlib.set_language(bad)
    assert caught.value.rule == "language"
    message = str(caught.value)
    assert repr(bad) in message
    for code in ("'en'", "'hi'", "'hi-Latn'", "'ne'"):
        assert code in message
    assert cardlib.get_language() == "hi"


def test_a_missing_compiled_catalog_is_an_error_saying_how_to_build_it(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {"en": NullTranslations()})
    with pytest.raises(FileNotFoundError, match="make catalogs"):
        cardlib.set_language("hi")
    assert cardlib.get_language() == "en"


# The sentences ------------------------------------------------------------------------

# The README's position, K♥ must beat Q♥, in English; docs/library.md shows it in the others.
THE_EXAMPLE = {
    "en": "Hearts were led and Q♥ is highest; you hold K♥, which beats it, so you must play K♥.",
    "hi": "चाल पान से शुरू हुई है और अभी सबसे बड़ा Q♥ है; आपके पास K♥ है, जो उससे बड़ा है, "
    "इसलिए आपको K♥ ही खेलना होगा।",
    "hi-Latn": "Paan lead hua hai aur sabse bada Q♥ hai; aapke paas K♥ hai, jo usse bada hai, "
    "to K♥ hi khelna padega.",
    "ne": "हात पानबाट सुरु भएको छ र अहिले सबैभन्दा ठूलो Q♥ छ; तपाईंसँग K♥ छ, जुन त्योभन्दा ठूलो "
    "छ, त्यसैले तपाईंले K♥ नै खेल्नुपर्छ।",
}


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_same_position_explained_in_each_language(code):
    with i18n.language(code):
        why = callbreak.explain_play(parse_cards("3H KH"), parse_cards("QH"))
    assert why.text == THE_EXAMPLE[code]
    assert why.rule == "must-beat"
    assert why.legal == frozenset(parse_cards("KH"))


def test_the_readme_and_the_library_page_show_the_example_as_the_engine_says_it():
    readme = (ROOT / "README.md").read_text()
    library = (ROOT / "docs" / "library.md").read_text()  # "Languages"
    for code, text in THE_EXAMPLE.items():
        assert repr(text) in (readme if code == "en" else library), code


def test_plural_forms_and_lists_of_cards_in_each_language():
    hand, trick = parse_cards("3H KH AH"), parse_cards("QH")
    texts = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            texts[code] = callbreak.explain_play(hand, trick).text
    assert texts["en"].endswith("you must play one of them: K♥ or A♥.")
    assert "आपके पास K♥ और A♥ हैं, जो उससे बड़े हैं" in texts["hi"]
    assert texts["hi"].endswith("इसलिए इनमें से एक खेलना होगा: K♥ या A♥।")
    assert "aapke paas K♥ aur A♥ hain, jo usse bade hain" in texts["hi-Latn"]


def test_under_trump_in_the_players_words():
    with i18n.language("hi"):
        text = callbreak.explain_play(parse_cards("2S 3C"), parse_cards("QH 9S")).text
    assert text == (
        "चाल पान से शुरू हुई है और आपके पास पान नहीं है; 9♠ ने काट दिया है और आपके पास "
        "उससे बड़ा तुरुप नहीं, फिर भी आपके पास हुकुम है, इसलिए हुकुम ही डालना होगा — छोटा, "
        "हारने वाला: 2♠।"
    )


RULES = [
    callbreak.play_rules(),
    callbreak.play_rules(callbreak.Variant(free_discard=True, no_spade_lead_first_trick=True)),
    PlayRules(trump="S", void_rule="overtrump"),  # Call Bridge
    PlayRules(trump="H"),  # Judgement, a hearts round
    PlayRules(trump=None),  # Contract Bridge, no trump
]


@st.composite
def positions(draw):
    deck = draw(st.permutations(range(52)))
    size = draw(st.integers(1, 13))
    played = draw(st.integers(0, 3))
    hand = [DECK[i] for i in deck[:size]]
    trick = [DECK[i] for i in deck[size : size + played]]
    return hand, trick, draw(st.sampled_from(RULES)), draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(positions())
def test_every_language_names_the_same_rule_cards_and_suits(position):
    hand, trick, rules, first_trick = position
    said = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            said[code] = explain_play(hand, trick, rules, first_trick)
    english = said["en"]
    assert english.rule in RULE_IDS
    for why in said.values():
        assert (why.rule, why.legal) == (english.rule, english.legal)
        assert "{" not in why.text and "}" not in why.text
        assert sorted(CARD_TEXT.findall(why.text)) == sorted(CARD_TEXT.findall(english.text))
    assert len({why.text for why in said.values()}) == len(said)
    assert DEVANAGARI.search(said["hi"].text)
    assert not DEVANAGARI.search(said["hi-Latn"].text)
    if trick:
        led = trick[0].suit
        for code in SHIPPED:
            with i18n.language(code):
                assert suit_name(led) in said[code].text.lower()


ONE_POSITION_PER_RULE = {  # rule id: (hand, trick, Call Break variant, first trick)
    "lead": ("AS 3H", "", callbreak.STANDARD, False),
    "lead-no-spade": ("AS 3H", "", callbreak.Variant(no_spade_lead_first_trick=True), True),
    "must-beat": ("3H KH", "QH", callbreak.STANDARD, False),
    "follow-any": ("3H 4H", "QH", callbreak.STANDARD, False),
    "follow-trumped": ("3H KH", "QH 2S", callbreak.STANDARD, False),
    "must-trump": ("2S 3C", "QH", callbreak.STANDARD, False),
    "must-overtrump": ("9S 3C", "QH 2S", callbreak.STANDARD, False),
    "must-undertrump": ("2S 3C", "QH 9S", callbreak.STANDARD, False),
    "free": ("3C 4D", "QH", callbreak.STANDARD, False),
}


def test_one_position_per_rule_covers_every_rule_id():
    assert set(ONE_POSITION_PER_RULE) == set(RULE_IDS)


@pytest.mark.parametrize("rule", RULE_IDS)
def test_rule_ids_are_the_same_words_in_every_language(rule):
    hand, trick, variant, first_trick = ONE_POSITION_PER_RULE[rule]
    texts = set()
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            why = callbreak.explain_play(hand, parse_cards(trick), variant, first_trick)
            html = explanation_html(why)
        assert why.rule == rule
        assert f"<b>{rule}</b>" in html
        texts.add(why.text)
    assert len(texts) == len(i18n.LANGUAGES)


PLAYERS_WORDS = {
    "hi": {"S": "हुकुम", "H": "पान", "D": "ईंट", "C": "चिड़ी"},
    "hi-Latn": {"S": "hukum", "H": "paan", "D": "eent", "C": "chidi"},
    "ne": {"S": "हुकुम", "H": "पान", "D": "इँट", "C": "चिडी"},
}


@pytest.mark.parametrize("code", SHIPPED)
def test_suits_are_called_by_the_players_words(code):
    with i18n.language(code):
        for suit in SUITS:
            assert suit_name(suit) == suit_name(suit, plural=False) == PLAYERS_WORDS[code][suit]


def test_card_names_in_english_are_card_name_and_in_hindi_the_players_words():
    assert [card_name(card) for card in DECK] == [card.name for card in DECK]
    with i18n.language("hi"):
        assert card_name("QH") == "पान की बेगम"
        assert card_name("AS") == "हुकुम का इक्का"
        assert card_name("2C") == "चिड़ी की दुक्की"
        assert card_name("10D") == "ईंट का दहला"
        assert Card("QH").name == "queen of hearts"  # the English name stays
    with i18n.language("hi-Latn"):
        assert card_name("KD") == "eent ka badshah"
        assert card_name("JC") == "chidi ka ghulam"


def test_a_bad_card_is_refused_in_the_learners_language_with_the_same_rule():
    with i18n.language("hi"), pytest.raises(CardParseError) as caught:
        parse_cards("3H QX")
    message = str(caught.value)
    assert message.startswith("'QX' को पत्ते की तरह नहीं पढ़ा जा सकता")
    assert "QH" in message and "10H" in message and "Q♥" in message
    assert caught.value.rule == "card-syntax"


def test_pictures_are_labelled_in_the_learners_language():
    with i18n.language("hi"):
        hand = hand_svg(["QH", "AS"], highlight=["QH"])
        trick = trick_svg(["QH", "KH"], seats=[0, 1], winner=1)
    assert 'aria-label="हाथ: A♠, Q♥"' in hand
    assert 'aria-label="पान की बेगम, खेल सकते हैं"' in hand
    assert 'aria-label="हुकुम का इक्का"' in hand
    assert 'aria-label="चाल: Q♥, K♥"' in trick
    assert 'aria-label="पान का बादशाह, सीट 1, जीता"' in trick
    assert 'aria-label="hand: A♠, Q♥"' in hand_svg(["QH", "AS"])  # English again outside


def test_charts_history_and_estimates_speak_the_learners_language():
    with i18n.language("hi-Latn"):
        chart = bar_chart({1: 1, 2: 2}, "t", "call", "score", marked=[2])
        forced = Play(3, 1, 2, Card("QH"), 5, frozenset({Card("QH")}), "must-beat", "", None, ())
        free = Play(3, 0, 2, Card("QH"), 5, frozenset(DECK[:5]), "lead", "", None, ())
        lines = str(forced), str(free)
        with pytest.raises(ValueError) as caught:
            hand_mask("AS KS")
    assert ">sabse achha<" in chart
    assert lines == ("trick 3: seat 2 ne Q♥ khela (majboori mein)", "trick 3: seat 2 ne Q♥ khela")
    assert str(forced) == "trick 3: seat 2 plays Q♥ (forced)"
    assert str(caught.value) == (
        "Call Break ke haath mein 13 alag-alag cards hote hain, par yahan 2 hain"
    )


GLOSSARY = ROOT / "docs" / "glossary.hi.md"


@pytest.mark.parametrize("code", SHIPPED)
def test_the_hindi_glossary_uses_the_catalogs_words_for_suits_and_cards(code):
    glossary = GLOSSARY.read_text()
    with i18n.language(code):
        for suit in SUITS:
            assert f"| {suit_name(suit)} |" in glossary
        spades = suit_name("S")
        for card in parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"):
            # "हुकुम का इक्का" -> "इक्का", "hukum ka ikka" -> "ikka"
            word = card_name(card).removeprefix(spades).split(maxsplit=1)[1]
            assert re.search(rf"\| {re.escape(word)}[ |]", glossary), word
    for rule in ("must-beat", "must-trump", "must-overtrump", "must-undertrump", "free", "hook"):
        assert f"`{rule}`" in glossary


RULE_BOOK = ROOT / "docs" / "rules.md"
HINDI_RULE_BOOK = ROOT / "docs" / "rules.hi.md"


def rule_book_facts(text: str) -> dict[str, set[str]]:
    """What a translation must keep: rule ids and other code, numbers, cards."""
    return {
        "code": set(re.findall(r"`([^`]+)`", text)),
        "numbers": set(re.findall(r"(?<![\w.])[−-]?\d+(?:\.\d+)?", text)),
        "cards": set(CARD_TEXT.findall(text)),
    }


@pytest.mark.skipif(not RULE_BOOK.exists(), reason="the English rule book is on another branch")
def test_the_hindi_rule_book_keeps_every_rule_id_number_and_card_of_the_english_one():
    english = rule_book_facts(RULE_BOOK.read_text())
    hindi = rule_book_facts(HINDI_RULE_BOOK.read_text())
    for kind in english:
        assert english[kind] == hindi[kind], f"{kind}: update docs/rules.hi.md"


def test_the_hindi_rule_book_calls_suits_and_cards_by_the_players_words():
    text = HINDI_RULE_BOOK.read_text()
    with i18n.language("hi"):
        for suit in SUITS:
            assert suit_name(suit) in text
        for card in ("AS", "10H", "2C"):
            assert card_name(card) in text
    assert "glossary.hi.md" in text


NEPALI_RULE_BOOK = ROOT / "docs" / "rules.ne.md"


def section(text: str, heading: str, next_heading: str | None = None) -> str:
    """The part of a page from ``heading`` up to ``next_heading`` (or the end)."""
    start = text.index(f"\n{heading}\n")
    end = text.index(f"\n{next_heading}\n", start) if next_heading else len(text)
    return text[start:end]


def test_the_nepali_rule_book_keeps_every_rule_id_number_and_card_of_the_hindi_call_break():
    hindi = rule_book_facts(section(HINDI_RULE_BOOK.read_text(), "## कॉल ब्रेक", "## कॉल ब्रिज"))
    nepali = rule_book_facts(section(NEPALI_RULE_BOOK.read_text(), "## कल ब्रेक"))
    for kind in hindi:
        assert hindi[kind] == nepali[kind], f"{kind}: update docs/rules.ne.md"


def test_the_nepali_rule_book_calls_suits_and_cards_by_the_players_words_and_links_the_rest():
    text = NEPALI_RULE_BOOK.read_text()
    with i18n.language("ne"):
        for suit in SUITS:
            assert suit_name(suit) in text
        for card in ("AS", "10H", "2C"):
            assert card_name(card) in text
    for page in ("glossary.hi.md", "rules.hi.md", "rules.md", "terms.tsv"):
        assert f"]({page})" in text


def test_no_message_is_written_inside_an_f_string():
    """pybabel does not read inside an f-string: a ``_("…")`` there never reaches the catalogs,
    and the learner reads it in English in every language (lesson 05's "winner" did)."""

    inside = re.compile(r"""\{\s*(_|ngettext|N_)\(\s*['"]""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "cardlib").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if inside.search(line) and re.search(r"""\bf['"]""", line)
    ]
    assert found == [], "compute the message before the f-string"
