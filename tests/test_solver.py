"""The exact solver for endings agrees with a plain minimax over every play sequence.

The brute force (:func:`cardlib.coach.solver.brute_force`) plays every legal card at
every turn with no table, no equivalences and no cutoffs; the solver must give
every legal card the same final tricks for every seat, for the three calling
games, any trump, partly played tricks and both directions of play.
"""

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbreak, callbridge, judgement, parse_cards
from cardlib.bots import SensibleBot, SensibleBridgeBot, SensibleJudgementBot, play_out
from cardlib.cards import DECK, SUITS
from cardlib.coach.solver import MAX_CARDS, Ending, brute_force, ending_of, solve
from cardlib.errors import CardlibError
from cardlib.tricks import legal_mask

SOME = settings(max_examples=60, deadline=None)


def random_ending(seed: int, game: str, cards: int, played: int) -> Ending:
    """A random ending: hands of ``cards``, then ``played`` legal cards of the current trick."""
    rng = random.Random(seed)
    if game == "judgement":
        players = rng.randint(3, 5)
        rules = judgement.play_rules(rng.choice(["S", "H", "D", "C", None]))
        direction, total = 1, 7
        calls = [rng.randint(0, 7) for _ in range(players)]
        variant = None
    elif game == "callbridge":
        players, rules, direction, total = 4, callbridge.RULES, -1, 13
        calls = [rng.randint(2, 12) for _ in range(players)]
        variant = None
    else:
        variant = callbreak.Variant(old_scoring=rng.random() < 0.3, free_discard=rng.random() < 0.3)
        players, rules, direction, total = 4, callbreak.play_rules(variant), 1, 13
        calls = [rng.randint(1, 13) for _ in range(players)]
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[cards * s : cards * (s + 1)]) for s in range(players)]
    # Tricks already taken: any split of the tricks before this ending.
    won = [0] * players
    for _ in range(total - cards):
        won[rng.randrange(players)] += 1
    leader = rng.randrange(players)
    trick = []
    for i in range(played):
        seat = (leader + direction * i) % players
        legal = [c for c in range(52) if legal_mask(hands[seat], trick, rules)[0] >> c & 1]
        card = rng.choice(legal)
        hands[seat] ^= 1 << card
        trick.append(card)
    return Ending(
        hands=tuple(tuple(DECK[c] for c in range(52) if h >> c & 1) for h in hands),
        trick=tuple(DECK[c] for c in trick),
        leader=leader,
        won=tuple(won),
        calls=tuple(calls),
        rules=rules,
        direction=direction,
        game=game,
        variant=variant,
    )


@SOME
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(["callbreak", "callbridge", "judgement"]),
    cards=st.integers(1, 3),
    played=st.integers(0, 2),
)
def test_the_solver_agrees_with_brute_force(seed, game, cards, played):
    ending = random_ending(seed, game, cards, played)
    solution = solve(ending)
    expected = brute_force(ending)
    assert {v.card: v.tricks for v in solution.cards} == expected
    for v in solution.cards:
        assert v.points == tuple(ending.score(s, v.tricks[s]) for s in range(ending.players))
    # Best first, and ``best`` is every card reaching the top score.
    seat_points = [v.points[solution.seat] for v in solution.cards]
    assert seat_points == sorted(seat_points, reverse=True)
    assert solution.best == {
        v.card for v in solution.cards if v.points[solution.seat] == max(seat_points)
    }


@SOME
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(["callbreak", "judgement"]))
def test_playing_the_best_card_keeps_the_value(seed, game):
    """Max-n is consistent: after the best card, the next player's best line ends the same way."""
    ending = random_ending(seed, game, 3, seed % 3)
    solution = solve(ending)
    first = max(solution.cards, key=lambda v: (v.points[solution.seat], int(v.card)))
    assert first.points[solution.seat] == solution.value
    # Play the recommended card on the ending and solve again from the next seat.
    hands = list(ending.hands)
    seat = ending.to_act
    hands[seat] = tuple(c for c in hands[seat] if c != solution.cards[0].card)
    trick = (*ending.trick, solution.cards[0].card)
    won = list(ending.won)
    leader = ending.leader
    if len(trick) == ending.players:
        from cardlib.tricks import trick_winner

        leader = (leader + ending.direction * trick_winner(trick, ending.rules.trump)) % (
            ending.players
        )
        won[leader] += 1
        trick = ()
    if not hands[
        leader if not trick else (leader + ending.direction * len(trick)) % ending.players
    ]:
        assert tuple(won) == solution.cards[0].tricks
        return
    following = Ending(
        hands=tuple(hands),
        trick=trick,
        leader=leader,
        won=tuple(won),
        calls=ending.calls,
        rules=ending.rules,
        direction=ending.direction,
        game=ending.game,
        variant=ending.variant,
    )
    next_solution = solve(following)
    assert next_solution.cards[0].tricks == solution.cards[0].tricks


def played_to(deal, cards_left: int):
    """Call with SensibleBots and play sensibly until the hands hold ``cards_left`` cards."""
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    while len(deal.hand(deal.to_act)) > cards_left or deal.trick:
        deal.play(bots[deal.to_act].choose_play(deal))
    return deal


def test_a_real_call_break_ending_is_read_and_solved():
    deal = played_to(callbreak.Deal(seed=3, dealer=0), 4)
    ending = ending_of(deal)
    assert ending.to_act == deal.to_act and ending.won == deal.tricks_won
    assert ending.calls == deal.calls and ending.rules == deal.rules
    solution = solve(deal)
    assert {v.card for v in solution.cards} == deal.legal_plays()
    # Playing the solver's line for everyone ends the deal exactly as it said.
    while deal.phase == "playing":
        deal.play(solve(deal).cards[0].card)
    assert deal.tricks_won == solution.cards[0].tricks
    assert deal.scores() == solution.cards[0].points


def test_call_bridge_and_judgement_endings_are_solved_through_their_games():
    deal = played_to(callbridge.Deal(seed=5, dealer=1), 3)
    solution = solve(deal)
    assert ending_of(deal).direction == -1
    assert {v.card for v in solution.cards} == deal.legal_plays()
    round_ = judgement.Round(players=5, number=3, seed=2, dealer=0)
    play_out(round_, [SensibleJudgementBot()] * 5)
    assert round_.phase == "over"
    fresh = judgement.Round(players=5, number=3, seed=2, dealer=0)
    while fresh.phase == "bidding":
        fresh.bid(SensibleJudgementBot().choose_call(fresh))
    solution = solve(fresh)
    assert {v.card for v in solution.cards} == fresh.legal_plays()
    assert all(isinstance(p, int) for p in solution.cards[0].points)


def test_a_judgement_zero_bid_must_duck():
    """Bid 0 with A♥ 2♥: leading the ace takes a trick (0 points); the two keeps the bid."""
    round_ = judgement.Round.from_hands(
        ["AH 2H", "KH 3S", "QH 4S", "JH 5S"], trump=None, dealer=3, bids=[0, 1, 1, 1]
    )
    solution = solve(round_)
    assert solution.best == {parse_cards("2H")[0]}
    assert solution.points_of("2H") == 10 and solution.points_of("AH") == 0


def test_call_break_must_beat_forces_the_loser_of_a_two_card_ending():
    """South leads; what South leads decides who takes both tricks."""
    deal = callbreak.Deal.from_hands(
        ["AS KH", "AH 3D", "QH 4D", "2S 5D"], dealer=3, calls=[1, 1, 1, 1]
    )
    solution = solve(deal)
    # K♥ loses to A♥, E trumps, then South's A♠ must trump the diamond: one trick.
    # A♠ wins at once, then K♥ loses to A♥: one trick too. Both score 1.0.
    assert solution.points_of("AS") == solution.points_of("KH") == Decimal("1.0")
    assert brute_force(deal) == {v.card: v.tricks for v in solution.cards}


def test_bad_positions_get_clear_errors():
    deal = callbreak.Deal(seed=1, dealer=0)
    with pytest.raises(CardlibError) as error:
        solve(deal)
    assert error.value.rule == "phase"
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    with pytest.raises(CardlibError) as error:
        solve(deal)
    assert error.value.rule == "ending-size" and f"at most {MAX_CARDS}" in str(error.value)
    assert len(deal.hand(deal.to_act)) == 13  # nothing changed


def test_solution_reprs_evaluate_back():
    from fractions import Fraction  # noqa: F401  (names the repr may use)

    from cardlib.cards import Card  # noqa: F401
    from cardlib.coach.solver import CardValue, Solution  # noqa: F401
    from cardlib.tricks import PlayRules  # noqa: F401

    ending = random_ending(7, "callbreak", 2, 1)
    Variant = callbreak.Variant  # noqa: F841
    assert eval(repr(ending)) == ending
    solution = solve(ending)
    assert eval(repr(solution)) == solution
    html = solution._repr_html_()
    assert "aria-label" in html and "best" in html


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(["callbreak", "callbridge", "judgement"]),
    cards=st.integers(1, 3),
    played=st.integers(0, 3),
)
def test_the_finisher_plays_the_brute_force_line(seed, game, cards, played):
    """Finisher (the analysis's exact finish, its own search) ends where max-n ends: the
    brute force's line of the seat to act's best card (ties to the highest card), for every
    game, mid-trick or not; and asked again (from its table) the same."""
    from cardlib.coach.solver import Finisher

    ending = random_ending(seed, game, cards, min(played, 2) if game == "judgement" else played)
    remaining = len(ending.hands[ending.to_act])
    points = [
        [ending.score(s, t) for t in range(ending.won[s] + remaining + 1)]
        for s in range(ending.players)
    ]
    seat = ending.to_act
    lines = brute_force(ending)
    best = max(lines, key=lambda c: (ending.score(seat, lines[c][seat]), int(c)))
    finisher = Finisher(ending.rules, ending.direction, points)
    hands = [sum(1 << int(c) for c in hand) for hand in ending.hands]
    trick = [int(c) for c in ending.trick]
    for _again in range(2):
        final = finisher.final_tricks(list(hands), list(trick), ending.leader, ending.won)
        assert final == lines[best]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(["callbreak", "callbridge", "judgement"]),
    cards=st.integers(4, 5),
    played=st.integers(0, 2),
)
def test_the_finisher_plays_the_solvers_line_in_longer_endings(seed, game, cards, played):
    """From four cards a hand the finisher searches trick after trick on its own: it still
    ends where solve's recommended line ends (solve is held to the brute force above)."""
    from cardlib.coach.solver import Finisher

    ending = random_ending(seed, game, cards, played)
    remaining = len(ending.hands[ending.to_act])
    points = [
        [ending.score(s, t) for t in range(ending.won[s] + remaining + 1)]
        for s in range(ending.players)
    ]
    finisher = Finisher(ending.rules, ending.direction, points)
    hands = [sum(1 << int(c) for c in hand) for hand in ending.hands]
    final = finisher.final_tricks(hands, [int(c) for c in ending.trick], ending.leader, ending.won)
    assert final == solve(ending).cards[0].tricks


def every_final(ending: Ending) -> set[tuple[int, ...]]:
    """The final tricks by seat of every legal way to play the ending out (no choice skipped)."""
    from cardlib.tricks import winner_index

    trump = -1 if ending.rules.trump is None else SUITS.index(ending.rules.trump)
    players, direction = ending.players, ending.direction
    finals = set()

    def play(hands, trick, leader, won):
        seat = (leader + direction * len(trick)) % players
        if not trick and not hands[seat]:
            finals.add(tuple(won))
            return
        legal = legal_mask(hands[seat], trick, ending.rules, ending.first_trick)[0]
        for card in (c for c in range(52) if legal >> c & 1):
            after = list(hands)
            after[seat] ^= 1 << card
            if len(trick) + 1 < players:
                play(after, [*trick, card], leader, won)
                continue
            winner = (leader + direction * winner_index([*trick, card], trump)) % players
            play(after, [], winner, [w + (s == winner) for s, w in enumerate(won)])

    hands = [sum(1 << int(c) for c in hand) for hand in ending.hands]
    play(hands, [int(c) for c in ending.trick], ending.leader, list(ending.won))
    return finals


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(["callbreak", "callbridge", "judgement"]),
    cards=st.integers(1, 3),
    played=st.integers(0, 2),
)
def test_the_trick_bounds_hold_whoever_plays_what(seed, game, cards, played):
    """The analysis skips the exact finish where the player's points are the same between
    the trick bounds: they must hold for every way the ending can be played, for every
    seat (a hostile check: every play, not only the good ones)."""
    from cardlib.coach.analysis import trick_bounds

    ending = random_ending(seed, game, cards, played)
    trump = ending.rules.trump
    trumps = 0 if trump is None else 0x1FFF << (13 * SUITS.index(trump))
    hands = [sum(1 << int(c) for c in hand) for hand in ending.hands]
    trick = [int(c) for c in ending.trick]
    finals = every_final(ending)
    for seat in range(ending.players):
        fewest, most = trick_bounds(hands, trick, seat, trumps)
        taken = {final[seat] - ending.won[seat] for final in finals}
        assert fewest <= min(taken) and max(taken) <= most, (seat, fewest, most, taken)


def test_contract_bridge_is_sent_to_double_dummy():
    from cardlib import bridge
    from cardlib.coach.analysis import analyse

    deal = bridge.Deal(seed=5, dealer="N")
    bots = [SensibleBridgeBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    for solver in (solve, analyse):
        with pytest.raises(CardlibError, match="double_dummy") as error:
            solver(deal)
        assert error.value.rule == "game"
