"""A JupyterHub for a graded class of cardlib's exercises, on one machine.

docs/class.md: "A graded class on a JupyterHub". ``make hub`` starts it on http://127.0.0.1:8010/
(``.venv/bin/jupyterhub -f hub/jupyterhub_config.py`` is the same); tests/test_hub_class.py
starts this file as it is and runs a class through it.

Everything the class keeps goes into the class folder, ``$CARDLIB_HUB_DIR`` (by default
``cardlib-hub`` next to the checkout, so that ``git clean`` never deletes a gradebook):

- ``roster.toml``: the teacher and the students. The first start writes an example class (the
  teacher ``teacher``, the students ``asha``, ``ben`` and ``chitra``); edit it and restart the hub.
- ``passwords.toml``: made up on the first start. Every student logs in with the students'
  password; the teacher, a hub admin, with the teacher's (which no student has).
- ``homes/NAME/``: each user's home and notebook folder. The teacher's holds the nbgrader
  course, ``homes/TEACHER/course/`` (the project's ``nbgrader_config.py`` and every notebook of
  ``exercises/`` as an assignment in ``source/``), written on the teacher's first start.
- ``exchange/``: nbgrader's exchange, where assignments are released and handed in.
- the hub's own state: ``jupyterhub.sqlite``, ``jupyterhub_cookie_secret``, ``proxy.pid``.

The course: students are the hub group ``nbgrader-cardlib``, the teacher is ``formgrade-cardlib``
(nbgrader's JupyterHubAuthPlugin reads them: a student sees and hands in the assignments of the
courses they take, hub/jupyter/nbgrader_config.py). The students' servers have no formgrader.

Every single-user server runs as the system user that runs the hub (SimpleLocalProcessSpawner):
no root and no system accounts are needed, but nothing keeps one user out of another's files.
That suits a class on one trusted machine or a try-out; docs/class.md says what to change for a
class whose students must not read each other's work or the solutions.
"""

from __future__ import annotations

import os
import secrets
import shutil
import sys
import tomllib
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides it)

CHECKOUT = Path(__file__).resolve().parent.parent
HUB = CHECKOUT / "hub"
COURSE = "cardlib"  # nbgrader_config.py's CourseDirectory.course_id
CLASS_DIR = Path(os.environ.get("CARDLIB_HUB_DIR") or CHECKOUT.parent / "cardlib-hub").resolve()
HOMES = CLASS_DIR / "homes"
EXCHANGE = CLASS_DIR / "exchange"

EXAMPLE_ROSTER = """\
# The class on the hub (hub/jupyterhub_config.py reads this when the hub starts).
# Add or remove students here and restart the hub. User names: lower case, no spaces.
teacher = "teacher"
students = ["asha", "ben", "chitra"]
"""


def _read_or_write(path: Path, make_text) -> dict:
    """The settings in a TOML file of the class folder, written by ``make_text()`` if missing."""
    if not path.exists():
        path.write_text(make_text(), encoding="utf-8")
        path.chmod(0o600)
    with path.open("rb") as file:
        return tomllib.load(file)


# Every server runs as the system user who runs the hub, so the class folder is that user's
# alone; the exchange inside it is open to all, as nbgrader wants it (and would make it).
CLASS_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)
EXCHANGE.mkdir(exist_ok=True)
EXCHANGE.chmod(0o777)

roster = _read_or_write(CLASS_DIR / "roster.toml", lambda: EXAMPLE_ROSTER)
TEACHER: str = roster["teacher"]
STUDENTS: list[str] = list(roster["students"])
if TEACHER in STUDENTS:
    sys.exit(f"{CLASS_DIR / 'roster.toml'}: {TEACHER!r} is the teacher and cannot be a student")

passwords = _read_or_write(
    CLASS_DIR / "passwords.toml",
    lambda: (
        "# Made up on the hub's first start; delete this file and restart for new ones.\n"
        f'students = "{secrets.token_urlsafe(9)}"\n'
        f'teacher = "{secrets.token_urlsafe(33)}"\n'
    ),
)

# ----- the hub, on loopback: the proxy (configurable-http-proxy, from npm: make hub) in front
c.JupyterHub.bind_url = "http://127.0.0.1:8010"
c.JupyterHub.db_url = f"sqlite:///{CLASS_DIR / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(CLASS_DIR / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.command = [str(HUB / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(CLASS_DIR / "proxy.pid")

# ----- who may log in: one password shared by the students, another for the teacher
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = passwords["students"]
c.SharedPasswordAuthenticator.admin_password = passwords["teacher"]
c.Authenticator.allowed_users = set(STUDENTS)
c.Authenticator.admin_users = {TEACHER}

# ----- the course: nbgrader's groups (hub/jupyter/nbgrader_config.py, JupyterHubAuthPlugin)
c.JupyterHub.load_groups = {
    f"nbgrader-{COURSE}": {"users": STUDENTS},
    f"formgrade-{COURSE}": {"users": [TEACHER]},
}


def _server_scopes(spawner) -> list[str]:
    """What a server's own token may do: the usual (the ``server`` role), and read its user's
    groups, which tell nbgrader the courses; the teacher's also changes who is in the course
    (``nbgrader db student add NAME`` or ``remove NAME`` in a terminal puts a student in or out
    of ``nbgrader-cardlib``, until the next start puts the roster back in)."""
    scopes = ["users:activity!user", "access:servers!server", "read:users:groups!user"]
    if spawner.user.name == TEACHER:
        scopes += [f"read:groups!group=nbgrader-{COURSE}", f"groups!group=nbgrader-{COURSE}"]
    return scopes


# ----- every user's server: JupyterLab from this checkout's .venv, in a home of its own
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
c.Spawner.default_url = "/lab"
if os.getuid() == 0:  # a hub run as root (a container): Jupyter refuses root without this
    c.Spawner.args = ["--allow-root"]
c.Spawner.server_token_scopes = _server_scopes
# A class logs in at once: on a small machine thirty servers take a while to start.
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 300


def _role(spawner) -> str:
    return "teacher" if spawner.user.name == TEACHER else "student"


def _config_path(spawner) -> str:
    """The Jupyter settings of the hub's servers, as /etc/jupyter/ on a hub of its own: nbgrader's
    for every server (hub/jupyter/), and for a student's, no formgrader (hub/student/)."""
    folders = ["student", "jupyter"] if _role(spawner) == "student" else ["jupyter"]
    return os.pathsep.join(str(HUB / folder) for folder in folders)


c.Spawner.environment = {
    # nbgrader runs `alembic`, and a teacher's terminal `nbgrader`, from this checkout's .venv
    "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", os.defpath)]),
    "JUPYTER_CONFIG_PATH": _config_path,
    "CARDLIB_HUB_ROLE": _role,
    "CARDLIB_HUB_EXCHANGE": str(EXCHANGE),
}


def _prepare_home(spawner) -> None:
    """The teacher's first start writes the course: nbgrader_config.py and every exercise as an
    assignment (source/NAME/NAME.ipynb), as docs/teaching.md's "From exercise 3 to grades.csv"
    does."""
    if spawner.user.name != TEACHER:
        return
    course = HOMES / TEACHER / "course"
    if course.exists():
        return
    for notebook in sorted((CHECKOUT / "exercises").glob("*.ipynb")):
        (course / "source" / notebook.stem).mkdir(parents=True)
        shutil.copy2(notebook, course / "source" / notebook.stem / notebook.name)
    shutil.copy2(CHECKOUT / "nbgrader_config.py", course / "nbgrader_config.py")


c.Spawner.pre_spawn_hook = _prepare_home
