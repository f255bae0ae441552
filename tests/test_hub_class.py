"""A graded class on the project's JupyterHub, end to end (docs/class.md, "A graded class
on a JupyterHub").

``hub/jupyterhub_config.py`` as it is starts a real JupyterHub on 127.0.0.1, behind
configurable-http-proxy from ``hub/node_modules`` (``make test`` installs it), with a class folder
of its own. Everything then goes over HTTP through the hub's proxy, as the users' browsers send it:

- the teacher and three students log in with the class's passwords and start their servers, all
  at once; each waits on the hub's progress events until its server is ready;
- the teacher generates and releases exercise 03 from the formgrader (its buttons' requests);
- each student fetches it from the Assignments tab's requests, answers in the notebook file
  (written through their own server's contents API) and submits: Asha everything right, Ben
  four right, one wrong and one left open, Chitra nothing;
- the teacher collects and autogrades from the formgrader, and runs ``nbgrader export`` in a
  terminal of their server.

Each student's score is checked exactly, in the formgrader and in ``grades.csv``. A student's token
opens no door of the teacher's server, and a student's server has no formgrader.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import csv
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import nbformat
import psutil
import pytest
import requests

pytestmark = [pytest.mark.hub, pytest.mark.grading, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "hub" / "jupyterhub_config.py"
PROXY = ROOT / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"
JUPYTERHUB = Path(sys.executable).with_name("jupyterhub")
COURSE = "cardlib"
ASSIGNMENT = "03-trick-winners"
# Waits for a busy two-core machine: each is a deadline for an event, never a pause.
STARTUP = 300.0  # s: a server started beside three others, or the hub itself
REQUEST = 300.0  # s: one request, autograding included


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _solutions() -> dict[str, str]:
    """Each answer cell of the instructor notebook, with its solution (nbgrader's markers out)."""
    notebook = nbformat.read(ROOT / "exercises" / f"{ASSIGNMENT}.ipynb", as_version=4)
    return {
        cell.id: "\n".join(line for line in cell.source.split("\n") if "### " not in line)
        for cell in notebook.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }


SOLUTIONS = _solutions()
# What each student writes into the answer cells (the rest stay as released), and the score.
ANSWERS = {
    "asha": dict(SOLUTIONS),
    "ben": {
        **{cell: SOLUTIONS[cell] for cell in ("q1-answer", "q2-answer", "q3-answer", "q4-answer")},
        "q5-answer": "answer_5 = 1  # the leader's seat, not the winner's",
    },
    "chitra": {},
}
SCORES = {"asha": 6.0, "ben": 4.0, "chitra": 0.0}


class Hub:
    """The class's JupyterHub, started from hub/jupyterhub_config.py, and its users' tokens."""

    def __init__(self, class_dir: Path) -> None:
        self.class_dir = class_dir
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = class_dir.parent / "jupyterhub.log"
        self.tokens: dict[str, str] = {}
        self.teacher = ""
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Start the hub and wait until its API answers."""
        argv = [
            str(JUPYTERHUB),
            "-f",
            str(CONFIG),
            f"--JupyterHub.bind_url={self.url}",
            f"--JupyterHub.hub_bind_url=http://127.0.0.1:{_free_port()}",
            f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{_free_port()}",
        ]
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                argv,
                cwd=self.class_dir.parent,
                env={**os.environ, "CARDLIB_HUB_DIR": str(self.class_dir)},
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        deadline = time.monotonic() + STARTUP
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub exited early:\n{self.log_tail()}")
            try:
                if requests.get(f"{self.url}/hub/api/", timeout=10).status_code == 200:
                    return
            except (requests.ConnectionError, requests.Timeout):
                pass
            time.sleep(0.1)  # the next look at the API, not a wait for something to happen
        raise RuntimeError(f"the hub did not answer in {STARTUP:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Stop the hub, which stops every user's server and the proxy; then kill whatever
        it started that is still running (the servers and the proxy have sessions of their
        own, out of reach of the hub's)."""
        if self.process is None or self.process.poll() is not None:
            return
        hub = psutil.Process(self.process.pid)
        started = hub.children(recursive=True)
        # The hub stops a server with SIGINT, which Jupyter answers with 5 s of waiting for a
        # confirmation nobody types; SIGTERM stops it at once (and the hub, its parent, then
        # finds it gone).
        for server in hub.children():
            with contextlib.suppress(psutil.Error):  # one that has just ended
                if "jupyterhub-singleuser" in " ".join(server.cmdline()):
                    server.terminate()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        for process in started:
            with contextlib.suppress(psutil.Error):
                process.kill()  # psutil checks it is still the process it was, not a new one

    def log_tail(self, lines: int = 60) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def log_in_and_start(self, name: str, password: str) -> str:
        """Log in on the hub's login page, start the user's server, wait until it is ready;
        the token the user's browser would use from then on."""
        browser = requests.Session()
        browser.get(f"{self.url}/hub/login", timeout=REQUEST).raise_for_status()
        login = browser.post(
            f"{self.url}/hub/login",
            data={"username": name, "password": password, "_xsrf": browser.cookies["_xsrf"]},
            allow_redirects=False,
            timeout=REQUEST,
        )
        assert login.status_code == 302, f"{name} could not log in: {login.status_code}"
        answer = browser.post(
            f"{self.url}/hub/api/users/{name}/tokens",
            json={"note": "test_hub_class"},
            headers={"X-XSRFToken": browser.cookies["_xsrf"]},
            timeout=REQUEST,
        )
        answer.raise_for_status()
        token = answer.json()["token"]
        headers = {"Authorization": f"token {token}"}
        started = requests.post(
            f"{self.url}/hub/api/users/{name}/server", headers=headers, timeout=REQUEST
        )
        assert started.status_code in (201, 202), started.text
        with requests.get(
            f"{self.url}/hub/api/users/{name}/server/progress",
            headers=headers,
            stream=True,
            timeout=STARTUP,
        ) as events:
            for line in events.iter_lines():
                if line.startswith(b"data:"):
                    event = json.loads(line[len(b"data:") :])
                    if event.get("failed"):
                        raise AssertionError(f"{name}: {event['message']}\n{self.log_tail()}")
                    if event.get("ready"):
                        return token
        raise AssertionError(f"{name}'s server sent no ready event\n{self.log_tail()}")

    def call(self, user: str, method: str, path: str, as_user: str | None = None, **kwargs):
        """A request to ``user``'s server through the proxy, with ``as_user``'s token (by
        default the user's own)."""
        token = self.tokens[as_user or user]
        return requests.request(
            method,
            f"{self.url}/user/{user}/{path}",
            headers={"Authorization": f"token {token}"},
            timeout=REQUEST,
            **kwargs,
        )

    def ok(self, user: str, method: str, path: str, **kwargs):
        """``call``, which must answer 2xx and, where nbgrader says, ``success``; its JSON."""
        response = self.call(user, method, path, **kwargs)
        assert response.ok, f"{method} {path}: {response.status_code} {response.text[:2000]}"
        body = response.json() if response.content else None
        if isinstance(body, dict) and "success" in body:
            assert body["success"], f"{method} {path}:\n{json.dumps(body, indent=1)[-4000:]}"
        return body

    def run_in_terminal(self, user: str, command: str) -> tuple[int, str]:
        """Run a command in a new terminal of ``user``'s server (JupyterLab's File → New →
        Terminal); its exit status and the terminal's text."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        name = self.ok(user, "POST", "api/terminals")["name"]
        url = f"ws://127.0.0.1:{self.port}/user/{user}/terminals/websocket/{name}"
        done = re.compile(r"exit-status=(\d+)")

        async def talk() -> tuple[int, str]:
            headers = {"Authorization": f"token {self.tokens[user]}"}
            socket = await websocket_connect(HTTPRequest(url, headers=headers))
            # the typed line reads exit-""status=$?, so only the output matches ``done``
            typed = f'{command}; echo "exit-""status=$?"\r'
            await socket.write_message(json.dumps(["stdin", typed]))
            text = ""
            while not (found := done.search(text)):
                message = await asyncio.wait_for(socket.read_message(), REQUEST)
                assert message is not None, f"the terminal closed:\n{text}"
                kind, *content = json.loads(message)
                if kind == "stdout":
                    text += content[0]
            socket.close()
            return int(found.group(1)), text

        try:
            # A thread of its own: on a pytest worker an earlier test (Playwright's sync API,
            # a notebook's kernel client) may have left an event loop running in this one.
            with concurrent.futures.ThreadPoolExecutor(1) as own_thread:
                return own_thread.submit(asyncio.run, talk()).result()
        finally:
            self.call(user, "DELETE", f"api/terminals/{name}")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """The hub with its four users logged in and their servers ready."""
    if not PROXY.exists():
        reason = f"{PROXY.relative_to(ROOT)} is missing: `make test` (or `make hub`) installs it"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    hub = Hub(tmp_path_factory.mktemp("hub") / "class")
    try:
        hub.start()
        with open(hub.class_dir / "roster.toml", "rb") as file:
            roster = tomllib.load(file)
        with open(hub.class_dir / "passwords.toml", "rb") as file:
            passwords = tomllib.load(file)
        assert roster["students"] == list(SCORES), roster
        hub.teacher = roster["teacher"]
        users = {hub.teacher: passwords["teacher"]}
        users |= {student: passwords["students"] for student in roster["students"]}
        with concurrent.futures.ThreadPoolExecutor(len(users)) as pool:
            tokens = pool.map(hub.log_in_and_start, users, users.values())
            hub.tokens = dict(zip(users, tokens, strict=True))
        yield hub
    finally:
        hub.stop()


def _hand_in(hub: Hub, student: str) -> list[dict]:
    """What a student does: fetch, answer in the notebook, submit; the Assignments list after."""
    body = {"course_id": COURSE, "assignment_id": ASSIGNMENT}
    listed = hub.ok(student, "POST", "assignments/fetch", json=body)["value"]
    assert {"assignment_id": ASSIGNMENT, "status": "fetched"}.items() <= listed[0].items(), listed
    path = f"api/contents/{COURSE}/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"
    notebook = hub.ok(student, "GET", path)["content"]
    for cell in notebook["cells"]:
        if cell["id"] in ANSWERS[student]:
            cell["source"] = ANSWERS[student][cell["id"]]
    hub.ok(student, "PUT", path, json={"type": "notebook", "format": "json", "content": notebook})
    return hub.ok(student, "POST", "assignments/submit", json=body)["value"]


def test_a_class_hands_in_exercise_3_and_gets_exactly_its_grades(hub):
    formgrader = "formgrader/api"
    teacher = hub.teacher

    # The teacher: Formgrader → Manage Assignments → Generate, then Release (the page offers
    # it only where the exchange works).
    hub.ok(teacher, "POST", f"{formgrader}/assignment/{ASSIGNMENT}/assign")
    assert hub.ok(teacher, "GET", f"{formgrader}/assignment/{ASSIGNMENT}")["releaseable"]
    hub.ok(teacher, "POST", f"{formgrader}/assignment/{ASSIGNMENT}/release")

    # The students, all at once.
    with concurrent.futures.ThreadPoolExecutor(len(SCORES)) as pool:
        handed_in = dict(zip(SCORES, pool.map(lambda s: _hand_in(hub, s), SCORES), strict=True))
    for student, listed in handed_in.items():
        assert [a["status"] for a in listed if a["assignment_id"] == ASSIGNMENT] == [
            "fetched",
            "submitted",
        ], (student, listed)

    # The teacher: Collect, then Autograde each submission (Manage Submissions).
    hub.ok(teacher, "POST", f"{formgrader}/assignment/{ASSIGNMENT}/collect")
    for student in SCORES:
        hub.ok(teacher, "POST", f"{formgrader}/submission/{ASSIGNMENT}/{student}/autograde")
    submissions = hub.ok(teacher, "GET", f"{formgrader}/submissions/{ASSIGNMENT}")
    assert {s["student"]: s["score"] for s in submissions} == SCORES
    assert all(s["max_score"] == 6 and not s["needs_manual_grade"] for s in submissions)

    # ... and `nbgrader export` in a terminal of the teacher's server.
    status, text = hub.run_in_terminal(teacher, "cd course && nbgrader export")
    assert status == 0, text
    grades = hub.ok(teacher, "GET", "api/contents/course/grades.csv", params={"format": "text"})
    rows = list(csv.DictReader(io.StringIO(grades["content"])))
    assert {row["student_id"]: float(row["score"]) for row in rows} == SCORES, rows


def test_a_student_reaches_no_formgrader(hub):
    teacher, student = hub.teacher, next(iter(SCORES))
    # not the teacher's: the hub lets a student's token into the student's own server only
    denied = hub.call(teacher, "GET", "formgrader/api/assignments", as_user=student)
    assert denied.status_code == 403, denied.status_code
    # and none in the student's own server (hub/student/jupyter_server_config.json)
    assert hub.call(student, "GET", "formgrader/api/assignments").status_code == 404
    assert hub.ok(teacher, "GET", "formgrader/api/assignments")  # while the teacher's answers
