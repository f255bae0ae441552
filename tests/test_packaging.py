"""The wheel carries the compiled message catalogs (the browser build installs that wheel).

Built the way a user or the JupyterLite build does it, ``pip wheel`` in an isolated build
environment, from a copy of the sources with no compiled catalog in it: the ``.mo`` files
in the wheel can only come from setup.py's build hook.
"""

import gettext
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cardlib import i18n

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "setup.py", "MANIFEST.in", "babel.cfg")


@pytest.mark.slow
def test_the_wheel_carries_every_catalog_compiled_and_none_of_their_sources(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    for name in SOURCES:
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "cardlib", source / "cardlib", ignore=shutil.ignore_patterns("__pycache__", "*.mo")
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", tmp_path,
         source],
        check=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("cardlib-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        catalogs = {
            code: archive.read(f"cardlib/locale/{directory}/LC_MESSAGES/cardlib.mo")
            for code, directory in i18n.CATALOGS.items()
        }
    assert not [name for name in names if name.endswith((".po", ".pot"))]
    # make app's page (cardlib/app_server.py) needs the table's front end and its own script;
    # --notebook (cardlib/app.py) its Voila template
    template = "cardlib/app_share/voila/templates/cardlib-app/"
    assert any(name.startswith(template) for name in names), sorted(names)[:5]
    assert {
        "cardlib/widgets/table.js",
        "cardlib/widgets/table.css",
        "cardlib/widgets/table_page.js",
        "cardlib/widgets/table_page.css",
        "cardlib/widgets/table_page_socket.js",
    } <= names
    for code, data in catalogs.items():
        (tmp_path / "cardlib.mo").write_bytes(data)
        with (tmp_path / "cardlib.mo").open("rb") as compiled:
            built = gettext.GNUTranslations(compiled)
        installed = i18n.translations(code)
        for context, message in (("suits", "hearts"), ("suits", "spades")):
            assert built.pgettext(context, message) == installed.pgettext(context, message)
        assert built.pgettext("suits", "hearts") != "hearts"
