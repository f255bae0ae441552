"""Build the tutorial as a static JupyterLite site in which every asset is local.

``make lite`` runs ``python lite/build_site.py``: the output folder (``build/lite``)
can be copied to any static web host, and the notebooks then run in the
students' browsers (Pyodide) with nothing installed and nothing fetched from any
other host. What goes in:

- every tutorial notebook (``notebooks/``, and its lessons in other languages,
  ``notebooks/hi/``, ``notebooks/ne/``: ``cardlib._notebooks.TRANSLATED``; as
  committed: executed, so the lesson reads before the kernel is up), the practice versions
  of the exercises (:data:`EXERCISES_COMMAND`) and two puzzle sets, "what may I play?" and
  "what should I play?" (:data:`PUZZLES_COMMAND`, :data:`BEST_PLAY_PUZZLES_COMMAND`,
  without their answer keys);
- with ``--graded homework`` (``make lite GRADED=homework``), also the graded versions of the
  exercises in ``homework/``: nbgrader's own student versions (:func:`stage_graded`), which a
  teacher's course built from the same ``exercises/`` grades as they are once
  ``python -m cardlib.exercises handin`` has renamed the downloads
  (``homework_03-trick-winners.ipynb`` → ``03-trick-winners.ipynb``);
- with ``--graded exam --exam DIR`` (``make lite GRADED=exam EXAM=DIR``), an exam site: the
  teacher's exam (``DIR``, made by ``python -m cardlib.exercises exam``) released by nbgrader
  into ``exam/``, the landing notebook and the card table, and nothing else: no lesson, practice
  exercise or puzzle set, whose checks and tools would explain the exam's answers
  (:func:`site_parts`);
- the Pyodide runtime from npm (``pyodide@<PYODIDE_VERSION>`` of the kernel we build with);
- every package the kernel loads at start, as wheels, listed in a trimmed
  ``pyodide-lock.json``: Pyodide's own start-up packages (micropip, IPython, jedi
  and their dependencies, the pure Python wheels from PyPI at the versions its
  lock file names, with their sha256 rewritten), the kernel's own wheels, the
  widgets (ipywidgets, jupyterlab_widgets, comm at the versions whose browser side
  is built in) and cardlib's wheel. All of them are preloaded at kernel start
  (``loadPyodideOptions.packages``), so no notebook needs an install cell, and
  ``disablePyPIFallback`` keeps ``%pip install`` from reaching PyPI.

Each build goes to a folder of its own, ``v/<version>/`` (``<version>``: the start of the
inputs' fingerprint), whose files never change; the site's root holds only the page that opens
the newest build, the file naming it and a small service worker (:data:`ROOT_FILES`, from
``lite/site/``). So a host with no caching headers at all still serves a returning student the
new notebooks (docs/class.md, "Updates reach every student").

Idempotent: downloads are cached in ``.cache/lite`` (npm and pip keep their own caches too); a
fingerprint of every input is stored in the output, and a second run with the same inputs does
nothing. Every file is dated at the build's time (the dates the students' file list shows), or
at ``SOURCE_DATE_EPOCH`` when set, and then the same inputs give the same bytes. The slow steps
(nbgrader, the puzzle sets, the exercises' release: one Python process each) run side by side,
and cardlib's wheel is written here (:func:`build_project_wheel`), not by ``pip wheel``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import importlib.metadata
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cardlib import _notebooks

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = PROJECT / "build" / "lite"
DEFAULT_CACHE = PROJECT / ".cache" / "lite"
STAMP = ".cardlib-lite.json"  # in the output: the inputs' fingerprint and what was built

#: 2026-01-01 00:00 UTC: cardlib's wheel's date in every build (a site is dated by its build).
DEFAULT_EPOCH = 1767225600

#: The practice versions of the exercises: ``{out}`` is the folder they go to.
EXERCISES_COMMAND = ("-m", "cardlib.exercises", "release", "--mode", "practice", "--out", "{out}")
#: The puzzle sets for the site, "what may I play?" and "what should I play?", in practice
#: mode: only their student versions (in ``students/``) go in; the instructor notebooks and
#: the answer keys stay out of the site.
PUZZLES_COMMAND = (
    "-m", "cardlib.exercises", "puzzles", "--mode", "practice",
    "--count", "10", "--level", "medium", "--seed", "7", "--out", "{out}",
)  # fmt: skip
BEST_PLAY_PUZZLES_COMMAND = (*PUZZLES_COMMAND[:3], "--kind", "best", *PUZZLES_COMMAND[3:])

#: The graded modes a teacher can build into the site (``--graded``); each goes into a folder of
#: the site named after it. Without ``--graded`` the site is for learning on one's own: practice
#: versions only, whose checks explain everything.
GRADED_MODES = ("homework", "exam")
#: The mode whose site is an exam's: its instructor notebooks are the teacher's (``--exam``).
EXAM = "exam"
#: What marks an instructor notebook as an exam of its own (``metadata.cardlib.made_by``, which
#: ``python -m cardlib.exercises exam`` writes): questions drawn from a secret, recorders for
#: checks, so the site's kernel holds no judging code.
EXAM_MARK = "cardlib.exercises.exam"
#: The assignment name of the scratch course the graded versions are released from (nbgrader
#: writes no assignment name into a notebook, so the teacher's course may call it anything).
GRADED_ASSIGNMENT = "site"

#: What the kernel imports at start: it installs each of these with piplite unless
#: ``loadPyodideOptions.packages`` already loads it (see the kernel's worker).
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
#: The wheels the kernel's labextension ships (its own stand-ins for ipykernel and
#: widgetsnbextension, the kernel itself and piplite), put in the lock file as well.
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide-kernel", "widgetsnbextension")
#: From PyPI at the versions installed here, so that the widgets' browser side
#: (jupyterlab_widgets' labextension, copied from this environment) matches.
WIDGET_PACKAGES = (
    "ipywidgets",
    "jupyterlab-widgets",
    "comm",
    # the card table is an anywidget
    "anywidget",
    "psygnal",
    "typing-extensions",
)
#: cardlib's own dependencies besides the widgets', from PyPI at the versions installed here
#: (pure Python). filelock is not one in the browser: pyproject.toml leaves it out in Pyodide,
#: which has no locks between its kernels (cardlib/progress.py goes without).
PROJECT_PACKAGES = ("fastjsonschema",)
#: Loaded at kernel start: the kernel's own packages, then the project.
PRELOAD = (*KERNEL_PACKAGES, "cardlib")

#: The browser extensions the site needs; nothing else from this environment (Voilà's
#: preview, say, wants a server) is copied in.
LAB_EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "@jupyterlite/pyodide-kernel-extension",
    "anywidget",
)
#: The only runtime files of the npm package the kernel uses (not the console pages,
#: type declarations, source maps or the classic-script loader).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: The notebook every site holds, a small one too (it tells where everything is).
LANDING_NOTEBOOK = "00-start-here.ipynb"
#: The card table as a notebook page (``?page=table-notebook``, the table page before
#: :data:`TABLE_DIR`): ``make app``'s page (its notebook ``app/card-table.ipynb``), in every
#: site under this name. Voici, which makes Voilà's pages
#: for JupyterLite, does not fit this site: its release (voici-core 0.10) needs
#: jupyterlite-core < 0.8 and a xeus kernel, not Pyodide's. So the page is that notebook in
#: the Notebook interface, which the site's own script (lite/site/cardlib-site.js) marks as
#: the table page: its code cells, menus and toolbar are hidden (cardlib-site.css) and it runs
#: itself once Python is ready. No extension: nothing in JupyterLite itself changes.
TABLE_PAGE = "card-table.ipynb"
TABLE_SOURCE = PROJECT / "app" / "card-table.ipynb"
#: The class the site's script gives the table page's ``<html>`` (the styles hide the code).
TABLE_PAGE_CLASS = "cardlib-table-page"
#: The card table's page with no Jupyter at all (``?page=table``): a folder of each build, from
#: lite/site/table/ (the page, its script, its Web Worker's script and styles), with the
#: table's own front end (:data:`TABLE_WIDGET_FILES`) and its stored first screens
#: (:func:`stage_table_page`). Its worker loads the build's Pyodide and only these wheels:
#: ``cardlib.widgets.table_worker`` imports no widget library (tests/test_lite_build.py).
TABLE_DIR = "table"
TABLE_WIDGET_FILES = ("table.js", "table_page.js", "table.css")
TABLE_WHEELS = ("cardlib", "fastjsonschema")
#: Where the stored first screens go, in the table page's folder: ``<language>.<seed>.json``.
TABLE_SCREENS = "screens/"
#: What the table page keeps in the browser: the language last chosen at the table.
TABLE_LANGUAGE_KEY = "cardlib-table-language"


#: The class of the line that says whether Python is ready (in the cell the build adds).
STATUS_CLASS = "cardlib-python-status"
#: What that line says for each state of the kernel, in the languages of the site's notebooks
#: (``lang`` of the line; the kernel's states are JupyterLab's ``kernelDisplayStatus``).
PYTHON_STATUS = {
    "en": {
        "starting": "Python is starting in this page…",
        "idle": "✓ Python is ready",
        "busy": "✓ Python is ready (running a cell)",
        "dead": "✗ Python has stopped: reload the page",
    },
    "hi": {
        "starting": "इस पेज में Python शुरू हो रहा है…",
        "idle": "✓ Python तैयार है",
        "busy": "✓ Python तैयार है (एक सेल चल रहा है)",
        "dead": "✗ Python रुक गया है: पेज दोबारा लोड कीजिए",
    },
    "ne": {
        "starting": "यो पेजमा Python सुरु हुँदैछ…",
        "idle": "✓ Python तयार छ",
        "busy": "✓ Python तयार छ (एउटा सेल चलिरहेको छ)",
        "dead": "✗ Python रोकियो: पेज फेरि लोड गर्नुहोस्",
    },
}


class BuildError(RuntimeError):
    """The site cannot be built as asked; the message says what is missing or wrong."""


# ----- names, wheels and lock files (pure functions, tested in tests/test_lite_build.py) -----


def canonical(name: str) -> str:
    """A distribution name as the lock file's keys spell it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name_version(filename: str) -> tuple[str, str]:
    """``("jupyterlab-widgets", "3.0.17")`` from ``jupyterlab_widgets-3.0.17-py3-none-any.whl``."""
    parts = Path(filename).name.removesuffix(".whl").split("-")
    if len(parts) not in (5, 6) or not filename.endswith(".whl"):
        raise BuildError(f"{filename!r} is not a wheel's file name (name-version-...-tag.whl)")
    return canonical(parts[0]), parts[1]


def is_pure_python(filename: str) -> bool:
    """Whether a wheel is pure Python (``none-any``): the only kind taken from PyPI, since
    PyPI's compiled wheels are built for other platforms than Pyodide's WebAssembly."""
    return filename.endswith("-none-any.whl")


def dependency_closure(packages: Mapping[str, dict], roots: Iterable[str]) -> list[str]:
    """The lock-file keys of ``roots`` and everything they depend on, sorted."""
    seen: set[str] = set()
    todo = [canonical(root) for root in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise BuildError(
                f"{name!r} is not in the lock file (known: {', '.join(sorted(packages))})"
            )
        seen.add(name)
        todo.extend(canonical(dep) for dep in packages[name].get("depends", []))
    return sorted(seen)


def trim_lock(lock: Mapping, roots: Iterable[str]) -> dict:
    """A copy of a ``pyodide-lock.json`` holding only ``roots`` and their dependencies."""
    keep = dependency_closure(lock["packages"], roots)
    return {
        "info": dict(lock["info"]),
        "packages": {name: dict(lock["packages"][name]) for name in keep},
    }


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def wheel_metadata(wheel: Path) -> dict:
    """Name, version, requirements and top-level import names of a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = next(
            (n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")), None
        )
        if dist_info is None:
            raise BuildError(f"{wheel.name} has no .dist-info folder")
        metadata = archive.read(f"{dist_info}/METADATA").decode("utf-8")
    headers = metadata.split("\n\n", 1)[0]
    field = {}
    requires = []
    for line in headers.splitlines():
        key, _, value = line.partition(": ")
        if key == "Requires-Dist":
            requires.append(value.strip())
        elif key in ("Name", "Version"):
            field[key] = value.strip()
    top = set()
    for name in names:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            top.add(first)
        elif first.endswith(".py"):
            top.add(first.removesuffix(".py"))
    return {
        "name": field["Name"],
        "version": field["Version"],
        "requires": requires,
        "imports": sorted(t for t in top if t.isidentifier()),
    }


def browser_dependencies(requires: Iterable[str], python_version: str) -> list[tuple[str, str]]:
    """(name, specifier) for each requirement that applies in the browser (no extras)."""
    from packaging.requirements import Requirement

    environment = {
        "python_version": python_version,
        "python_full_version": f"{python_version}.0",
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "",
    }
    found = []
    for text in requires:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate(environment):
            found.append((canonical(requirement.name), str(requirement.specifier)))
    return found


def lock_entry(wheel: Path, python_version: str, known: Mapping[str, str]) -> dict:
    """A ``pyodide-lock.json`` entry for a wheel, its ``depends`` from its metadata.

    ``known`` maps every name the lock will hold to its version: a requirement
    outside it, or whose version does not fit, is a BuildError (the kernel would
    fail to import it in the browser).
    """
    from packaging.specifiers import SpecifierSet

    meta = wheel_metadata(wheel)
    depends = []
    for name, specifier in browser_dependencies(meta["requires"], python_version):
        if name not in known:
            raise BuildError(f"{meta['name']} needs {name}, which the site does not ship")
        if known[name] not in SpecifierSet(specifier, prereleases=True):
            raise BuildError(
                f"{meta['name']} needs {name}{specifier}; the site ships {name} {known[name]}"
            )
        depends.append(name)
    return {
        "name": meta["name"],
        "version": meta["version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": meta["imports"],
        "depends": sorted(depends),
        "unvendored_tests": False,
    }


def rehome(entry: Mapping, wheel: Path) -> dict:
    """A lock entry pointing at ``wheel`` (PyPI's build of what Pyodide repackaged)."""
    name, version = wheel_name_version(wheel.name)
    if name != canonical(entry["name"]) or version != entry["version"]:
        raise BuildError(f"{wheel.name} is not {entry['name']} {entry['version']}")
    return {**entry, "file_name": wheel.name, "sha256": sha256_of(wheel)}


def kernel_settings(packages: Iterable[str]) -> dict:
    """The Pyodide kernel's settings in ``jupyter-lite.json``."""
    return {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(packages)},
    }


# ----- the build -----


def run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run a command; a failure is a BuildError showing the command and its output."""
    result = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if result.returncode:
        raise BuildError(
            f"`{shlex.join(map(str, argv))}` failed ({result.returncode}):\n"
            f"{result.stdout[-3000:]}{result.stderr[-3000:]}"
        )
    return result


def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_python() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    return PYODIDE_PYTHON_VERSION


def labextension_dir(name: str) -> Path:
    """Where this environment installed a browser extension (``share/jupyter/labextensions``)."""
    for prefix in (sys.prefix, sys.base_prefix):
        path = Path(prefix) / "share" / "jupyter" / "labextensions" / name
        if (path / "package.json").exists():
            return path
    raise BuildError(f"the labextension {name} is not installed here (pip install -e '.[lite]')")


def fetch_pyodide(cache: Path) -> Path:
    """The npm package ``pyodide@<version>`` (a .tgz), packed once into the cache."""
    version = pyodide_version()
    tarball = cache / "npm" / f"pyodide-{version}.tgz"
    if not tarball.exists():
        if shutil.which("npm") is None:
            raise BuildError("npm is missing: it fetches the Pyodide runtime (apt-get install npm)")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(tarball.parent)])
        if not tarball.exists():
            raise BuildError(f"npm pack did not write {tarball}")
    return tarball


def unpack_pyodide(tarball: Path, dest: Path) -> dict:
    """Copy the runtime files out of the npm package into ``dest``; its lock file, parsed."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tarball.name} has no {name}")
            (dest / name).write_bytes(member.read())
    return json.loads((dest / "pyodide-lock.json").read_text())


def fetch_wheels(pins: Mapping[str, str], cache: Path) -> dict[str, Path]:
    """PyPI's pure Python wheel of each ``name: version``, downloaded once into the cache."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[str, Path]:
        found = {}
        for wheel in sorted(folder.glob("*.whl")):
            name, version = wheel_name_version(wheel.name)
            if pins.get(name) == version and is_pure_python(wheel.name):
                found[name] = wheel
        return found

    have = cached()
    missing = sorted(set(pins) - set(have))
    if missing:
        run([
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", pyodide_python(), "--platform", "any",
            "--dest", str(folder), *(f"{name}=={pins[name]}" for name in missing),
        ])  # fmt: skip
        have = cached()
    if still := sorted(set(pins) - set(have)):
        raise BuildError(
            "no pure Python wheel (py3-none-any) on PyPI for "
            + ", ".join(f"{name}=={pins[name]}" for name in still)
            + ": Pyodide could not load them from this site"
        )
    return have


#: What cardlib's wheel holds besides its modules, as pyproject.toml's package-data says: the
#: card table's browser side. The catalogs (``.mo``) are compiled from the ``.po`` files into it.
WHEEL_DATA = ("widgets/*.js", "widgets/*.css", "app_share/voila/templates/*/*")
#: Files of cardlib/ that stay out of the wheel (pyproject.toml's exclude-package-data; the
#: ``.mo`` files beside the ``.po`` ones are compiled again from them, never copied).
WHEEL_EXCLUDED = (".po", ".pot", ".mo", ".pyc")


def project_wheel_files(source: Path = PROJECT / "cardlib") -> dict[str, bytes]:
    """Every file of cardlib's wheel but its ``.dist-info``: path in the wheel → bytes.

    Written here rather than by ``pip wheel`` (which first installs setuptools into a fresh
    environment: most of a build's time): the same files as pyproject.toml's rules select
    (``tests/test_lite_build.py`` checks them against the source tree). A file of a kind those
    rules do not name is a BuildError, so a new kind of package data cannot go missing in the
    browser unnoticed.
    """
    import importlib.util

    # cardlib/_catalogs.py, loaded from its file as setup.py loads it (Babel, no cardlib import)
    spec = importlib.util.spec_from_file_location("_catalogs", PROJECT / "cardlib" / "_catalogs.py")
    assert spec is not None and spec.loader is not None
    _catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(_catalogs)
    files: dict[str, bytes] = {}
    for path in sorted(source.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        inside = path.relative_to(source).as_posix()
        if path.suffix == ".py" or any(path.match(pattern) for pattern in WHEEL_DATA):
            files[f"{source.name}/{inside}"] = path.read_bytes()
        elif path.suffix not in WHEEL_EXCLUDED:
            raise BuildError(
                f"{source.name}/{inside} is neither a module nor package data: add its kind to "
                "pyproject.toml's package-data and to WHEEL_DATA in lite/build_site.py"
            )
    with tempfile.TemporaryDirectory() as tmp:
        for mo_file in _catalogs.compile_catalogs(source / "locale", Path(tmp)):
            inside = mo_file.relative_to(tmp).as_posix()
            files[f"{source.name}/locale/{inside}"] = mo_file.read_bytes()
    return files


def project_metadata() -> tuple[str, str, str]:
    """cardlib's name, version and the wheel's ``METADATA`` text, from pyproject.toml."""
    import tomllib

    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        *(f"Requires-Dist: {requirement}" for requirement in project["dependencies"]),
    ]
    return project["name"], project["version"], "\n".join(lines) + "\n"


def build_project_wheel(dest: Path, epoch: int) -> Path:
    """cardlib's wheel (``cardlib-<version>-py3-none-any.whl``) in ``dest``: its modules, package
    data and compiled catalogs (:func:`project_wheel_files`), dated ``epoch``."""
    import base64

    name, version, metadata = project_metadata()
    dist_info = f"{name}-{version}.dist-info"
    files = project_wheel_files()
    files[f"{dist_info}/METADATA"] = metadata.encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: cardlib lite/build_site.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist_info}/top_level.txt"] = f"{name}\n".encode()
    record = []
    for inside, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{inside},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    date = time.gmtime(max(epoch, 315532800))[:6]  # a zip file's dates start in 1980
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for inside, data in files.items():
            info = zipfile.ZipInfo(inside, date_time=date)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return wheel


def generate(command: tuple[str, ...], out: Path, folder: str = ".") -> list[Path]:
    """Run a ``python -m cardlib.exercises …`` command writing into ``out``; the notebooks
    it wrote into ``out/folder`` (the students' ones)."""
    argv = [sys.executable, *(part.format(out=out) for part in command)]
    run(argv, cwd=PROJECT)
    notebooks = sorted((out / folder).glob("*.ipynb"))
    if not notebooks:
        raise BuildError(f"`{shlex.join(argv)}` wrote no notebook into {out}")
    return notebooks


#: The site's one kernel. A notebook naming another ("python3") would open with a dialog
#: asking which kernel to use unless its metadata also names the language.
SITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def use_site_kernel(notebook: Path) -> None:
    """Make a notebook (a copy in the site) open with the site's kernel, asking nothing, and
    hold its text as a Jupyter server would hand it over: each cell's source and each output's
    text one string, not the list of lines nbformat writes to disk.

    JupyterLite serves the file as it is, and JupyterLab takes some fields for strings: its
    table of contents, which reads the headings of a Markdown output (00's table of lessons),
    failed on the list ("TypeError: e.replace is not a function", logged on every change).

    Each code cell is marked trusted, as a Jupyter server marks the cells of a notebook it
    trusts (``make tutorial`` trusts the shipped lessons): every notebook of the site is the
    build's own. Untrusted, its stored outputs were drawn through JupyterLab's sanitizer, which
    drops SVG: until Python had run each cell, a hand of cards showed as a heap of its text.
    A cell showing a widget stays untrusted: trusted, JupyterLab would draw the widget (its
    ``repr`` line until Python is ready), not its still picture (:func:`add_widget_previews`,
    whose cards are images for the sanitizer to keep).
    """
    import nbformat
    from nbformat.v4.rwbase import rejoin_lines

    content = json.loads(notebook.read_text(encoding="utf-8"))
    content.setdefault("metadata", {})["kernelspec"] = dict(SITE_KERNELSPEC)
    for cell in content.get("cells", []):
        outputs = cell.get("outputs", [])
        if cell.get("cell_type") == "code" and not any(
            WIDGET_VIEW in output.get("data", {}) for output in outputs
        ):
            cell.setdefault("metadata", {})["trusted"] = True
    content = rejoin_lines(nbformat.from_dict(content))
    notebook.write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


#: The cell the build puts first in every notebook of the site (never in the project's own
#: notebooks): what to do first, with the line saying when Python is ready (kept up to date by
#: lite/site/cardlib-site.js), and where the work is kept and how to hand it in. Its language is
#: the notebook's: Hindi for the lessons in notebooks/hi/, Nepali for those in notebooks/ne/.
SITE_CELL = {
    "en": (
        f'**Python:** <span class="{STATUS_CLASS}" lang="en">'
        + PYTHON_STATUS["en"]["starting"]
        + "</span> Once it says ready, choose **Run → Run All Cells**.\n\n"
        "**Your work** is kept in this browser only (not on the school's server, and not in "
        "another browser): to hand a notebook in, choose **File → Download** and send that "
        "file to your teacher."
    ),
    "hi": (
        f'**Python:** <span class="{STATUS_CLASS}" lang="hi">'
        + PYTHON_STATUS["hi"]["starting"]
        + "</span> तैयार होते ही **Run → Run All Cells** चुनिए।\n\n"
        "**आपका काम** सिर्फ़ इसी ब्राउज़र में रहता है (स्कूल के सर्वर पर नहीं, किसी दूसरे "
        "ब्राउज़र में भी नहीं): नोटबुक जमा करने के लिए **File → Download** चुनिए और वह फ़ाइल "
        "अपने शिक्षक को भेजिए।"
    ),
    "ne": (
        f'**Python:** <span class="{STATUS_CLASS}" lang="ne">'
        + PYTHON_STATUS["ne"]["starting"]
        + "</span> तयार भएपछि **Run → Run All Cells** रोज्नुहोस्।\n\n"
        "**तपाईंको काम** यही ब्राउजरमा मात्र रहन्छ (विद्यालयको सर्भरमा होइन, अर्को ब्राउजरमा "
        "पनि होइन): नोटबुक बुझाउन **File → Download** रोज्नुहोस् र त्यो फाइल आफ्नो शिक्षकलाई "
        "पठाउनुहोस्।"
    ),
}
#: On the landing notebook, below that: where everything else is (links inside the site).
LANDING_LINKS = {
    "en": (
        "**Where to go:** the lessons, in order, are listed below; besides them there are "
        "[the practice exercises](exercises/), [the puzzle sets](puzzles/) and "
        "the lessons [in Hindi](hi/00-start-here.ipynb) and [in Nepali](ne/00-start-here.ipynb); "
        "to play with no code on screen, "
        "[the card table and its coach](#cardlib:table). Each notebook opens in a tab of its "
        "own; JupyterLab, with the file list beside the notebooks, is under "
        "*View → Open JupyterLab*."
    ),
    "hi": (
        "**आगे कहाँ:** पाठ, क्रम से, नीचे दिए हैं; उनके अलावा [अभ्यास](../exercises/), "
        "[पहेलियाँ](../puzzles/), [अंग्रेज़ी में पाठ](../00-start-here.ipynb) और "
        "[नेपाली में पाठ](../ne/00-start-here.ipynb); बिना कोड के "
        "खेलने के लिए [ताश की मेज़ और उसका कोच](#cardlib:table&lang=hi)। हर नोटबुक अपने टैब में खुलती "
        "है; JupyterLab, नोटबुकों के बगल में फ़ाइलों की सूची के साथ, *View → Open JupyterLab* "
        "में है।"
    ),
    "ne": (
        "**अब कहाँ जाने:** पाठहरू, क्रमैसँग, तल छन्; तीबाहेक [अभ्यास](../exercises/), "
        "[पहेली](../puzzles/), [अङ्ग्रेजीमा पाठ](../00-start-here.ipynb) र "
        "[हिन्दीमा पाठ](../hi/00-start-here.ipynb); कोड नदेखी खेल्न "
        "[तासको टेबल र यसको कोच](#cardlib:table&lang=ne)। हरेक नोटबुक आफ्नै ट्याबमा खुल्छ; JupyterLab, "
        "नोटबुकहरूको छेउमा फाइलहरूको सूचीसहित, *View → Open JupyterLab* मा छ।"
    ),
}
#: The table page's first cell instead (it runs itself: there is nothing to choose).
TABLE_CELL = {
    "en": (
        f'**Python:** <span class="{STATUS_CLASS}" lang="en">'
        + PYTHON_STATUS["en"]["starting"]
        + "</span> The card table appears below once Python is ready.\n\n"
        "**Your match** is kept in this browser: come back to this page and it is where you "
        "left it."
    ),
}
SITE_CELL_ID = "cardlib-site"


def add_site_cell(
    notebook: Path, language: str = "en", landing: bool = False, table: bool = False
) -> None:
    """Put :data:`SITE_CELL` first in a notebook of the site (and the landing notebook's
    :data:`LANDING_LINKS` in it; the table page's :data:`TABLE_CELL` instead), a cell the
    learner cannot edit or delete."""
    content = json.loads(notebook.read_text(encoding="utf-8"))
    if table:
        text = TABLE_CELL["en"]
    else:
        text = SITE_CELL[language] + (f"\n\n{LANDING_LINKS[language]}" if landing else "")
    cell = {
        "cell_type": "markdown",
        "id": SITE_CELL_ID,
        "metadata": {"editable": False, "deletable": False, "tags": [SITE_CELL_ID]},
        "source": text,  # one string, as every cell of the site's copies (use_site_kernel)
    }
    if content.get("nbformat_minor", 0) < 5 and content.get("nbformat") == 4:
        del cell["id"]  # cell ids came with nbformat 4.5
    content["cells"].insert(0, cell)
    notebook.write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


#: Where a notebook keeps its widgets' state (nbconvert writes it when it runs the notebook), and
#: the kind of output that shows one widget of it.
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The class of a widget's still picture (:func:`widget_preview`), and ipywidgets' own classes
#: for each kind of box, so that the picture is laid out by ipywidgets' styles as the widget is.
PREVIEW_CLASS = "cardlib-widget-preview"
WIDGET_BOXES = {"VBoxModel": "widget-vbox", "HBoxModel": "widget-hbox", "BoxModel": ""}
#: The layout of a widget (its ``Layout``'s traits) that its picture keeps, as the CSS the
#: widget gets: how wide, and whether a box wraps its children or scrolls, decide its height.
LAYOUT_CSS = {
    "width": "width",
    "height": "height",
    "max_width": "max-width",
    "overflow": "overflow",
}
#: A box's ``flex_flow``s that its picture keeps, as a class of the site's styles
#: (cardlib-site.css): the sanitizer that draws the picture drops ``flex-flow`` from a style.
FLEX_FLOWS = {"row wrap": "cl-flex-row-wrap"}
CSS_VALUE = re.compile(r"[\w .%#(),-]+")


def layout_of(values: Mapping, state: Mapping[str, Mapping]) -> tuple[str, list[str]]:
    """A widget's ``style`` attribute (with its leading space; empty if none) and its picture's
    classes, from its stored layout (:data:`LAYOUT_CSS`, :data:`FLEX_FLOWS`); a value that is
    not plain CSS is left out."""
    layout = state.get(str(values.get("layout", "")).removeprefix("IPY_MODEL_"), {})
    traits = layout.get("state", {}) if isinstance(layout, Mapping) else {}
    rules = [
        f"{css}:{traits[trait]}"
        for trait, css in LAYOUT_CSS.items()
        if isinstance(traits.get(trait), str) and CSS_VALUE.fullmatch(traits[trait])
    ]
    flow = FLEX_FLOWS.get(str(traits.get("flex_flow")))
    return (f' style="{";".join(rules)}"' if rules else ""), ([flow] if flow else [])


#: The parts of a Deal widget's picture (cardlib.widgets.dealing: the widget's class → the
#: picture's), which work before the lesson's Python is ready: the site's page asks the table
#: page's worker (a Python with cardlib and no Jupyter) for each deal (cardlib-site.js).
LIVE_DEAL = {
    "cardlib-dealing": "cl-deal-preview",
    "cardlib-seed": "cl-deal-seed",
    "cardlib-deal-button": "cl-deal-button",
    "cardlib-hands": "cl-deal-hands",
    "cardlib-spade-counts": "cl-deal-counts",
}


def widget_preview(model_id: str, state: Mapping[str, Mapping], language: str = "en") -> str | None:
    """A still picture (HTML) of the widget ``model_id`` from a notebook's stored widget state,
    or None if it holds a widget of a kind not drawn here (a card table, a slider…).

    Python answers in the site only seconds after the page is on screen, and until then
    ipywidgets draws a stored widget as the line of its ``repr``: the lesson jumps when the
    real widget comes. The picture (the boxes, the HTML, the labels and values of the text
    boxes, buttons and drop-downs, all disabled) takes the widget's place until the cell runs.
    The widget's own classes (which the tests look for) stay off it; a Deal widget's parts
    get :data:`LIVE_DEAL`'s, and its box the lesson's ``language``, for the page to bring it
    to life.
    """
    model = state.get(model_id)
    if not isinstance(model, Mapping) or not isinstance(model.get("state"), Mapping):
        return None
    name, values = model.get("model_name"), model["state"]
    classes = values.get("_dom_classes")
    live = [LIVE_DEAL[c] for c in classes if c in LIVE_DEAL] if isinstance(classes, list) else []
    laid, flow = layout_of(values, state)
    base = " ".join(["lm-Widget jupyter-widgets", *live, *flow])
    label = values.get("description") or ""
    described = (
        f'<label class="widget-label" style="">{html.escape(label)}</label>' if label else ""
    )
    if name in WIDGET_BOXES:
        parts = []
        for child in values.get("children", []):
            drawn = widget_preview(str(child).removeprefix("IPY_MODEL_"), state, language)
            if drawn is None:
                return None
            parts.append(drawn)
        kind = WIDGET_BOXES[name]
        said = f' lang="{html.escape(language)}"' if LIVE_DEAL["cardlib-dealing"] in live else ""
        return (
            f'<div class="{base} widget-container widget-box {kind}"{said}{laid}>'
            f"{''.join(parts)}</div>"
        )
    if name == "HTMLModel":
        return (
            f'<div class="{base} widget-inline-hbox widget-html"{laid}>{described}'
            f'<div class="widget-html-content">{svg_as_images(str(values.get("value", "")))}'
            "</div></div>"
        )
    if name == "ButtonModel":
        return (
            f'<button class="{base} jupyter-button widget-button"{laid} disabled>'
            f"{html.escape(label)}</button>"
        )
    if name in ("IntTextModel", "FloatTextModel", "TextModel"):
        value = html.escape(str(values.get("value", "")))
        return (
            f'<div class="{base} widget-inline-hbox widget-text"{laid}>{described}'
            f'<input type="text" value="{value}" disabled></div>'
        )
    if name == "DropdownModel":
        labels, index = values.get("_options_labels", []), values.get("index")
        shown = labels[index] if isinstance(index, int) and 0 <= index < len(labels) else ""
        return (
            f'<div class="{base} widget-inline-hbox widget-dropdown"{laid}>{described}'
            f"<select disabled><option>{html.escape(shown)}</option></select></div>"
        )
    return None


SVG_PICTURE = re.compile(r"<svg\b[^>]*>.*?</svg>", re.DOTALL)


def svg_as_images(fragment: str) -> str:
    """An HTML fragment with each SVG picture made an image of the same size and name.

    A widget's picture is drawn through JupyterLab's sanitizer (its cell stays untrusted:
    :func:`use_site_kernel`), which keeps an image but drops SVG, leaving its text in a heap.
    """

    def image(match: re.Match) -> str:
        svg = match.group(0)
        if "xmlns=" not in svg:  # an SVG file needs its namespace, where HTML does not
            svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        tag = svg[: svg.index(">")]
        attributes = dict(re.findall(r'\s([a-z-]+)="([^"]*)"', tag))
        size = "".join(
            f' {name}="{attributes[name]}"' for name in ("width", "height") if name in attributes
        )
        data = base64.b64encode(svg.encode()).decode()
        label = attributes.get("aria-label", "")
        return f'<img src="data:image/svg+xml;base64,{data}" alt="{label}"{size}>'

    return SVG_PICTURE.sub(image, fragment)


def add_widget_previews(notebook: Path, language: str = "en") -> int:
    """Give each stored widget output of a notebook of the site (in ``language``) a still
    picture of the widget as its ``text/html`` (:func:`widget_preview`), which JupyterLab shows
    until ipywidgets can draw the widget itself; how many outputs got one."""
    content = json.loads(notebook.read_text(encoding="utf-8"))
    widgets = content.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {})
    state = widgets.get("state", {}) if isinstance(widgets, dict) else {}
    added = 0
    for cell in content.get("cells", []):
        for output in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            data = output.get("data", {})
            view = data.get(WIDGET_VIEW)
            if not isinstance(view, dict) or "text/html" in data:
                continue
            picture = widget_preview(str(view.get("model_id", "")), state, language)
            if picture is not None:
                data["text/html"] = f'<div class="{PREVIEW_CLASS}">{picture}</div>'
                added += 1
    if added:
        notebook.write_text(
            json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return added


def exam_notebooks(exam: Path | None) -> list[Path]:
    """The instructor notebooks of a teacher's exam (``--exam``), each made by ``python -m
    cardlib.exercises exam`` (:data:`EXAM_MARK`); :class:`BuildError` saying what is wrong.
    A practice or homework notebook released in exam mode asks the practice questions, which
    the exercises explain: never an exam site's."""
    if exam is None:
        raise BuildError(
            "--graded exam needs --exam DIR (make lite GRADED=exam EXAM=DIR): the folder of the "
            "exam's instructor notebooks, made by python -m cardlib.exercises exam"
        )
    notebooks = sorted(Path(exam).glob("*.ipynb"))
    if not notebooks:
        raise BuildError(f"--exam {exam}: no instructor notebook (*.ipynb) there")
    for notebook in notebooks:
        try:
            made_by = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]["cardlib"]
        except (OSError, ValueError, KeyError, TypeError):
            made_by = None
        if not isinstance(made_by, dict) or made_by.get("made_by") != EXAM_MARK:
            raise BuildError(
                f"--exam {exam}: {notebook.name} is not an exam made by python -m "
                "cardlib.exercises exam (its questions could be the practice exercises')"
            )
    return notebooks


def site_parts(
    graded: str | None,
) -> tuple[bool, tuple[tuple[str, tuple[str, ...], str, str], ...]]:
    """What a site holds besides its graded folder: whether the lessons (``notebooks/``, and
    their translations), and which generated practice notebooks (:data:`GENERATED`). An exam's
    site holds neither: a practice check explains the answer for any givens a student types in
    (the exam's too), and the lessons' tools show what may be played. It keeps the landing
    notebook and the card table (a game against the bots, whose hands no one chooses)."""
    if graded == EXAM:
        return False, ()
    return True, GENERATED


def exam_landing(path: Path, exams: Sequence[Path]) -> None:
    """An exam site's first page: where the exam is, and how to hand it in; no code."""
    links = "\n".join(f"- [{p.stem}]({EXAM}/{p.name})" for p in exams)
    text = (
        "# Your exam\n\nThis site holds your exam and nothing else:\n\n"
        f"{links}\n\nOpen it, answer every question, run each check cell (it shows the "
        "answer it recorded, never whether it is right) and hand the downloaded file in."
    )
    notebook = {
        "cells": [{"cell_type": "markdown", "id": "exam", "metadata": {}, "source": text}],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def stage_graded(files: Path, scratch: Path, mode: str, exam: Path | None = None) -> list[Path]:
    """``files/<mode>/``: nbgrader's student version of every notebook of a graded mode.

    The notebooks are released by ``nbgrader generate_assignment`` itself, in a scratch course
    with the shipped ``nbgrader_config.py``, from the instructor notebooks a teacher's course
    holds in ``source/``: homework from ``exercises/`` as they are, an exam from the teacher's
    exam folder ``exam`` (:func:`exam_notebooks`). So they carry the cell ids, the locked cells
    and the checksums the teacher's course expects: a download grades as it is, and no step of
    the teacher's can make the two disagree but a different source. Solutions, hidden tests
    and outputs stay behind; an exam's checks only record. The written notebooks, sorted.
    """
    if mode not in GRADED_MODES:
        raise BuildError(f"--graded {mode!r}: the graded modes are {', '.join(GRADED_MODES)}")
    sources = (
        exam_notebooks(exam) if mode == EXAM else sorted((PROJECT / "exercises").glob("*.ipynb"))
    )
    try:
        importlib.metadata.version("nbgrader")
    except importlib.metadata.PackageNotFoundError:
        raise BuildError(
            "nbgrader is missing: it releases the graded versions (pip install -e '.[teach]')"
        ) from None
    course = scratch / "graded-course"
    source = course / "source" / GRADED_ASSIGNMENT
    source.mkdir(parents=True)
    shutil.copy2(PROJECT / "nbgrader_config.py", course / "nbgrader_config.py")
    for notebook in sources:
        shutil.copy2(notebook, source / notebook.name)
    # nbgrader runs its database tool (alembic) by name: this environment's bin/ goes first
    path = os.pathsep.join((str(Path(sys.executable).parent), os.environ.get("PATH", "")))
    run(
        [sys.executable, "-m", "nbgrader", "generate_assignment", GRADED_ASSIGNMENT],
        cwd=course,
        env={**os.environ, "PATH": path},
    )
    released = sorted((course / "release" / GRADED_ASSIGNMENT).glob("*.ipynb"))
    if [p.name for p in released] != sorted(p.name for p in source.glob("*.ipynb")):
        raise BuildError(f"nbgrader released {[p.name for p in released]} from {source}")
    (files / mode).mkdir(parents=True)
    return [Path(shutil.copy2(p, files / mode / p.name)) for p in released]


#: The generated notebooks of a full site: (folder in the site, command, the folder of the
#: command's output holding the students' notebooks, scratch folder).
GENERATED = (
    ("exercises", EXERCISES_COMMAND, ".", "exercises"),
    ("puzzles", PUZZLES_COMMAND, "students", "puzzles"),
    ("puzzles", BEST_PLAY_PUZZLES_COMMAND, "students", "best-play-puzzles"),
)


def stage_contents(
    files: Path,
    scratch: Path,
    graded: str | None = None,
    notebooks: Sequence[Path] | None = None,
    exam: Path | None = None,
) -> None:
    """The folder the students browse: the tutorial (and its lessons in other languages, hi/, ne/),
    exercises/, puzzles/, and with ``graded`` the graded versions in a folder named after the
    mode (:func:`stage_graded`; an exam's site: :func:`site_parts`). With ``notebooks``, a
    small site: the landing notebook and these, nothing generated.

    The generating commands (each a Python process: nbgrader, the puzzle sets, the exercises'
    release) run side by side, one per core, the longest first.
    """
    files.mkdir(parents=True)
    shutil.copy2(TABLE_SOURCE, files / TABLE_PAGE)  # ?page=table-notebook
    lessons = notebooks is not None or site_parts(graded)[0]
    if notebooks is not None:
        if graded is not None:
            raise BuildError("a small site (--notebook) holds no graded versions (--graded)")
        for notebook in (PROJECT / "notebooks" / LANDING_NOTEBOOK, *notebooks):
            if not notebook.exists():
                raise BuildError(f"{notebook} does not exist")
            shutil.copy2(notebook, files / notebook.name)
    else:
        lessons, generated = site_parts(graded)
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            graded_job = pool.submit(stage_graded, files, scratch, graded, exam) if graded else None
            jobs = [
                (kind, pool.submit(generate, command, scratch / work, folder))
                for kind, command, folder, work in reversed(generated)  # the longest first
            ]
            if not lessons:  # the landing lesson runs the engine on a hand: not an exam's
                exam_landing(files / LANDING_NOTEBOOK, exam_notebooks(exam))
            for notebook in sorted((PROJECT / "notebooks").glob("*.ipynb")) if lessons else ():
                shutil.copy2(notebook, files / notebook.name)
            for code, translated in _notebooks.TRANSLATED.items() if lessons else ():
                (files / code).mkdir()  # the lessons in another language (hi/, ne/)
                for name in translated:
                    shutil.copy2(_notebooks.folder(code) / name, files / code / name)
            for kind, job in reversed(jobs):
                (files / kind).mkdir(exist_ok=True)
                for notebook in job.result():
                    shutil.copy2(notebook, files / kind / notebook.name)  # answer keys stay
            if graded_job is not None:
                graded_job.result()
    for notebook in sorted(files.rglob("*.ipynb")):
        use_site_kernel(notebook)
        inside = notebook.relative_to(files)
        language = inside.parts[0] if inside.parts[0] in SITE_CELL else "en"
        add_widget_previews(notebook, language)
        add_site_cell(
            notebook,
            language,
            landing=lessons and notebook.name == LANDING_NOTEBOOK,
            table=inside.as_posix() == TABLE_PAGE,
        )


def stage_pyodide(static: Path, cache: Path) -> list[str]:
    """``static/pyodide``: runtime, wheels and the trimmed lock file; the preload list.

    cardlib's wheel is dated :data:`DEFAULT_EPOCH` whatever the build's date (no student sees
    it): the same sources make the same wheel, whose bytecode the cache then already holds.
    """
    python = pyodide_python()
    lock = unpack_pyodide(fetch_pyodide(cache), static)
    trimmed = trim_lock(lock, ["micropip", "ipython", "jedi"])
    pypi = fetch_wheels(
        {name: entry["version"] for name, entry in trimmed["packages"].items()}, cache
    )
    packages = {name: rehome(entry, pypi[name]) for name, entry in trimmed["packages"].items()}
    for wheel in pypi.values():
        shutil.copy2(wheel, static / wheel.name)

    from_pypi = fetch_wheels(
        {name: importlib.metadata.version(name) for name in (*WIDGET_PACKAGES, *PROJECT_PACKAGES)},
        cache,
    )
    kernel_pypi = labextension_dir(LAB_EXTENSIONS[1]) / "static" / "pypi"
    kernel_wheels = {}
    for name in KERNEL_WHEELS:
        # the newest of the stand-ins the kernel ships (widgetsnbextension 3.6.999 and 4.0.999)
        candidates = [w for w in kernel_pypi.glob("*.whl") if wheel_name_version(w.name)[0] == name]
        if not candidates:
            raise BuildError(f"the Pyodide kernel ships no {name} wheel in {kernel_pypi}")
        kernel_wheels[name] = max(candidates, key=lambda w: _version_key(w.name))
    project = build_project_wheel(static, DEFAULT_EPOCH)
    added = {**from_pypi, **kernel_wheels, "cardlib": project}

    known = {name: entry["version"] for name, entry in packages.items()}
    known.update({name: wheel_name_version(w.name)[1] for name, w in added.items()})
    for name, wheel in sorted(added.items()):
        if wheel.parent != static:
            shutil.copy2(wheel, static / wheel.name)
        packages[name] = lock_entry(static / wheel.name, python, known)
    trimmed["packages"] = dict(sorted(packages.items()))
    # every preloaded package and what it needs must be in the lock, or loading stops
    dependency_closure(trimmed["packages"], PRELOAD)
    wheels = [static / entry["file_name"] for entry in trimmed["packages"].values()]
    compile_bytecode(static, wheels, cache)
    for entry in trimmed["packages"].values():  # the wheels as shipped, with their bytecode
        entry["sha256"] = sha256_of(static / entry["file_name"])
    (static / "pyodide-lock.json").write_text(json.dumps(trimmed, indent=1, sort_keys=True) + "\n")
    return list(PRELOAD)


#: The wheels whose sources stay beside their bytecode (:func:`compile_bytecode`): cardlib's,
#: whose tracebacks (a refused move) and source are part of the lessons.
KEEP_SOURCE = ("cardlib",)
#: lite/: the script that compiles the wheels (run inside Pyodide) and its Node runner.
LITE_DIR = Path(__file__).resolve().parent
COMPILE_SCRIPT = LITE_DIR / "compile_wheels.py"
PYODIDE_RUNNER = LITE_DIR / "run_in_pyodide.mjs"


def compile_bytecode(runtime: Path, wheels: Sequence[Path], cache: Path) -> None:
    """Replace each wheel in ``wheels`` (in ``runtime``, the site's Pyodide folder) by the same
    wheel with the bytecode of the site's Python (lite/compile_wheels.py: sources replaced by
    bytecode, as Pyodide's own distribution ships packages, but for :data:`KEEP_SOURCE`, whose
    sources stay beside it).

    PyPI's pure Python wheels hold only sources, so Pyodide compiled every module the kernel
    imports at each start: about a second of every notebook's start on this machine (IPython's
    import took 2.5 s, 1.5 s with its bytecode). Only Pyodide itself writes what its browser
    twin reads: the runtime in ``runtime`` is run by Node. A compiled wheel is kept in the cache
    under the digest of the wheel, of the runtime and of the two scripts, so only a wheel that
    changed (cardlib's) is compiled again.
    """
    recipe = hashlib.sha256()
    for path in (runtime / "pyodide.asm.wasm", runtime / "python_stdlib.zip"):
        recipe.update(sha256_of(path).encode())
    recipe.update(COMPILE_SCRIPT.read_bytes() + PYODIDE_RUNNER.read_bytes())
    compiled = {}  # wheel → its compiled copy in the cache
    for wheel in wheels:
        if wheel.parent != runtime:
            raise BuildError(f"{wheel} is not in the site's runtime folder {runtime}")
        key = hashlib.sha256(recipe.digest() + sha256_of(wheel).encode())
        key.update(b"source" if _keeps_source(wheel) else b"bytecode")
        compiled[wheel] = cache / "bytecode" / key.hexdigest()[:32] / wheel.name
    if todo := [wheel for wheel, kept in compiled.items() if not kept.exists()]:
        if shutil.which("node") is None:
            raise BuildError(
                "node is missing: it runs the site's Python, which compiles the wheels' bytecode "
                "(apt-get install nodejs)"
            )
        with tempfile.TemporaryDirectory(prefix="cardlib-bytecode-") as out:
            argv = ["node", str(PYODIDE_RUNNER), str(runtime), str(COMPILE_SCRIPT)]
            argv += ["--mount", str(runtime), "--mount", out, out]
            for wheel in todo:
                argv += ["--keep-source", str(wheel)] if _keeps_source(wheel) else [str(wheel)]
            run(argv)
            for wheel in todo:
                written = Path(out) / wheel.name
                if not written.exists():
                    raise BuildError(f"compiling the bytecode wrote no {wheel.name}")
                compiled[wheel].parent.mkdir(parents=True, exist_ok=True)
                shutil.move(written, compiled[wheel])
    for wheel, kept in compiled.items():
        shutil.copyfile(kept, wheel)


def _keeps_source(wheel: Path) -> bool:
    return wheel_name_version(wheel.name)[0] in KEEP_SOURCE


def _version_key(filename: str) -> tuple:
    from packaging.version import Version

    return (Version(wheel_name_version(filename)[1]),)


def lite_config(packages: list[str]) -> dict:
    """``jupyter-lite.json`` for the build: the kernel's settings, the service worker's cache."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "cardlib",
            # JupyterLite's worker keeps every file it serves: a page seen once opens offline
            "enableServiceWorkerCache": True,
            # window.jupyterapp, for the line saying when Python is ready (lite/site/)
            "exposeAppInBrowser": True,
            "faviconUrl": f"./{ICON}",
            "litePluginSettings": {KERNEL_PLUGIN: kernel_settings(packages)},
        },
    }


#: JupyterLab settings: no news or update checks (they would ask another host).
OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}

# ----- the site's layout: every build in a folder of its own, one address for all -----

#: Each build goes to ``v/<version>/`` under the site's address, ``<version>`` a digest of its
#: inputs: nothing in that folder ever changes, so a browser may keep any of its files as long
#: as it likes. Only the few files at the site's root (:data:`ROOT_FILES`) change from build to
#: build, and the root page reads which build is the newest past every cache.
VERSIONS_DIR = "v"
VERSION_LENGTH = 12
#: The newest build's version, read with ``cache: "no-store"`` by the root page and by every
#: page of a build (lite/site/cardlib-site.js). Under ``api/``, a path JupyterLite's service
#: worker leaves to the network (it would otherwise answer from its cache).
VERSION_FILE = "api/site-version.json"
#: The site's own pages and scripts (lite/site/), each filled in with :func:`site_settings`.
SITE_FILES = Path(__file__).resolve().parent / "site"
#: The files at the site's root; the rest is in the build's folder. The manifest (the site's
#: name, icon and shortcuts, for a browser that installs it as an app) links only the root's
#: addresses, so its shortcuts work under any subpath and reach the newest build.
ROOT_FILES = ("index.html", VERSION_FILE, "site-worker.js", "manifest.webmanifest", "icon.svg")
#: The site's icon (a few hundred bytes; JupyterLite's favicon weighs 318 KB).
ICON = "icon.svg"
#: The script every page of a build loads before JupyterLite starts, and its styles (lite/site/).
PAGE_SCRIPT = "cardlib-site.js"
PAGE_STYLE = "cardlib-site.css"
#: The JupyterLite apps the site has, each a folder of the build with its index.html: the
#: Notebook interface (``notebooks``: one notebook a browser tab, no side panels; the students'
#: default) with its file list (``tree``, where a link to a folder opens), and JupyterLab
#: (``lab``), one click away (*View → Open JupyterLab* in every notebook, ``?page=lab``).
APPS = ("lab", "notebooks", "tree")
#: Where the root page sends a visitor (``?page=…``; ``?path=…`` opens that notebook in the
#: notebook page, or in the one ``?page=`` names); paths inside a build's folder.
PAGES = {
    "start": f"notebooks/index.html?path={LANDING_NOTEBOOK}",
    "notebook": "notebooks/index.html",
    "files": "tree/index.html",
    "lab": "lab/index.html",
    "table": "table/index.html",
    # the card table as it was, a notebook running itself: kept (it costs one small notebook
    # the site holds anyway) so the two pages can be measured side by side
    "table-notebook": f"notebooks/index.html?path={TABLE_PAGE}",
}
#: How long a page waits to learn whether a newer build exists before starting (milliseconds):
#: the version file is tiny, but the network may be slow or gone.
VERSION_WAIT_MS = 4000
#: How long a page waits for its build's service worker to take over before starting anyway.
WORKER_WAIT_MS = 5000
#: A notebook is shown once its cells have stayed where they are this long (milliseconds), or
#: this long after it appeared at the most (lite/site/cardlib-site.js, showWhenSteady): its
#: Markdown cells are drawn a few frames after they are placed, and the text would jump.
STEADY_MS = 300
STEADY_MAX_MS = 4000
#: What the build leaves behind that no page reads: JupyterLite's own build configuration
#: and schema, the settings file the build merged into jupyter-lite.json, and JupyterLite's
#: manifest, icons and favicons (the site's own are at its root).
LEFTOVERS = (
    "package.json",
    "rspack.config.js",
    "rspack.config.analyze.js",
    "rspack.config.watch.js",
    "jupyterlite.schema.v0.json",
    "overrides.json",
    "manifest.webmanifest",
    "icon-120x120.png",
    "icon-512x512.png",
    "favicon.ico",
)

#: The fonts the site brings, so Hindi and Nepali render where the system has no Devanagari
#: font: npm's ``@fontsource/noto-sans-devanagari`` (lite/fonts/package.json, its lock file
#: pins the version and checksum), installed with ``npm ci`` into lite/fonts/node_modules. Only
#: the Devanagari subset in the two weights the pages use is copied, with its licence (OFL).
FONTS_DIR = Path(__file__).resolve().parent / "fonts"
FONT_PACKAGE = "@fontsource/noto-sans-devanagari"
FONT_FILES = (
    "files/noto-sans-devanagari-devanagari-400-normal.woff2",
    "files/noto-sans-devanagari-devanagari-700-normal.woff2",
    "LICENSE",
)
#: Where they go in a build (cardlib-site.css names them from there).
SITE_FONTS = "fonts"

#: A filled-in file's settings: between these marks in lite/site/'s files.
SITE_MARK = re.compile(r"/\*SITE\*/ \{\} /\*SITE\*/")


def live_deal_notebooks(files: Path) -> list[str]:
    """The notebooks of the site's ``files`` (paths as the page's ``?path=`` names them) that
    hold a Deal widget's live picture (:data:`LIVE_DEAL`): their pages start the Python that
    answers it as soon as they open."""
    box = LIVE_DEAL["cardlib-dealing"]
    return sorted(
        notebook.relative_to(files).as_posix()
        for notebook in files.rglob("*.ipynb")
        if box in notebook.read_text(encoding="utf-8")
    )


def site_settings(version: str, live_deals: Sequence[str] = ()) -> dict:
    """What the site's own pages and scripts are told about a build (their ``SITE``), with the
    notebooks whose Deal widgets work before their Python is ready (:func:`live_deal_notebooks`)."""
    return {
        "version": version,
        "versionsDir": VERSIONS_DIR,
        "versionFile": VERSION_FILE,
        "versionWaitMs": VERSION_WAIT_MS,
        "workerWaitMs": WORKER_WAIT_MS,
        "pages": PAGES,
        "start": "start",
        "rootFiles": list(ROOT_FILES),
        "enableCache": "true",
        "cacheName": "precache",  # JupyterLite's worker's
        "statusClass": STATUS_CLASS,
        "status": PYTHON_STATUS,
        "statusEveryMs": 500,
        "tablePage": TABLE_PAGE,
        # a notebook is shown once its cells have not moved for steadyMs (at most steadyMaxMs
        # after it appeared): the class on <html> that shows it (cardlib-site.css)
        "steadyMs": STEADY_MS,
        "steadyMaxMs": STEADY_MAX_MS,
        "steadyClass": "cardlib-steady",
        "tableClass": TABLE_PAGE_CLASS,
        # kept for offline with the page: a learner may first switch to Hindi with no network
        "keep": [f"{SITE_FONTS}/{font_name(name)}" for name in FONT_FILES if name != "LICENSE"],
        "appVersion": importlib.metadata.version("jupyterlite-core"),
        "liveDeal": {
            "notebooks": list(live_deals),
            "worker": f"{TABLE_DIR}/worker.js",
            **{part.removeprefix("cl-deal-"): part for part in LIVE_DEAL.values()},
        },
    }


def fill(template: str, settings: Mapping) -> str:
    """One of lite/site/'s files with its ``SITE`` settings written in."""
    filled, count = SITE_MARK.subn(lambda _match: json.dumps(settings), template)
    if count != 1:
        raise BuildError(
            "a file of lite/site/ must hold its settings mark /*SITE*/ {} /*SITE*/ once"
        )
    return filled


#: An app's index.html: its settings block, then the script that starts JupyterLite.
CONFIG_BLOCK = re.compile(r'(<script id="jupyter-config-data"[^>]*>.*?</script>)', re.DOTALL)
APP_START = re.compile(r"(\n\s*)await import\(\s*'\.\./config-utils\.js")
MANIFEST_LINK = '<link rel="manifest" href="../manifest.webmanifest">'


def patch_app_page(index_html: str) -> str:
    """An app's ``index.html`` loading :data:`PAGE_SCRIPT` after its settings (which the script
    changes) and starting JupyterLite only once the script is done; its manifest the site's."""
    patched, blocks = CONFIG_BLOCK.subn(
        lambda m: (
            f'{m.group(1)}\n    <script src="../{PAGE_SCRIPT}"></script>'
            f'\n    <link rel="stylesheet" href="../{PAGE_STYLE}">'
        ),
        index_html,
        count=1,
    )
    patched, starts = APP_START.subn(
        lambda m: f"{m.group(1)}await window.cardlibSite;{m.group(0)}", patched
    )
    if blocks != 1 or starts != 1 or MANIFEST_LINK not in patched:
        raise BuildError(
            "the apps' index.html of jupyterlite-core has changed: update patch_app_page"
        )
    return patched.replace(
        MANIFEST_LINK, '<link rel="manifest" href="../../../manifest.webmanifest">'
    )


#: The root index.html of JupyterLite's build is where every page reads the settings (its
#: ``#jupyter-config-data``); only its redirect changes: to the site's address.
ROOT_REDIRECT = re.compile(
    r"<script type=\"module\">\s*await import\('\./config-utils\.js'\);\s*</script>"
)
TO_THE_SITE_SCRIPT = (
    "<script>window.location.replace('../../' + window.location.search + window.location.hash);"
    "</script>"
)


def open_the_site(index_html: str) -> str:
    """JupyterLite's root page (a build's folder) sending a visitor to the site's address."""
    patched, count = ROOT_REDIRECT.subn(TO_THE_SITE_SCRIPT, index_html)
    if count != 1:
        raise BuildError(
            "the root index.html of jupyterlite-core has changed: update ROOT_REDIRECT"
        )
    return patched


#: JupyterLite's service worker answers no request under ``api/`` from its cache, so a page
#: offline could not list its files (``api/contents/…/all.json``) nor read JupyterLab's
#: translations: in a static site those are files like any other, never changing in a build.
WORKER_DROP = re.compile(
    r'(function shouldDrop\((\w+),(\w+)\)\{return[^}]*?)\3\.pathname\.includes\("/api/"\)\}'
)
KEPT_API = r"/\/api\/(contents|translations)\//"
#: It looks a request up in its cache by the whole address, query and all; an app's page is
#: one file whatever the query (``notebooks/index.html?path=…``), so a page is looked up
#: without it: offline, every notebook of an app seen once opens.
WORKER_LOOKUP = re.compile(
    r"(async function fromCache\((\w+)\)\{let (\w+)=await openCache\(\),\w+=await )"
    r"\3\.match\(\2\)"
)

#: It answers a request it has kept from its cache and fetches it again behind (to keep the
#: newest): every warm visit downloaded the whole page once more, Pyodide and the wheels too
#: (15–30 MB), through a worker that a phone runs slowly. A build's folder never changes (a new
#: build is a new folder), so what it keeps is kept as it is.
WORKER_REFETCH = re.compile(r"(return (\w+)\?)\w+\.waitUntil\(refetch\(\w+\)\):")
#: It fetches a file it has not kept for each request: on a first visit to a lesson the page's
#: own Python (cardlib-site.js) and the kernel ask for Pyodide at once, and it was downloaded
#: twice (15 MB). The first request's download is shared with any that comes meanwhile.
WORKER_FETCH = re.compile(
    r"\((\w+)=await fetch\((\w+)\),(\w+)\.waitUntil\(updateCache\(\2,\1\.clone\(\)\)\)\)"
)
SHARED_FETCH_JS = """
const cardlibFetching = new Map(); // url → the response on its way (cardlib's build adds this)
function cardlibFetch(request, event) {
  let coming = cardlibFetching.get(request.url);
  if (!coming) {
    coming = fetch(request).then((response) => {
      const kept = response.ok ? updateCache(request, response.clone()) : Promise.resolve();
      kept.finally(() => cardlibFetching.delete(request.url));
      return response;
    });
    coming.catch(() => cardlibFetching.delete(request.url));
    cardlibFetching.set(request.url, coming);
  }
  event.waitUntil(coming.catch(() => null));
  return coming.then((response) => response.clone());
}
"""


def keep_static_api(worker_js: str) -> str:
    """JupyterLite's ``service-worker.js`` keeping ``api/contents/`` and ``api/translations/``
    in its cache like every other file of the build (the site's own ``api/site-version.json``,
    outside the build, is still left to the network), finding a page whatever its query,
    answering from its cache without fetching the file again (:data:`WORKER_REFETCH`) and
    fetching a file asked for twice at once only once (:data:`WORKER_FETCH`)."""
    patched, count = WORKER_DROP.subn(
        lambda m: (
            f'{m.group(1)}({m.group(3)}.pathname.includes("/api/")'
            f"&&!{KEPT_API}.test({m.group(3)}.pathname))}}"
        ),
        worker_js,
    )
    patched, lookups = WORKER_LOOKUP.subn(
        lambda m: (
            f"{m.group(1)}{m.group(3)}.match({m.group(2)},"
            f'{{ignoreSearch:"navigate"==={m.group(2)}.mode}})'
        ),
        patched,
    )
    patched, refetches = WORKER_REFETCH.subn(lambda m: f"{m.group(1)}{m.group(2)}:", patched)
    patched, fetches = WORKER_FETCH.subn(
        lambda m: f"({m.group(1)}=await cardlibFetch({m.group(2)},{m.group(3)}))", patched
    )
    patched += SHARED_FETCH_JS
    if count != 1 or lookups != 1 or refetches != 1 or fetches != 1:
        raise BuildError(
            "the service worker of jupyterlite-core has changed: update keep_static_api"
        )
    return patched


def font_name(name: str) -> str:
    """A file of :data:`FONT_FILES` as a build names it (the licence says whose it is)."""
    return "noto-sans-devanagari-LICENSE.txt" if name == "LICENSE" else Path(name).name


def install_fonts() -> Path:
    """The font package, installed from lite/fonts/'s lock file unless it already is; its
    folder. (npm checks the package against the lock file's checksum.)"""
    package = FONTS_DIR / "node_modules" / FONT_PACKAGE
    locked = json.loads((FONTS_DIR / "package-lock.json").read_text())["packages"]
    wanted = locked[f"node_modules/{FONT_PACKAGE}"]["version"]
    installed = package / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != wanted:
        if shutil.which("npm") is None:
            raise BuildError("npm is missing: it installs the site's fonts (apt-get install npm)")
        run(
            ["npm", "ci", "--prefix", str(FONTS_DIR), "--no-audit", "--no-fund", "--loglevel=error"]
        )
    for name in FONT_FILES:
        if not (package / name).exists():
            raise BuildError(f"{FONT_PACKAGE} {wanted} has no {name}")
    return package


def finish_build(folder: Path, version: str) -> None:
    """JupyterLite's output made the site's build ``version``: every app page patched
    (:func:`patch_app_page`) with the site's script beside it, the leftovers removed."""
    settings = site_settings(version, live_deal_notebooks(folder / "files"))
    (folder / PAGE_SCRIPT).write_text(
        fill((SITE_FILES / PAGE_SCRIPT).read_text(encoding="utf-8"), settings), encoding="utf-8"
    )
    shutil.copy2(SITE_FILES / PAGE_STYLE, folder / PAGE_STYLE)
    shutil.copy2(SITE_FILES / ICON, folder / ICON)  # every app's favicon (faviconUrl)
    fonts = install_fonts()
    (folder / SITE_FONTS).mkdir()
    for name in FONT_FILES:
        shutil.copy2(fonts / name, folder / SITE_FONTS / font_name(name))
    for app in APPS:
        page = folder / app / "index.html"
        page.write_text(patch_app_page(page.read_text(encoding="utf-8")), encoding="utf-8")
        config = folder / app / "jupyter-lite.json"  # each app's favicon: the site's (faviconUrl)
        settings = json.loads(config.read_text(encoding="utf-8"))
        settings["jupyter-config-data"].pop("faviconUrl", None)
        config.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    root = folder / "index.html"
    root.write_text(open_the_site(root.read_text(encoding="utf-8")), encoding="utf-8")
    worker = folder / "service-worker.js"
    worker.write_text(keep_static_api(worker.read_text(encoding="utf-8")), encoding="utf-8")
    for name in LEFTOVERS:
        for leftover in (folder / name, *(folder / app / name for app in APPS)):
            leftover.unlink(missing_ok=True)


def first_screens_from_wheel(wheel: Path, folder: Path) -> dict:
    """The table page's stored first screens (``cardlib.widgets.table_worker.
    write_first_screens``) written into ``folder`` by this Python from cardlib's ``wheel``
    itself, its code and compiled catalogs: the screens the page draws before Python is ready
    are the ones the browser's Python then makes. What was written (seeds, languages, bytes)."""
    with tempfile.TemporaryDirectory(prefix="cardlib-screens-") as tmp:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(tmp)
        code = (
            "import json, sys\n"
            "sys.path.insert(0, sys.argv[2])\n"
            "from cardlib.widgets.table_worker import write_first_screens\n"
            "print(json.dumps(write_first_screens(sys.argv[1])))\n"
        )
        # isolated (-I): this cardlib only, not the project's own or an installed one
        result = run([sys.executable, "-I", "-B", "-c", code, str(folder), tmp], cwd=tmp)
    return json.loads(result.stdout)


def table_page_settings(version: str, lock: Mapping, written: Mapping) -> dict:
    """What the table page's scripts are told (their ``SITE``: :func:`site_settings` and
    ``table``): the stored screens' seeds and languages, the wheels its worker loads, the
    fonts a language needs and the files kept for a visit offline."""
    wheels = [f"../static/pyodide/{lock['packages'][name]['file_name']}" for name in TABLE_WHEELS]
    pyodide = [f"../static/pyodide/{name}" for name in PYODIDE_FILES]
    devanagari = [f"../{SITE_FONTS}/{font_name(name)}" for name in FONT_FILES if name != "LICENSE"]
    page = ["index.html", "site-table.js", "worker.js", "site-table.css", *TABLE_WIDGET_FILES]
    return {
        **site_settings(version),
        "table": {
            "seeds": written["seeds"],
            "languages": written["languages"],
            "screens": TABLE_SCREENS,
            "pyodide": "../static/pyodide/",
            "wheels": wheels,
            "languageKey": TABLE_LANGUAGE_KEY,
            "fonts": {"hi": devanagari, "ne": devanagari},
            "keep": [*page, f"../{PAGE_STYLE}", "../icon.svg", *pyodide, *wheels, *devanagari],
        },
    }


def stage_table_page(build: Path, version: str) -> dict:
    """The build's ``table/`` (:data:`TABLE_DIR`): the card table's page with no Jupyter, from
    lite/site/table/, the table's front end from cardlib/widgets/, and the stored first
    screens from the build's cardlib wheel (:func:`first_screens_from_wheel`). What the page's
    scripts are told (:func:`table_page_settings`)."""
    folder = build / TABLE_DIR
    folder.mkdir()
    for name in TABLE_WIDGET_FILES:
        shutil.copy2(PROJECT / "cardlib" / "widgets" / name, folder / name)
    lock = json.loads((build / "static" / "pyodide" / "pyodide-lock.json").read_text())
    missing = [name for name in TABLE_WHEELS if name not in lock["packages"]]
    if missing:
        raise BuildError(f"the site's Pyodide has no {', '.join(missing)} for the table page")
    wheel = build / "static" / "pyodide" / lock["packages"]["cardlib"]["file_name"]
    written = first_screens_from_wheel(wheel, folder / TABLE_SCREENS)
    settings = table_page_settings(version, lock, written)
    for name in ("index.html", "worker.js"):
        template = (SITE_FILES / TABLE_DIR / name).read_text(encoding="utf-8")
        (folder / name).write_text(fill(template, settings), encoding="utf-8")
    for name in ("site-table.js", "site-table.css"):
        shutil.copy2(SITE_FILES / TABLE_DIR / name, folder / name)
    return settings


def write_root(site: Path, version: str) -> None:
    """The files at the site's address (:data:`ROOT_FILES`): the page that opens the newest
    build, the version file naming it, the worker keeping both for offline visits."""
    settings = site_settings(version)
    for name in ("index.html", "site-worker.js"):
        template = (SITE_FILES / name).read_text(encoding="utf-8")
        (site / name).write_text(fill(template, settings), encoding="utf-8")
    for name in ("manifest.webmanifest", ICON):
        shutil.copy2(SITE_FILES / name, site / name)
    (site / VERSION_FILE).parent.mkdir(parents=True, exist_ok=True)
    (site / VERSION_FILE).write_text(json.dumps({"version": version}) + "\n", encoding="utf-8")


def input_files() -> list[Path]:
    """Every file the site is made from (the build's own code and pages included)."""
    files = [Path(__file__), PROJECT / "pyproject.toml", PROJECT / "README.md", TABLE_SOURCE]
    files += [COMPILE_SCRIPT, PYODIDE_RUNNER]  # the bytecode in the wheels
    files.append(PROJECT / "nbgrader_config.py")  # the graded versions are released with it
    files += sorted(p for p in SITE_FILES.rglob("*") if p.is_file())
    files += [FONTS_DIR / "package.json", FONTS_DIR / "package-lock.json"]
    for folder, pattern in (("cardlib", "*"), ("notebooks", "*.ipynb"), ("exercises", "*")):
        files += [
            p
            for p in (PROJECT / folder).rglob(pattern)
            if p.is_file() and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts
        ]
    return sorted(files)


def fingerprint(
    epoch: int | None,
    graded: str | None = None,
    notebooks: Sequence[Path] | None = None,
    exam: Path | None = None,
) -> str:
    """A digest of every input: the project's files, the build tools' versions, the date when
    one is set (``None``: the build's own), the graded mode built in (with nbgrader's version,
    which releases it), an exam's notebooks and a small site's notebooks."""
    digest = hashlib.sha256()
    for path in input_files():
        digest.update(str(path.relative_to(PROJECT)).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    for name in (
        "jupyterlite-core",
        "jupyterlite-pyodide-kernel",
        *WIDGET_PACKAGES,
        *PROJECT_PACKAGES,
    ):
        digest.update(f"{name}=={importlib.metadata.version(name)}\0".encode())
    digest.update(f"epoch={epoch}\0python={sys.version_info[:2]}".encode())
    if graded is not None:
        digest.update(
            f"\0graded={graded}\0nbgrader=={importlib.metadata.version('nbgrader')}".encode()
        )
    if exam is not None:
        for notebook in sorted(Path(exam).glob("*.ipynb")):
            digest.update(f"\0exam\0{notebook.name}\0".encode() + notebook.read_bytes())
    if notebooks is not None:
        digest.update(b"\0small")
        for notebook in notebooks:
            digest.update(f"\0{notebook.name}\0".encode() + notebook.read_bytes())
    return digest.hexdigest()


def site_summary(out: Path) -> dict:
    """Size and file count of the site (source maps are left out of the build)."""
    files = [p for p in out.rglob("*") if p.is_file() and p.name != STAMP]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}


def build(
    out: Path = DEFAULT_OUT,
    cache: Path = DEFAULT_CACHE,
    force: bool = False,
    graded: str | None = None,
    notebooks: Sequence[Path] | None = None,
    epoch: int | None = None,
    exam: Path | None = None,
) -> dict:
    """Build the site into ``out`` unless it is up to date; the stamp (what was built).

    ``graded`` ("homework" or "exam", with the teacher's ``exam`` folder) adds the graded
    versions; ``notebooks``
    makes a small site of these notebooks and the landing one (a try-out, or a test of the
    hosting). Every file is dated ``epoch`` (default ``SOURCE_DATE_EPOCH``, else the time of
    the build: the dates the students' file list shows).
    """
    if epoch is None and os.environ.get("SOURCE_DATE_EPOCH"):
        epoch = int(os.environ["SOURCE_DATE_EPOCH"])
    stamp_path = out / STAMP
    if graded is not None and graded not in GRADED_MODES:
        raise BuildError(f"--graded {graded!r}: the graded modes are {', '.join(GRADED_MODES)}")
    notebooks = None if notebooks is None else [Path(n) for n in notebooks]
    if graded == EXAM:
        exam_notebooks(exam)  # before anything slow: the exam is the teacher's own
    elif exam is not None:
        raise BuildError("--exam DIR goes with --graded exam")
    digest = fingerprint(epoch, graded, notebooks, exam)
    if not force and stamp_path.exists():
        stamp = json.loads(stamp_path.read_text())
        if stamp.get("fingerprint") == digest:
            return {**stamp, "rebuilt": False}

    started = time.monotonic()
    epoch = int(time.time()) if epoch is None else epoch
    version = digest[:VERSION_LENGTH]
    with tempfile.TemporaryDirectory(prefix="cardlib-lite-") as tmp:
        lite_dir = Path(tmp) / "lite"
        with ThreadPoolExecutor(max_workers=1) as side:  # while the notebooks are generated
            pyodide = side.submit(stage_pyodide, lite_dir / "static" / "pyodide", cache)
            stage_contents(lite_dir / "files", Path(tmp) / "generated", graded, notebooks, exam)
            packages = pyodide.result()
        for path in (lite_dir / "files").rglob("*"):  # the file list shows the build's date
            os.utime(path, (epoch, epoch))
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=2))
        (lite_dir / "overrides.json").write_text(json.dumps(OVERRIDES, indent=2))
        site = Path(tmp) / "site"
        staged = site / VERSIONS_DIR / version
        extensions = [str(labextension_dir(name)) for name in LAB_EXTENSIONS]
        config = {
            "LiteBuildConfig": {
                "federated_extensions": extensions,
                "ignore_sys_prefix": ["federated_extensions"],
                "apps": list(APPS),
                "no_sourcemaps": True,
                "no_unused_shared_packages": True,
                "source_date_epoch": epoch,
                "contents": [str(lite_dir / "files")],
                "settings_overrides": [str(lite_dir / "overrides.json")],
                "output_dir": str(staged),
            }
        }
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
        run(
            [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir)],
            cwd=lite_dir,
            env={**os.environ, "SOURCE_DATE_EPOCH": str(epoch)},
        )
        _check_no_remote_pyodide(staged)
        finish_build(staged, version)
        stage_table_page(staged, version)
        write_root(site, version)
        for path in site.rglob("*"):
            os.utime(path, (epoch, epoch), follow_symlinks=False)
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(site, out)

    stamp = {
        "fingerprint": digest,
        "version": version,
        "built": epoch,  # every file's date, and the file list's
        "pyodide": pyodide_version(),
        "preload": packages,
        "graded": graded,
        **site_summary(out),
        "seconds": round(time.monotonic() - started, 1),
    }
    stamp_path.write_text(json.dumps(stamp, indent=1) + "\n")
    return {**stamp, "rebuilt": True}


def _check_no_remote_pyodide(site: Path) -> None:
    """The built settings must point the kernel at the site's own copy of Pyodide."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"][KERNEL_PLUGIN]
    if not settings.get("pyodideUrl", "").startswith("./"):
        raise BuildError(f"the kernel would load Pyodide from {settings.get('pyodideUrl')!r}")
    if settings.get("disablePyPIFallback") is not True:
        raise BuildError("disablePyPIFallback is not set: piplite could reach PyPI")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (build/lite)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="downloads (.cache/lite)")
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument(
        "--graded",
        choices=GRADED_MODES,
        default=None,
        help="also put the graded versions of the exercises (nbgrader's release, in this mode) "
        "into the site's homework/ folder, or make an exam's site (with --exam), for students to "
        "download and hand in",
    )
    parser.add_argument(
        "--exam",
        type=Path,
        default=None,
        help="with --graded exam: the folder of the exam's instructor notebooks, made by "
        "python -m cardlib.exercises exam (the site then holds the exam and no practice)",
    )
    parser.add_argument(
        "--notebook",
        type=Path,
        action="append",
        dest="notebooks",
        help="a small site: only this notebook (repeat for more) besides "
        f"{LANDING_NOTEBOOK}, nothing generated (to try a host out)",
    )
    args = parser.parse_args(argv)
    try:
        stamp = build(args.out, args.cache, args.force, args.graded, args.notebooks, exam=args.exam)
    except BuildError as error:
        print(f"make lite: {error}", file=sys.stderr)
        return 1
    where = os.path.relpath(args.out)
    graded = f" with the {args.graded} versions in {args.graded}/" if args.graded else ""
    if stamp["rebuilt"]:
        print(
            f"built {where}{graded}: {stamp['files']} files, {stamp['bytes'] / 1e6:.1f} MB "
            f"(Pyodide {stamp['pyodide']}) in {stamp['seconds']} s"
        )
    else:
        size = f"{stamp['files']} files, {stamp['bytes'] / 1e6:.1f} MB"
        print(f"{where}{graded} is up to date ({size})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
