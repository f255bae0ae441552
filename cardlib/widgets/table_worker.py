"""The Python of the static site's card table page (``table/`` in ``make lite``'s site).

The page has no Jupyter: its Web Worker loads the site's own Pyodide and cardlib's wheel and
runs one :class:`WorkerTable`, which holds the page's :class:`~cardlib.widgets.table_page.
TablePage` and passes its messages as JSON text (nothing of Python's crosses to JavaScript
but strings and a yes or no). Before Python is ready the page draws a first screen the site's
build stored (:func:`first_screens`, computed by CPython), so the table is on screen at once;
the worker then makes the same table, of that screen's seed and language, and takes the
screen over (:meth:`~cardlib.widgets.table_page.TablePage.catch_up`).

>>> screens = first_screens(seeds=(7,), languages=("en",))
>>> table = WorkerTable(screen_json(screens["en"][7]))
>>> table.first  # the screen the page drew is this table's: nothing to redraw
'[]'
>>> drawn = screens["en"][7]["traits"]["kept_match"]
>>> table.page.table.match_seed, table.page.table.match_id == drawn["match_id"]
(7, True)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardlib import games, i18n
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.widgets.table_controller import SPEEDS
from cardlib.widgets.table_page import TablePage

#: The seeds the site stores a first screen for, in every language: the page deals one of
#: them, at random, on a first visit (each visit after it gives back the match it kept).
SITE_SEEDS = (11, 22, 33, 44)


def first_screens(
    seeds: Iterable[int] = SITE_SEEDS, languages: Iterable[str] = tuple(i18n.LANGUAGES)
) -> dict[str, dict[int, dict[str, Any]]]:
    """The first screen of the site's table page (a Call Break table of fresh matches, its
    first match ``seed``'s) for each language and seed: ``{language: {seed: screen}}``."""
    screens: dict[str, dict[int, dict[str, Any]]] = {}
    for code in languages:
        if code not in i18n.LANGUAGES:
            raise CardlibError(
                _("unknown language {code!r}: choose one of {accepted}").format(
                    code=code, accepted=", ".join(map(repr, i18n.LANGUAGES))
                ),
                "languages",
            )
        with i18n.language(code):
            screens[code] = {
                seed: TablePage(seed=seed, fresh_seeds=True).first_screen() for seed in seeds
            }
    return screens


def site_words() -> dict[str, str]:
    """The page's own words (beside the table's), in the language in use: said in place of
    "Getting the table ready…" when Python cannot start in the page."""
    return {
        "not_started": _("The table could not start in this page: reload the page to try again."),
    }


def write_first_screens(
    folder: str | os.PathLike[str],
    seeds: Iterable[int] = SITE_SEEDS,
    languages: Iterable[str] = tuple(i18n.LANGUAGES),
) -> dict[str, Any]:
    """The site's stored first screens, one file each (``<language>.<seed>.json``: the screen
    and the page's :func:`site_words`), in ``folder``; what was written (the seeds, the
    languages and the bytes), for the site's build."""
    seeds, languages = tuple(seeds), tuple(languages)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for code, screens in first_screens(seeds, languages).items():
        with i18n.language(code):
            words = site_words()
        for seed, screen in screens.items():
            data = screen_json({**screen, "words": words}).encode()
            (out / f"{code}.{seed}.json").write_bytes(data)
            written += len(data)
    return {"seeds": list(seeds), "languages": list(languages), "bytes": written}


def screen_json(screen: dict[str, Any]) -> str:
    """A screen as the site stores it: compact JSON (every language's letters as they are)."""
    return json.dumps(screen, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _refused(what: object) -> CardlibError:
    return CardlibError(
        _(
            "screen is a stored first screen of the table page (JSON with its traits and page), "
            "got {value!r}"
        ).format(value=what if len(repr(what)) < 80 else f"{repr(what)[:77]}..."),
        "screen",
    )


class WorkerTable:
    """The table page's Python in the site's worker, made from the stored first screen the
    page drew (``screen``, JSON text): that screen's game, seed, language and speed, then
    fresh matches. :attr:`first` is what the page is sent first (JSON text: the messages
    that bring the drawn screen to this table, normally none)."""

    def __init__(self, screen: str):
        try:
            shown = json.loads(screen)
            traits = shown["traits"]
            game, code, speed = traits["game_key"], traits["lang"], traits["speed"]
            seed = traits["kept_match"]["seed"]
        except (TypeError, ValueError, KeyError):
            raise _refused(screen) from None
        if (
            game not in games.GAMES
            or code not in i18n.LANGUAGES
            or speed not in SPEEDS
            or type(seed) is not int
            or seed < 0
        ):
            raise _refused(screen)
        i18n.set_language(code)  # the worker's one table: its language is the worker's
        self.page = TablePage(game, seed=seed, fresh_seeds=True, speed=speed)
        self.first = json.dumps(self.page.catch_up(shown), ensure_ascii=False)

    def receive(self, message: str) -> str:
        """One message of the page's (JSON text); the messages to send back (JSON text of a
        list). Text that is not JSON changes nothing and is answered with nothing."""
        try:
            parsed = json.loads(message)
        except (TypeError, ValueError):
            return "[]"
        return json.dumps(self.page.receive(parsed), ensure_ascii=False)

    def idle_step(self) -> bool:
        """One piece of the coach's work ahead of time; ``False`` when none is left."""
        return self.page.idle_step()


__all__ = [
    "SITE_SEEDS",
    "WorkerTable",
    "first_screens",
    "screen_json",
    "site_words",
    "write_first_screens",
]
