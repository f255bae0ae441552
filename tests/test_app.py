"""``make app`` serves the card table page (cardlib.app_server, tested in test_app_server.py);
with ``--notebook`` Voilà serves a notebook, which loses its demonstration cells."""

import os
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from cardlib import app, progress
from cardlib.app import (
    APP_HIDE,
    APP_SHARE,
    DEFAULT_NOTEBOOK,
    MAX_POOL,
    PREHEATED_KERNELS,
    TEMPLATE,
    WIDGET_EXTENSIONS,
    app_notebook,
    voila_argv,
    voila_env,
)

MATCH_NOTEBOOK = Path("notebooks/06-play-a-match.ipynb")


def test_the_app_is_the_game_picker_and_the_table(tmp_path):
    served = nbformat.read(app_notebook(DEFAULT_NOTEBOOK, tmp_path), as_version=4)
    code = [c for c in served.cells if c.cell_type == "code"]
    assert [c.source.splitlines()[-1] for c in code] == ["TableApp().widget"]
    assert served.cells[0].cell_type == "markdown"  # a title, then the table: the first screen
    NotebookClient(served, timeout=120, kernel_name="python3").execute()
    views = [
        o
        for o in served.cells[1].outputs
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert len(views) == 1 and not any(o.output_type == "error" for o in served.cells[1].outputs)


def test_app_notebook_keeps_the_table_and_drops_the_demonstrations(tmp_path):
    source = nbformat.read(MATCH_NOTEBOOK, as_version=4)
    hidden = [c for c in source.cells if APP_HIDE in c.metadata.get("tags", [])]
    assert hidden, "notebook 06 marks its demonstration cells app-hide"
    trimmed = nbformat.read(app_notebook(MATCH_NOTEBOOK, tmp_path), as_version=4)
    sources = [c.source for c in trimmed.cells]
    assert len(trimmed.cells) == len(source.cells) - len(hidden)
    assert any('CardTable("callbreak", seed=2052, guided=True)' in s for s in sources)
    assert not any("finish_match" in s or "demo" in s for s in sources)


def test_voila_listens_on_loopback_only():
    argv = voila_argv(MATCH_NOTEBOOK, 8866)
    assert "--Voila.ip=127.0.0.1" in argv and "--no-browser" in argv


def test_voila_culls_the_kernels_of_closed_pages():
    argv = voila_argv(MATCH_NOTEBOOK, 8866)
    assert "--MappingKernelManager.cull_connected=False" in argv  # an open page is never culled
    idle = next(a for a in argv if a.startswith("--MappingKernelManager.cull_idle_timeout="))
    assert int(idle.split("=")[1]) > 0


def test_voila_keeps_a_kernel_preheated_for_the_next_visitor():
    argv = voila_argv(MATCH_NOTEBOOK, 8866)
    assert "--preheat_kernel=True" in argv and f"--pool_size={PREHEATED_KERNELS}" in argv
    assert PREHEATED_KERNELS >= 1
    assert not any(
        "preheat" in a or "pool_size" in a for a in voila_argv(MATCH_NOTEBOOK, 1, preheated=0)
    )


def served_with(monkeypatch, *argv: str) -> tuple[list[str], dict[str, str]]:
    """What ``python -m cardlib.app --notebook NB ARGV`` would run: Voilà's command line and
    environment."""
    ran = []
    monkeypatch.setattr(os, "execve", lambda path, args, env: ran.append((args, env)))
    monkeypatch.setattr(app, "app_notebook", lambda source: source)
    app.main(["--notebook", str(DEFAULT_NOTEBOOK), *argv])
    return ran[0]


def table_page_served_with(monkeypatch, *argv: str) -> dict:
    """What ``python -m cardlib.app ARGV`` would serve (the table page): serve()'s arguments."""
    from cardlib import app_server

    ran = []
    monkeypatch.setattr(
        app_server, "serve", lambda *args: ran.append(dict(zip(SERVE_ARGS, args, strict=True)))
    )
    monkeypatch.setattr(os, "execve", lambda *args: pytest.fail("Voilà started"))
    app.main(list(argv))
    return ran[0]


SERVE_ARGS = ("port", "host", "pool", "cull", "max_visitors")


def test_make_app_serves_the_table_page_and_takes_the_same_flags(monkeypatch, capsys):
    from cardlib import app_server

    assert table_page_served_with(monkeypatch) == {
        "port": 8866,
        "host": "127.0.0.1",
        "pool": app_server.DEFAULT_POOL,
        "cull": app_server.CULL_SECONDS,
        "max_visitors": app_server.MAX_VISITORS,
    }
    assert capsys.readouterr().err == ""
    served = table_page_served_with(
        monkeypatch, "--pool", "30", "--host", "0.0.0.0", "--port", "9000", "--cull", "2.5"
    )
    assert (served["pool"], served["host"], served["port"], served["cull"]) == (
        30,
        "0.0.0.0",
        9000,
        2.5,
    )
    assert "no password" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["0", "-5", "soon", "nan", "inf", "1e9"])
def test_a_bad_cull_time_is_refused_naming_the_flag_and_what_is_accepted(monkeypatch, capsys, bad):
    with pytest.raises(SystemExit):
        table_page_served_with(monkeypatch, "--cull", bad)
    said = capsys.readouterr().err
    assert "--cull must be a number of seconds from 0.1 to 86400" in said and repr(bad) in said


def test_pool_keeps_that_many_kernels_preheated(monkeypatch):
    argv, _env = served_with(monkeypatch, "--pool", "10")
    assert "--preheat_kernel=True" in argv and "--pool_size=10" in argv
    argv, _env = served_with(monkeypatch, "--pool", "0")
    assert not any("preheat" in a or "pool_size" in a for a in argv)
    argv, _env = served_with(monkeypatch)
    assert f"--pool_size={PREHEATED_KERNELS}" in argv


@pytest.mark.parametrize("bad", ["-1", "ten", "2.5", "", "１０", str(MAX_POOL + 1), "True"])
def test_a_bad_pool_is_refused_naming_the_flag_the_value_and_what_is_accepted(
    monkeypatch, capsys, bad
):
    with pytest.raises(SystemExit) as exited:
        served_with(monkeypatch, "--pool", bad)
    assert exited.value.code == 2
    said = capsys.readouterr().err
    assert "--pool (POOL=)" in said and repr(bad) in said and f"0 to {MAX_POOL}" in said


def test_host_serves_another_address_and_loopback_stays_the_default(monkeypatch, capsys):
    argv, _env = served_with(monkeypatch)
    assert "--Voila.ip=127.0.0.1" in argv
    assert capsys.readouterr().err == ""
    argv, _env = served_with(monkeypatch, "--host", "0.0.0.0")
    assert "--Voila.ip=0.0.0.0" in argv
    assert "no password" in capsys.readouterr().err  # said when the page leaves this machine
    argv, _env = served_with(monkeypatch, "--host", "192.168.1.20")
    assert "--Voila.ip=192.168.1.20" in argv


@pytest.mark.parametrize("bad", ["classroom", "192.168.1", "192.168.1.300", "", "0.0.0.0 "])
def test_a_bad_host_is_refused_naming_the_flag_the_value_and_what_is_accepted(
    monkeypatch, capsys, bad
):
    with pytest.raises(SystemExit):
        served_with(monkeypatch, "--host", bad)
    said = capsys.readouterr().err
    assert "--host (HOST=) must be an IP address" in said and repr(bad) in said


def test_the_page_loads_the_widgets_extensions_only_and_the_app_template():
    argv = voila_argv(MATCH_NOTEBOOK, 8866)
    assert f"--template={TEMPLATE}" in argv
    allow = next(a for a in argv if a.startswith("--VoilaConfiguration.extension_allowlist="))
    assert not any(name in allow for name in ("nbgrader", "jupyterlite", "pyodide"))
    assert all(repr(name) in allow for name in WIDGET_EXTENSIONS)


def test_the_app_template_is_found_first_and_asks_no_cdn():
    env = voila_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(APP_SHARE), "/elsewhere"]
    assert voila_env({})["JUPYTER_PATH"] == str(APP_SHARE)
    template = APP_SHARE / "voila" / "templates" / TEMPLATE
    assert (template / "conf.json").exists()
    # the two style sheets it removes are, word for word, those of Voilà's "lab" template
    import voila

    lab = (
        Path(voila.__file__).parents[4] / "share" / "jupyter" / "voila" / "templates" / "lab"
    ).joinpath("index.html.j2")
    removed = [
        line.split("'")[1]
        for line in (template / "index.html.j2").read_text().splitlines()
        if "replace('" in line
    ]
    assert len(removed) == 2 and all(link in lab.read_text() for link in removed)


def test_each_visitors_progress_record_is_their_own_not_a_file_on_the_server(monkeypatch):
    """Every visitor's kernel writing one file of the server's made a class's matches one shared
    "Your record": the app's kernels keep the record in memory, whatever the teacher's shell
    had set."""
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, "/srv/class/cardlib-progress.json")
    _argv, env = served_with(monkeypatch)
    assert env[progress.ENVIRONMENT_VARIABLE] == progress.IN_MEMORY == ":memory:"


@pytest.mark.skipif(sys.platform == "win32", reason="Unix sockets")
def test_kernels_use_unix_sockets_so_a_pool_starting_together_cannot_share_a_port():
    """With TCP, 30 kernels starting at once picked free ports that another took before they
    bound them: one died with "Address already in use" and the pool never filled."""
    assert "--KernelManager.transport=ipc" in voila_argv(MATCH_NOTEBOOK, 8866, preheated=30)


def test_on_windows_kernels_keep_tcp(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    assert not any("transport" in a for a in voila_argv(MATCH_NOTEBOOK, 8866, preheated=30))


def fill_delay(argv: list[str]) -> float:
    (found,) = [a for a in argv if a.startswith("--VoilaKernelManager.fill_delay=")]
    return float(found.split("=")[1])


def test_a_taken_kernel_is_replaced_once_a_class_as_large_as_the_pool_is_in():
    """Voilà's 1 s made a class's 30 replacements run the app while the class's pages were
    still connecting: the delay grows with the pool (a class of that size arriving), but a
    visitor handed a replacement waits for its delay, so never beyond half a minute."""
    assert fill_delay(voila_argv(MATCH_NOTEBOOK, 1, preheated=1)) == 2.0
    assert fill_delay(voila_argv(MATCH_NOTEBOOK, 1, preheated=10)) == 20.0
    assert fill_delay(voila_argv(MATCH_NOTEBOOK, 1, preheated=30)) == 30.0
    assert fill_delay(voila_argv(MATCH_NOTEBOOK, 1, preheated=30, refill_delay=0.5)) == 0.5
