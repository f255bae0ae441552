"""The language dropdown and the change listeners widgets redraw through, in plain pytest."""

import gc

import pytest

import cardlib
from cardlib import callbreak, i18n, parse_cards
from cardlib.widgets.language import LanguagePicker


@pytest.fixture(autouse=True)
def english_around_each_test():
    cardlib.set_language("en")
    yield
    cardlib.set_language("en")


class Sentence:
    """A stand-in widget: one sentence it redraws in the language in use."""

    def __init__(self):
        self.redraws = 0
        self.picker = LanguagePicker(self.redraw)
        self.redraw()

    def redraw(self):
        self.redraws += 1
        self.text = callbreak.explain_play(parse_cards("3H KH"), parse_cards("QH")).text


def test_the_dropdown_lists_each_language_under_its_own_name_and_starts_on_the_one_in_use():
    cardlib.set_language("hi-Latn")
    picker = LanguagePicker()
    assert picker.dropdown.options == (
        ("English", "en"),
        ("हिन्दी", "hi"),
        ("Hinglish", "hi-Latn"),
        ("नेपाली", "ne"),
    )
    assert picker.dropdown.value == "hi-Latn"
    assert picker.dropdown.description == "Bhasha"
    assert "cardlib-language" in picker.dropdown._dom_classes


def test_picking_a_language_switches_every_widget_and_every_sentence():
    first, second = Sentence(), Sentence()
    assert first.text.startswith("Hearts were led")
    first.picker.dropdown.value = "hi"
    assert cardlib.get_language() == "hi"
    assert first.text.startswith("चाल पान से शुरू हुई है")
    assert second.text == first.text
    assert second.picker.dropdown.value == "hi"
    assert second.picker.dropdown.description == first.picker.dropdown.description == "भाषा"
    assert (first.redraws, second.redraws) == (2, 2)  # drawn once, redrawn once: no loop


def test_set_language_in_a_cell_moves_every_dropdown():
    widget = Sentence()
    cardlib.set_language("hi-Latn")
    assert widget.picker.dropdown.value == "hi-Latn"
    assert widget.text.startswith("Paan lead hua hai")
    cardlib.set_language("hi-Latn")  # no change, no redraw
    assert widget.redraws == 2


def test_a_passing_switch_does_not_redraw_the_widgets():
    widget = Sentence()
    texts = i18n.in_every_language(
        lambda: callbreak.explain_play(parse_cards("3H KH"), parse_cards("QH")).text
    )
    assert list(texts) == ["en", "hi", "hi-Latn", "ne"]
    assert texts["hi"].startswith("चाल पान") and texts["hi-Latn"].startswith("Paan")
    assert texts["en"] == widget.text
    assert widget.redraws == 1
    assert widget.picker.dropdown.value == cardlib.get_language() == "en"


def test_a_widget_that_is_gone_is_not_called_again():
    calls = []
    picker = LanguagePicker(lambda: calls.append(cardlib.get_language()))
    cardlib.set_language("hi")
    assert calls == ["hi"]
    picker.dropdown.close()
    del picker
    gc.collect()
    cardlib.set_language("hi-Latn")
    assert calls == ["hi"]


def test_a_bad_value_in_the_dropdown_is_refused_by_the_widget():
    picker = LanguagePicker()
    with pytest.raises(Exception, match="Invalid selection"):
        picker.dropdown.value = "fr"
    assert cardlib.get_language() == "en"
    assert picker.dropdown.value == "en"
