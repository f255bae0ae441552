"""``make app``: the card table as a page with no code, for a class on one server.

By default the page is the table's own (:mod:`cardlib.app_server`): a game picker (Call Break,
Call Bridge, Judgement, Contract Bridge), the language menu and the card table on the first
screen, each visitor's table in a Python process of their own, with no kernel and no notebook.

    python -m cardlib.app [--port 8866] [--host 127.0.0.1] [--pool 2] [--cull 300]

A teacher's own notebook can still be served as a page with no code, by Voilà as before
(``--notebook PATH``): cells tagged ``app-hide`` (code-driven demonstrations) are left out of
the copy that Voilà serves; the page loads only what the table needs, from the app's own
server: the widgets' lab extensions and no other (not nbgrader's, not JupyterLite's), and no
style sheet from a CDN. There ``--pool`` is the number of preheated kernels.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
from pathlib import Path

APP_HIDE = "app-hide"
DEFAULT_NOTEBOOK = Path("app/card-table.ipynb")
BUILD_DIR = Path("build/app")


def app_notebook(source: Path, dest_dir: Path = BUILD_DIR) -> Path:
    """Write ``source`` without its ``app-hide`` cells into ``dest_dir``; return the new path."""
    import nbformat  # only for --notebook: the table page's processes never load it

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
#: Voilà's page template for the app (in :data:`APP_SHARE`): its "lab" template without the
#: Font Awesome style sheets it fetches from a CDN (Voilà's own bundle carries the font).
TEMPLATE = "cardlib-app"
#: A Jupyter data directory (on ``JUPYTER_PATH`` when Voilà runs) holding that template.
APP_SHARE = Path(__file__).resolve().parent / "app_share"
#: The only lab extensions the page loads: the widgets' (Voilà's own widget manager included).
#: Others installed beside them (nbgrader's, JupyterLite's) expect JupyterLab and throw
#: errors in the page's console.
WIDGET_EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "@voila-dashboards/widgets-manager8",
    "anywidget",
)
#: Seconds between a preheated kernel being taken and its replacement starting (Voilà's
#: ``fill_delay``): 2 s for each kernel of the pool, at most 30 s. Voilà's default (1 s)
#: starts the replacements of a class's kernels while the class's pages are still connecting,
#: each replacement running the app: on 2 busy cores 10 visitors waited a median 27 s instead
#: of 14 s. Not longer: Voilà hands a visitor who comes when every ready kernel is taken (a
#: reload) the next replacement, and they wait for its delay too; spare kernels in the pool
#: (a few more than the class) serve them at once.
REFILL_DELAY_PER_KERNEL = 2.0
REFILL_DELAY_MAX = 30.0
DEFAULT_HOST = "127.0.0.1"
#: Most tables (kernels) kept preheated.
MAX_POOL = 64
#: A path that answers once Voilà listens, without rendering the notebook: asking for the
#: page itself would hand the preheated kernel to nobody.
READY_PATH = "voila/labextensions/anywidget/package.json"


def voila_argv(
    notebook: Path,
    port: int,
    cull_idle: int = CULL_IDLE_SECONDS,
    cull_interval: int = CULL_INTERVAL_SECONDS,
    preheated: int = PREHEATED_KERNELS,
    host: str = DEFAULT_HOST,
    refill_delay: float | None = None,
) -> list[str]:
    """The Voilà command line: loopback unless ``host`` says otherwise (Voilà has no token:
    anyone who reaches the address plays), no browser opened. Run it with :func:`voila_env`.

    ``preheated`` kernels are kept ready (Voilà's ``preheat_kernel`` and ``pool_size``; 0:
    none, a kernel starts when a page asks for one), each taken one replaced ``refill_delay``
    seconds later (by default :data:`REFILL_DELAY_PER_KERNEL` for each kernel of the pool, at
    most :data:`REFILL_DELAY_MAX`);
    kernels of closed pages are culled once idle (Jupyter's ``MappingKernelManager``
    settings, which Voilà's kernel manager inherits).
    """
    voila = Path(sys.executable).parent / "voila"
    argv = [
        str(voila),
        str(notebook),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        f"--template={TEMPLATE}",
        f"--VoilaConfiguration.extension_allowlist={list(WIDGET_EXTENSIONS)!r}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
    ]
    if sys.platform != "win32":
        # Kernels talk to Voilà over Unix sockets beside their connection files, not TCP ports:
        # a port is picked free, then bound by the kernel later, so kernels starting together
        # (a pool of 30) took each other's ports; the loser died and its pool slot never
        # filled. (Jupyter has no Unix sockets on Windows: TCP there.)
        argv.append("--KernelManager.transport=ipc")
    if preheated > 0:
        if refill_delay is None:
            refill_delay = min(REFILL_DELAY_PER_KERNEL * preheated, REFILL_DELAY_MAX)
        argv += [
            "--preheat_kernel=True",
            f"--pool_size={preheated}",
            f"--VoilaKernelManager.fill_delay={refill_delay}",
        ]
    return argv


def voila_env(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment Voilà runs in: ``environ`` (the process's) with :data:`APP_SHARE` first
    on ``JUPYTER_PATH``, where Voilà finds the app's template, and the learner's progress
    record kept in each kernel's memory (:data:`cardlib.progress.IN_MEMORY`), whatever
    ``CARDLIB_PROGRESS`` said: each visitor's kernel is their own, so is their record, and the
    class does not write one shared file on the server (the table keeps each visitor's record
    of matches in their browser, as it keeps their match)."""
    from cardlib import progress

    environ = dict(os.environ if environ is None else environ)
    kept = environ.get("JUPYTER_PATH", "")
    environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(APP_SHARE), kept) if p)
    environ[progress.ENVIRONMENT_VARIABLE] = progress.IN_MEMORY
    return environ


def pool_size(text: str) -> int:
    """``--pool``: how many tables (kernels) to keep preheated, a whole number, 0 to MAX_POOL."""
    try:
        value = int(text.strip(), 10)
    except ValueError:
        value = -1
    if not text.strip().isascii() or not 0 <= value <= MAX_POOL:
        raise argparse.ArgumentTypeError(
            f"--pool (POOL=) must be a whole number from 0 to {MAX_POOL} (tables kept "
            f"preheated; 0: none), not {text!r}"
        )
    return value


def host_address(text: str) -> str:
    """``--host``: the IP address to listen on (127.0.0.1 by default; 0.0.0.0 for every network
    of the machine, or one of its own addresses, such as the classroom network's)."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--host (HOST=) must be an IP address, such as 127.0.0.1 (this machine only, the "
            f"default), 0.0.0.0 (every network) or the machine's address on the classroom "
            f"network, not {text!r}"
        ) from None


def cull_seconds(text: str) -> float:
    """``--cull``: seconds a closed page's process is kept, a number from 0.1 to a day."""
    try:
        value = float(text.strip())
    except ValueError:
        value = -1.0
    if not 0.1 <= value <= 86_400:
        raise argparse.ArgumentTypeError(
            f"--cull must be a number of seconds from 0.1 to 86400 (how long a closed page's "
            f"table is kept), not {text!r}"
        )
    return value


def main(argv: list[str] | None = None) -> None:
    """Serve the card table (``python -m cardlib.app --port N --host H --pool N``)."""
    from cardlib import app_server

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument(
        "--host",
        type=host_address,
        default=DEFAULT_HOST,
        help="IP address to listen on (default: 127.0.0.1, this machine only)",
    )
    parser.add_argument(
        "--pool",
        type=pool_size,
        default=None,
        help=f"tables (with --notebook: kernels) kept preheated for the next visitors "
        f"(default: {app_server.DEFAULT_POOL}; with --notebook: {PREHEATED_KERNELS})",
    )
    parser.add_argument(
        "--cull",
        type=cull_seconds,
        default=app_server.CULL_SECONDS,
        help=f"seconds a closed page's table is kept before its process is ended "
        f"(default: {app_server.CULL_SECONDS})",
    )
    parser.add_argument(
        "--max-visitors",
        type=int,
        default=app_server.MAX_VISITORS,
        help=f"most visitors at once (default: {app_server.MAX_VISITORS})",
    )
    parser.add_argument(
        "--notebook", type=Path, help="serve this notebook with Voilà instead of the table page"
    )
    args = parser.parse_args(argv)
    if args.host != DEFAULT_HOST:
        print(
            f"Serving the card table to every machine that reaches {args.host}:{args.port}: "
            "it asks for no password.",
            file=sys.stderr,
        )
    if args.notebook is None:
        pool = app_server.DEFAULT_POOL if args.pool is None else args.pool
        app_server.serve(args.port, args.host, pool, args.cull, args.max_visitors)
        return
    preheated = PREHEATED_KERNELS if args.pool is None else args.pool
    command = voila_argv(
        app_notebook(args.notebook), args.port, preheated=preheated, host=args.host
    )
    os.execve(command[0], command, voila_env())


if __name__ == "__main__":
    main()
