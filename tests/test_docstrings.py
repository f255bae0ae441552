"""Every public callable of cardlib says what it does: a docstring on each one.

Public means: in a module whose dotted name has no part starting with ``_``, a module-level
function or class defined there (not imported), and each method a class defines itself
(functions, class and static methods, properties) whose name does not start with ``_``.
A method that overrides a documented one inherits its docstring (``inspect.getdoc``, and the
reference shows it the same way); a class's docstring must be its own, not the signature a
dataclass or a named tuple writes in its place.
The API reference (docs/reference/) is made from these docstrings.

And every example a docstring shows (``>>>``) runs and prints what the docstring says, in every
module of the package, private ones too (the examples of README.md and docs/ run in
tests/test_examples.py).
"""

import doctest
import importlib
import inspect
import pathlib

import pytest

import cardlib

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "cardlib"


def public_modules(private: bool = False) -> list[str]:
    """Every module of the package whose dotted name has no part starting with ``_``
    (with ``private``, every module)."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if private or not any(part.startswith("_") for part in parts):
            names.append(".".join(parts))
    return names


def _members(cls: type) -> list[tuple[str, object]]:
    found = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, staticmethod | classmethod):
            value = value.__func__
        if inspect.isfunction(value) or isinstance(value, property):
            found.append((name, value))
    return found


def public_callables() -> dict[str, object]:
    """Every public callable, by its dotted name."""
    found: dict[str, object] = {}
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", None) != module_name:
                continue
            if inspect.isfunction(value):
                found[f"{module_name}.{name}"] = value
            elif inspect.isclass(value):
                found[f"{module_name}.{name}"] = value
                for member, function in _members(value):
                    found[f"{module_name}.{name}.{member}"] = function
    return found


def _inherited_doc(function: object) -> str | None:
    # inspect.getdoc finds an overridden method's docstring, but not a class method's.
    owner = inspect.getmodule(function)
    for part in getattr(function, "__qualname__", "").split(".")[:-1]:
        owner = getattr(owner, part, None)
    if not inspect.isclass(owner):
        return None
    name = function.__name__
    return next(
        (getattr(base, name).__doc__ for base in owner.__mro__[1:] if name in vars(base)), None
    )


def has_docstring(value: object) -> bool:
    if not inspect.isclass(value):
        return bool(inspect.getdoc(value) or _inherited_doc(value))
    doc = (vars(value).get("__doc__") or "").strip()
    written_for_it = doc.startswith(value.__name__ + "(") and doc.endswith(")")
    return bool(doc) and not written_for_it


def test_the_walk_finds_the_public_api():
    found = public_callables()
    assert len(found) > 300
    assert "cardlib.callbreak.Deal" in found and "cardlib.tricks.trick_winner" in found
    assert not any(".__" in name or "._" in name for name in found)


def test_every_public_callable_has_a_docstring():
    missing = sorted(name for name, value in public_callables().items() if not has_docstring(value))
    assert missing == []


def unannotated(value: object) -> bool:
    """Whether a callable leaves a parameter (other than self or cls) or its return unannotated."""
    function = value.fget if isinstance(value, property) else value
    annotations = getattr(function, "__annotations__", {})
    parameters = inspect.signature(function).parameters  # type: ignore[arg-type]
    named = [name for name in parameters if name not in ("self", "cls")]
    return "return" not in annotations or any(name not in annotations for name in named)


def incomplete_signatures() -> set[str]:
    return {
        name
        for name, value in public_callables().items()
        if not inspect.isclass(value) and unannotated(value)
    }


def test_every_public_signature_is_annotated():
    assert sorted(incomplete_signatures()) == []


# The examples ---------------------------------------------------------------------------


def examples_of(module_name: str) -> list[doctest.DocTest]:
    """The doctests of a module's own docstrings (not of what it imports), skipping a module
    whose optional dependency is not installed (``make test`` installs them all)."""
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if (missing.name or "cardlib").split(".")[0] == "cardlib":
            raise
        pytest.skip(f"{module_name} needs {missing.name}, not installed")
    return [test for test in doctest.DocTestFinder().find(module) if test.examples]


def test_the_walk_finds_the_docstrings_examples():
    count = sum(len(test.examples) for name in public_modules(True) for test in examples_of(name))
    assert count >= 128
    assert "cardlib._api" in public_modules(True) and "cardlib._api" not in public_modules()


@pytest.mark.parametrize("module_name", public_modules(private=True))
def test_every_docstring_example_runs_as_shown(module_name):
    runner = doctest.DocTestRunner(verbose=False)
    cardlib.set_language("en")
    try:
        for test in examples_of(module_name):
            runner.run(test)
    finally:
        cardlib.set_language("en")
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed (above)"
