"""Lesson 32, Bridge strategy: counting a hand, the 25-point rule, the bots' games, declarer's
odds (splits and the finesse), opening leads compared, and the quick check.

Every figure is exact (:class:`~fractions.Fraction`) or measured over seeded deals, so the
lesson's prose can be pinned to it:

>>> mean_hcp(), percent(chance_at_least(12), 2)
(Fraction(10, 1), '34.82%')
>>> split_chances(5)
{'3-2': Fraction(78, 115), '4-1': Fraction(13, 46), '5-0': Fraction(9, 230)}
>>> [percent(p) for p in queen_odds(8)], [percent(p) for p in queen_odds(9)]
(['34.7%', '52.8%'], ['57.9%', '56.2%'])
>>> game_decision(17, (6, 9)), game_decision(19, (6, 9)), game_decision(12, (6, 9))
('invite', 'game', 'stop')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from cardlib import bridge
from cardlib.bots import SensibleBridgeBot, play_match, play_out
from cardlib.bridge import Auction, Deal, Match
from cardlib.bridge.bidding import (
    GAME_LEVEL,
    GAME_TOTAL,
    choose_call,
    hand_points,
    high_card_points,
    is_balanced,
    length_points,
)
from cardlib.cards import Card, parse_cards
from cardlib.draw.bridge import call_html
from cardlib.draw.charts import bar_chart
from cardlib.draw.svg import Html, Svg, cards_html
from cardlib.draw.tables import percent, places, table_html
from cardlib.errors import CardlibError, PhaseError
from cardlib.exercises.feedback import AnswerError, Feedback, correct, not_yet, read_card
from cardlib.i18n import N_, _
from cardlib.lessons.bridge_play_and_score import contract_of
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "32-bridge-strategy"

Hand = Iterable[Card | str] | str


def _cards(hand: Hand) -> list[Card]:
    return parse_cards(hand) if isinstance(hand, str) else [Card(c) for c in hand]


def _count(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what=what, choices=f"{low}..{high}", value=value
            ),
            what,
        )
    return value


# --- Counting a hand -------------------------------------------------------------------------


def points_table(deal: Deal) -> Html:
    """Each seat's hand with its count (high-card points, length points, points, balanced),
    clockwise from North: the numbers every call starts from."""
    rows = []
    for seat in (bridge.NORTH, bridge.EAST, bridge.SOUTH, bridge.WEST):
        hand = deal.dealt_hands[seat]
        rows.append(
            [
                bridge.SEAT_NAMES[seat],
                cards_html(hand, sort=True),
                high_card_points(hand),
                length_points(hand),
                hand_points(hand),
                _("yes") if is_balanced(hand) else _("no"),
            ]
        )
    header = [_("seat"), _("hand"), _("HCP"), _("length"), _("points"), _("balanced")]
    return table_html(header, rows)


@cache
def hcp_distribution() -> dict[int, Fraction]:
    """The exact chance of each number of high-card points in one 13-card hand.

    A hand is some of the 36 cards below the jack plus, for each honour rank (worth 4, 3, 2,
    1), 0 to 4 of its four cards: the ways are multiplied and added up, over C(52, 13) hands.
    """
    ways: Counter[tuple[int, int]] = Counter({(0, 0): 1})  # (honours, points) -> ways
    for value in (4, 3, 2, 1):
        step: Counter[tuple[int, int]] = Counter()
        for (cards, points), n in ways.items():
            for k in range(5):
                step[cards + k, points + value * k] += n * comb(4, k)
        ways = step
    total = comb(52, 13)
    chance: dict[int, Fraction] = {}
    for (cards, points), n in ways.items():
        if cards <= 13:
            chance[points] = chance.get(points, Fraction(0)) + Fraction(
                n * comb(36, 13 - cards), total
            )
    return dict(sorted(chance.items()))


def mean_hcp() -> Fraction:
    """The mean high-card points of a hand, exactly."""
    return sum((p * c for p, c in hcp_distribution().items()), Fraction(0))


def chance_at_least(points: int) -> Fraction:
    """The exact chance that one hand holds at least ``points`` high-card points."""
    return sum((c for p, c in hcp_distribution().items() if p >= points), Fraction(0))


def hcp_chart() -> Svg:
    """A bar chart of :func:`hcp_distribution`, 0 to 30 points."""
    chance = hcp_distribution()
    return bar_chart(
        {p: chance.get(p, Fraction(0)) * 100 for p in range(0, 31)},
        _("High-card points in one hand: exact chance (%)"),
        _("high-card points"),
        _("share of hands (%)"),
        value_text=lambda v: places(v, 2) + "%",
    )


def landmarks_table(points: Sequence[int] = (10, 12, 15, 20, 25)) -> Html:
    """The chance of at least each of ``points`` high-card points, with the exact mean."""
    return table_html(
        [_("at least"), _("chance")],
        [[f"{p} HCP", percent(chance_at_least(p), 2)] for p in points],
        caption=_("mean {mean} HCP").format(mean=mean_hcp()),
    )


# --- Opening and responding ------------------------------------------------------------------

#: Hands for the opening table: a five-card major, two majors, balanced 15-17 ...
SAMPLE_OPENERS = (
    "AS KS 7S 5S 3S KH 4H 2H QD 5D 3D 6C 4C",
    "AS KS 7S 5S 3S AH KH 7H 4H 2H 3D 6C 4C",
    "AS KS 7S 5S KH 4H 2H QD 5D 3D 6C 4C 2C",
    "AS KS 7S KH 4H 2H QD 5D 3D 2D 6C 4C 2C",
    "AS KS 7S 5S KH QH JH QD 5D 3D 6C 4C 2C",
    "AS KS 6S 5S AH QH 2H KD JD 3D AC 4C 2C",
    "KS 7S 5S 3S KH 4H 2H QD 5D 3D 6C 4C 2C",
)
#: Hands that answer partner's 1♠; the first has three spades and 9 points.
SAMPLE_RESPONDERS = (
    "KS 7S 3S KH 8H 4H 2H QD 5D 3D JC 6C 4C",
    "KS 7S 3S KH 8H 4H 2H QD JD 3D JC 6C 4C",
    "KS 7S 3S KH AH 4H 2H QD JD 3D JC 6C 4C",
    "KS 7S KH 9H 8H 4H QD 5D 3D JC 6C 4C 2C",
    "KS 7S KH QH 8H 4H QD JD 3D JC 6C 4C 2C",
    "8S 7S 5H 3H 2H 9D 8D 7D 5D 4D 2C 4C 3C",
)
#: Hands that answer partner's 1NT.
SAMPLE_NT_RESPONDERS = (
    "KS 7S 5S KH 8H 4H QD 5D 3D JC 6C 4C 2C",
    "KS 7S 5S KH 8H 4H QD JD 3D AC 6C 4C 2C",
    "KS QS 9S 7S 5S 3S 8H 4H QD 5D 3D AC 4C",
    "KS QS 9S 7S 5S 8H 4H 2H 9D 5D 3D 6C 4C",
)


def opening_call(hand: Hand) -> str:
    """The bots' opening with ``hand``, first to call (North deals)."""
    return choose_call(Auction("N"), hand)


def answer_to_one_spade(hand: Hand) -> str:
    """The bots' answer with ``hand`` when partner opened 1♠."""
    return choose_call(Auction.from_calls("N", "1S P"), hand)


def answer_to_one_no_trump(hand: Hand) -> str:
    """The bots' answer with ``hand`` when partner opened 1NT."""
    return choose_call(Auction.from_calls("N", "1NT P"), hand)


def hands_table(hands: Iterable[Hand], call_of: Callable[[Hand], str], call_header: str) -> Html:
    """A hand per row, its count and the call ``call_of`` makes with it."""
    return table_html(
        [_("hand"), _("HCP"), _("points"), _("balanced"), call_header],
        [
            [
                cards_html(_cards(h), sort=True),
                high_card_points(h),
                hand_points(h),
                _("yes") if is_balanced(h) else _("no"),
                Html(call_html(call_of(h))),
            ]
            for h in hands
        ],
    )


# --- The 25-point rule -----------------------------------------------------------------------


def game_decision(points: int, partner_range: tuple[int, int]) -> str:
    """The 25-point rule: ``"game"`` when ``points`` plus the middle of partner's range reach
    25, ``"invite"`` when only the top of it does, else ``"stop"`` (in the part-score)."""
    points = _count(points, "points", 0, 40)
    low, high = partner_range
    if not 0 <= low <= high <= 40:
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="partner_range",
                choices="(low, high), 0 <= low <= high <= 40",
                value=(low, high),
            ),
            "partner_range",
        )
    if points + Fraction(low + high, 2) >= GAME_TOTAL:
        return "game"
    return "invite" if points + high >= GAME_TOTAL else "stop"


# --- How often the bots reach game -----------------------------------------------------------

#: Seeded games to 100 for the measurement, and the point bands and outcomes it counts.
GAMES = 150
BANDS = ("under 20", "20–22", "23–25", "26+")
OUTCOMES = (N_("game"), N_("part-score"), N_("defended"), N_("passed out"))


def play_games(count: int = GAMES, bot: Any = None) -> list[Match]:
    """``count`` seeded games to 100 (seeds 0, 1, …; dealer ``seed % 4``) between four bots."""
    count = _count(count, "count", 1, 100_000)
    bot = bot if bot is not None else SensibleBridgeBot()
    return [play_match(Match(seed=seed, dealer=seed % 4), [bot] * 4) for seed in range(count)]


def outcome(deal: Deal, side: int) -> str:
    """What happened to ``side`` (0 North–South, 1 East–West) on a finished deal: ``"game"``,
    ``"part-score"`` (it declared), ``"defended"`` or ``"passed out"``."""
    contract, declarer = deal.contract, deal.declarer
    if contract is None or declarer is None:
        return "passed out"
    if declarer % 2 != side:
        return "defended"
    return "game" if contract.level >= GAME_LEVEL[contract.strain] else "part-score"


def band(points: int) -> str:
    """The band of a side's points (both hands): under 20, 20–22, 23–25 or 26+."""
    if points < 20:
        return "under 20"
    return "20–22" if points <= 22 else "23–25" if points <= 25 else "26+"


def game_records(games: Iterable[Match]) -> Counter[tuple[str, str]]:
    """(band, outcome) → how often, over every deal of ``games`` and each side."""
    records: Counter[tuple[str, str]] = Counter()
    for game in games:
        for deal in game.deals:
            points = [hand_points(hand) for hand in deal.dealt_hands]
            for side in (0, 1):
                records[band(points[side] + points[side + 2]), outcome(deal, side)] += 1
    return records


def share(records: Counter[tuple[str, str]], band_: str, outcome_: str) -> Fraction:
    """The share of ``band_``'s deals that ended in ``outcome_``."""
    total = sum(records[band_, o] for o in OUTCOMES)
    return Fraction(records[band_, outcome_], total)


def _shares(records: Counter[tuple[str, str]], band_: str) -> list[str]:
    return [percent(share(records, band_, o)) for o in OUTCOMES]


def game_table(records: Counter[tuple[str, str]], games: int) -> Html:
    """:func:`game_records` as a table: per band of points, the share of each outcome."""
    deals = sum(records.values()) // 2
    return table_html(
        [_("side's points"), _("deals"), *(_(o) for o in OUTCOMES)],
        [
            [
                b,
                sum(records[b, o] for o in OUTCOMES),
                *(percent(share(records, b, o)) for o in OUTCOMES),
            ]
            for b in BANDS
        ],
        caption=_("{deals} deals of {games} seeded games to 100, each side counted").format(
            deals=deals, games=games
        ),
    )


def how_won(game: Match) -> str:
    """How the winner reached 100: ``"one game contract"`` (the last deal alone scored 100
    below the line) or ``"part-scores added up"``."""
    side = game.winners()[0]
    last = game.deals[-1].scores().below[side]
    return "one game contract" if last >= 100 else "part-scores added up"


def how_won_table(games: Sequence[Match]) -> Html:
    """How many games were won by one game contract, how many by part-scores."""
    how = Counter(how_won(game) for game in games)
    return table_html(
        [_("the winning 100 came from"), _("games"), _("share")],
        [[_(k), n, percent(Fraction(n, len(games)))] for k, n in how.most_common()],
    )


# --- Declarer's counting and odds ------------------------------------------------------------


def sure_winners(hand_a: Hand, hand_b: Hand, suit: str) -> int:
    """Sure winners in ``suit`` between two partners' hands: the top cards held together,
    counted down from the ace without a gap, but no more than the longer hand's length."""
    a, b = _cards(hand_a), _cards(hand_b)
    ours = {c.rank for c in (*a, *b) if c.suit == suit}
    run = 0
    for rank in range(14, 1, -1):
        if rank not in ours:
            break
        run += 1
    return min(run, max(sum(c.suit == suit for c in hand) for hand in (a, b)))


def split_chances(missing: int) -> dict[str, Fraction]:
    """The exact chance of each split (``"3-2"``) of ``missing`` cards of a suit between the
    two opponents, most likely first: C(m, k) · C(26 − m, 13 − k) / C(26, 13)."""
    missing = _count(missing, "missing", 0, 13)
    total = comb(26, 13)
    chances: dict[str, Fraction] = {}
    for k in range(missing + 1):
        high, low = max(k, missing - k), min(k, missing - k)
        ways = Fraction(comb(missing, k) * comb(26 - missing, 13 - k), total)
        chances[f"{high}-{low}"] = chances.get(f"{high}-{low}", Fraction(0)) + ways
    return dict(sorted(chances.items(), key=lambda kv: -kv[1]))


def split_table(fits: Sequence[int] = (7, 8, 9)) -> Html:
    """The splits of the opponents' trumps for each of ``fits`` trumps held."""
    return table_html(
        [_("your trumps"), _("theirs"), _("splits (most likely first)")],
        [
            [
                ours,
                13 - ours,
                ", ".join(f"{s}: {percent(c)}" for s, c in split_chances(13 - ours).items()),
            ]
            for ours in fits
        ],
    )


def queen_odds(fit: int) -> tuple[Fraction, Fraction]:
    """(drop, finesse): the exact chance each line wins every trick of a suit missing the
    queen, holding A-K-J and ``fit`` cards of it between the two hands.

    The drop cashes the ace and king (switching to the finesse when East shows out on the
    ace); the finesse cashes the ace and then finesses the jack through West.
    """
    fit = _count(fit, "fit", 3, 12)
    missing = 13 - fit
    total = comb(26, 13)
    drop = finesse = Fraction(0)
    for west in range(missing + 1):  # cards of the suit West holds, the queen among them or not
        ways_west = comb(26 - missing, 13 - west)
        for queen_west in (True, False):
            owner_length = west if queen_west else missing - west
            if owner_length == 0:
                continue
            p = Fraction(comb(missing - 1, owner_length - 1) * ways_west, total)
            drop += p if owner_length <= 2 or (queen_west and west == missing) else 0
            finesse += p if queen_west or owner_length == 1 else 0
    return drop, finesse


def queen_line(fit: int) -> str:
    """``"finesse"`` or ``"drop"``: the better line for the missing queen with ``fit`` cards."""
    drop, finesse = queen_odds(fit)
    return "drop" if drop > finesse else "finesse"


def queen_table(fits: Sequence[int] = (8, 9)) -> Html:
    """:func:`queen_odds` for each of ``fits``, with the better line."""
    rows = []
    for fit in fits:
        drop, finesse = queen_odds(fit)
        rows.append([fit, percent(drop), percent(finesse), _(queen_line(fit))])
    header = [_("cards in the suit"), _("drop (A, K)"), _("finesse (A, then J)"), _("better")]
    return table_html(header, rows)


# --- Opening leads ---------------------------------------------------------------------------

#: The opening-lead rules compared, by name.
LEAD_NAMES = (N_("the bot's way"), N_("fourth best"), N_("top of a sequence"), N_("partner's suit"))
LEAD_DEALS = 200


def _suits(hand: Hand) -> dict[str, list[Card]]:
    by_suit: dict[str, list[Card]] = {}
    for card in sorted(_cards(hand), key=lambda c: -c.rank):
        by_suit.setdefault(card.suit, []).append(card)
    return by_suit


def fourth_best_card(hand: Hand, trump: str | None) -> Card:
    """The fourth-highest card of the longest side suit (the lowest if it is shorter)."""
    suits = _suits(hand)
    side = [s for s in suits if s != trump] or list(suits)
    longest = max(side, key=lambda s: (len(suits[s]), sum(c.rank for c in suits[s])))
    cards = suits[longest]
    return cards[3] if len(cards) >= 4 else cards[-1]


def top_of_sequence_card(hand: Hand, trump: str | None) -> Card:
    """The top of two touching honours (A-K, K-Q, Q-J) in a side suit, else fourth best."""
    for suit, cards in _suits(hand).items():
        touching = len(cards) >= 2 and cards[1].rank == cards[0].rank - 1
        if suit != trump and touching and cards[0].rank >= 12:
            return cards[0]
    return fourth_best_card(hand, trump)


def partners_suit_card(hand: Hand, trump: str | None, partner_suit: str | None) -> Card:
    """A card of the suit partner bid (the top of two, else the lowest), else the top of a
    sequence or fourth best."""
    cards = _suits(hand).get(partner_suit, []) if partner_suit else []
    if cards:
        return cards[0] if len(cards) <= 2 else cards[-1]
    return top_of_sequence_card(hand, trump)


def _leader(deal: Deal) -> int:
    if deal.to_act is None or deal.contract is None:
        raise PhaseError(
            _("the deal has no contract yet: the auction is not over, or all four passed"), "phase"
        )
    return deal.to_act


def _partner_suit(deal: Deal) -> str | None:
    auction, partner = deal.auction, (_leader(deal) + 2) % 4
    named = [
        call[1:]
        for i, call in enumerate(auction.calls)
        if call[0].isdigit() and auction.seat_of(i) == partner and call[1:] != "NT"
    ]
    return named[-1] if named else None


def lead_rules(bot: Any = None) -> dict[str, Callable[[Deal], Card]]:
    """The four ways of choosing the opening lead, by name, each a function of the deal."""
    bot = bot if bot is not None else SensibleBridgeBot()

    def hand(deal: Deal) -> list[Card]:
        return list(deal.hand(_leader(deal)))

    def trump(deal: Deal) -> str | None:
        contract, _declarer = contract_of(deal)
        return contract.trump

    return {
        "the bot's way": bot.choose_play,
        "fourth best": lambda d: fourth_best_card(hand(d), trump(d)),
        "top of a sequence": lambda d: top_of_sequence_card(hand(d), trump(d)),
        "partner's suit": lambda d: partners_suit_card(hand(d), trump(d), _partner_suit(d)),
    }


def compare_leads(deals: int = LEAD_DEALS, bot: Any = None) -> dict[str, list[tuple[int, bool]]]:
    """Each lead rule on the same seeded deals (seeds 10,000 on; bid and then played by the
    bots, so only the opening lead differs): per rule, (defenders' tricks, contract defeated)
    for every deal that was not passed out."""
    deals = _count(deals, "deals", 1, 100_000)
    bot = bot if bot is not None else SensibleBridgeBot()
    rules = lead_rules(bot)
    defence: dict[str, list[tuple[int, bool]]] = {name: [] for name in rules}
    for seed in range(deals):
        deal = Deal(seed=10_000 + seed, dealer=seed % 4)
        while deal.phase == "calling":
            deal.call(bot.choose_call(deal))
        if deal.contract is None:
            continue
        for name, lead in rules.items():
            trial = deal.copy()
            trial.play(lead(trial))
            play_out(trial, [bot] * 4)
            took = trial.declarer_tricks or 0  # the deal is over: declarer took a number
            defence[name].append((13 - took, took < deal.contract.tricks_needed))
    return defence


def _mean(values: Sequence[int]) -> Fraction:
    return Fraction(sum(values), len(values))


def lead_results(
    defence: dict[str, list[tuple[int, bool]]],
) -> dict[str, tuple[Fraction, Fraction]]:
    """Per rule: (mean defenders' tricks, share of contracts defeated), exactly."""
    return {
        name: (_mean([t for t, _d in rows]), _mean([int(d) for _t, d in rows]))
        for name, rows in defence.items()
    }


def lead_table(defence: dict[str, list[tuple[int, bool]]]) -> Html:
    """:func:`lead_results` as a table."""
    contracts = len(next(iter(defence.values())))
    return table_html(
        [_("opening lead"), _("defenders' tricks (mean)"), _("contracts defeated")],
        [[_(name), places(t), percent(s)] for name, (t, s) in lead_results(defence).items()],
        caption=_("the same {contracts} contracts, bid and played by the bots").format(
            contracts=contracts
        ),
    )


def paired_difference(
    defence: dict[str, list[tuple[int, bool]]], name: str, baseline: str = "the bot's way"
) -> tuple[Fraction, Decimal]:
    """(difference in defeat rate of ``name`` over ``baseline``, its standard error), deal by
    deal over the same contracts."""
    diffs = [int(a[1]) - int(b[1]) for a, b in zip(defence[name], defence[baseline], strict=True)]
    m = _mean(diffs)
    variance = sum(((d - m) ** 2 for d in diffs), Fraction(0)) / (len(diffs) - 1)
    squared = variance / len(diffs)
    return m, (Decimal(squared.numerator) / Decimal(squared.denominator)).sqrt()


# --- The quick check -------------------------------------------------------------------------


#: The answers of the queen's line and of the game decision, as words a learner may write in
#: English or in the language (marked so the catalogs carry them).
QUEEN_LINES = (N_("drop"), N_("finesse"))
GAME_DECISIONS = (N_("game"), N_("invite"), N_("stop"))


def _word(answer: object, words: Sequence[str], example: str) -> str:
    """One of ``words`` (English ids), read in English or in the learner's language."""
    if not isinstance(answer, str) or not answer.strip():
        raise AnswerError(
            not_yet(_("write one word, for example {example}.").format(example=_(example)))
        )
    said = answer.strip().lower()
    for word in words:
        if said in (word, _(word).lower()):
            return word
    headline = _("expected one of {choices}, but got {answer!r}.").format(
        choices=", ".join(_(w) for w in words), answer=answer
    )
    raise AnswerError(not_yet(headline))


def _answered(check: Callable[..., Feedback]) -> Callable[..., Feedback]:
    def marked(answer: object, **givens: Any) -> Feedback:
        try:
            return check(answer, **givens)
        except AnswerError as error:
            return error.feedback

    marked.__name__ = marked.__qualname__ = check.__name__
    marked.__doc__ = check.__doc__
    return marked


@_answered
def check_likeliest_split(answer: object, missing: int) -> Feedback:
    """The likeliest split of ``missing`` cards between the opponents, as ``"3-2"``."""
    chances = split_chances(missing)
    if not isinstance(answer, str):
        raise AnswerError(not_yet(_("write a split like {example}.").format(example="4-1")))
    parts = answer.replace("–", "-").replace(" ", "-").split("-")
    parts = [p for p in parts if p]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise AnswerError(not_yet(_("write a split like {example}.").format(example="4-1")))
    high, low = sorted((int(parts[0]), int(parts[1])), reverse=True)
    given = f"{high}-{low}"
    likeliest = next(iter(chances))
    listing = ", ".join(f"{s}: {percent(c)}" for s, c in chances.items())
    why = _("The splits of {missing} missing cards, most likely first: {listing}.").format(
        missing=missing, listing=listing
    )
    if given == likeliest:
        return correct(_("{split} is the likeliest split.").format(split=likeliest), why)
    if given not in chances:
        return not_yet(
            _("{missing} missing cards cannot split {split}.").format(missing=missing, split=given),
            why,
        )
    return not_yet(
        _("{split} happens {chance} of the time; another split is likelier.").format(
            split=given, chance=percent(chances[given])
        ),
        why,
    )


@_answered
def check_queen_line(answer: object, fit: int) -> Feedback:
    """``"drop"`` or ``"finesse"``: the better line for the missing queen with ``fit`` cards."""
    given = _word(answer, QUEEN_LINES, "finesse")
    drop, finesse = queen_odds(fit)
    why = _("With {fit} cards the drop wins {drop}, the finesse {finesse}.").format(
        fit=fit, drop=percent(drop), finesse=percent(finesse)
    )
    if given == queen_line(fit):
        return correct(_("play for the {line}.").format(line=_(given)), why)
    return not_yet(_("not the better line here."), why)


@_answered
def check_game_decision(answer: object, points: int, partner_range: tuple[int, int]) -> Feedback:
    """``"game"``, ``"invite"`` or ``"stop"`` by the 25-point rule."""
    given = _word(answer, GAME_DECISIONS, "stop")
    low, high = partner_range
    middle = Fraction(low + high, 2)
    why = _(
        "Your {points} and the middle of partner's {low}–{high} make {middle}; with the top of "
        "it, {top}. Game needs {total}."
    ).format(
        points=points,
        low=low,
        high=high,
        middle=places(points + middle, 1),
        top=points + high,
        total=GAME_TOTAL,
    )
    truth = game_decision(points, partner_range)
    if given == truth:
        return correct(_("{decision}: that is the 25-point rule.").format(decision=_(truth)), why)
    return not_yet(_("not what the 25-point rule says."), why)


@_answered
def check_partners_suit_lead(answer: object, hand: str, trump: str, partner_suit: str) -> Feedback:
    """The opening lead the lesson's advice picks: partner's suit, the top of two, else low."""
    card = read_card(answer, ('"JD"',))
    truth = partners_suit_card(hand, trump, partner_suit)
    cards = _suits(hand).get(partner_suit, [])
    why = _(
        "Partner bid {suit}, and you hold {count} of them: lead the top of two, else the lowest."
    ).format(suit=bridge.STRAIN_SYMBOLS[partner_suit], count=len(cards))
    if card == truth:
        return correct(_("{card} is the lead.").format(card=truth), why)
    return not_yet(_("{card} is not the lead the lesson advises.").format(card=card), why)


#: The quick check's hand for the lead question: three hearts, partner bid hearts.
LEAD_QUESTION_HAND = "KH 7H 3H QD JD TD 4D 9S 6S 2S 8C 5C 3C"


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 32's quick check: splits, the missing queen, the 25-point rule, the opening lead."""
    return QuickCheck(
        "32",
        [
            Question(
                _(
                    "Your side holds eight trumps. Which split of the opponents' five is the "
                    "likeliest?"
                ),
                check_likeliest_split,
                {"missing": 5},
                "4-1",
                taught="Drawing trumps: how the missing trumps lie",
            ),
            Question(
                _(
                    "You hold A-K-J and nine cards of a suit between your two hands; the queen "
                    "is missing. Drop or finesse?"
                ),
                check_queen_line,
                {"fit": 9},
                _("drop / finesse"),
                taught="The finesse",
            ),
            Question(
                _(
                    "You opened 1♠ with 17 points; partner raised to 2♠ (6–9 points). Game, "
                    "invite or stop?"
                ),
                check_game_decision,
                {"points": 17, "partner_range": (6, 9)},
                _("game / invite / stop"),
                taught="Adding up to 25: game, invitation or stop",
            ),
            Question(
                _(
                    "Against 4♠ you lead with K♥ 7♥ 3♥ Q♦ J♦ 10♦ 4♦ 9♠ 6♠ 2♠ 8♣ 5♣ 3♣; "
                    "partner bid hearts. Which card?"
                ),
                check_partners_suit_lead,
                {"hand": LEAD_QUESTION_HAND, "trump": "S", "partner_suit": "H"},
                "JD",
                taught="Opening leads (measured)",
            ),
        ],
        record=record,
    )
