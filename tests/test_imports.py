"""No import cycle anywhere in cardlib, and the model never needs a view.

Two checks. The import graph of every module of the package, read from the
source (imports inside functions included), has no cycle. And every model
module imports in a fresh interpreter in which the views cannot be imported at
all: the model draws nothing. (A model object may offer a ``_repr_html_`` hook
that imports its view when a notebook asks to draw it, as python-chess does;
the first check makes sure no such view imports the model module back.)
"""

import ast
import pathlib
import subprocess
import sys

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "cardlib"

MODEL = [
    "cardlib.cards",
    "cardlib.errors",
    "cardlib.tricks",
    "cardlib.game",
    "cardlib.match",
    "cardlib.bots",
    "cardlib.fast",
    "cardlib.estimate",
    "cardlib.history",
    "cardlib.callbreak",
    "cardlib.callbridge",
    "cardlib.judgement",
    "cardlib.bridge",
    "cardlib.bridge_calls",
    "cardlib.bridge_auction",
    "cardlib.bridge_scoring",
    "cardlib.bridge_bots",
    "cardlib.best_card",
]
VIEWS = ["cardlib.svg", "cardlib.charts", "cardlib.bridge_view", "cardlib.widgets", "cardlib.app"]
RENDERING_HOOKS = {"_repr_html_", "_repr_svg_", "_repr_markdown_", "_ipython_display_"}


def modules() -> dict[str, pathlib.Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports_of(path: pathlib.Path, known) -> list[tuple[str, str | None]]:
    """Every cardlib module ``path`` imports, with the function it is imported in (or None)."""
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child.name)
                continue
            if isinstance(child, ast.Import):
                found.extend((alias.name, function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                for alias in child.names:
                    full = f"{child.module}.{alias.name}"
                    found.append((full if full in known else child.module, function))
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return [(name, function) for name, function in found if name in known]


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {t for t, _ in imports_of(path, known)} - {name} for name, path in known.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def is_view(name: str) -> bool:
    return any(name == v or name.startswith(v + ".") for v in VIEWS)


def test_the_checker_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_cycle_in_the_package():
    edges = graph()
    assert "cardlib.bridge" in edges and "cardlib.bridge_view" in edges
    assert find_cycle(edges) is None, " → ".join(find_cycle(edges))


def test_the_model_imports_a_view_only_in_a_rendering_hook():
    known = modules()
    for name in MODEL:
        for target, function in imports_of(known[name], known):
            if is_view(target):
                assert function in RENDERING_HOOKS, f"{name} imports {target} in {function}"


@pytest.mark.parametrize("module", MODEL)
def test_each_model_module_imports_with_every_view_blocked(module):
    blocked = [name for name in modules() if is_view(name)]
    code = (
        "import sys\n"
        f"for name in {blocked!r}:\n"
        "    sys.modules[name] = None  # importing it now raises ImportError\n"
        f"import {module}\n"
        f"assert not [m for m in sys.modules if m in {blocked!r} and sys.modules[m]]\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=PACKAGE.parent,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
