"""``make app`` serves the card table; any notebook served loses its demonstration cells."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

from cardlib.app import APP_HIDE, DEFAULT_NOTEBOOK, PREHEATED_KERNELS, app_notebook, voila_argv

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
    assert any('CardTable("callbreak", seed=2052)' in s for s in sources)
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
