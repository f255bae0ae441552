"""lite/build_site.py's pieces, without building a site (tests/ui/test_lite_site.py builds one).

The lock file is where a mistake would only show in a student's browser (a
wheel Pyodide refuses for its checksum, a dependency it cannot find), so its
trimming and its entries are checked here on small made-up locks and wheels.
"""

from __future__ import annotations

import base64
import hashlib
import http.client
import importlib.metadata
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import zipfile
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "lite"))

import build_site  # noqa: E402
import compile_wheels  # noqa: E402
import serve_site  # noqa: E402
from build_site import BuildError  # noqa: E402

LOCK = {
    "info": {"python": "3.14.2", "arch": "wasm32"},
    "packages": {
        "ipython": {
            "name": "ipython",
            "version": "9.12.0",
            "file_name": "ipython-9.12.0-py3-none-any.whl",
            "sha256": "0" * 64,
            "depends": ["prompt_toolkit", "traitlets"],
        },
        "prompt-toolkit": {
            "name": "prompt_toolkit",
            "version": "3.0.52",
            "file_name": "prompt_toolkit-3.0.52-py3-none-any.whl",
            "sha256": "1" * 64,
            "depends": ["wcwidth"],
        },
        "traitlets": {"name": "traitlets", "version": "5.14.3", "depends": []},
        "wcwidth": {"name": "wcwidth", "version": "0.6.0", "depends": []},
        "numpy": {"name": "numpy", "version": "2.3.0", "depends": []},
    },
}


def make_wheel(folder: Path, name: str, version: str, requires=(), modules=("pkg/__init__.py",)):
    """A minimal wheel (METADATA and the given files), as pip would find on an index."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    metadata = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    metadata += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as archive:
        for module in modules:
            archive.writestr(module, "")
        archive.writestr(f"{dist}.dist-info/METADATA", "\n".join(metadata) + "\n\nA description.\n")
    return path


def test_names_are_compared_the_way_the_lock_file_spells_them():
    assert build_site.canonical("Prompt_Toolkit") == "prompt-toolkit"
    assert build_site.canonical("jupyterlab.widgets") == "jupyterlab-widgets"
    assert build_site.wheel_name_version("jupyterlab_widgets-3.0.17-py3-none-any.whl") == (
        "jupyterlab-widgets",
        "3.0.17",
    )
    assert build_site.wheel_name_version("jedi-0.19.2-py2.py3-none-any.whl") == ("jedi", "0.19.2")
    with pytest.raises(BuildError, match="not a wheel"):
        build_site.wheel_name_version("jedi-0.19.2.tar.gz")


def test_pure_python_wheels_are_told_from_compiled_ones():
    assert build_site.is_pure_python("six-1.17.0-py2.py3-none-any.whl")
    assert not build_site.is_pure_python("numpy-2.3.0-cp314-cp314-manylinux_2_28_x86_64.whl")
    assert not build_site.is_pure_python("numpy-2.3.0-cp314-cp314-pyodide_2026_0_wasm32.whl")


def test_trimming_keeps_the_roots_and_everything_they_need_and_nothing_else():
    trimmed = build_site.trim_lock(LOCK, ["IPython"])
    assert sorted(trimmed["packages"]) == ["ipython", "prompt-toolkit", "traitlets", "wcwidth"]
    assert trimmed["info"] == LOCK["info"]
    trimmed["packages"]["ipython"]["sha256"] = "changed"
    assert LOCK["packages"]["ipython"]["sha256"] == "0" * 64  # a copy, not the original


def test_a_dependency_missing_from_the_lock_is_named():
    broken = {"a": {"depends": ["b"]}, "b": {"depends": ["c"]}}
    with pytest.raises(BuildError, match="'c' is not in the lock file"):
        build_site.dependency_closure(broken, ["a"])


def test_requirements_are_read_for_the_browser_python(tmp_path):
    found = build_site.browser_dependencies(
        [
            "comm>=0.1.3",
            "pywin32; sys_platform == 'win32'",
            "pytest; extra == 'test'",
            "exceptiongroup; python_version < '3.11'",
            "Jupyterlab_Widgets~=3.0.15",
        ],
        "3.14",
    )
    assert found == [("comm", ">=0.1.3"), ("jupyterlab-widgets", "~=3.0.15")]


def test_a_lock_entry_describes_the_wheel_and_its_dependencies(tmp_path):
    wheel = make_wheel(
        tmp_path,
        "ipywidgets",
        "8.1.9",
        requires=["comm>=0.1.3", "jupyterlab_widgets~=3.0.15", "pytest; extra == 'test'"],
        modules=("ipywidgets/__init__.py", "ipywidgets/widgets/__init__.py", "extra_module.py"),
    )
    entry = build_site.lock_entry(wheel, "3.14", {"comm": "0.2.3", "jupyterlab-widgets": "3.0.17"})
    assert entry["name"] == "ipywidgets" and entry["version"] == "8.1.9"
    assert entry["file_name"] == wheel.name
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["depends"] == ["comm", "jupyterlab-widgets"]
    assert entry["imports"] == ["extra_module", "ipywidgets"]
    assert entry["install_dir"] == "site" and entry["package_type"] == "package"


def test_a_lock_entry_refuses_a_dependency_the_site_lacks_or_cannot_satisfy(tmp_path):
    wheel = make_wheel(tmp_path, "cardlib", "0.1.0", requires=["ipywidgets>=8.1", "matplotlib"])
    with pytest.raises(BuildError, match="cardlib needs matplotlib, which the site does not"):
        build_site.lock_entry(wheel, "3.14", {"ipywidgets": "8.1.9"})
    wheel = make_wheel(tmp_path, "cardlib", "0.1.0", requires=["ipywidgets>=9"])
    with pytest.raises(BuildError, match=r"needs ipywidgets>=9; the site ships ipywidgets 8.1.9"):
        build_site.lock_entry(wheel, "3.14", {"ipywidgets": "8.1.9"})


def test_rehoming_points_an_entry_at_pypis_wheel_with_its_checksum(tmp_path):
    wheel = make_wheel(tmp_path, "prompt_toolkit", "3.0.52")
    entry = build_site.rehome(LOCK["packages"]["prompt-toolkit"], wheel)
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["file_name"] == wheel.name
    assert entry["depends"] == ["wcwidth"]
    with pytest.raises(BuildError, match=r"is not prompt_toolkit 3\.0\.52"):
        build_site.rehome(LOCK["packages"]["prompt-toolkit"], make_wheel(tmp_path, "six", "1.17"))


def test_the_kernel_settings_preload_cardlib_and_never_reach_pypi():
    settings = build_site.lite_config(list(build_site.PRELOAD))["jupyter-config-data"]
    kernel = settings["litePluginSettings"][build_site.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"][-1] == "cardlib"
    # the kernel installs these with piplite at start unless they are preloaded
    assert set(build_site.KERNEL_PACKAGES) <= set(kernel["loadPyodideOptions"]["packages"])


def app_page(name: str) -> str:
    """An ``index.html`` of jupyterlite-core's app archive (``"lab/index.html"``, …)."""
    core = pytest.importorskip("jupyterlite_core")
    app = next(Path(core.__file__).parent.glob("jupyterlite-app-*.tgz"))
    with tarfile.open(app) as archive:
        return archive.extractfile(f"package/{name}").read().decode()


def test_a_builds_own_root_page_sends_visitors_to_the_sites_address_and_keeps_its_settings():
    page = build_site.open_the_site(app_page("index.html"))
    assert "window.location.replace('../../'" in page  # v/<version>/ → the site's address
    assert "config-utils.js" not in page  # no redirect to the file list
    assert 'id="jupyter-config-data"' in page  # every page of the site reads its settings here
    with pytest.raises(BuildError, match="has changed"):
        build_site.open_the_site("<html></html>")


@pytest.mark.parametrize("app", build_site.APPS)
def test_every_app_page_starts_jupyterlite_only_after_the_sites_script(app):
    original = app_page(f"{app}/index.html")
    page = build_site.patch_app_page(original)
    settings, script = page.index('id="jupyter-config-data"'), page.index("../cardlib-site.js")
    waits, starts = page.index("await window.cardlibSite;"), page.index("config-utils.js")
    assert settings < script < waits < starts  # it changes the settings before JupyterLite reads
    assert '<link rel="manifest" href="../../../manifest.webmanifest">' in page  # the site's
    assert len(page) - len(original) < 300  # nothing else changed
    with pytest.raises(BuildError, match="has changed"):
        build_site.patch_app_page(original.replace("config-utils", "config"))


@pytest.mark.parametrize(
    "name",
    [
        "index.html",
        "site-worker.js",
        build_site.PAGE_SCRIPT,
        f"{build_site.TABLE_DIR}/index.html",
        f"{build_site.TABLE_DIR}/worker.js",
    ],
)
def test_the_sites_own_files_are_told_the_build_and_are_valid_javascript(name, tmp_path):
    """Each file of lite/site/ gets the build's settings written in once; its scripts parse."""
    template = (build_site.SITE_FILES / name).read_text(encoding="utf-8")
    settings = build_site.site_settings("0123456789ab")
    if name.startswith(f"{build_site.TABLE_DIR}/"):
        lock = {
            "packages": {
                n: {"file_name": f"{n}-1-py3-none-any.whl"} for n in ("cardlib", "fastjsonschema")
            }
        }
        written = {"seeds": [1, 2], "languages": ["en", "hi"]}
        settings = build_site.table_page_settings("0123456789ab", lock, written)
    filled = build_site.fill(template, settings)
    assert json.dumps(settings) in filled and "/*SITE*/" not in filled
    with pytest.raises(BuildError, match="settings mark"):
        build_site.fill("const SITE = {};", settings)
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (npm, which the build needs, brings it)")
    scripts = [filled]
    if name.endswith(".html"):
        scripts = re.findall(r"<script>(.*?)</script>", filled, re.DOTALL)
        assert scripts
    for number, script in enumerate(scripts):
        module = re.search(r"^import ", script, re.MULTILINE)  # the table's worker is a module
        path = tmp_path / f"{number}.{'mjs' if module else 'js'}"
        path.write_text(script, encoding="utf-8")
        checked = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
        assert checked.returncode == 0, f"{name}: {checked.stderr}"


def test_students_are_led_to_the_notebook_interface_and_every_page_is_an_app_of_the_build():
    """The site's address, a notebook's link and the manifest's shortcuts open the Notebook
    interface (one notebook a tab); JupyterLab and the file list are pages of their own."""
    assert build_site.PAGES["start"] == f"notebooks/index.html?path={build_site.LANDING_NOTEBOOK}"
    assert build_site.PAGES["notebook"] == "notebooks/index.html"
    # the card table: a page with no Jupyter; the notebook it was, under another name
    assert build_site.PAGES["table"] == f"{build_site.TABLE_DIR}/index.html"
    assert build_site.PAGES["table-notebook"] == (
        f"notebooks/index.html?path={build_site.TABLE_PAGE}"
    )
    assert build_site.PAGES["lab"] == "lab/index.html"
    assert {page.split("/")[0] for page in build_site.PAGES.values()} == {
        *build_site.APPS,
        build_site.TABLE_DIR,
    }
    manifest = json.loads((build_site.SITE_FILES / "manifest.webmanifest").read_text())
    pages = {shortcut["url"] for shortcut in manifest["shortcuts"]}
    assert {"./?page=table", "./?page=lab"} <= pages


def test_the_table_page_is_make_apps_notebook_with_a_first_cell_of_its_own(tmp_path):
    """It runs itself, so its first cell says only that Python is starting and where the match
    is kept; the landing notebook links it (a link the site's script sends to ``?page=table``)."""
    notebook = tmp_path / build_site.TABLE_PAGE
    shutil.copy2(build_site.TABLE_SOURCE, notebook)
    build_site.add_site_cell(notebook, table=True)
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    assert "".join(cells[0]["source"]) == build_site.TABLE_CELL["en"]
    assert f'class="{build_site.STATUS_CLASS}"' in build_site.TABLE_CELL["en"]
    assert "Run All" not in build_site.TABLE_CELL["en"]
    assert any("TableApp().widget" in "".join(cell["source"]) for cell in cells)
    for language, words in build_site.LANDING_LINKS.items():
        # the Hindi landing notebook opens the table in Hindi (the site's script makes the
        # link ?page=table&lang=hi, which the site's address passes on to the table's page)
        link = "(#cardlib:table)" if language == "en" else f"(#cardlib:table&lang={language})"
        assert link in words and "View → Open JupyterLab" in words
    root = (build_site.SITE_FILES / "index.html").read_text(encoding="utf-8")
    assert 'query.get("lang")' in root
    script = (build_site.SITE_FILES / build_site.PAGE_SCRIPT).read_text(encoding="utf-8")
    assert 'a[href^="#cardlib:"]' in script and "notebook:run-all-cells" in script


def test_every_translated_language_has_its_first_cell_and_its_landing_links():
    """A language of cardlib._notebooks.TRANSLATED (hi, ne) is staged in its folder: its
    notebooks open with the site's cell in that language (not English's), and the landing
    notebooks' links lead to notebooks that exist, in every language."""
    from cardlib import _notebooks

    languages = {"en", *_notebooks.TRANSLATED}
    assert set(build_site.SITE_CELL) == set(build_site.LANDING_LINKS) == languages
    assert set(build_site.PYTHON_STATUS) == languages
    for code in languages:
        assert f'lang="{code}"' in build_site.SITE_CELL[code]
        assert build_site.PYTHON_STATUS[code]["starting"] in build_site.SITE_CELL[code]
        landing = _notebooks.NOTEBOOKS if code == "en" else _notebooks.folder(code)
        links = re.findall(r"\]\(([^)#]+\.ipynb)\)", build_site.LANDING_LINKS[code])
        assert len(links) == len(languages) - 1, code  # the other languages' lessons
        for link in links:
            assert (landing / link).resolve().exists(), (code, link)


def test_the_table_page_is_staged_with_first_screens_made_by_the_wheel_the_site_ships(tmp_path):
    """The build's table/ folder: the page, its scripts and styles, the table's own front end,
    and a first screen for every language and seed, made by the cardlib wheel the site ships
    (its code, its catalogs): the very screen its Python in the browser makes. Each is small
    (the page fetches one), and every file the page keeps for offline is in the build."""
    from cardlib import i18n
    from cardlib.widgets.table_page import TablePage
    from cardlib.widgets.table_worker import SITE_SEEDS

    build = tmp_path / "build"
    runtime = build / "static" / "pyodide"
    wheel = build_site.build_project_wheel(runtime, build_site.DEFAULT_EPOCH)
    other = runtime / "fastjsonschema-2.22.3-py3-none-any.whl"
    other.write_bytes(b"a wheel")
    lock = {
        "packages": {
            "cardlib": {"file_name": wheel.name},
            "fastjsonschema": {"file_name": other.name},
        }
    }
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock))
    for name in build_site.PYODIDE_FILES:
        (runtime / name).touch(exist_ok=True)
    for name in ("icon.svg", build_site.PAGE_STYLE):
        (build / name).touch()
    (build / build_site.SITE_FONTS).mkdir()
    for name in build_site.FONT_FILES:
        (build / build_site.SITE_FONTS / build_site.font_name(name)).touch()

    settings = build_site.stage_table_page(build, "0123456789ab")
    table = settings["table"]
    folder = build / build_site.TABLE_DIR
    assert table["seeds"] == list(SITE_SEEDS) and table["languages"] == list(i18n.LANGUAGES)
    assert table["wheels"] == [f"../static/pyodide/{wheel.name}", f"../static/pyodide/{other.name}"]
    for kept in table["keep"]:
        assert (folder / kept).resolve().is_file(), kept
    screens = sorted((folder / build_site.TABLE_SCREENS).iterdir())
    assert len(screens) == len(SITE_SEEDS) * len(i18n.LANGUAGES)
    sizes = [path.stat().st_size for path in screens]
    assert max(sizes) < 20_000 and sum(sizes) < 250_000, sizes
    for code in i18n.LANGUAGES:
        for seed in SITE_SEEDS:
            stored = json.loads((folder / f"screens/{code}.{seed}.json").read_text("utf-8"))
            with i18n.language(code):
                here = TablePage(seed=seed, fresh_seeds=True).first_screen()
            stored["traits"]["kept_match"]["match_id"] = here["traits"]["kept_match"]["match_id"]
            assert stored["traits"] == here["traits"] and stored["page"] == here["page"]
            assert stored["traits"]["lang"] == code and stored["words"]["not_started"]
    # the two filled in, the others as they are
    assert (
        "/*SITE*/ {}"
        not in (folder / "index.html").read_text() + (folder / "worker.js").read_text()
    )
    for name in build_site.TABLE_WIDGET_FILES:
        assert (folder / name).read_bytes() == (PROJECT / "cardlib" / "widgets" / name).read_bytes()


def test_the_version_file_and_the_root_page_are_the_only_files_a_build_adds_at_the_top(tmp_path):
    build_site.write_root(tmp_path, "0123456789ab")
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert written == sorted(build_site.ROOT_FILES)
    assert json.loads((tmp_path / build_site.VERSION_FILE).read_text()) == {
        "version": "0123456789ab"
    }
    assert '"version": "0123456789ab"' in (tmp_path / "index.html").read_text()


def test_cardlibs_wheel_holds_what_pyproject_names_and_nothing_else(tmp_path):
    """Every module of cardlib/, the card table's browser files and every catalog compiled from
    its .po file; no .po, no cache; METADATA's requirements are pyproject.toml's, RECORD true."""
    import tomllib

    source = PROJECT / "cardlib"
    version = tomllib.loads((PROJECT / "pyproject.toml").read_text())["project"]["version"]
    wheel = build_site.build_project_wheel(tmp_path, build_site.DEFAULT_EPOCH)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"cardlib-{version}.dist-info/METADATA").decode()
        record = archive.read(f"cardlib-{version}.dist-info/RECORD").decode().splitlines()
        contents = {name: archive.read(name) for name in names}
    modules = {
        f"cardlib/{p.relative_to(source).as_posix()}"
        for p in source.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    catalogs = {
        f"cardlib/{p.relative_to(source).with_suffix('.mo').as_posix()}"
        for p in source.glob("locale/*/LC_MESSAGES/cardlib.po")
    }
    data = {  # the card table's browser side: the table, its page (the app's and the site's)
        f"cardlib/widgets/{p.name}"
        for pattern in ("*.js", "*.css")
        for p in (source / "widgets").glob(pattern)
    }
    data |= {
        f"cardlib/{p.relative_to(source).as_posix()}"
        for p in (source / "app_share").rglob("*")
        if p.is_file()
    }
    dist_info = {
        f"cardlib-{version}.dist-info/{n}" for n in ("METADATA", "WHEEL", "RECORD", "top_level.txt")
    }
    assert names == modules | catalogs | data | dist_info
    assert len(catalogs) >= 3 and all(contents[name] for name in catalogs)
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text())["project"]
    required = [
        line.split(": ", 1)[1] for line in metadata.splitlines() if line.startswith("Requires-Dist")
    ]
    assert required == project["dependencies"]
    for line in record[:-1]:
        name, digest, size = line.rsplit(",", 2)
        data_bytes = contents[name]
        expected = base64.urlsafe_b64encode(hashlib.sha256(data_bytes).digest()).rstrip(b"=")
        assert digest == f"sha256={expected.decode()}" and int(size) == len(data_bytes), name
    assert build_site.wheel_metadata(wheel)["imports"] == ["cardlib"]


def test_every_dependency_cardlib_has_in_the_browser_is_one_the_site_ships(tmp_path):
    """The lock entry the build writes for cardlib's wheel (a BuildError for a requirement the
    site lacks), with the wheels stage_pyodide fetches from PyPI: fastjsonschema (the progress
    record's schema) is shipped; filelock is required everywhere but in Pyodide, which has no
    locks between its kernels (cardlib.progress goes without)."""
    from packaging.requirements import Requirement

    wheel = build_site.build_project_wheel(tmp_path, build_site.DEFAULT_EPOCH)
    fetched = (*build_site.WIDGET_PACKAGES, *build_site.PROJECT_PACKAGES)
    shipped = {build_site.canonical(name): importlib.metadata.version(name) for name in fetched}
    entry = build_site.lock_entry(wheel, build_site.pyodide_python(), shipped)
    assert "fastjsonschema" in entry["depends"] and "filelock" not in entry["depends"]
    (filelock,) = (
        Requirement(r)
        for r in build_site.wheel_metadata(wheel)["requires"]
        if Requirement(r).name == "filelock"
    )
    assert filelock.marker is not None and filelock.marker.evaluate()  # here, it is required


def test_a_kind_of_file_the_wheel_rules_do_not_name_stops_the_build(tmp_path):
    package = tmp_path / "cardlib"
    (package / "locale").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "rules.json").write_text("{}")  # package data pyproject.toml does not name
    with pytest.raises(BuildError, match=r"cardlib/rules\.json is neither a module nor package"):
        build_site.project_wheel_files(package)


def test_every_notebook_of_the_site_opens_with_its_one_kernel_its_text_in_strings(tmp_path):
    """The site's kernel, asking nothing; every text one string, as a Jupyter server hands a
    notebook over (JupyterLab's table of contents fails on a Markdown output's list of lines,
    as nbformat writes them to disk); JSON data left as it is."""
    table = ["| track | notebook |\n", "|---|---|\n", "| Call Break | 01 |\n"]
    notebook = tmp_path / "puzzles.ipynb"
    notebook.write_text(
        json.dumps(
            {
                "cells": [
                    {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "Q♥"},
                    {
                        "cell_type": "code",
                        "id": "b",
                        "metadata": {},
                        "execution_count": 1,
                        "source": ["track_table()\n", "# the lessons"],
                        "outputs": [
                            {
                                "output_type": "execute_result",
                                "execution_count": 1,
                                "metadata": {},
                                "data": {
                                    "text/markdown": table,
                                    "text/plain": ["<table>"],
                                    "application/json": ["kept", "as a list"],
                                },
                            },
                            {"output_type": "stream", "name": "stdout", "text": ["a\n", "b"]},
                        ],
                    },
                ],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    build_site.use_site_kernel(notebook)
    content = json.loads(notebook.read_text(encoding="utf-8"))
    assert content["metadata"]["kernelspec"] == build_site.SITE_KERNELSPEC
    assert content["cells"][0]["source"] == "Q♥"
    code = content["cells"][1]
    assert code["source"] == "track_table()\n# the lessons"
    data = code["outputs"][0]["data"]
    assert data["text/markdown"] == "".join(table) and data["text/plain"] == "<table>"
    assert data["application/json"] == ["kept", "as a list"]
    assert code["outputs"][1]["text"] == "a\nb"
    # its stored outputs drawn as they are (SVG and all), not through the sanitizer
    assert code["metadata"]["trusted"] is True
    assert "trusted" not in content["cells"][0]["metadata"]  # a Markdown cell has no outputs


#: The parts of jupyterlite-core's service-worker.js that the build patches, as it ships them.
JUPYTERLITE_WORKER = (
    "async function maybeFromCache(e){let{request:t}=e;if(!enableCache)return await fetch(t);"
    "let a=await fromCache(t);return a?e.waitUntil(refetch(t)):(a=await fetch(t),"
    "e.waitUntil(updateCache(t,a.clone()))),a}async function fromCache(e){let t=await "
    "openCache(),a=await t.match(e);return a&&404!==a.status?a:null}function shouldDrop(e,t){"
    'return"GET"!==e.method||null===t.origin.match(/^http/)||t.pathname.includes("/api/")}'
)


def test_the_service_worker_answers_from_its_cache_without_downloading_again():
    """JupyterLite's worker answered a kept file from its cache and downloaded it again behind
    (every warm visit fetched Pyodide and the wheels once more); a build never changes, so the
    site's worker does not. A file asked for twice at once (the lesson's two Pythons asking for
    Pyodide) is downloaded once. It also keeps api/contents and finds a page whatever its query,
    and a worker whose code has changed is refused, not half patched."""
    patched = build_site.keep_static_api(JUPYTERLITE_WORKER)
    assert "refetch(" not in patched
    # a file not kept yet: one download for every request that comes meanwhile
    assert "return a?a:(a=await cardlibFetch(t,e)),a}" in patched
    assert "function cardlibFetch(request, event)" in patched
    assert 't.match(e,{ignoreSearch:"navigate"===e.mode})' in patched
    assert "/\\/api\\/(contents|translations)\\//.test(t.pathname)" in patched
    for part in (
        "e.waitUntil(refetch(t))",
        "a=await fetch(t),",
        "t.match(e)",
        't.pathname.includes("/api/")',
    ):
        with pytest.raises(build_site.BuildError, match="service worker"):
            build_site.keep_static_api(JUPYTERLITE_WORKER.replace(part, "x"))


def record_of(wheel: Path) -> dict[str, str]:
    """A wheel's RECORD, file → ``sha256=…,size`` (RECORD's own line: empty)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/RECORD"))
        lines = archive.read(name).decode().splitlines()
    return {line.split(",", 1)[0]: line.split(",", 1)[1] for line in lines}


def check_record(wheel: Path) -> None:
    """Every member listed in RECORD once, with its own hash and size."""
    record = record_of(wheel)
    with zipfile.ZipFile(wheel) as archive:
        assert sorted(record) == sorted(archive.namelist())
        for name in archive.namelist():
            if name.endswith("/RECORD"):
                assert record[name] == ","
                continue
            data = archive.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert record[name] == f"sha256={digest.decode()},{len(data)}", name


@pytest.fixture
def a_wheel(tmp_path):
    """A wheel of a package with a module, a test, a module of another Python's syntax and a
    data file, each dated as a wheel's members are."""
    wheel = tmp_path / "in" / "pkg-1.0-py3-none-any.whl"
    wheel.parent.mkdir()
    files = {
        "pkg/__init__.py": "ANSWER = 42\n",
        "pkg/tests/test_pkg.py": "def test(): pass\n",
        "pkg/old.py": "print 'python 2'\n",
        "pkg/data.json": "{}",
        "pkg-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: pkg\nVersion: 1.0\n",
    }
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), text)
        archive.writestr("pkg-1.0.dist-info/RECORD", "pkg/__init__.py,sha256=stale,1\n")
    return wheel


def import_from(wheel: Path | None, folder: Path, module: str = "pkg"):
    """``module`` imported from ``wheel`` unpacked into ``folder`` (as Pyodide installs it;
    ``None``: already there), in this Python, which writes no bytecode of its own."""
    if wheel is not None:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder)
    sys.path.insert(0, str(folder))
    sys.dont_write_bytecode, writes = True, sys.dont_write_bytecode
    try:
        return __import__(module)
    finally:
        sys.dont_write_bytecode = writes
        sys.path.remove(str(folder))
        sys.modules.pop(module, None)


def test_bytecode_replaces_the_sources_of_a_wheel_the_way_pyodide_ships_packages(a_wheel, tmp_path):
    out = tmp_path / "out" / a_wheel.name
    out.parent.mkdir()
    assert compile_wheels.compile_wheel(a_wheel, out) == (1, 1)
    with zipfile.ZipFile(out) as archive:
        names = set(archive.namelist())
        assert archive.getinfo("pkg/__init__.pyc").date_time == (2026, 1, 1, 0, 0, 0)
    # the module's source is gone, its bytecode in its place; the test, the module of another
    # Python and the data stay as they were
    assert "pkg/__init__.pyc" in names and "pkg/__init__.py" not in names
    assert {"pkg/tests/test_pkg.py", "pkg/old.py", "pkg/data.json"} <= names
    check_record(out)
    assert import_from(out, tmp_path / "site-packages").ANSWER == 42  # Python imports it
    again = tmp_path / "again.whl"
    compile_wheels.compile_wheel(a_wheel, again)
    assert again.read_bytes() == out.read_bytes()  # the same bytes from the same wheel


def test_with_its_sources_kept_a_wheel_gets_bytecode_that_is_used_unchecked(a_wheel, tmp_path):
    out = tmp_path / a_wheel.name
    assert compile_wheels.compile_wheel(a_wheel, out, keep_source=True) == (1, 1)
    cached = f"pkg/__pycache__/__init__.{sys.implementation.cache_tag}.pyc"
    with zipfile.ZipFile(out) as archive:
        assert {"pkg/__init__.py", cached} <= set(archive.namelist())
        pyc = archive.read(cached)
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, the source not checked
    check_record(out)
    # Python runs the bytecode without reading the source again: a source changed after the
    # build is not what runs (nothing changes a site's files)
    site = tmp_path / "site-packages"
    with zipfile.ZipFile(out) as archive:
        archive.extractall(site)
    (site / "pkg" / "__init__.py").write_text("ANSWER = 0\n")
    assert import_from(None, site).ANSWER == 42


def test_the_compiler_says_how_it_is_used():
    with pytest.raises(SystemExit, match=r"compile_wheels\.py OUT"):
        compile_wheels.main([])


def test_the_fingerprint_covers_every_input():
    names = {path.relative_to(PROJECT).as_posix() for path in build_site.input_files()}
    assert {"lite/build_site.py", "pyproject.toml", "cardlib/cards.py"} <= names
    assert {"lite/compile_wheels.py", "lite/run_in_pyodide.mjs"} <= names  # the bytecode
    assert {f"notebooks/{p.name}" for p in (PROJECT / "notebooks").glob("*.ipynb")} <= names
    assert {f"exercises/{p.name}" for p in (PROJECT / "exercises").glob("*.ipynb")} <= names
    assert not [name for name in names if "__pycache__" in name]
    assert "nbgrader_config.py" in names  # the graded versions are released with it
    assert "app/card-table.ipynb" in names  # the table page
    assert build_site.fingerprint(0) != build_site.fingerprint(0, "homework")
    assert build_site.fingerprint(0, "homework") != build_site.fingerprint(0, "exam")
    assert build_site.fingerprint(None) != build_site.fingerprint(0)  # a date set is an input
    small = [PROJECT / "notebooks" / "01-cards-and-dealing.ipynb"]
    assert build_site.fingerprint(None, notebooks=small) != build_site.fingerprint(None)


EXAM_SECRET = "the teak cupboard, spring term"


@pytest.fixture(scope="module")
def exam_source(tmp_path_factory) -> Path:
    """A teacher's exam as docs/class.md makes one (python -m cardlib.exercises exam)."""
    from cardlib.exercises.exam import write_exam

    out = tmp_path_factory.mktemp("exam")
    write_exam(EXAM_SECRET, "exam-1", out, count=1)
    return out / "source" / "exam-1"


def test_an_exam_site_chooses_no_lesson_and_no_practice_notebook():
    """Issue 36: the exam site shipped the practice exercises, which explain every answer."""
    assert build_site.site_parts(None) == (True, build_site.GENERATED)
    assert build_site.site_parts("homework") == (True, build_site.GENERATED)
    assert build_site.site_parts("exam") == (False, ())


@pytest.mark.slow
def test_the_exam_site_holds_the_exam_and_nothing_that_explains_its_answers(tmp_path, exam_source):
    """The files an exam site is built from (stage_contents, as build runs it): the exam's
    release in exam/, a landing page with no code, the card table; no exercises/, puzzles/,
    lesson or lesson translation, and no check that judges in any notebook."""
    import nbformat

    files = tmp_path / "files"
    build_site.stage_contents(files, tmp_path / "scratch", "exam", exam=exam_source)
    shipped = sorted(p.relative_to(files).as_posix() for p in files.rglob("*") if p.is_file())
    assert shipped == [build_site.LANDING_NOTEBOOK, build_site.TABLE_PAGE, "exam/exam-1.ipynb"]
    landing = nbformat.read(files / build_site.LANDING_NOTEBOOK, as_version=4)
    assert [c.cell_type for c in landing.cells] == ["markdown", "markdown"]  # the site's cell
    assert "exercises/" not in str(landing) and "(exam/exam-1.ipynb)" in str(landing)
    exam = (files / "exam" / "exam-1.ipynb").read_text(encoding="utf-8")
    assert "cardlib.exercises.recording" in exam and "### BEGIN" not in exam
    assert '"made_by": "cardlib.exercises.exam"' in exam
    assert "from cardlib.exercises import" not in exam and EXAM_SECRET not in exam


def test_an_exam_site_needs_an_exam_of_its_own(tmp_path, exam_source):
    """Exercises released in exam mode ask the practice questions: never an exam site's."""
    from cardlib.exercises.release import release

    with pytest.raises(BuildError, match="needs --exam"):
        build_site.build(tmp_path / "site", graded="exam")
    old = tmp_path / "old"
    release(PROJECT / "exercises", old, "exam", keep_solutions=True)
    with pytest.raises(BuildError, match="not an exam made by"):
        build_site.build(tmp_path / "site", graded="exam", exam=old)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "exam-1.ipynb").write_text("not json", encoding="utf-8")
    with pytest.raises(BuildError, match="not an exam made by"):
        build_site.build(tmp_path / "site", graded="exam", exam=broken)
    with pytest.raises(BuildError, match="no instructor notebook"):
        build_site.build(tmp_path / "site", graded="exam", exam=tmp_path / "empty")
    with pytest.raises(BuildError, match="goes with --graded exam"):
        build_site.build(tmp_path / "site", graded="homework", exam=exam_source)
    assert not (tmp_path / "site").exists()
    assert build_site.fingerprint(0, "exam", exam=exam_source) != build_site.fingerprint(0, "exam")


@pytest.mark.slow
def test_the_exam_site_release_is_exactly_the_courses(tmp_path, exam_source):
    """The site's exam/ holds the release a teacher's course makes from the same exam folder,
    checksums and all: a download from the site grades as it is."""
    import nbformat
    from test_grading import make_course

    staged = build_site.stage_graded(tmp_path / "files", tmp_path / "scratch", "exam", exam_source)
    assert [p.relative_to(tmp_path / "files").as_posix() for p in staged] == ["exam/exam-1.ipynb"]
    course = make_course(tmp_path / "course", "exam-1", sorted(exam_source.glob("*.ipynb")))
    site = nbformat.read(staged[0], as_version=4)
    release_copy = nbformat.read(course / "release" / "exam-1" / "exam-1.ipynb", as_version=4)
    cells = [(c.id, c.cell_type, c.source, c.metadata) for c in site.cells]
    assert cells == [(c.id, c.cell_type, c.source, c.metadata) for c in release_copy.cells]
    assert site.metadata["cardlib"] == release_copy.metadata["cardlib"]


def test_the_graded_sources_are_made_as_the_docs_course_commands_make_them():
    """The site's homework is released from exercises/ as they are (both pages copy them);
    its exam from the folder the exam command of docs/teaching.md and docs/class.md writes."""
    teaching = (PROJECT / "docs" / "teaching.md").read_text(encoding="utf-8")
    site = (PROJECT / "docs" / "class.md").read_text(encoding="utf-8")
    copy = "cp exercises/03-trick-winners.ipynb ../course/source/03-trick-winners/\n"
    assert copy in teaching and copy in site
    exam = "python -m cardlib.exercises exam --secret"
    assert exam in teaching and exam in site
    assert "make lite GRADED=homework\n" in site
    assert "make lite GRADED=exam EXAM=../course/source/exam-1\n" in site
    with pytest.raises(BuildError, match="graded modes"):
        build_site.build(graded="practice")


def test_cardlib_imports_without_any_compiled_plotting_or_array_package():
    """Pyodide has no matplotlib, numpy or pillow from the registries the site is built from."""
    script = """
import importlib, pkgutil, sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'matplotlib', 'numpy', 'PIL', 'kiwisolver', 'pandas'}:
            raise ImportError('not in the browser: ' + name)
sys.meta_path.insert(0, Refuse())
import cardlib
for module in pkgutil.walk_packages(cardlib.__path__, 'cardlib.'):
    if module.name not in {'cardlib.app'}:  # the Voila app runs on a server, never in Pyodide
        importlib.import_module(module.name)
print('ok')
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=PROJECT
    )
    assert result.stdout.strip() == "ok", result.stderr[-2000:]


@pytest.fixture
def served(tmp_path):
    (tmp_path / "index.html").write_text("<html></html>")
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "pyodide.mjs").write_text("export {}")
    (tmp_path / "static" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    server = serve_site.make_server(tmp_path, 0, "/cardlib/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def get(server, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_the_try_out_server_serves_the_site_under_a_subpath_with_the_right_types(served):
    assert served.url.startswith("http://127.0.0.1:") and served.url.endswith("/cardlib/")
    module = get(served, "/cardlib/static/pyodide.mjs")
    assert module.status == 200 and module.getheader("Content-Type") == "text/javascript"
    wasm = get(served, "/cardlib/static/pyodide.asm.wasm")
    assert wasm.getheader("Content-Type") == "application/wasm"
    assert get(served, "/cardlib/").status == 200
    # the plainest host: no caching headers (browsers guess; every build has its own folder)
    assert get(served, "/cardlib/").getheader("Cache-Control") is None
    assert get(served, "/cardlib").getheader("Location") == "/cardlib/"
    assert get(served, "/static/pyodide.mjs").status == 404  # outside the subpath
    assert get(served, "/cardlib/missing.js").status == 404


def test_the_try_out_server_says_when_there_is_no_site(tmp_path):
    with pytest.raises(FileNotFoundError, match="make lite"):
        serve_site.make_server(tmp_path)


def test_a_visitor_leaving_mid_file_is_no_error_but_a_real_error_is_shown(tmp_path, capsys):
    (tmp_path / "index.html").write_text("<p>site</p>")
    server = serve_site.make_server(tmp_path)
    try:
        for gone in (BrokenPipeError(), ConnectionResetError()):
            try:
                raise gone
            except ConnectionError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a bug of the server's")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "a bug of the server's" in capsys.readouterr().err
    finally:
        server.server_close()


def widget_notebook(path: Path, state: dict, model_id: str, data: dict | None = None) -> Path:
    """A notebook with one output showing widget ``model_id`` and the stored ``state``."""
    output_data = data if data is not None else {"text/plain": "VBox(...)"}
    output_data[build_site.WIDGET_VIEW] = {"model_id": model_id, "version_major": 2}
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "id": "a",
                "metadata": {},
                "execution_count": 1,
                "source": "dealer.widget",
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "execution_count": 1,
                        "metadata": {},
                        "data": output_data,
                    }
                ],
            }
        ],
        "metadata": {"widgets": {build_site.WIDGET_STATE: {"state": state, "version_major": 2}}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def model(name: str, **state) -> dict:
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "state": state}


DEAL_STATE = {
    "box": model(
        "VBoxModel", _dom_classes=["cardlib-dealing"], children=["IPY_MODEL_row", "IPY_MODEL_html"]
    ),
    "row": model("HBoxModel", children=["IPY_MODEL_seed", "IPY_MODEL_deal", "IPY_MODEL_lang"]),
    "seed": model("IntTextModel", description="Seed", value=2026, _dom_classes=["cardlib-seed"]),
    "deal": model("ButtonModel", description="Deal <now>", _dom_classes=["cardlib-deal-button"]),
    "lang": model(
        "DropdownModel", description="Language", _options_labels=["English", "हिन्दी"], index=1
    ),
    "html": model("HTMLModel", value='<svg aria-label="hand of South"></svg>'),
}


def test_a_stored_widget_gets_a_still_picture_of_itself_for_before_python_is_ready(tmp_path):
    """Before Python answers, ipywidgets draws a stored widget as its repr's line, and the
    lesson jumps when the widget comes: the site's copy gets a picture of the widget, from its
    stored state (values, labels, HTML, all disabled), laid out by ipywidgets' own classes, as
    the output's HTML; the widget's own classes (which the tests look for) stay off it."""
    notebook = widget_notebook(tmp_path / "00.ipynb", DEAL_STATE, "box")
    assert build_site.add_widget_previews(notebook) == 1
    data = json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["outputs"][0]["data"]
    picture = data["text/html"]
    assert data[build_site.WIDGET_VIEW]["model_id"] == "box"  # the widget itself stays first
    assert picture.startswith(f'<div class="{build_site.PREVIEW_CLASS}">')
    for part in (
        "widget-box widget-vbox",
        "widget-box widget-hbox",
        '<label class="widget-label" style="">Seed</label>'
        '<input type="text" value="2026" disabled>',
        "disabled>Deal &lt;now&gt;</button>",  # a label is text, never markup
        "<select disabled><option>हिन्दी</option></select>",
        '<div class="widget-html-content"><img src="data:image/svg+xml;base64,',
        'alt="hand of South"></div>',  # an SVG as an image: the sanitizer drops SVG
    ):
        assert part in picture, part
    assert "cardlib-" not in picture.replace(build_site.PREVIEW_CLASS, "")
    assert build_site.add_widget_previews(notebook) == 0  # once: it has its HTML now


def test_a_deal_widgets_picture_names_its_live_parts_and_language(tmp_path):
    """A Deal widget's picture works before the lesson's Python is ready (the page asks the
    table page's worker for each deal): its parts carry the classes the page finds them by,
    its box the lesson's language, and the site tells its pages which notebooks hold one."""
    files = tmp_path / "files"
    (files / "hi").mkdir(parents=True)
    state = {
        **DEAL_STATE,
        "box": model(
            "VBoxModel",
            _dom_classes=["cardlib-dealing"],
            children=["IPY_MODEL_row", "IPY_MODEL_html", "IPY_MODEL_counts"],
        ),
        "html": model("HTMLModel", value="<svg></svg>", _dom_classes=["cardlib-hands"]),
        "counts": model("HTMLModel", value="4 ♠", _dom_classes=["cardlib-spade-counts"]),
    }
    lesson = widget_notebook(files / "hi" / "00.ipynb", state, "box")
    other = widget_notebook(files / "06.ipynb", {**state, "box": model("VBoxModel")}, "box")
    assert build_site.add_widget_previews(lesson, "hi") == 1
    assert build_site.add_widget_previews(other) == 1
    picture = json.loads(lesson.read_text(encoding="utf-8"))["cells"][0]["outputs"][0]["data"][
        "text/html"
    ]
    parts = build_site.LIVE_DEAL
    assert re.search(rf'<div class="[^"]*\b{parts["cardlib-dealing"]}\b[^"]*" lang="hi">', picture)
    for widget_class in ("cardlib-seed", "cardlib-deal-button", "cardlib-hands"):
        assert re.search(rf'class="[^"]*\b{parts[widget_class]}\b', picture), widget_class
    assert parts["cardlib-spade-counts"] in picture
    assert (
        "lang="
        not in json.loads(other.read_text(encoding="utf-8"))["cells"][0]["outputs"][0]["data"][
            "text/html"
        ]
    )  # a box that is no Deal widget is only a picture
    assert build_site.live_deal_notebooks(files) == ["hi/00.ipynb"]
    live = build_site.site_settings("v1", ["hi/00.ipynb"])["liveDeal"]
    assert live["notebooks"] == ["hi/00.ipynb"]
    assert live["worker"] == f"{build_site.TABLE_DIR}/worker.js"
    assert {live[key] for key in ("preview", "seed", "button", "hands", "counts")} == set(
        parts.values()
    )


def test_a_widgets_picture_is_laid_out_as_the_widget_is():
    """How wide a widget is, and whether a box wraps or scrolls, decide its height on a phone:
    its picture keeps them (its stored Layout's, as CSS); a value that is not plain CSS is
    left out, never written into the page."""
    state = {
        **DEAL_STATE,
        "row": model(
            "HBoxModel",
            children=["IPY_MODEL_seed", "IPY_MODEL_deal", "IPY_MODEL_lang"],
            layout="IPY_MODEL_wraps",
        ),
        "wraps": model("LayoutModel", flex_flow="row wrap", align_items="center"),
        "seed": model("IntTextModel", value=7, layout="IPY_MODEL_wide"),
        "wide": model("LayoutModel", width="160px", height='1px"><script>x</script>'),
        "deal": model("ButtonModel", description="Deal", layout="IPY_MODEL_gone"),
    }
    picture = build_site.widget_preview("box", state)
    assert (
        '<div class="lm-Widget jupyter-widgets cl-flex-row-wrap widget-container widget-box '
        'widget-hbox">' in picture
    )  # (the sanitizer would drop a style's flex-flow: the site's styles have the class)
    assert 'widget-text" style="width:160px">' in picture
    assert "script" not in picture and "align" not in picture  # not kept, never written
    assert 'widget-button" disabled>' in picture  # a layout not stored: no style


def test_a_pictures_svg_becomes_an_image_of_the_same_size_and_name():
    """The sanitizer that draws an untrusted output drops SVG (its text left in a heap): a
    widget's picture shows each SVG as an image, its own file (namespace and all), as wide,
    as high and named as the SVG was."""
    from cardlib.draw.svg import hand_svg

    hand = str(hand_svg(["AS", "KH"], label="two & <more>"))
    fragment = f"<td>{hand}</td><td>no picture</td><svg width='3'><text>x</text></svg>"
    drawn = build_site.svg_as_images(fragment)
    images = re.findall(r"<img [^>]*>", drawn)
    assert len(images) == 2 and "<svg" not in drawn and "<td>no picture</td>" in drawn
    first = dict(re.findall(r'(\w+)="([^"]*)"', images[0]))
    assert (first["width"], first["height"]) == ("92", "62")
    assert first["alt"] == "two &amp; &lt;more&gt;: A♠, K♥"  # still escaped, as it was
    assert (
        base64.b64decode(first["src"].removeprefix("data:image/svg+xml;base64,")).decode() == hand
    )
    plain = base64.b64decode(images[1].split("base64,")[1].split('"')[0]).decode()
    assert plain.startswith("<svg xmlns=\"http://www.w3.org/2000/svg\" width='3'")  # a file's


@pytest.mark.parametrize(
    "state, shown",
    [
        ({**DEAL_STATE, "html": model("IntSliderModel", value=3)}, "box"),  # a kind not drawn
        ({k: v for k, v in DEAL_STATE.items() if k != "seed"}, "box"),  # a child missing
        (DEAL_STATE, "gone"),  # a widget not in the stored state
        ({**DEAL_STATE, "box": {"model_name": "VBoxModel"}}, "box"),  # no state at all
    ],
    ids=["unknown-kind", "missing-child", "missing-widget", "no-state"],
)
def test_a_widget_that_cannot_be_pictured_whole_keeps_its_output_as_it_was(tmp_path, state, shown):
    notebook = widget_notebook(tmp_path / "06.ipynb", state, shown)
    before = notebook.read_bytes()
    assert build_site.add_widget_previews(notebook) == 0
    assert notebook.read_bytes() == before


def test_an_output_with_html_of_its_own_keeps_it(tmp_path):
    notebook = widget_notebook(
        tmp_path / "07.ipynb", DEAL_STATE, "box", {"text/html": "<b>its own</b>"}
    )
    assert build_site.add_widget_previews(notebook) == 0
    data = json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["outputs"][0]["data"]
    assert data["text/html"] == "<b>its own</b>"


def test_a_notebook_is_shown_once_still_and_every_site_page_knows_when():
    """The site's script shows a notebook once its cells have not moved for STEADY_MS (at most
    STEADY_MAX_MS after it appeared); cardlib-site.css hides it until the class is on <html>."""
    settings = build_site.site_settings("0123456789ab")
    assert (settings["steadyMs"], settings["steadyMaxMs"]) == (
        build_site.STEADY_MS,
        build_site.STEADY_MAX_MS,
    )
    assert 0 < build_site.STEADY_MS < build_site.STEADY_MAX_MS <= 5000
    css = (build_site.SITE_FILES / build_site.PAGE_STYLE).read_text(encoding="utf-8")
    assert f"html:not(.{settings['steadyClass']}) .jp-NotebookPanel .jp-Notebook" in css
