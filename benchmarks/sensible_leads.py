"""The sensible bot's low lead and its discards, measured: suit order against rank order.

The sensible bot (:func:`cardlib.bots.sensible_play_mask`) makes its low lead from its first
side suit in the order ♥ ♦ ♣ (the lowest card of that suit), and throws and ducks by rank
across suits. This script plays the other ways against it: each policy in one seat, the other
three seats playing ``--among``, against that seat playing ``--among`` too, on the same deals
(paired), every seat in turn; the margin is the seat's Call Break points a deal, ± standard
error over deals. A policy is named by its lead (``suit`` or ``rank``) and its throws (``suit``
or ``rank``): ``rank/rank`` leads and throws by rank, ``suit/rank`` is the bot.

    python benchmarks/sensible_leads.py --deals 10000 --seed 700000 --among suit/rank rank/rank
    python benchmarks/sensible_leads.py --deals 10000 --seed 700000 --among rank/rank suit/rank

The bot's docstring quotes the first two lines' figures (issue 37).
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence

from cardlib.bots import (
    ACE,
    _beating_mask,
    highest_by_rank,
    lowest_by_rank,
    lowest_of_first_suit,
)
from cardlib.coach.fast import play_tricks
from cardlib.coach.variants import CALL_BREAK, seeded_deals, sensible_calls, tenths

Policy = Callable[[int, Sequence[int], int, int, bool], int]
SPADES = 0


def _highest_by_suit(mask: int) -> int:
    return mask.bit_length() - 1


def policy(lead: str, throw: str) -> Policy:
    """The sensible bot's play with its low lead and its throws by ``suit`` order or ``rank``."""
    low_lead = lowest_of_first_suit if lead == "suit" else lowest_by_rank
    low = lowest_of_first_suit if throw == "suit" else lowest_by_rank
    high = _highest_by_suit if throw == "suit" else highest_by_rank

    def play(hand: int, trick: Sequence[int], legal: int, trump: int, want: bool) -> int:
        trumps = 0x1FFF << (13 * trump)
        side = legal & ~trumps
        if not trick:
            if want:
                for suit in range(4):
                    if suit != trump and legal >> (13 * suit + ACE) & 1:
                        return 13 * suit + ACE
            return low_lead(side) if side else lowest_by_rank(legal)
        best = trick[0]
        best_trumps = best // 13 == trump
        for card in trick[1:]:
            if card // 13 == trump:
                if not best_trumps or card > best:
                    best, best_trumps = card, True
            elif card // 13 == best // 13 and card > best:
                best = card
        winners = legal & _beating_mask(best, trump)
        if want:
            if winners:
                pick = winners & ~trumps or winners
                return (pick & -pick).bit_length() - 1  # winners lie in one suit
            return low(side or legal)
        losers = legal & ~winners
        return high(losers) if losers else low(legal)

    return play


def chooser(players: Sequence[Policy], calls: Sequence[int]) -> Callable[..., int]:
    """A ``choose`` for :func:`play_tricks`: seat ``s`` plays ``players[s]``."""

    def choose(seat: int, hand: int, trick: Sequence[int], legal: int, won: Sequence[int]) -> int:
        return players[seat](hand, trick, legal, SPADES, won[seat] < calls[seat])

    return choose


def margin(mine: Policy, theirs: Policy, deals: int, seed: int) -> tuple[float, float]:
    """``mine`` in each seat in turn among ``theirs``, less ``theirs`` there: points a deal."""
    gains = []
    for hands, dealer in seeded_deals(seed, deals):
        calls = sensible_calls(hands)
        leader = (dealer + 1) % 4
        base = play_tricks(list(hands), leader, CALL_BREAK, chooser([theirs] * 4, calls))
        total = 0
        for seat in range(4):
            players = [theirs] * 4
            players[seat] = mine
            won = play_tricks(list(hands), leader, CALL_BREAK, chooser(players, calls))
            total += tenths(calls[seat], won[seat]) - tenths(calls[seat], base[seat])
        gains.append(total / 40)  # tenths, four seats: points a deal and seat
    return statistics.fmean(gains), statistics.stdev(gains) / len(gains) ** 0.5


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=700000)
    parser.add_argument("--among", nargs="+", default=["suit/rank", "rank/rank"])
    args = parser.parse_args(argv)
    theirs_name, *mine_names = args.among
    theirs = policy(*theirs_name.split("/"))
    for name in mine_names:
        mean, se = margin(policy(*name.split("/")), theirs, args.deals, args.seed)
        print(
            f"{name} among {theirs_name}, {args.deals} deals from {args.seed}: "
            f"{mean:+.3f} ± {se:.3f} points a deal"
        )


if __name__ == "__main__":
    main()
