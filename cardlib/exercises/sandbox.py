"""Grading in a sandbox: the student's kernel runs under bubblewrap (``bwrap``).

While nbgrader autogrades, each submission's notebook runs in a kernel that sees only the
system (``/usr``, ``/etc``), the Python it runs on, the ``cardlib`` package and a scratch copy of
the submission's folder: never the course folder (``source/`` with every solution,
``gradebook.db``, ``nbgrader_config.py``, the other students' work) nor the checkout (whose
``exercises/`` holds the instructor notebooks). Everything it sees is read-only but the scratch
copy and a private ``/tmp``, both thrown away with the kernel. It has no network (its own network
namespace; the kernel's sockets are Unix sockets in a private folder), its own process namespace
(a process it detaches dies with it: ``--die-with-parent``), and limits on memory, CPU time,
processes and file size (``prlimit``). Run as root (a CI machine, a hub), it also drops to the
unprivileged user ``nobody`` inside the sandbox.

The course's ``nbgrader_config.py`` makes nbgrader's Execute preprocessor use
:class:`SandboxedKernelManager`; ``python -m cardlib.exercises autograde`` checks first that the
sandbox can start and refuses to grade otherwise, unless ``--unsandboxed`` is given (then
:data:`UNSANDBOXED` is set in the environment and the kernel runs as before, with a warning).
:class:`LimitOutputSize` cuts what a cell printed to a size a feedback page can hold.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from jupyter_client.manager import KernelManager
from nbformat import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Int

#: Set (to "1") by ``autograde --unsandboxed``: the kernel runs unconfined, with a warning.
UNSANDBOXED = "CARDLIB_GRADING_UNSANDBOXED"
#: The user a root-run grading drops to inside the sandbox.
UNPRIVILEGED = "nobody"
#: What the kernel may keep of the grader's environment (the rest, tokens too, it never sees).
KEPT_ENVIRONMENT = ("PATH", "LANG", "LANGUAGE", "LC_ALL", "PYTHONPATH", "TZ")

GIB = 1024**3
MIB = 1024**2


class SandboxUnavailable(RuntimeError):
    """bwrap is missing or cannot start a sandbox here (user namespaces disabled, say)."""


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SandboxUnavailable(
            f"{name} is not installed: 'apt-get install bubblewrap util-linux' (make test "
            "installs them when run as root)"
            if name != "bwrap"
            else "bubblewrap (bwrap) is not installed: 'apt-get install bubblewrap' (make "
            "test installs it when run as root)"
        )
    return found


def _ancestors(path: Path) -> list[Path]:
    return list(reversed(path.parents))[1:]  # without "/"


def _read_only_paths() -> list[Path]:
    """What the kernel needs to run: the Python (venv and the interpreter it was made from)
    and the cardlib package itself, never the folder the package sits in (a checkout's
    ``exercises/`` holds the solutions)."""
    import cardlib

    paths = {Path(sys.prefix), Path(sys.base_prefix), Path(cardlib.__file__).parent}
    paths |= {path.resolve() for path in paths}
    executable = Path(sys.executable)
    paths |= {executable.parent, executable.resolve().parent.parent}
    return sorted(path for path in paths if path.exists() and not str(path).startswith("/usr"))


def _limits(uid: int, memory: int, cpu: int, processes: int, file_size: int) -> list[str]:
    """prlimit's arguments. RLIMIT_NPROC counts every process of the user: for a teacher's own
    account (no drop to ``nobody``) the limit is what they already run plus ``processes``."""
    if uid != 0:
        processes += sum(1 for p in Path("/proc").glob("[0-9]*") if _owner(p) == uid)
    return [
        _tool("prlimit"),
        f"--as={memory}",
        f"--cpu={cpu}",
        f"--nproc={processes}",
        f"--fsize={file_size}",
        "--core=0",
        "--",
    ]


def _owner(path: Path) -> int | None:
    try:
        return path.stat().st_uid
    except OSError:  # the process ended meanwhile
        return None


def sandbox_command(
    command: list[str],
    scratch: Path,
    sockets: Path,
    *,
    memory: int = 2 * GIB,
    cpu: int = 300,
    processes: int = 64,
    file_size: int = 64 * MIB,
) -> list[str]:
    """``command`` wrapped in bwrap and prlimit: ``scratch`` (the kernel's working folder) and
    ``sockets`` (its connection file and Unix sockets) are the only folders it may write but
    its private ``/tmp``."""
    root = os.geteuid() == 0
    argv = [_tool("bwrap"), "--tmpfs", "/tmp"]
    for system in ("/usr", "/etc"):
        argv += ["--ro-bind", system, system]
    for name in ("bin", "lib", "lib64", "sbin"):
        if Path("/", name).is_symlink():
            argv += ["--symlink", os.readlink(Path("/", name)), f"/{name}"]
        elif Path("/", name).is_dir():
            argv += ["--ro-bind", f"/{name}", f"/{name}"]
    mounted = [
        *(("--ro-bind", p) for p in _read_only_paths()),
        *(("--bind", p) for p in (scratch, sockets)),
    ]
    made: set[Path] = set()
    for _how, path in mounted:
        # Folders bwrap makes on the way are root's and private: the kernel (nobody) must
        # pass through them.
        for parent in _ancestors(path):
            if parent not in made and str(parent) not in ("/tmp", "/usr", "/etc"):
                argv += ["--perms", "0755", "--dir", str(parent)]
                made.add(parent)
    for how, path in mounted:
        argv += [how, str(path), str(path)]
    argv += ["--dev", "/dev", "--proc", "/proc"]
    # bwrap's own init is pid 1 of the namespace (no --as-pid-1): killed (a kernel shutdown that
    # timed out kills bwrap), its parent-death signal kills that init, and with it every process
    # of the namespace. The kernel's own parent-death signal would not do: a kernel running as
    # nobody cannot be signalled by root's capability-less bwrap. ipykernel does not take the
    # init for a dead parent, as JPY_PARENT_PID is cleared (--clearenv).
    argv += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
    argv += ["--unshare-cgroup-try", "--die-with-parent", "--new-session"]
    if not root:
        argv += ["--unshare-user"]
    argv += ["--clearenv"]
    for name in KEPT_ENVIRONMENT:
        if name in os.environ:
            argv += ["--setenv", name, os.environ[name]]
    home = "/tmp/home"
    argv += [
        "--perms",
        "0777",
        "--dir",
        home,
        "--setenv",
        "HOME",
        home,
        "--setenv",
        "TMPDIR",
        "/tmp",
    ]
    argv += ["--setenv", "IPYTHONDIR", f"{home}/.ipython", "--setenv", "MPLCONFIGDIR", home]
    argv += ["--setenv", "CARDLIB_PROGRESS", f"{home}/cardlib-progress.json"]
    argv += ["--chdir", str(scratch)]
    if root:
        user = pwd.getpwnam(UNPRIVILEGED)
        argv += [
            _tool("setpriv"),
            f"--reuid={user.pw_uid}",
            f"--regid={user.pw_gid}",
            "--clear-groups",
        ]
    uid = os.getuid()
    return argv + _limits(uid, memory, cpu, processes, file_size) + command


def _private_folder(prefix: str) -> Path:
    """A new folder the kernel may write (owned by ``nobody`` when grading runs as root)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    if os.geteuid() == 0:
        user = pwd.getpwnam(UNPRIVILEGED)
        os.chown(folder, user.pw_uid, user.pw_gid)
    return folder


def check_sandbox() -> None:
    """Start a sandbox as grading would and run ``true`` in it; SandboxUnavailable if not."""
    scratch, sockets = _private_folder("cardlib-probe-"), _private_folder("cardlib-k-")
    try:
        command = sandbox_command(["true"], scratch, sockets)
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(sockets, ignore_errors=True)
    if result.returncode != 0:
        raise SandboxUnavailable(
            f"bwrap cannot start a sandbox here: {result.stderr.strip() or result.returncode}"
        )


class SandboxedKernelManager(KernelManager):
    """A kernel manager whose kernel runs in :func:`sandbox_command`'s sandbox, in a scratch
    copy of its working folder; talks to it over Unix sockets (the kernel has no network)."""

    memory = Int(2 * GIB, help="the kernel's address space, bytes").tag(config=True)
    cpu = Int(300, help="the kernel's CPU time, seconds").tag(config=True)
    processes = Int(64, help="processes and threads the kernel may run").tag(config=True)
    file_size = Int(64 * MIB, help="the largest file the kernel may write, bytes").tag(config=True)

    _scratch: Path | None = None
    _sockets: Path | None = None

    def _sandboxed(self) -> bool:
        if os.environ.get(UNSANDBOXED) == "1":
            self.log.warning(
                "grading WITHOUT a sandbox (--unsandboxed): the student's code "
                "runs as you, with your files"
            )
            return False
        return True

    async def _async_pre_start_kernel(self, **kw: Any) -> tuple[list[str], dict[str, Any]]:
        if self._sandboxed() and self._sockets is None:
            self._sockets = _private_folder("cardlib-k-")
            self.transport = "ipc"
            self.ip = str(self._sockets / "k")
            self.connection_file = str(self._sockets / "kernel.json")
        return await super()._async_pre_start_kernel(**kw)

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw: Any) -> None:
        if self._sockets is not None:
            if os.geteuid() == 0:  # written 0600 by jupyter_client: the kernel runs as nobody
                user = pwd.getpwnam(UNPRIVILEGED)
                os.chown(self.connection_file, user.pw_uid, user.pw_gid)
            self._scratch = _private_folder("cardlib-scratch-")
            cwd = kw.get("cwd")
            if cwd and Path(cwd).is_dir():
                shutil.copytree(cwd, self._scratch, dirs_exist_ok=True)
                if os.geteuid() == 0:
                    user = pwd.getpwnam(UNPRIVILEGED)
                    for path in [self._scratch, *self._scratch.rglob("*")]:
                        os.chown(path, user.pw_uid, user.pw_gid, follow_symlinks=False)
            kernel_cmd = sandbox_command(
                kernel_cmd,
                self._scratch,
                self._sockets,
                memory=self.memory,
                cpu=self.cpu,
                processes=self.processes,
                file_size=self.file_size,
            )
            kw["cwd"] = str(self._scratch)
        await super()._async_launch_kernel(kernel_cmd, **kw)

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart:
            for folder in (self._scratch, self._sockets):
                if folder is not None:
                    shutil.rmtree(folder, ignore_errors=True)
            self._scratch = self._sockets = None


class LimitOutputSize(NbGraderPreprocessor):
    """Cuts each output's text (a stream, or a display's text or HTML) to ``max_chars``: a
    cell that prints 20 MB keeps neither the autograded notebook nor the feedback that size.
    nbgrader's LimitOutput counts lines, and one line can be any length."""

    max_chars = Int(100_000, help="characters kept of each output's text").tag(config=True)

    def _cut(self, text: Any) -> Any:
        if isinstance(text, list):
            text = "".join(text)
        if isinstance(text, str) and len(text) > self.max_chars:
            return text[: self.max_chars] + f"\n... (output cut at {self.max_chars} characters)"
        return text

    def preprocess_cell(
        self, cell: NotebookNode, resources: dict, index: int
    ) -> tuple[NotebookNode, dict]:
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = self._cut(output["text"])
            data = output.get("data", {})
            for key, value in list(data.items()):
                if key.startswith("text/") or isinstance(value, str):
                    data[key] = self._cut(value)
            if "traceback" in output:
                output["traceback"] = [self._cut(line) for line in output["traceback"]]
        return cell, resources
