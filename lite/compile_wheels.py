"""Add the bytecode of the site's Python to wheels, so that Pyodide imports without compiling.

Run by ``lite/build_site.py`` *inside Pyodide* (the site's own Python, started by Node from the
runtime the site ships, ``lite/run_in_pyodide.mjs``): only that interpreter writes the bytecode
its browser twin reads (the same magic number and cache tag, ``cpython-314``, whatever Python
runs the build). Pure Python wheels from PyPI hold only sources, and Pyodide compiles every
module on its first import in every page: IPython alone took about 1 s of a kernel's start.

    python compile_wheels.py OUT [--keep-source] WHEEL [[--keep-source] WHEEL]...

Each ``WHEEL`` is written to ``OUT`` under its own name, its ``RECORD`` rewritten to match:

- by default, as Pyodide's own distribution ships packages: each importable module's source
  replaced by its bytecode (``mod.py`` → ``mod.pyc``, which Python imports as it is), so the
  wheel stays about as small as it was; tracebacks through these modules show no source line;
- after ``--keep-source`` (cardlib's wheel: its tracebacks and its source are part of the
  lessons), the sources stay and each gets its ``__pycache__/<name>.<cache tag>.pyc``,
  hash-based and unchecked as a distribution's packages are (loaded without reading the source
  again).

Tests (``tests/`` folders, ``test_*.py``) are never imported: they stay source. A file that does
not compile in this Python (a module for another version) is left as source, as ``compileall``
leaves it. The same wheel in gives the same bytes out.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # what py_compile writes with
from pathlib import Path, PurePosixPath

USAGE = __doc__.split("\n\n")[2].strip()
#: Where Pyodide installs a wheel's files (the compiled code's file name; the loader puts the
#: real one in at import, as it does for any bytecode).
SITE_PACKAGES = PurePosixPath(
    f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
)


def importable(name: str) -> bool:
    """A wheel member that Python imports (not metadata, scripts, data or tests)."""
    parts = name.split("/")
    return (
        name.endswith(".py")
        and not parts[0].endswith((".dist-info", ".data"))
        and not {"tests", "test"} & set(parts[:-1])
        and not parts[-1].startswith("test_")
    )


def pyc_name(name: str, keep_source: bool) -> str:
    """``pkg/mod.py`` → ``pkg/__pycache__/mod.cpython-314.pyc`` beside the source, or
    ``pkg/mod.pyc`` in its place."""
    path = PurePosixPath(name)
    if not keep_source:
        return str(path.with_suffix(".pyc"))
    return str(path.parent / "__pycache__" / f"{path.stem}.{sys.implementation.cache_tag}.pyc")


def bytecode(source: bytes, name: str) -> bytes | None:
    """The unchecked hash-based ``.pyc`` of ``source``; None if it does not compile here."""
    try:
        with warnings.catch_warnings():  # as pip's compile at install: warnings are not ours
            warnings.simplefilter("ignore")
            code = compile(source, str(SITE_PACKAGES / name), "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(wheel: Path, out: Path, keep_source: bool = False) -> tuple[int, int]:
    """``wheel`` with its bytecode, written to ``out``; (compiled, left as source) counts."""
    compiled = skipped = 0
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out, "w") as target:
        members = source.infolist()
        names = {info.filename for info in members}
        record = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
        if record is None:
            raise SystemExit(f"{wheel.name} has no .dist-info/RECORD: not a wheel")
        listed: list[str] = []  # RECORD's lines, in the order the members are written
        for info in members:
            if info.filename == record:
                continue
            data = source.read(info)
            pyc_path = pyc_name(info.filename, keep_source)
            pyc = None
            if importable(info.filename) and pyc_path not in names:
                pyc = bytecode(data, info.filename)
                skipped += pyc is None
            if pyc is None or keep_source:
                target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
                listed.append(record_line(info.filename, data))
            if pyc is not None:
                entry = zipfile.ZipInfo(pyc_path, date_time=info.date_time)
                entry.external_attr = info.external_attr or 0o644 << 16
                target.writestr(entry, pyc, compress_type=zipfile.ZIP_DEFLATED)
                listed.append(record_line(pyc_path, pyc))
                compiled += 1
        info = source.getinfo(record)
        text = "\n".join([*listed, f"{record},,"]) + "\n"
        target.writestr(info, text.encode("utf-8"), compress_type=zipfile.ZIP_DEFLATED)
    return compiled, skipped


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[-1] == "--keep-source":
        raise SystemExit(f"usage: {USAGE}")
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    keep_source = False
    for arg in argv[1:]:
        if arg == "--keep-source":
            keep_source = True
            continue
        wheel = Path(arg)
        compiled, skipped = compile_wheel(wheel, out / wheel.name, keep_source)
        print(f"{wheel.name}: {compiled} compiled, {skipped} left as source")
        keep_source = False
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
