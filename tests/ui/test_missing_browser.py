"""Without Chromium the browser tests skip on a laptop but fail under ``CI=true``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

HERE = Path(__file__).resolve().parent


def run_voila_test_without_chromium(ci: str) -> subprocess.CompletedProcess:
    """The quickest browser test, in a pytest of its own, told Chromium is elsewhere."""
    env = {**os.environ, "CARDLIB_CHROMIUM": "/nonexistent/chromium", "CI": ci, "COLUMNS": "300"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", str(HERE / "test_voila_app.py"), "-q", "-rsE"],
        cwd=HERE.parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_missing_browser_is_skipped_locally():
    result = run_voila_test_without_chromium(ci="")
    assert result.returncode == 0, result.stdout
    assert "1 skipped" in result.stdout and "/nonexistent/chromium is missing" in result.stdout


def test_a_missing_browser_fails_under_ci():
    result = run_voila_test_without_chromium(ci="true")
    assert result.returncode == 1, result.stdout
    assert (
        "1 error" in result.stdout
        and "under CI=true a missing browser is a failure" in result.stdout
    )
