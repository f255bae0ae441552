"""The notebooks catch a broken engine: nbval over them fails when the rules are wrong.

A notebook whose stored outputs did not depend on the engine would teach
whatever the engine said, right or wrong. Here each breakage is a plausible bug
injected through a ``sitecustomize.py`` on ``PYTHONPATH`` (so it reaches the
notebook kernels too), and strict nbval, run in a subprocess over the notebooks
that use the broken function, must report failures.

The notebooks are globbed, so later notebooks and exercises join in by
themselves; failures are required over the whole set, not per notebook.
"""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SITECUSTOMIZE = textwrap.dedent(
    '''
    """Break cardlib on purpose, as chosen by CARDLIB_BREAK (tests/test_broken_engine.py)."""
    import os
    import sys

    MODE = os.environ.get("CARDLIB_BREAK")

    if MODE == "score":
        from decimal import Decimal

        import cardlib.callbreak as callbreak

        def score(call, tricks, variant=callbreak.STANDARD):
            """The classic slip: every extra trick worth a whole point instead of 0.1."""
            callbreak.check_call(call, variant)
            return Decimal(tricks if tricks >= call else -call).quantize(Decimal("0.1"))

        callbreak.score = score

    elif MODE == "legal_plays":
        import cardlib.tricks as tricks

        real_legal_mask = tricks.legal_mask
        WIDER = {"must-beat": "follow-any", "must-overtrump": "must-trump"}

        def legal_mask(hand, trick, rules, first_trick=False):
            """Forget the duty to beat: any card of the led suit, any trump."""
            mask, rule = real_legal_mask(hand, trick, rules, first_trick)
            if rule == "must-beat":
                mask = hand & tricks.SUIT_MASKS["SHDC"[trick[0] // 13]]
            elif rule == "must-overtrump":
                mask = hand & tricks.SUIT_MASKS[rules.trump]
            return mask, WIDER.get(rule, rule)

        tricks.legal_mask = legal_mask
        import cardlib.callbreak  # noqa: F401  (and with it game, match, bots)

        # Modules that imported the real function by name before the patch.
        for name, module in list(sys.modules.items()):
            if name.startswith("cardlib") and getattr(module, "legal_mask", 0) is real_legal_mask:
                module.legal_mask = legal_mask
    '''
)

#: Each breakage: the words a notebook must use to be run against it, and a
#: one-line probe that shows the breakage is in force.
BREAKAGES = {
    "score": (("score(",), "from cardlib import callbreak; print(callbreak.score(4, 6))", "6.0"),
    "legal_plays": (
        ("legal_plays", "explain_play", "PlayExplorer", ".explain("),
        "from cardlib import callbreak, parse_cards; "
        "print(sorted(callbreak.legal_plays(parse_cards('3H KH'), parse_cards('QH'))))",
        "[Card('3H'), Card('KH')]",
    ),
}


def notebooks_using(words) -> list[Path]:
    """Committed notebooks and exercises whose code mentions one of ``words``, tutorials first."""
    import nbformat

    found = []
    for folder in ("notebooks", "exercises"):
        for path in sorted((ROOT / folder).glob("*.ipynb")):
            cells = nbformat.read(path, as_version=4).cells
            code = "\n".join(c.source for c in cells if c.cell_type == "code")
            if any(word in code for word in words):
                found.append(path)
    return found


def broken_env(tmp_path: Path, mode: str) -> dict[str, str]:
    (tmp_path / "sitecustomize.py").write_text(SITECUSTOMIZE)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    env["CARDLIB_BREAK"] = mode
    env.pop("PYTEST_ADDOPTS", None)
    return env


@pytest.mark.slow
def test_nbval_fails_against_a_broken_engine(tmp_path):
    runs = {}
    for mode, (words, probe, broken_answer) in BREAKAGES.items():
        env = broken_env(tmp_path, mode)
        checked = subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
        )
        assert checked.stdout.strip() == broken_answer, f"{mode} is not broken: {checked}"
        notebooks = notebooks_using(words)
        assert notebooks, f"no notebook uses {words}: nothing would catch a broken {mode}"
        # -x: one failing cell is proof enough, and stopping there keeps this fast.
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly"]
        command += [str(p.relative_to(ROOT)) for p in notebooks]
        runs[mode] = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
    for mode, run in runs.items():
        output, _ = run.communicate(timeout=180)
        summary = output.strip().splitlines()[-1] if output.strip() else ""
        # Exit code 1 means tests ran and some failed (2-4 would be a usage or internal error).
        assert run.returncode == 1, f"broken {mode}: nbval did not fail ({summary})\n{output}"
        assert " failed" in summary, f"broken {mode}: {summary}"
