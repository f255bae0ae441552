"""``make app``: the card table as a page with no code, served by Voilà.

By default the page is ``app/card-table.ipynb``: a game picker (Call Break,
Call Bridge, Judgement, Contract Bridge) and the card table
(:class:`cardlib.widgets.table.TableApp`) on the first screen. Any notebook can
be served instead; cells tagged ``app-hide`` (code-driven demonstrations) are
left out of the copy that Voilà serves.

    python -m cardlib.app [--port 8866] [--notebook app/card-table.ipynb]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import nbformat

APP_HIDE = "app-hide"
DEFAULT_NOTEBOOK = Path("app/card-table.ipynb")
BUILD_DIR = Path("build/app")


def app_notebook(source: Path, dest_dir: Path = BUILD_DIR) -> Path:
    """Write ``source`` without its ``app-hide`` cells into ``dest_dir``; return the new path."""
    notebook = nbformat.read(source, as_version=4)
    notebook.cells = [c for c in notebook.cells if APP_HIDE not in c.metadata.get("tags", [])]
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / source.name
    nbformat.write(notebook, dest)
    return dest


#: Seconds a kernel whose page is gone may sit idle before Voilà shuts it down, and how often
#: Voilà looks. A page still open is never culled (its connection counts), however long the
#: learner thinks; a preheated kernel waiting for its visitor is never culled either.
CULL_IDLE_SECONDS = 300
CULL_INTERVAL_SECONDS = 60
#: Kernels kept preheated: each has run the notebook already, so the next visitor's page
#: gets a playable table at once (benchmarks/bench_table.py measures it), and Voilà starts
#: the next one as soon as one is taken.
PREHEATED_KERNELS = 1
#: A path that answers once Voilà listens, without rendering the notebook: asking for the
#: page itself would hand the preheated kernel to nobody.
READY_PATH = "voila/labextensions/anywidget/package.json"


def voila_argv(
    notebook: Path,
    port: int,
    cull_idle: int = CULL_IDLE_SECONDS,
    cull_interval: int = CULL_INTERVAL_SECONDS,
    preheated: int = PREHEATED_KERNELS,
) -> list[str]:
    """The Voilà command line: loopback only (Voilà has no token), no browser opened.

    ``preheated`` kernels are kept ready (Voilà's ``preheat_kernel`` and ``pool_size``; 0:
    none, a kernel starts when a page asks for one); kernels of closed pages are culled once
    idle (Jupyter's ``MappingKernelManager`` settings, which Voilà's kernel manager inherits).
    """
    voila = Path(sys.executable).parent / "voila"
    argv = [
        str(voila),
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
    ]
    if preheated > 0:
        argv += ["--preheat_kernel=True", f"--pool_size={preheated}"]
    return argv


def main(argv: list[str] | None = None) -> None:
    """Serve the card table with Voilà on 127.0.0.1 (``python -m cardlib.app --port N``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--notebook", type=Path, default=DEFAULT_NOTEBOOK)
    args = parser.parse_args(argv)
    command = voila_argv(app_notebook(args.notebook), args.port)
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
