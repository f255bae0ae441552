"""No import cycle anywhere in cardlib, and the model never needs a view.

Two checks. The import graph of every module of the package, read from the
source (imports inside functions included), has no cycle; imports made only for
the type checker (under ``if TYPE_CHECKING:``) never run, so they are left out of
that graph, though not out of the layer checks. And every model
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

# The layers of docs/architecture.md. The views draw; the content (puzzles, exercises, lessons,
# the notebooks' runtime helpers) shows the model through the views; everything else is the model
# and may import a view only inside a rendering hook.
VIEWS = ("cardlib.draw", "cardlib.widgets", "cardlib.app", "cardlib.app_server")
CONTENT = (
    # A lesson's machinery ends in its quick check, a widget: lessons are content, like exercises.
    "cardlib.lessons",
    "cardlib.puzzles.legal_play",
    "cardlib.puzzles.best_play",
    "cardlib.exercises",
    "cardlib.runtime",
)


def _within(name: str, packages) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


RENDERING_HOOKS = {"_repr_html_", "_repr_svg_", "_repr_markdown_", "_ipython_display_"}


def modules() -> dict[str, pathlib.Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``) with no else."""
    if not isinstance(node, ast.If) or node.orelse:
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(
    path: pathlib.Path, known, at_run_time: bool = False
) -> list[tuple[str, str | None]]:
    """Every cardlib module ``path`` imports, with the function it is imported in (or None);
    ``at_run_time``: not those imported only for the type checker."""
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child.name)
                continue
            if at_run_time and _type_checking_only(child):
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
    return {
        name: {t for t, _ in imports_of(path, known, at_run_time=True)} - {name}
        for name, path in known.items()
    }


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
    return _within(name, VIEWS)


def model_modules() -> list[str]:
    return sorted(n for n in modules() if not _within(n, VIEWS) and not _within(n, CONTENT))


MODEL = model_modules()


def test_the_layers_cover_the_package():
    # Every layer names modules that exist, and the model holds the engine and the coach.
    known = modules()
    assert all(any(_within(n, (p,)) for n in known) for p in VIEWS + CONTENT)
    for name in (
        "cardlib.callbreak",
        "cardlib.bridge",
        "cardlib.coach.analysis",
        "cardlib.coach.review",
        "cardlib.puzzles.best_answer",
    ):
        assert name in MODEL


def test_drawing_never_needs_a_widget_or_an_exercise():
    known = modules()
    for name, path in known.items():
        if _within(name, ("cardlib.draw",)):
            for target, _ in imports_of(path, known):
                assert not _within(
                    target, ("cardlib.widgets", "cardlib.exercises", "cardlib.app")
                ), f"{name} imports {target}"


def test_the_checker_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_an_import_for_the_type_checker_only_is_left_out_of_the_graph(tmp_path):
    path = tmp_path / "example.py"
    path.write_text(
        "from typing import TYPE_CHECKING\n"
        "import cardlib.cards\n"
        "if TYPE_CHECKING:\n"
        "    from cardlib import game\n",
        encoding="utf-8",
    )
    known = modules()
    assert imports_of(path, known, at_run_time=True) == [("cardlib.cards", None)]
    assert imports_of(path, known) == [("cardlib.cards", None), ("cardlib.game", None)]


def test_no_import_cycle_in_the_package():
    edges = graph()
    assert "cardlib.bridge" in edges and "cardlib.draw.bridge" in edges
    assert find_cycle(edges) is None, " → ".join(find_cycle(edges))


def test_the_model_imports_a_view_only_in_a_rendering_hook():
    known = modules()
    for name in MODEL:
        for target, function in imports_of(known[name], known):
            if is_view(target):
                assert function in RENDERING_HOOKS, f"{name} imports {target} in {function}"


def rendering_hooks(path: pathlib.Path) -> list[ast.FunctionDef]:
    """Every rendering hook defined in a class of the module at ``path``."""
    return [
        node
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(cls, ast.ClassDef)
        for node in cls.body
        if isinstance(node, ast.FunctionDef) and node.name in RENDERING_HOOKS
    ]


def is_one_call_into_a_view(hook: ast.FunctionDef) -> bool:
    """Whether ``hook`` only imports from a view and returns one call of what it imported."""
    *imports, last = hook.body
    imported = {
        alias.asname or alias.name
        for node in imports
        if isinstance(node, ast.ImportFrom) and node.module and is_view(node.module)
        for alias in node.names
    }
    return (
        len(imported) == len(imports) >= 1
        and isinstance(last, ast.Return)
        and isinstance(last.value, ast.Call)
        and isinstance(last.value.func, ast.Name)
        and last.value.func.id in imported
    )


def test_a_model_modules_rendering_hook_is_one_call_into_a_view():
    # The markup lives in the views (draw/): a model's hook only hands itself over.
    known = modules()
    hooks = {
        f"{name}:{hook.lineno}": hook for name in MODEL for hook in rendering_hooks(known[name])
    }
    assert len(hooks) >= 13  # the results of the games, the coach and the progress record
    assert [where for where, hook in hooks.items() if not is_one_call_into_a_view(hook)] == []


def test_the_hook_check_finds_markup_in_a_hook(tmp_path):
    path = tmp_path / "example.py"
    path.write_text(
        "class Shown:\n"
        "    def _repr_html_(self):\n"
        "        from cardlib.draw.svg import card_html\n\n"
        "        return '<b>' + card_html(self.card) + '</b>'\n"
        "class Drawn:\n"
        "    def _repr_html_(self):\n"
        "        from cardlib.draw.svg import card_html\n\n"
        "        return card_html(self.card)\n",
        encoding="utf-8",
    )
    shown, drawn = rendering_hooks(path)
    assert not is_one_call_into_a_view(shown) and is_one_call_into_a_view(drawn)


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


#: The module names of 0.1 that 0.2 still imported, with a warning: removed in 0.3.
MOVED_IN_0_2 = {
    "cardlib.analysis": "cardlib.coach.analysis",
    "cardlib.solver": "cardlib.coach.solver",
    "cardlib.review": "cardlib.coach.review",
    "cardlib.estimate": "cardlib.coach.estimate",
    "cardlib.fast": "cardlib.coach.fast",
    "cardlib.best_play": "cardlib.puzzles.best_play",
    "cardlib.best_card": "cardlib.puzzles.best_answer",
    "cardlib.svg": "cardlib.draw.svg",
    "cardlib.charts": "cardlib.draw.charts",
    "cardlib.tables": "cardlib.draw.tables",
    "cardlib.bridge_view": "cardlib.draw.bridge",
    "cardlib.bridge_calls": "cardlib.bridge.calls",
    "cardlib.bridge_auction": "cardlib.bridge.auction",
    "cardlib.bridge_scoring": "cardlib.bridge.scoring",
    "cardlib.bridge_bots": "cardlib.bots",
    "cardlib.bridge_bidding": "cardlib.bridge.bidding",
    "cardlib.double_dummy": "cardlib.bridge.double_dummy",
}


def test_the_old_module_names_are_gone_and_the_new_ones_import():
    import importlib.util

    for old, new in MOVED_IN_0_2.items():
        assert importlib.util.find_spec(old) is None, old
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(old)
        importlib.import_module(new)


def test_the_old_puzzles_module_names_are_gone():
    import cardlib.puzzles
    from cardlib.puzzles import legal_play

    assert legal_play.Puzzle
    with pytest.raises(AttributeError):
        cardlib.puzzles.Puzzle  # noqa: B018
