"""The language dropdown every widget carries: English, हिन्दी, Hinglish, नेपाली.

>>> from cardlib.widgets.language import LanguagePicker
>>> picker = LanguagePicker()
>>> [label for label, code in picker.dropdown.options]
['English', 'हिन्दी', 'Hinglish', 'नेपाली']

Picking a language calls :func:`cardlib.set_language`: the language is one for the
whole notebook, so every widget switches together, and so does every sentence a cell
prints afterwards. A widget passes its redraw method, ``LanguagePicker(self.redraw)``,
and puts ``picker.dropdown`` in its layout; the method is called after every change of
language, from this dropdown, another widget's or a ``set_language`` call. Each
language is listed under its own name, so a learner finds theirs whatever is shown.

CSS class (for the browser tests): ``cardlib-language`` on the dropdown.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from cardlib import i18n
from cardlib.i18n import _


class LanguagePicker:
    """A dropdown of :data:`cardlib.i18n.LANGUAGES` bound to :func:`cardlib.set_language`."""

    def __init__(self, redraw: Callable[[], None] | None = None):
        self.redraw = redraw
        self.dropdown = widgets.Dropdown(
            options=[(name, code) for code, name in i18n.LANGUAGES.items()],
            value=i18n.get_language(),
            description=_("Language"),
            layout=widgets.Layout(width="auto"),
        )
        self.dropdown.add_class("cardlib-language")
        self.dropdown.observe(self._picked, names="value")
        i18n.on_change(self._changed)

    def _picked(self, change) -> None:
        i18n.set_language(change["new"])

    def _changed(self, code: str) -> None:
        self.dropdown.value = code  # another picker or a set_language call
        self.dropdown.description = _("Language")
        if self.redraw is not None:
            self.redraw()
