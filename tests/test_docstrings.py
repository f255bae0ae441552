"""Every public callable of cardlib says what it does: a docstring on each one.

Public means: in a module whose dotted name has no part starting with ``_``, a module-level
function or class defined there (not imported), and each method a class defines itself
(functions, class and static methods, properties) whose name does not start with ``_``.
A method that overrides a documented one inherits its docstring (``inspect.getdoc``, and the
reference shows it the same way); a class's docstring must be its own, not the signature a
dataclass or a named tuple writes in its place.
The API reference (docs/reference/) is made from these docstrings.
"""

import importlib
import inspect
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "cardlib"


def public_modules() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if not any(part.startswith("_") for part in parts):
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


def has_docstring(value: object) -> bool:
    if not inspect.isclass(value):
        return bool(inspect.getdoc(value))
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


# Public callables whose signatures are not complete yet, in modules other branches were
# editing when this test was written (issue 26 item 5). The list may only shrink: a new
# public callable must be annotated, and one annotated since may leave the list.
NOT_YET_ANNOTATED = frozenset(
    [
        "cardlib.bots.RandomBot.choose_call",
        "cardlib.bots.RandomBot.choose_play",
        "cardlib.bots.SensibleBot.choose_call",
        "cardlib.bots.SensibleBot.choose_play",
        "cardlib.bots.play_out",
        "cardlib.bridge.bidding.choose_call",
        "cardlib.bridge.bots.RandomBridgeBot.choose_call",
        "cardlib.bridge.bots.RandomBridgeBot.choose_play",
        "cardlib.bridge.bots.SensibleBridgeBot.choose_call",
        "cardlib.bridge.bots.SensibleBridgeBot.choose_play",
        "cardlib.bridge.bots.play_out",
        "cardlib.bridge.double_dummy.solve_position",
        "cardlib.bridge.explain_play",
        "cardlib.bridge.legal_plays",
        "cardlib.draw.bridge.auction_html",
        "cardlib.draw.bridge.contract_html",
        "cardlib.draw.bridge.deal_html",
        "cardlib.draw.bridge.score_html",
        "cardlib.draw.bridge.sheet_html",
        "cardlib.draw.svg.explanation_html",
        "cardlib.exercises.bridge.check_contract_score",
        "cardlib.exercises.bridge.check_declarer",
        "cardlib.exercises.bridge.check_legal_calls",
        "cardlib.exercises.bridge.check_side_points",
        "cardlib.exercises.bridge.read_calls",
        "cardlib.exercises.callbridge.check_bridge_score",
        "cardlib.exercises.callbridge.check_match_winners",
        "cardlib.exercises.callbridge.check_which_game",
        "cardlib.exercises.callbridge.check_winning_tricks",
        "cardlib.exercises.checks.check_best_call",
        "cardlib.exercises.checks.check_best_play",
        "cardlib.exercises.checks.check_card",
        "cardlib.exercises.checks.check_dealer",
        "cardlib.exercises.checks.check_expected_score",
        "cardlib.exercises.checks.check_first_player",
        "cardlib.exercises.checks.check_hand_size",
        "cardlib.exercises.checks.check_legal_plays",
        "cardlib.exercises.checks.check_order",
        "cardlib.exercises.checks.check_rule",
        "cardlib.exercises.checks.check_score",
        "cardlib.exercises.checks.check_scores",
        "cardlib.exercises.checks.check_suit_count",
        "cardlib.exercises.checks.check_total",
        "cardlib.exercises.checks.check_trick_winner",
        "cardlib.exercises.checks.check_trick_winner_seat",
        "cardlib.exercises.feedback.checked",
        "cardlib.exercises.feedback.read_card",
        "cardlib.exercises.feedback.read_cards",
        "cardlib.exercises.feedback.read_points",
        "cardlib.exercises.feedback.read_seat",
        "cardlib.exercises.feedback.read_whole_number",
        "cardlib.exercises.judgement.check_dealer_bids",
        "cardlib.exercises.judgement.check_hooked_bid",
        "cardlib.exercises.judgement.check_round_score",
        "cardlib.exercises.judgement.check_round_total",
        "cardlib.exercises.judgement.check_round_trump",
        "cardlib.exercises.judgement.check_winner_seat",
        "cardlib.exercises.judgement.read_bids",
        "cardlib.exercises.judgement.read_suit",
        "cardlib.game.TrickDeal.act",
        "cardlib.game.TrickDeal.copy",
        "cardlib.game.TrickDeal.from_hands",
        "cardlib.game.TrickDeal.with_hands",
        "cardlib.judgement.check_bid",
        "cardlib.judgement.check_players",
        "cardlib.judgement.play_match",
        "cardlib.match.TrickMatch.act",
        "cardlib.match.TrickMatch.copy",
        "cardlib.match.TrickMatch.explain",
        "cardlib.match.TrickMatch.hidden_from",
        "cardlib.match.TrickMatch.legal_plays",
        "cardlib.match.TrickMatch.play",
        "cardlib.match.TrickMatch.replaying",
        "cardlib.match.TrickMatch.visible_to",
        "cardlib.match.add_up",
        "cardlib.match.tied_on_top",
        "cardlib.puzzles.best_answer.ending_from",
        "cardlib.puzzles.best_answer.points_text",
        "cardlib.puzzles.best_play.BestPlayPuzzle.check",
        "cardlib.puzzles.best_play.best_puzzle_stream",
        "cardlib.puzzles.best_play.show_ending",
        "cardlib.puzzles.legal_play.Puzzle.check",
        "cardlib.puzzles.legal_play.replay_deal",
        "cardlib.puzzles.legal_play.show_position",
        "cardlib.puzzles.legal_play.situation_text",
    ]
)


def test_every_public_signature_is_annotated():
    incomplete = {
        name
        for name, value in public_callables().items()
        if not inspect.isclass(value) and unannotated(value)
    }
    assert sorted(incomplete - NOT_YET_ANNOTATED) == []
