"""``make app`` serves notebook 06 without its demonstration cells."""

import nbformat

from cardlib.app import APP_HIDE, DEFAULT_NOTEBOOK, app_notebook, voila_argv


def test_app_notebook_keeps_the_table_and_drops_the_demonstrations(tmp_path):
    source = nbformat.read(DEFAULT_NOTEBOOK, as_version=4)
    hidden = [c for c in source.cells if APP_HIDE in c.metadata.get("tags", [])]
    assert hidden, "notebook 06 marks its demonstration cells app-hide"
    trimmed = nbformat.read(app_notebook(DEFAULT_NOTEBOOK, tmp_path), as_version=4)
    sources = [c.source for c in trimmed.cells]
    assert len(trimmed.cells) == len(source.cells) - len(hidden)
    assert any("MatchPlayer(seed=" in s for s in sources)
    assert not any("finish_match" in s or "demo" in s for s in sources)


def test_voila_listens_on_loopback_only():
    argv = voila_argv(DEFAULT_NOTEBOOK, 8866)
    assert "--Voila.ip=127.0.0.1" in argv and "--no-browser" in argv
