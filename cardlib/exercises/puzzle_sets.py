"""A puzzle set, gradable like the exercises: an instructor notebook, its student version and a
teacher's key, each in its own folder.

``python -m cardlib.exercises puzzles --count 10 --level medium --seed 7`` calls
:func:`write_puzzle_set`, which writes into ``build/puzzles/``:

- ``source/puzzles-medium-seed7.ipynb``: the instructor notebook, in the exercises' format
  (answer cells with the solution between nbgrader's markers, one locked check cell worth a point
  per puzzle): put it in an nbgrader course's ``source/`` folder like any exercise;
- ``students/puzzles-medium-seed7.ipynb``: the student version (no solutions, practice or graded
  mode), to hand out without nbgrader;
- ``key/puzzles-medium-seed7-key.md``: the answer key, for the teacher only.

``--kind best`` writes a set of the second kind, "what should you play here?"
(:mod:`cardlib.puzzles.best_play`): Call Break endings with every hand open where one card is
clearly best, proven by the exact solver (``--game callbridge``: Call Bridge's endings;
``--game judgement``: Judgement's, with exact bids and each round's trump; any game the coach
knows, :func:`cardlib.games.coached`); the files are named ``puzzles-best-medium-seed7…``
(``puzzles-best-callbridge-…``, ``puzzles-best-judgement-…``) and the check
(:func:`~cardlib.exercises.check_best_play`) accepts any card the solver finds best.

The student notebook shows each position from its givens alone (hand, trick, rules): no puzzle
object, legal set or explanation is ever in the student's kernel; the check works the answer out
inside and, in graded mode, says only ✓ or ✗ and the kind of mistake. Every file depends only on
(count, level, seed, mode): hand out the same set again by its seed.

In practice mode a right answer also goes into the learner's progress record, as a puzzle of its
kind and level solved (:func:`~cardlib.exercises.note_solved`, around each check: the same
puzzle counts once, and a wrong answer writes nothing); in graded mode the check cells record
nothing, so no file or variable tells more than the check says.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cardlib import games
from cardlib.cards import SUIT_SYMBOLS, cards_text
from cardlib.exercises.release import student_version
from cardlib.game import SEAT_NAMES
from cardlib.puzzles.best_answer import DEFAULT_GAME, check_game
from cardlib.puzzles.legal_play import LEVELS, STANDARD, Puzzle, puzzle, variant_text

if TYPE_CHECKING:  # only for the types: the functions below import best_play where they use it
    from cardlib.puzzles.best_play import BestPlayPuzzle

#: The kinds of puzzle set: which cards you *may* play, and which card you *should* play.
KINDS = ("legal", "best")


def kind_games(kind: str) -> tuple[str, ...]:
    """The games a set of ``kind`` may be of, by key: the best-play puzzles serve every game the
    coach knows (:func:`cardlib.games.coached`, the solver proves their answers); the legal-play
    puzzles are Call Break's, its house rules among them."""
    if kind == "legal":
        return ("callbreak",)
    return tuple(game.key for game in games.coached())


def _check_kind(kind: str, level: str, game: str = DEFAULT_GAME) -> None:
    from cardlib.puzzles import best_play

    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if game not in kind_games(kind):
        raise ValueError(
            f"puzzles of the {kind} kind are for {', '.join(kind_games(kind))}, not {game!r}"
        )
    levels = LEVELS if kind == "legal" else best_play.LEVELS
    if level not in levels:
        raise ValueError(f"level must be one of {', '.join(levels)}, got {level!r}")


class SecretSeed(int):
    """A set's seed worked out from a course secret (:func:`course_seed`): it plays as its
    number, but the set is named by ``tag`` (which does not give the seed away), never by it."""

    tag: str

    def __new__(cls, value: int, tag: str) -> SecretSeed:
        seed = super().__new__(cls, value)
        seed.tag = tag
        return seed


#: Secrets printed in the project's documentation as examples: never a course's secret (a
#: student reads the documentation too, and would find the set's name and key).
EXAMPLE_SECRETS = frozenset(
    {"banyan tree 42", "text only you know", "monsoon mango 1987 pickle", "my course secret"}
)


def is_example_secret(secret: str) -> bool:
    """Whether ``secret`` is one of :data:`EXAMPLE_SECRETS`, however spaced or cased."""
    return " ".join(secret.split()).lower() in EXAMPLE_SECRETS


def course_seed(secret: str) -> SecretSeed:
    """The seed of a graded puzzle set from a secret only the teacher knows, so a student cannot
    make the set (or its key) again; the same secret always gives the same set."""
    if not isinstance(secret, str) or not secret.strip():
        raise ValueError("the course secret must be some text, kept by the teacher")
    if is_example_secret(secret):
        raise ValueError(
            "this secret is an example printed in cardlib's documentation: a student can try "
            "it. Choose text only you know."
        )

    def digest(purpose: str) -> str:
        return hashlib.sha256(f"cardlib {purpose}\0{secret}".encode()).hexdigest()

    return SecretSeed(int(digest("puzzle seed")[:12], 16) % 10**9, digest("set name")[:8])


def _set_name(seed: int) -> str:
    """How the student's title names the set: ``seed 7``, or ``set 1a2b3c4d`` (from a secret)."""
    return f"set {seed.tag}" if isinstance(seed, SecretSeed) else f"seed {seed}"


def set_stem(kind: str, level: str, seed: int, game: str = DEFAULT_GAME) -> str:
    """The name of a set's files: ``puzzles-medium-seed7``, ``puzzles-best-medium-seed7``,
    ``puzzles-best-callbridge-medium-seed7``; ``puzzles-medium-set-1a2b3c4d`` from a secret."""
    parts = [] if kind == "legal" else [kind]
    parts += [] if game == DEFAULT_GAME else [game]
    name = f"set-{seed.tag}" if isinstance(seed, SecretSeed) else f"seed{seed}"
    return "-".join(["puzzles", *parts, level, name])


def _locked(grade_id: str) -> dict:
    return {
        "grade": False,
        "grade_id": grade_id,
        "locked": True,
        "schema_version": 3,
        "solution": False,
        "task": False,
    }


def _cell(make, cell_id: str, source: str, nbgrader: dict | None = None):
    cell = make(source)
    cell.id = cell_id  # fixed ids: the same set gives the same bytes
    if nbgrader is not None:
        cell.metadata["nbgrader"] = nbgrader
    return cell


def _variant_source(p: Puzzle) -> str:
    if p.variant == STANDARD:
        return "STANDARD"
    return (
        f"Variant(no_spade_lead_first_trick={p.variant.no_spade_lead_first_trick}, "
        f"free_discard={p.variant.free_discard})"
    )


def _codes(cards) -> str:
    return " ".join(card.code for card in cards)


#: Told ``(done, count)`` after each puzzle made (the command line prints progress with it).
progress: Callable[[int, int], None] | None = None


@lru_cache(maxsize=8)
def _set_of(kind: str, count: int, level: str, seed: int, game: str = DEFAULT_GAME) -> tuple:
    """A set's puzzles, made once for its notebook and its key (they are immutable)."""
    from cardlib.puzzles.best_play import best_puzzle

    if not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be a whole number of puzzles, at least 1, got {count!r}")
    made: list[Puzzle | BestPlayPuzzle] = []
    for number in range(count):
        if kind == "legal":
            made.append(puzzle(level, seed, number))
        else:
            made.append(best_puzzle(level, seed, number, game))
        if progress is not None:
            progress(number + 1, count)
    return tuple(made)


def _legal_cells(count: int, level: str, seed: int) -> list:
    puzzles = _set_of("legal", count, level, seed)
    rules = ", ".join(f"`{kind.name}`" for kind in LEVELS[level])
    cells = [
        _cell(
            new_markdown_cell,
            "title",
            f"# What must you play here? {count} {level} puzzles ({_set_name(seed)})\n\n"
            "## What you will practise\n\n"
            "To see at a glance which cards the Call Break rules allow. The steps of the ladder "
            f"in this set: {rules}. Every position comes from a real deal, and in each one the "
            "rule of its step matters: a player who forgot it would play something else.",
        ),
        _cell(
            new_markdown_cell,
            "how",
            "## How to answer\n\n"
            "Run the notebook from the top. For each puzzle, replace the `None` after "
            '`answer_N =` with **every** card you may play, as text like `"KH 10S 2C"` (rank, '
            "then suit letter S H D C or symbol ♠ ♥ ♦ ♣), and run the check cell under it. "
            "In practice mode the check explains; in graded mode it says ✓ or ✗ and what kind of "
            "mistake it is, never the answer. A puzzle scores its point when the check says "
            "✓ Correct.",
        ),
        _mode_cell(),
        _cell(
            new_code_cell,
            "setup",
            "from cardlib.callbreak import STANDARD, Variant\n"
            "from cardlib.exercises import check_legal_plays, note_solved\n"
            "from cardlib.puzzles.legal_play import show_position",
            _locked("setup"),
        ),
    ]
    for i, p in enumerate(puzzles, start=1):
        cells.append(
            _cell(
                new_markdown_cell,
                f"q{i}",
                f"## Puzzle {i}\n\n{variant_text(p.variant).capitalize()}. {p.situation} "
                "Which cards may you play?",
            )
        )
        cells.append(
            _cell(
                new_code_cell,
                f"q{i}-given",
                f'hand_{i}, trick_{i}, rules_{i} = "{_codes(p.hand)}", "{_codes(p.trick)}", '
                f"{_variant_source(p)}\n"
                f"show_position(hand_{i}, trick_{i}, {p.trick_seats}, seat={p.seat}, "
                f"variant=rules_{i}, tricks_played={p.tricks_played})",
                _locked(f"q{i}-given"),
            )
        )
        cells.append(
            _answer_cell(
                i,
                "every card you may play",
                f'"{_codes(sorted(p.legal, key=p.hand.index))}"',
            )
        )
        cells.append(
            _check_cell(
                i,
                # The givens written out, not read from hand_{i} …: the student's names
                # (rebound or not) never change what the check compares with.
                f'check_legal_plays(\n        answer_{i}, "{_codes(p.hand)}", "{_codes(p.trick)}", '
                f"{_variant_source(p)}, first_trick={p.first_trick}\n    )",
                ("legal", level, _puzzle_id(seed, p.number)),
            )
        )
    cells.append(
        _cell(
            new_markdown_cell,
            "try-next",
            "## Try this next\n\n"
            "- `notebooks/08-puzzles.ipynb`: an endless stream of puzzles you click, with a "
            "score.\n- The exercises on legal plays (`02-legal-plays`) walk the whole ladder.",
        )
    )
    return cells


def _mode_cell():
    return _cell(
        new_code_cell,
        "mode",
        'from cardlib.exercises import exercise_mode\n\nexercise_mode("graded")',
        _locked("mode"),
    )


def _answer_cell(i: int, placeholder: str, solution: str):
    return _cell(
        new_code_cell,
        f"q{i}-answer",
        f"answer_{i} = None  # {placeholder}\n### BEGIN SOLUTION\n"
        f"answer_{i} = {solution}\n### END SOLUTION",
        {
            "grade": False,
            "grade_id": f"q{i}-answer",
            "locked": False,
            "schema_version": 3,
            "solution": True,
            "task": False,
        },
    )


def _puzzle_id(seed: int, number: int, game: str = DEFAULT_GAME) -> str:
    """How the progress record names a set's puzzle: ``seed 7 #0`` (as the puzzle stream of
    notebook 08 names the same puzzle), ``judgement seed 7 #0``, ``set 1a2b3c4d #0``."""
    name = f"{_set_name(seed)} #{number}"
    return name if game == DEFAULT_GAME else f"{game} {name}"


def _check_cell(i: int, check: str, noted: tuple[str, str, str]):
    """The check cell of puzzle ``i``: the ``check`` call, passed through :func:`note_solved`
    with the puzzle's kind, level and id (practice mode notes a right answer as solved)."""
    kind, level, puzzle = noted
    return _cell(
        new_code_cell,
        f"q{i}-check",
        f'note_solved(\n    {check},\n    "{kind}", "{level}", "{puzzle}",\n)',
        {
            "grade": True,
            "grade_id": f"q{i}-check",
            "locked": True,
            "points": 1,
            "schema_version": 3,
            "solution": False,
            "task": False,
        },
    )


def _game_note(game: str) -> str:
    """What a set's title says of its game's own ways: an exact call (Judgement's bid), a trump
    that changes from deal to deal (Judgement's round, named by the question)."""
    facts = check_game(game)
    notes = []
    if facts.exact_calls:
        notes.append(
            f"only the exact {facts.call_word} scores: a trick too many misses it as surely as "
            "a trick too few"
        )
    if facts.trump_varies:
        notes.append(f"each {facts.deal_word} has its own trump (the question names it)")
    return f" In {facts.name} {', and '.join(notes)}." if notes else ""


def _best_cells(count: int, level: str, seed: int, game: str = DEFAULT_GAME) -> list:
    from cardlib.puzzles.best_play import LEVELS as BEST_LEVELS
    from cardlib.puzzles.best_play import MARGIN

    puzzles = _set_of("best", count, level, seed, game)
    facts = check_game(game)
    name, call = facts.name, facts.call_word
    of_game = "" if game == DEFAULT_GAME else f", {game}"
    missed = "miss it" if facts.exact_calls else "are set"
    game_note = _game_note(game)
    cells = [
        _cell(
            new_markdown_cell,
            "title",
            f"# What should you play here? {count} {level} puzzles ({_set_name(seed)}{of_game})\n\n"
            "## What you will practise\n\n"
            f"To find the one card that wins a {name} ending. Each position is taken from the "
            f"last {BEST_LEVELS[level]} tricks of a real deal, shown **double dummy**: all four "
            "hands are open, so you can work out every line of play. In each one a single card "
            f"is best for the player to act, by {MARGIN} point or more: it makes your {call} "
            f"whatever the others play, and with every other card you {missed} when each "
            "player plays for their own score. The exact solver proves it." + game_note,
        ),
        _cell(
            new_markdown_cell,
            "how",
            "## How to answer\n\n"
            "Run the notebook from the top. For each puzzle, replace the `None` after "
            '`answer_N =` with **the card you would play**, as text like `"KH"` (rank, then '
            "suit letter S H D C or symbol ♠ ♥ ♦ ♣), and run the check cell under it. Where two "
            "cards of yours are next to each other in rank (no card in play between them), "
            "either is right. In practice mode the check explains; in graded mode it says ✓ or "
            "✗ and what kind of mistake it is, never the answer. A puzzle scores its point when "
            "the check says ✓ Correct.",
        ),
        _mode_cell(),
        _cell(
            new_code_cell,
            "setup",
            "from cardlib.puzzles.best_play import show_ending\n"
            "from cardlib.exercises import check_best_play, note_solved",
            _locked("setup"),
        ),
    ]
    game_argument = "" if game == DEFAULT_GAME else f", game={game!r}"
    for i, p in enumerate(puzzles, start=1):
        if facts.trump_varies:  # each deal's own trump
            game_argument = f", game={game!r}, trump={p.trump!r}"
        hands = ", ".join(f'"{_codes(hand)}"' for hand in p.hands)
        cells += [
            _cell(new_markdown_cell, f"q{i}", f"## Puzzle {i}\n\n{p.question}"),
            _cell(
                new_code_cell,
                f"q{i}-given",
                f"hands_{i} = ({hands})  # by seat: South, West, North, East\n"
                f'trick_{i}, leader_{i} = "{_codes(p.trick)}", {p.leader}\n'
                f"calls_{i}, won_{i} = {p.calls}, {p.won}\n"
                f"show_ending(hands_{i}, trick_{i}, leader_{i}, calls_{i}, won_{i}"
                f"{game_argument})",
                _locked(f"q{i}-given"),
            ),
            _answer_cell(
                i, "the card you would play", f'"{sorted(p.best, key=p.hand.index)[0].code}"'
            ),
            _check_cell(
                i,
                f"check_best_play(\n        answer_{i}, ({hands}),\n"
                f'        "{_codes(p.trick)}", {p.leader}, {p.calls}, {p.won}'
                f"{game_argument},\n    )",
                ("best", level, _puzzle_id(seed, p.number, game)),
            ),
        ]
    cells.append(
        _cell(
            new_markdown_cell,
            "try-next",
            "## Try this next\n\n"
            "- `notebooks/08-puzzles.ipynb`, section *What should I play?*: a best-play puzzle "
            "you click, with its reason.\n- `notebooks/40-the-coach.ipynb`: the analysis "
            "behind it, for positions where the hands are hidden.",
        )
    )
    return cells


def instructor_notebook(
    count: int, level: str, seed: int, kind: str = "legal", game: str = DEFAULT_GAME
) -> nbformat.NotebookNode:
    """The puzzle set as an instructor notebook: a question, a given, an answer and a check per
    puzzle, in the exercises' nbgrader format (a point per puzzle). ``kind`` is ``"legal"``
    (which cards you may play) or ``"best"`` (which card you should play; ``game`` any of
    :func:`kind_games`: Call Break, Call Bridge, Judgement)."""
    _check_kind(kind, level, game)
    if kind == "legal":
        cells = _legal_cells(count, level, seed)
    else:
        cells = _best_cells(count, level, seed, game)
    notebook = new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    return notebook


def student_notebook(
    count: int,
    level: str,
    seed: int,
    mode: str = "graded",
    kind: str = "legal",
    game: str = DEFAULT_GAME,
) -> nbformat.NotebookNode:
    """The student version of the puzzle set: the instructor notebook without its solutions."""
    return student_version(instructor_notebook(count, level, seed, kind, game), mode)


def _key_row(p: Puzzle) -> str:
    trick = (
        " ".join(f"{SEAT_NAMES[s]} {c}" for s, c in zip(p.trick_seats, p.trick, strict=True))
        or "(you lead)"
    )
    answer = cards_text(sorted(p.legal, key=p.hand.index))
    rivals = "; ".join(
        f"{rule}: {cards_text(sorted(cards, key=p.hand.index)) or 'cannot apply'}"
        for rule, cards in p.rivals
    )
    return (
        f"| {p.number + 1} | {SEAT_NAMES[p.seat]}: {cards_text(p.hand)} | {trick} | "
        f"{variant_text(p.variant)} | **{answer}** | `{p.rule}` | {p.explanation} | {rivals} |"
    )


def _best_key_row(p) -> str:
    from cardlib.puzzles.best_play import points_text, seat_line

    trick = (
        " ".join(f"{SEAT_NAMES[s]} {c}" for s, c in zip(p.trick_seats, p.trick, strict=True))
        or "(you lead)"
    )
    hands = "<br>".join(
        f"{seat_line(s, p.calls, p.won, p.game)}: {cards_text(p.hands[s])}" for s in range(4)
    )
    answer = cards_text(sorted(p.best, key=p.hand.index))
    to_play = SEAT_NAMES[p.seat]
    facts = check_game(p.game)
    if facts.trump_varies:  # its trump changes from deal to deal (Judgement's round to round)
        to_play += f" ({SUIT_SYMBOLS[p.trump]} trump)" if p.trump else " (no trump)"
    return (
        f"| {p.number + 1} | {to_play} | {hands} | {trick} | **{answer}** | "
        f"{points_text(p.margin, facts.places).lstrip('+')} | {p.reason} |"
    )


def _command(kind: str, count: int, level: str, seed: int, game: str = DEFAULT_GAME) -> str:
    option = "" if kind == "legal" else f" --kind {kind}"
    option += "" if game == DEFAULT_GAME else f" --game {game}"
    chosen = "--secret YOUR-COURSE-SECRET" if isinstance(seed, SecretSeed) else f"--seed {seed}"
    return f"`python -m cardlib.exercises puzzles{option} --count {count} --level {level} {chosen}`"


def answer_key(
    count: int, level: str, seed: int, kind: str = "legal", game: str = DEFAULT_GAME
) -> str:
    """The teacher's key in Markdown. Legal-play sets: every position, its legal cards, rule id
    and reason, and what the rival rules would allow (why the puzzle tests its rule). Best-play
    sets: every ending, its best card(s), by how many points the next best card falls short,
    and the reason worked out by the exact solver."""
    _check_kind(kind, level, game)
    command = _command(kind, count, level, seed, game)
    generated = f"Generated by {command}; the same command gives the same set."
    if isinstance(seed, SecretSeed):
        generated = (
            f"Generated by {command}, with your course secret in place of YOUR-COURSE-SECRET "
            "(it is written nowhere: keep it); the same secret gives the same set, and without "
            f"it no one can make this set or this key. The set's seed is {int(seed)}."
        )
    if kind == "best":
        facts = check_game(game)
        sure = (
            f"the exact {facts.call_word} even if the others all play against you, to give you "
            "a trick too many or too few (`cardlib.puzzles.best_play.forces_exact_bid`)"
            if facts.exact_calls
            else "the call (or bid) even if the others all play against you "
            "(`cardlib.puzzles.best_play.sure_tricks`)"
        )
        lines = [
            f"# Answer key: {count} {level} best-play puzzles ({facts.name}), {_set_name(seed)}",
            "",
            generated,
            "",
            "Every answer is proven by the exact solver (`cardlib.coach.solver.solve`): all "
            "four hands "
            "known, every player playing for their own score (max-n); and the best card makes "
            f"{sure}, so no convention for a player who does not care "
            "decides it. Any card listed as best is right (cards next to each other in rank, "
            "with no card in play between them, score the same). *Margin*: how many points the "
            "best of the other cards gives away.",
            "",
            "| # | to play | hands (seat: call, tricks won: cards) | trick so far | best | margin "
            "| why |",
            "|---|---|---|---|---|---|---|",
            *(_best_key_row(p) for p in _set_of("best", count, level, seed, game)),
            "",
            "Each ending comes from a real deal: "
            "`cardlib.puzzles.best_play.best_puzzle(level, seed, "
            f"number - 1, {game!r}).replay()` replays it.",
            "",
        ]
        return "\n".join(lines)
    puzzles = _set_of("legal", count, level, seed)
    lines = [
        f"# Answer key: {count} {level} puzzles, {_set_name(seed)}",
        "",
        generated,
        "",
        "| # | hand | trick so far | rules | may play | rule | why | a rival rule would allow |",
        "|---|---|---|---|---|---|---|---|",
        *(_key_row(p) for p in puzzles),
        "",
        "Each position comes from a real deal: `cardlib.puzzles.legal_play.puzzle(level, "
        "seed, number - 1)"
        ".replay()` replays it.",
        "",
    ]
    return "\n".join(lines)


def write_puzzle_set(
    count: int = 10,
    level: str = "medium",
    seed: int = 7,
    out: str | Path = "build/puzzles",
    mode: str = "graded",
    kind: str = "legal",
    game: str = DEFAULT_GAME,
) -> list[Path]:
    """Write the instructor notebook, the student version and the key (see the module docstring)
    into ``out/source``, ``out/students`` and ``out/key``; return their paths."""
    _check_kind(kind, level, game)
    out = Path(out)
    stem = set_stem(kind, level, seed, game)
    paths = {
        "source": out / "source" / f"{stem}.ipynb",
        "students": out / "students" / f"{stem}.ipynb",
        "key": out / "key" / f"{stem}-key.md",
    }
    for path in paths.values():
        path.parent.mkdir(parents=True, exist_ok=True)
    instructor = instructor_notebook(count, level, seed, kind, game)
    nbformat.write(instructor, paths["source"])
    nbformat.write(student_version(instructor, mode), paths["students"])
    paths["key"].write_text(answer_key(count, level, seed, kind, game), encoding="utf-8")
    return list(paths.values())
