"""The learner's language: English, Hindi (Devanagari), Hinglish (Hindi in Roman script) or Nepali.

Every sentence cardlib shows a learner is written in English in the code, wrapped in
:func:`_` (or :func:`ngettext` / :func:`pgettext`), and translated through the standard
:mod:`gettext` machinery from the message catalogs in ``cardlib/locale``:

- ``cardlib/locale/cardlib.pot``: the template, extracted from the code by Babel
  (``make messages``);
- ``cardlib/locale/<catalog>/LC_MESSAGES/cardlib.po``: one translation per language,
  kept in the repository;
- ``cardlib.mo`` beside each ``.po``: compiled at build or install time (``make catalogs``,
  ``pip install``), never committed.

Switching is one call, for the whole process::

    >>> import cardlib
    >>> cardlib.set_language("hi")
    >>> cardlib.get_language()
    'hi'
    >>> cardlib.set_language("en")

or, for a few lines, ``with cardlib.i18n.language("hi-Latn"): ...``. Widgets redraw
their text after a switch through :func:`on_change` (their dropdown:
:mod:`cardlib.widgets.language`).

Placeholders are named (``{card}``, ``{count}``) and filled in *after* translation,
``_("{card} wins").format(card=...)``, so a translation may put them in any order.
Rule ids (``"must-beat"`` …) are never translated: they are the vocabulary of the code.
"""

from __future__ import annotations

import gettext as _gettext
import inspect
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from cardlib import errors
from cardlib.errors import CardlibError

DOMAIN = "cardlib"
LOCALE_DIR = Path(__file__).parent / "locale"
DEFAULT = "en"

#: Language code (BCP 47, as in HTML's ``lang``) → its name in that language.
#: ``hi-Latn`` is Hindi written in the Latin script: Hinglish.
LANGUAGES = {
    "en": "English",
    "hi": "हिन्दी",
    "hi-Latn": "Hinglish",
    "ne": "नेपाली",
}
#: Language code → directory of its catalog under ``cardlib/locale`` (English has none:
#: the messages in the code are English).
CATALOGS = {"hi": "hi", "hi-Latn": "hi_Latn", "ne": "ne"}

_current = DEFAULT
_loaded: dict[str, _gettext.NullTranslations] = {DEFAULT: _gettext.NullTranslations()}
# Called with the new code after every change: widgets redraw their text.
_listeners: list[Callable[[], Callable[[str], None] | None]] = []
_T = TypeVar("_T")


def catalog_file(code: str, suffix: str = ".mo") -> Path:
    """Path of a language's compiled catalog (``suffix=".po"`` for its source)."""
    return LOCALE_DIR / CATALOGS[code] / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def _check(code: str) -> str:
    if not isinstance(code, str) or code not in LANGUAGES:
        accepted = ", ".join(f"{c!r} ({name})" for c, name in LANGUAGES.items())
        raise CardlibError(
            _("unknown language {code!r}: choose one of {accepted}").format(
                code=code, accepted=accepted
            ),
            rule="language",
        )
    return code


def translations(code: str) -> _gettext.NullTranslations:
    """The :mod:`gettext` translations of a language, loaded once.

    A shipped language never falls back to English: a missing compiled catalog is an
    error that says how to build it.
    """
    _check(code)
    if code not in _loaded:
        path = catalog_file(code)
        if not path.exists():
            raise FileNotFoundError(
                f"the {LANGUAGES[code]} catalog is not compiled ({path} is missing): "
                "run `make catalogs` or reinstall cardlib (`pip install .`), which compiles "
                "the .po files"
            )
        _loaded[code] = _gettext.translation(
            DOMAIN, LOCALE_DIR, languages=[CATALOGS[code]], fallback=False
        )
    return _loaded[code]


def set_language(code: str) -> None:
    """Show every sentence from now on in ``code``: ``"en"``, ``"hi"``, ``"hi-Latn"`` or ``"ne"``.

    A code not in :data:`LANGUAGES` raises :class:`~cardlib.errors.CardlibError`
    listing the accepted ones, and the language stays as it was.
    """
    global _current
    translations(code)  # fails before anything changes
    if code == _current:
        return
    _current = code
    for listener in list(_listeners):
        callback = listener()
        if callback is None:
            _listeners.remove(listener)
        else:
            callback(code)


def on_change(callback: Callable[[str], None]) -> None:
    """Call ``callback(code)`` after every change of language (a widget redraws its text).

    A bound method is held weakly, so a widget that is gone stops being called; a
    plain function is held for good.
    """
    if inspect.ismethod(callback):
        _listeners.append(weakref.WeakMethod(callback))
    else:
        _listeners.append(lambda: callback)


def get_language() -> str:
    """The code of the language sentences are shown in now (``"en"`` unless changed)."""
    return _current


@contextmanager
def language(code: str) -> Iterator[str]:
    """Use ``code`` inside a ``with`` block, then go back to the language before it.

    A passing switch: :func:`on_change` listeners are not called.
    """
    global _current
    before = _current
    translations(code)
    _current = code  # for a moment: the widgets on screen need not redraw
    try:
        yield code
    finally:
        _current = before


def in_every_language(make: Callable[[], _T]) -> dict[str, _T]:
    """``make()`` once in each language, ``{code: result}``: the same position explained
    in English, Hindi, Hinglish and Nepali side by side. The language in use stays as it was."""
    results = {}
    for code in LANGUAGES:
        with language(code):
            results[code] = make()
    return results


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return _loaded[_current].gettext(message) if _current != DEFAULT else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the current language."""
    return _loaded[_current].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells apart equal English words."""
    return _loaded[_current].pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined; translate it with :func:`_` where used."""
    return message


_ = gettext
errors.translate = gettext  # check_count's refusals, in the learner's language
