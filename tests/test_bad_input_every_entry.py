"""Issue 43, every public entry point at once: wrong types, out-of-range values and impossible
game states are refused with the project's error (:class:`~cardlib.errors.CardlibError`), the
state unchanged; never a bare ``TypeError``/``AttributeError``/``ZeroDivisionError``, never
taken silently.

:data:`ENTRIES` lists the entry points of the engine's side (the four games' deals, rounds and
matches in every phase, the rule helpers, the position text, the puzzles and the coach), each
with arguments it accepts and, for each argument, values it must refuse. Two tests run them:

- :func:`test_the_tally_of_every_bad_input` runs every bad value of every argument of every
  entry point (each in every phase it has) and counts how each ended: refused with the
  project's error, a bare error, accepted silently, or refused with the state changed. It
  prints the counts and pins them: the last three are 0.
- :func:`test_a_bad_value_in_any_state_is_refused_and_changes_nothing` lets hypothesis pick the
  entry point, the phase, the deal (any seed, any number of actions into the phase) and the
  bad value, and out-of-range numbers (seats, calls, counts) drawn from whole ranges.

:func:`test_the_good_arguments_are_accepted` keeps the table honest: with its good arguments
every entry point answers, so each refusal counted is the bad value's.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardlib import DECK, Card, bridge, callbreak, callbridge, games, judgement, position
from cardlib.bridge import scoring
from cardlib.coach import estimate
from cardlib.coach.analysis import analyse, analyse_calls, imagined_deals, view_of
from cardlib.coach.solver import brute_force, ending_of, solve
from cardlib.errors import CardlibError
from cardlib.match import TrickMatch
from cardlib.puzzles import best_answer
from cardlib.puzzles.best_play import best_puzzle, best_puzzle_set, best_puzzle_stream
from cardlib.puzzles.legal_play import kind_of, puzzle, puzzle_set, puzzle_stream

# ----- the game states: each game's deal, round and match, in each phase ---------------------

STATES: dict[str, Callable[[int], Any]] = {
    "callbreak.Deal": lambda seed: callbreak.Deal(seed=seed),
    "callbreak.Deal(free, anti)": lambda seed: callbreak.Deal(
        seed=seed, variant=callbreak.Variant(free_discard=True, anticlockwise=True)
    ),
    "callbridge.Deal": lambda seed: callbridge.Deal(seed=seed),
    "judgement.Round(5, 2)": lambda seed: judgement.Round(players=5, number=2, seed=seed),
    "judgement.Round(3, blind)": lambda seed: judgement.Round(players=3, number=8, seed=seed),
    "bridge.Deal": lambda seed: bridge.Deal(seed=seed),
    "callbreak.Match": lambda seed: callbreak.Match(seed=seed, deals=2),
    "callbridge.Match": lambda seed: callbridge.Match(seed=seed, target=10),
    "judgement.Match": lambda seed: judgement.Match(players=3, seed=seed),
    "bridge.Match": lambda seed: bridge.Match(seed=seed, target=30),
}
DEALS = [name for name in STATES if "Match" not in name]
MATCHES = [name for name in STATES if "Match" in name]
#: The phases of a deal and, between deals, of a match ("calling" stands for "bidding" too).
PHASES = ("calling", "playing", "over", "deal-over")


def _phase(state: Any) -> str:
    phase = state.phase
    return {"bidding": "calling", "round-over": "deal-over"}.get(phase, phase)


def at(name: str, phase: str, seed: int, extra: int = 0) -> Any | None:
    """The game ``name`` (of :data:`STATES`) from ``seed``, played at random into ``phase``
    and ``extra`` actions more while it stays there; ``None`` if it never gets there (a
    passed-out auction never plays, a blind round plays itself)."""
    state = STATES[name](seed)
    rng = random.Random(seed)
    for _step in range(3000):
        if _phase(state) == phase:
            if extra == 0 or phase in ("over", "deal-over"):
                return state
            following = state.copy()
            following.act(rng.choice(following.legal_actions()))
            if _phase(following) != phase:
                return state
            state, extra = following, extra - 1
            continue
        if state.is_over:
            return None
        if _phase(state) == "deal-over":
            state.next_deal()
        elif rng.random() < 0.7:  # mostly the game's sensible bot: matches come to an end
            state.act(_choose(state))
        else:
            state.act(rng.choice(state.legal_actions()))
    return None  # pragma: no cover - every game ends


def _choose(state: Any) -> object:
    bot = games.of(state).bot("sensible")
    deal = _deal(state)
    return bot.choose_play(deal) if _phase(state) == "playing" else bot.choose_call(deal)


def snapshot(state: Any) -> tuple[object, ...]:
    """Everything that defines a state: equal snapshots, the same state."""
    return (type(state), state._state(), repr(state), state.phase, state.to_act)


# ----- the bad values ---------------------------------------------------------------------

#: What is no value of any kind an entry point takes.
JUNK: list[object] = [None, True, False, 1.5, float("nan"), "", "x", b"3", [], {}, object()]
#: Junk where ``None`` means "the default" (a model, a playout …).
SOME_JUNK: list[object] = [value for value in JUNK if value is not None]
#: Junk that is not even a list (an empty list is a list of nothing).
NOT_LISTS: list[object] = [value for value in JUNK if value != []]
#: What is no seat (``None`` is "the seat to act" where a seat is optional: not listed).
NOT_SEATS: list[object] = [True, 1.0, 1.5, "0", "N!", -1, 7, 99, Decimal(1), [0], object()]
#: What is no count (a number of samples, cards, deals …).
NOT_COUNTS: list[object] = [None, True, 1.5, "3", Decimal(3), Fraction(3), -1, object()]


def _deal(state: Any) -> Any:
    return state.deal if isinstance(state, TrickMatch) else state


def _hand_seat(state: Any) -> int:
    """The seat whose hand the next card or call is about (0 once nobody acts)."""
    for seat in (_deal(state).hand_to_play, state.to_act):
        if seat is not None:
            return int(seat)
    return 0


def _held_card(state: Any) -> Card:
    """A card the hand to act holds (any card while a blind round is face down)."""
    seat = _hand_seat(state)
    return min(state.visible_to(seat).hands[seat] or {DECK[0]})


def _card_not_held(state: Any) -> Card:
    held = _deal(state)._held()[_hand_seat(state)]
    return next(card for card in DECK if not held >> card & 1)


def _bad_calls(state: Any) -> list[object]:
    """What the seat to call may not call: junk, cards (a Card is an int), out of range."""
    held = _held_card(state)
    bad = [*JUNK, held, _card_not_held(state), -1, 14, 99, "3"]
    deal = _deal(state)
    if isinstance(deal, bridge.Deal):  # a card's text may be a bid ("7S"), "x" a double
        legal = deal.legal_calls()
        return [v for v in [*bad, "8S", "1X", "XX", "P!", 3] if not _legal_call(v, legal)]
    low = min(deal.legal_calls())
    bad += [low - 1] if low > 0 else []
    cards = deal.cards if isinstance(deal, judgement.Round) else deal._cards_per_hand
    return [*bad, held.code, cards + 1]


def _legal_call(value: object, legal: tuple[str, ...]) -> bool:
    try:
        return bridge.parse_call(value) in legal  # type: ignore[arg-type]
    except CardlibError:
        return False


def _bad_cards(state: Any) -> list[object]:
    """What the hand to play may not play: junk, numbers, cards not held, illegal cards."""
    legal = set(state.legal_plays())
    held = _deal(state)._hands[_hand_seat(state)]
    illegal = [card for card in DECK if held >> card & 1 and card not in legal]
    return [*JUNK, int(min(legal)), 3, "1H", "\u212aH", "ZZ", _card_not_held(state), *illegal[:1]]


def _other_seats(state: Any) -> list[object]:
    """Seats that are not the one to act: out of turn (and junk that is no seat)."""
    return [*NOT_SEATS, *(s for s in range(state.players) if s != state.to_act)][:14]


def _bad_hands(state: Any) -> list[object]:
    """Hands that cannot replace those held: junk, a hand of another size, a card in two
    hands, a card already played."""
    deal = _deal(state)
    players = deal.players
    held = [sorted(Card(c) for c in DECK if mask >> c & 1) for mask in deal._held()]
    bad: list[object] = [None, "AS KS", 3, [None] * (players - 1), [None, 3, *[None] * 2]]
    # Seat ``w`` holds the most cards (one at least, in the phases tried), ``o`` one more.
    w = max(range(players), key=lambda seat: len(held[seat]))
    o = next(seat for seat in range(players) if seat != w and held[seat]) if any(
        held[seat] for seat in range(players) if seat != w) else None  # fmt: skip

    def only(seat: int, hand: list[Card]) -> list[object]:
        return [hand if other == seat else None for other in range(players)]

    bad += [only(w, held[w][:-1]), only(w, [*held[w], _card_not_held(state)])]  # sizes
    if o is not None:
        bad.append(only(w, [held[o][0], *held[w][1:]]))  # a card in two hands
    played = [card for trick in deal.tricks for card in trick.cards] + list(deal.trick)
    if played:
        bad.append(only(w, [played[0], *held[w][1:]]))  # a card played already
    return bad


def _another_deal(state: Any) -> Any:
    """A deal of the match's game that is not the match's: another shuffle."""
    deal = _deal(state)
    if isinstance(deal, judgement.Round):
        return judgement.Round(players=deal.players, number=1, seed=987654321)
    return type(deal)(seed=987654321)


def _other_game(state: Any) -> Any:
    """A deal of another game."""
    if isinstance(_deal(state), callbreak.Deal):
        return callbridge.Deal(seed=1)
    return callbreak.Deal(seed=1)


@dataclass(frozen=True)
class Entry:
    """One public entry point: ``run(state, **args)`` for a method of a game state (``states``
    and ``phases`` say which), else ``run(**args)``; ``good`` the arguments it accepts (a
    function of the state for a method; ``None`` where nothing is accepted in that phase),
    ``bad`` the values each argument must refuse (a function of the state for a method)."""

    label: str
    run: Callable[..., object]
    good: Any
    bad: Any
    states: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()


def _entries_of_states() -> list[Entry]:
    every = tuple(STATES)
    counted = tuple(name for name in STATES if "bridge." not in name or "callbridge" in name)
    return [
        Entry("act while calling", lambda s, action: s.act(action),
              lambda s: {"action": s.legal_actions()[0]}, lambda s: {"action": _bad_calls(s)},
              every, ("calling",)),
        Entry("call while calling", lambda s, n, seat=None: s.call(n, seat),
              lambda s: {"n": s.legal_calls()[0]},
              lambda s: {"n": _bad_calls(s), "seat": _other_seats(s)}, every, ("calling",)),
        Entry("bid while bidding", lambda s, n, seat=None: s.bid(n, seat),
              lambda s: {"n": s.legal_calls()[0]},
              lambda s: {"n": _bad_calls(s), "seat": _other_seats(s)},
              tuple(n for n in counted if "callbreak" not in n), ("calling",)),
        Entry("act while playing", lambda s, action: s.act(action),
              lambda s: {"action": s.legal_actions()[0]}, lambda s: {"action": _bad_cards(s)},
              every, ("playing",)),
        Entry("play while playing", lambda s, card, seat=None: s.play(card, seat),
              lambda s: {"card": s.legal_actions()[0]},
              lambda s: {"card": _bad_cards(s), "seat": _other_seats(s)}, every, ("playing",)),
        Entry("act out of its phase", lambda s, action: s.act(action), None,
              lambda s: {"action": [3, "1H", DECK[0], "AS", None]}, every, ("over", "deal-over")),
        Entry("call out of its phase", lambda s, n: s.call(n), None,
              lambda s: {"n": [1, 3, "1H", "P"]}, every, ("playing", "over", "deal-over")),
        Entry("play out of its phase", lambda s, card: s.play(card), None,
              lambda s: {"card": [_held_card(s), "AS", 3]}, every,
              ("calling", "over", "deal-over")),
        Entry("explain out of its phase", lambda s, _=None: s.explain(), None,
              lambda s: {"_": [None]}, every, ("calling", "over", "deal-over")),
        Entry("explain_bids out of its phase", lambda s, _=None: s.explain_bids(), None,
              lambda s: {"_": [None]}, ("judgement.Round(5, 2)", "judgement.Match"),
              ("playing", "over", "deal-over")),
        Entry("next_deal before a deal is over", lambda s, _=None: s.next_deal(), None,
              lambda s: {"_": [None]}, tuple(MATCHES), ("calling", "playing", "over")),
        Entry("visible_to", lambda s, seat: s.visible_to(seat), {"seat": 0},
              lambda s: {"seat": [None, *NOT_SEATS]}, every, PHASES),
        Entry("hidden_from", lambda s, seat: s.hidden_from(seat), {"seat": 0},
              lambda s: {"seat": [None, *NOT_SEATS]}, every, PHASES),
        Entry("hand", lambda s, seat: s.hand(seat), {"seat": 0},
              lambda s: {"seat": [None, *NOT_SEATS]},
              tuple(n for n in DEALS if "blind" not in n), ("calling", "playing", "over")),
        Entry("to_text", lambda s, seat=None: s.to_text(seat), {},
              lambda s: {"seat": NOT_SEATS}, every, PHASES),
        Entry("points_explained", lambda s, seat: s.points_explained(seat), {"seat": 0},
              lambda s: {"seat": [None, *NOT_SEATS]}, tuple(DEALS), ("over",)),
        Entry("points_explained before the end", lambda s, seat: s.points_explained(seat), None,
              lambda s: {"seat": [0, 1]}, tuple(DEALS), ("calling", "playing")),
        Entry("with_hands", lambda s, hands: s.with_hands(hands),
              lambda s: {"hands": [None] * s.players}, lambda s: {"hands": _bad_hands(s)},
              tuple(n for n in DEALS if "blind" not in n), ("calling", "playing")),
        Entry("replaying", lambda s, deal: s.replaying(deal), lambda s: {"deal": s.deal.copy()},
              lambda s: {"deal": [*JUNK, s, _other_game(s), _another_deal(s)]},
              tuple(MATCHES), PHASES),
    ]  # fmt: skip


# ----- the entry points that hold no game state ----------------------------------------------

# A deal in play three cards a hand from the end, and a Call Break hand of 13 cards.
_ENDING_DEAL = at("callbreak.Deal", "playing", 3, 40)
HAND13 = [card.code for card in callbreak.Deal(seed=5).hand(0)]
_GIVENS = (["AS KS", "QS JS", "TS 9S", "8S 7S"], "", 0, (1, 1, 1, 1), (5, 3, 3, 0))


def _ending_with(**fields: object) -> object:
    return replace(ending_of(_ENDING_DEAL), **fields)


def _entries_of_functions() -> list[Entry]:
    twelve = HAND13[:12]
    cards14 = [card.code for card in DECK[:14]]
    end = ending_of(_ENDING_DEAL)
    return [
        # the rule helpers
        *(Entry(f"{module.__name__}.{fn}", getattr(module, fn),
                {"hand": "3H KH 2S", "trick": "QH", "rules": rules},
                {"hand": [None, 3, "", [], cards14, "3H 3H", [None], b"3H", "\u212aH"],
                 "trick": [None, 3, "QH QH", "3H", "QH 2H 4H 5H 6H 7H 8H 9H", [None]],
                 "rules": [*SOME_JUNK, "X" if module is bridge else "NT", 7]})
          for module, rules in ((callbreak, callbreak.STANDARD), (callbridge, None),
                                (judgement, "H"), (bridge, "S"))
          for fn in ("legal_plays", "explain_play")),
        *(Entry(f"{module.__name__}.trick_winner", module.trick_winner,
                {"trick": "AH 2S KH", "trump": trump},
                {"trick": [None, 3, "", [], "AH AH", [None], "AH 2H 3H 4H 5H 6H 7H 8H"],
                 "trump": [True, 1.5, "", "X", "SH", [], 0, "♠"] + (["H"] if trump == "S" else [])})
          for module, trump in ((callbreak, "S"), (callbridge, "S"), (judgement, "C"),
                                (bridge, "NT"))),
        Entry("callbreak.score", callbreak.score, {"call": 4, "tricks": 6},
              {"call": [*JUNK, DECK[3], 0, 14, -1, "4"], "tricks": [*JUNK, -1, 14, DECK[3]],
               "variant": JUNK}),
        Entry("callbreak.explain_score", callbreak.explain_score, {"call": 4, "tricks": 6},
              {"call": [*JUNK, DECK[3], 0, 14], "tricks": [*JUNK, -1, 14], "variant": JUNK}),
        Entry("callbridge.score", callbridge.score, {"bid": 4, "tricks": 6},
              {"bid": [*JUNK, DECK[3], 1, 13], "tricks": [*JUNK, -1, 14]}),
        Entry("callbridge.explain_score", callbridge.explain_score, {"bid": 4, "tricks": 6},
              {"bid": [*JUNK, DECK[3], 1, 13], "tricks": [*JUNK, -1, 14]}),
        Entry("judgement.score", judgement.score, {"bid": 4, "tricks": 4},
              {"bid": [*JUNK, DECK[3], -1, 8], "tricks": [*JUNK, -1, 8]}),
        Entry("judgement.explain_score", judgement.explain_score, {"bid": 4, "tricks": 4},
              {"bid": [*JUNK, DECK[3], -1, 8], "tricks": [*JUNK, -1, 8]}),
        Entry("bridge.score", scoring.score, {"contract": "4S", "tricks_taken": 10},
              {"contract": [*JUNK, "8S", DECK[3]], "tricks_taken": [*JUNK, -1, 14]}),
        Entry("callbreak.expected_scores", callbreak.expected_scores,
              {"trick_counts": [0, 1, 2, 3] + [1] * 10},
              {"trick_counts": [*JUNK, [-5] * 14, [0] * 14, [1] * 15, [1.5] * 14, [True] * 14,
                                {20: 1}, {0: -1}, {"0": 1}, "12", [None]],
               "variant": JUNK}),
        Entry("judgement.legal_bids", judgement.legal_bids,
              {"cards": 3, "earlier_bids": [1, 0], "is_dealer": True},
              {"cards": [*NOT_COUNTS, 0, 8], "earlier_bids": [*NOT_LISTS, [4], [-1], [True],
                                                             [0] * 7, "10", [DECK[1]]],
               "is_dealer": ["no", "yes", 1, 0, None, 1.0, []]}),
        Entry("judgement.explain_bids", judgement.explain_bids,
              {"cards": 3, "earlier_bids": [1, 0], "is_dealer": True},
              {"cards": [*NOT_COUNTS, 0, 8], "earlier_bids": [*NOT_LISTS, [4], [-1], [0] * 7],
               "is_dealer": ["no", 1, None]}),
        Entry("judgement.hooked_bid", judgement.hooked_bid, {"cards": 3, "earlier_bids": [1, 0]},
              {"cards": [*NOT_COUNTS, 0, 8], "earlier_bids": [*NOT_LISTS, [4], [-1], [0] * 7]}),
        Entry("judgement.check_bid", judgement.check_bid, {"bid": 2, "cards": 3},
              {"bid": [*JUNK, DECK[2], -1, 4, "2"]}),
        Entry("callbreak.check_call", callbreak.check_call, {"call": 2},
              {"call": [*JUNK, DECK[2], 0, 14, "2"], "variant": JUNK}),
        Entry("callbridge.check_bid", callbridge.check_bid, {"bid": 2},
              {"bid": [*JUNK, DECK[2], 1, 13, "2"]}),
        # the constructors, with impossible hands and calls
        Entry("callbreak.Deal", callbreak.Deal, {"seed": 1},
              {"seed": [True, 1.5, b"1", [], object()], "dealer": NOT_SEATS, "variant": JUNK}),
        Entry("callbreak.Deal.from_hands", callbreak.Deal.from_hands,
              {"hands": ["AS KS", "QS JS", "TS 9S", "8S 7S"], "dealer": 0, "calls": [1, 1, 1, 2]},
              {"hands": [*JUNK, ["AS"] * 4, ["AS KS", "QS", "TS", "8S"], ["AS"] * 3,
                         [[], [], [], []], [[*HAND13, "2C"]] * 4],
               "dealer": NOT_SEATS,
               "calls": [*SOME_JUNK, [3, 1, 1, 1], [1, 1, 1], [DECK[1]] * 4, [0] * 4, "1111"]}),
        Entry("callbridge.Deal.from_hands", callbridge.Deal.from_hands,
              {"hands": ["AS KS", "QS JS", "TS 9S", "8S 7S"], "dealer": 0},
              {"hands": [*JUNK, ["AS", "KS", "QS", "JS"]], "dealer": NOT_SEATS,
               "calls": [[3, 2, 2, 2], [DECK[2]] * 4, [True] * 4]}),
        Entry("judgement.Round.from_hands", judgement.Round.from_hands,
              {"hands": ["AS", "KS", "QS"], "trump": "H"},
              {"hands": [*JUNK, ["AS", "KS"], ["AS"] * 3, [HAND13[:8]] * 3],
               "trump": [True, "X", "SH", 1], "dealer": [*NOT_SEATS, 3], "bids": [[2, 0, 0],
               [DECK[0]] * 3, [0, 0]], "blind": ["no", 1, None]}),
        Entry("bridge.Deal.from_hands", bridge.Deal.from_hands,
              {"hands": ["AS", "KS", "QS", "JS"], "dealer": "N"},
              {"hands": [*JUNK, ["AS"] * 4], "dealer": [*NOT_SEATS, "Q"],
               "calls": ["1S X X", "8S", 3, [DECK[0]]], "first_caller": JUNK}),
        Entry("judgement.Round", judgement.Round, {"players": 4, "number": 1, "seed": 1},
              {"players": [*NOT_COUNTS, 2, 8], "number": [*NOT_COUNTS, 0, 9],
               "seed": [True, 1.5], "dealer": [*NOT_SEATS, 4]}),
        Entry("callbreak.Match", callbreak.Match, {"seed": 1},
              {"seed": [True, 1.5], "dealer": NOT_SEATS, "variant": JUNK,
               "deals": [*NOT_COUNTS, 0]}),
        Entry("callbridge.Match", callbridge.Match, {"seed": 1, "target": 30},
              {"seed": [True, 1.5], "dealer": NOT_SEATS, "target": [*NOT_COUNTS, 0]}),
        Entry("judgement.Match", judgement.Match, {"players": 3, "seed": 1},
              {"players": [*NOT_COUNTS, 2, 8], "seed": [True, 1.5], "dealer": [*NOT_SEATS, 3]}),
        Entry("bridge.Match", bridge.Match, {"seed": 1},
              {"seed": [True, 1.5], "dealer": NOT_SEATS, "first_caller": JUNK,
               "target": [*NOT_COUNTS, 0]}),
        # the position text
        Entry("position.to_text", position.to_text, {"deal": _ENDING_DEAL},
              {"deal": JUNK, "seat": NOT_SEATS}),
        Entry("position.from_text", position.from_text,
              {"text": position.to_text(_ENDING_DEAL)},
              {"text": [*JUNK, "callbreak", "callbreak 0 A.../K.../Q.../J... 5/5/5/5 -",
                        "callbreak 0 A.../K.../Q.../J... 1/1/1/1 ASAS",
                        "callbreak 4 A.../K.../Q.../J... - -", "chess 0 A.../K.../Q.../J... - -",
                        "callbreak 0 AA.../K.../Q.../J... - -",
                        "callbreak 0 A.../K.../Q.../J... 1/1/1/1 - @7",
                        "judgement/r1 0 A.../K.../Q... - -",
                        "callbridge/target=x | callbridge 0 A.../K.../Q.../J... - -"]}),
        # the puzzles
        Entry("puzzle", puzzle, {"level": "easy", "seed": 0, "number": 0},
              {"level": [*JUNK, "expert", "EASY", ["easy"]],
               "seed": [-1, "x", 1.5, True, None, b"0"], "number": [-1, 1.5, True, "0", None]}),
        Entry("puzzle_set", puzzle_set, {"count": 1, "level": "easy", "seed": 0},
              {"count": [*NOT_COUNTS, 0], "level": ["expert", None], "seed": [-1, "x", 1.5]}),
        Entry("puzzle_stream", puzzle_stream, {"level": "easy", "seed": 0},
              {"level": ["expert", None, []], "seed": [-1, "x", 1.5, True]}),
        Entry("kind_of", kind_of, {"level": "easy", "seed": 0, "number": 0},
              {"level": ["expert", None], "seed": [-1, "x", 1.5], "number": [-1, 1.5, True]}),
        Entry("best_puzzle", best_puzzle, {"level": "easy", "seed": 0, "number": 0},
              {"level": [*JUNK, "expert"], "seed": [-1, "x", 1.5, True, None],
               "number": [-1, 1.5, True, "0"], "game": [*JUNK, "bridge", "whist", "CALLBREAK"]}),
        Entry("best_puzzle_set", best_puzzle_set, {"count": 1, "level": "easy", "seed": 0},
              {"count": [*NOT_COUNTS, 0], "level": ["expert"], "seed": [-1, "x", 1.5],
               "game": ["bridge", None]}),
        Entry("best_puzzle_stream", best_puzzle_stream, {"level": "easy", "seed": 0},
              {"level": ["expert", None], "seed": [-1, "x", 1.5], "game": ["bridge", 3]}),
        Entry("best_answer.ending_from", best_answer.ending_from,
              dict(zip(("hands", "trick", "leader", "calls", "won"), _GIVENS, strict=True)),
              {"hands": [*JUNK, ["AS KS", "QS", "TS 9S", "8S 7S"], ["AS KS", "AS JS", "TS 9S",
                                                                     "8S 7S"], ["AS KS"] * 3,
                         ["AS KS", "QS JS", "TS 9S", "8S 7S 6S"], [None] * 4, [[], [], [], []]],
               "trick": [None, 3, "AS", "2H 3H 4H 5H"], "leader": [*NOT_SEATS, 4],
               "calls": [*JUNK, (1, 1, 0), (14, 1, 1, 1), (DECK[1], 1, 1, 1), (0, 1, 1, 1),
                         (True, 1, 1, 1)],
               "won": [*JUNK, (-1, 4, 4, 4), (5, 5, 5, 5), (5, 3, 3), (1.5, 3, 3, 3)],
               "variant": SOME_JUNK, "game": [*JUNK, "bridge", "whist"],
               "trump": ["H", "X", 3, True]}),
        # the coach
        Entry("view_of", view_of, {"game": _ENDING_DEAL},
              {"game": [*JUNK, "callbreak", [_ENDING_DEAL], 3, at("callbreak.Deal", "over", 1),
                        bridge.Deal(seed=1)], "seat": NOT_SEATS}),
        Entry("analyse", analyse, {"position": _ENDING_DEAL, "samples": 2},
              {"position": [*JUNK, "callbreak", at("callbreak.Deal", "calling", 1),
                            at("callbreak.Deal", "over", 1), at("bridge.Deal", "playing", 1)],
               "samples": [*NOT_COUNTS, 0], "seed": [True, 1.5, b"1", []],
               "exact_from": [*NOT_COUNTS], "calls_model": [*SOME_JUNK, "psychic"],
               "tolerance": [*NOT_COUNTS], "playout": [*JUNK, "weak"]}),
        Entry("analyse_calls", analyse_calls,
              {"position": at("callbreak.Deal", "calling", 1), "samples": 2},
              {"position": [*JUNK, _ENDING_DEAL, at("callbreak.Deal", "over", 1)],
               "samples": [*NOT_COUNTS, 0], "seed": [True, 1.5], "exact_from": NOT_COUNTS,
               "boldness": [None, True, "x", [], object(), -1, float("inf"), float("nan")],
               "playout": ["weak", None]}),
        Entry("imagined_deals", imagined_deals, {"position": _ENDING_DEAL, "samples": 2},
              {"position": [*JUNK, "x", at("callbreak.Deal", "over", 1)],
               "samples": [*NOT_COUNTS, 0, -1], "seed": [True, 1.5, []],
               "calls_model": ["psychic", 3, True], "tolerance": [*NOT_COUNTS]}),
        Entry("solve", solve, {"position": _ENDING_DEAL},
              {"position": [*JUNK, "callbreak", at("callbreak.Deal", "calling", 1),
                            at("callbreak.Deal", "playing", 1),  # 13 cards: too big to solve
                            _ending_with(leader=4), _ending_with(won=(-1, 4, 4, 3)),
                            _ending_with(won=(5, 5, 5, 5)), _ending_with(calls=(1, 1, 1)),
                            _ending_with(calls=(DECK[1], 1, 1, 1)), _ending_with(game="whist"),
                            _ending_with(game="bridge"), _ending_with(hands=end.hands[:3]),
                            _ending_with(hands=(end.hands[0], end.hands[0], *end.hands[2:])),
                            _ending_with(hands=((DECK[0], None),) * 4), _ending_with(variant="x"),
                            _ending_with(direction=2), _ending_with(first_trick="no"),
                            _ending_with(rules="S"), _ending_with(trick=(end.hands[0][0],)),
                            _ending_with(hands=[list(h) for h in end.hands])]}),
        Entry("brute_force", brute_force, {"position": _ENDING_DEAL},
              {"position": [*JUNK, "callbreak", _ending_with(leader=True),
                            _ending_with(won=(5, 5, 5, 5)), _ending_with(calls=(14, 1, 1, 1))]}),
        Entry("best_answer.solved", best_answer.solved, {"ending": ending_of(_ENDING_DEAL)},
              {"ending": [*JUNK, _ending_with(leader=4), _ending_with(hands=[list(h) for h in
                                                                          end.hands])]}),
        Entry("estimate.hand_mask", estimate.hand_mask, {"hand": HAND13},
              {"hand": [*JUNK, twelve, [*HAND13, "2C"], [HAND13[0]] * 13, [None] * 13]}),
        Entry("estimate.trick_counts", estimate.trick_counts, {"hand": HAND13, "samples": 4},
              {"hand": [*JUNK, twelve], "samples": [*NOT_COUNTS, 3, 0],
               "seed": [True, 1.5, [], b"1"], "variant": JUNK, "call": [*NOT_COUNTS, 0, 14]}),
        Entry("estimate.expected_scores_as_called", estimate.expected_scores_as_called,
              {"hand": HAND13, "samples": 4, "calls": [3]},
              {"hand": [None, twelve], "samples": [*NOT_COUNTS, 3], "seed": [True, 1.5],
               "variant": JUNK, "calls": [*SOME_JUNK, [0], ["3"], "3", [DECK[3]], [14]]}),
        Entry("estimate.made_counts_agree", estimate.made_counts_agree,
              {"hand": HAND13, "call": 3, "samples": 4},
              {"hand": [None, twelve], "call": [*JUNK, DECK[3], 0, 14, -1],
               "samples": [*NOT_COUNTS, 3], "seed": [True, 1.5]}),
        Entry("estimate.mean_tricks", estimate.mean_tricks, {"counts": [1] * 14},
              {"counts": [*JUNK, [0] * 14, [-1] * 14, [1] * 15, [1.5] * 14, "1" * 14]}),
        Entry("estimate.best_calls", estimate.best_calls, {"expected": {1: Fraction(1)}},
              {"expected": [*JUNK, {1: "x"}, {"a": 1}, {True: 1}, {1: None}, [1]]}),
    ]  # fmt: skip


ENTRIES: list[Entry] = [*_entries_of_states(), *_entries_of_functions()]


# ----- running a case ---------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One bad value of one argument of one entry point (in one game state and phase)."""

    entry: Entry
    argument: str
    value: object
    state: str | None = None
    phase: str | None = None

    def __str__(self) -> str:
        where = f" [{self.state}, {self.phase}]" if self.state else ""
        return f"{self.entry.label}{where}: {self.argument}={self.value!r}"


def _good(entry: Entry, state: Any) -> dict[str, object]:
    good = entry.good
    if callable(good):
        return dict(good(state))
    return dict(good or {})


def outcome(case: Case, state: Any = None) -> str:
    """How ``case`` ended: ``"refused"`` (the project's error, the state unchanged), ``"bare"``
    (another error), ``"accepted"`` or ``"changed"`` (refused, but the state changed)."""
    entry = case.entry
    args = _good(entry, state)
    args[case.argument] = case.value
    before = None if state is None else snapshot(state)
    try:
        result = entry.run(state, **args) if entry.states else entry.run(**args)
    except CardlibError:
        if state is not None and snapshot(state) != before:
            return "changed"
        return "refused"
    except Exception:  # the point: any other error is counted as bare
        return "bare"
    if isinstance(result, Iterator):
        return "accepted"  # a generator taken without a look at its arguments
    return "accepted"


SEED = 123


def cases() -> Iterator[tuple[Case, Any]]:
    """Every bad value of every argument of every entry point, in every state and phase, with
    the state to run it on (a copy, made afresh for each case)."""
    built: dict[tuple[str, str], Any] = {}
    for entry in ENTRIES:
        if not entry.states:
            for argument, values in entry.bad.items():
                for value in values:
                    yield Case(entry, argument, value), None
            continue
        for name in entry.states:
            for phase in entry.phases:
                key = (name, phase)
                if key not in built:
                    built[key] = at(name, phase, SEED, 3)
                state = built[key]
                if state is None:
                    continue  # this game never is in this phase (a match between deals …)
                for argument, values in entry.bad(state).items():
                    for value in values:
                        yield Case(entry, argument, value, name, phase), state.copy()


def test_the_tally_of_every_bad_input(capsys):
    tally: Counter[str] = Counter()
    wrong = []
    for case, state in cases():
        result = outcome(case, state)
        tally[result] += 1
        if result != "refused":
            wrong.append(f"{result}: {case}")
    with capsys.disabled():
        print(
            f"\nissue 43, bad inputs tried: {sum(tally.values())}; refused with the project's "
            f"error: {tally['refused']}; bare errors: {tally['bare']}; accepted silently: "
            f"{tally['accepted']}; refused with the state changed: {tally['changed']}"
        )
    assert not wrong, "\n".join(wrong[:40])
    assert tally == Counter(refused=TRIED)


#: How many bad inputs the tally tries (every one refused with the project's error).
TRIED = 4777


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.label for e in ENTRIES])
def test_the_good_arguments_are_accepted(entry):
    if not entry.states:
        result = entry.run(**_good(entry, None))
        if isinstance(result, Iterator):
            next(result)
        return
    for name in entry.states:
        for phase in entry.phases:
            state = at(name, phase, SEED, 3)
            if state is None or entry.good is None:
                continue
            entry.run(state.copy(), **_good(entry, state))


# ----- hypothesis: any state, any phase, any bad value ----------------------------------------

STATE_ENTRIES = [entry for entry in ENTRIES if entry.states]
FUNCTION_ENTRIES = [entry for entry in ENTRIES if not entry.states]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_bad_value_in_any_state_is_refused_and_changes_nothing(data):
    entry = data.draw(st.sampled_from(STATE_ENTRIES), label="entry")
    name = data.draw(st.sampled_from(entry.states), label="game")
    phase = data.draw(st.sampled_from(entry.phases), label="phase")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    extra = data.draw(st.integers(0, 40), label="actions into the phase")
    state = at(name, phase, seed, extra)
    assume(state is not None)
    bad = entry.bad(state)
    argument = data.draw(st.sampled_from(sorted(bad)), label="argument")
    value = data.draw(st.sampled_from(bad[argument]), label="value")
    case = Case(entry, argument, value, name, phase)
    assert outcome(case, state) == "refused", str(case)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_bad_value_of_any_function_is_refused(data):
    entry = data.draw(st.sampled_from(FUNCTION_ENTRIES), label="entry")
    argument = data.draw(st.sampled_from(sorted(entry.bad)), label="argument")
    value = data.draw(st.sampled_from(entry.bad[argument]), label="value")
    case = Case(entry, argument, value)
    assert outcome(case) == "refused", str(case)


OFF_THE_TABLE = st.one_of(
    st.integers(max_value=-1),
    st.integers(min_value=7),
    st.floats(allow_nan=False),
    st.booleans(),
    st.text(max_size=2),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(list(STATES)), phase=st.sampled_from(PHASES),
       seed=st.integers(0, 10**6), seat=OFF_THE_TABLE)  # fmt: skip
def test_a_seat_off_the_table_is_refused_by_every_method_that_takes_one(name, phase, seed, seat):
    state = at(name, phase, seed)
    assume(state is not None and not (isinstance(seat, str) and seat in ("N", "E", "S", "W")))
    for method in ("visible_to", "hidden_from", "to_text"):
        case = Case(Entry(method, lambda s, seat, m=method: getattr(s, m)(seat), {}, {},
                          (name,), (phase,)), "seat", seat, name, phase)  # fmt: skip
        assert outcome(case, state) == "refused", str(case)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(DEALS), seed=st.integers(0, 10**6),
       call=st.one_of(st.integers(max_value=-1), st.integers(min_value=14),
                      st.floats(allow_nan=False), st.sampled_from(DECK)))  # fmt: skip
def test_a_call_out_of_range_or_a_card_is_refused_in_every_game(name, seed, call):
    state = at(name, "calling", seed)
    assume(state is not None)
    case = Case(_entries_of_states()[1], "n", call, name, "calling")
    assert outcome(case, state) == "refused", str(case)
