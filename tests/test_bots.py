"""The bots (cardlib.bots, and the coach's): one interface for every game and level, never an
illegal action; every seeded one takes its seed as a deal does (``cardlib.game.seeded_rng``);
none reads a private name of a deal (they read the turn through ``deal.turn_masks()``)."""

import ast
import pathlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlib
from cardlib import bots, bridge, callbreak, callbridge, judgement
from cardlib.cards import to_mask
from cardlib.coach.analysis import CoachBot, PlayoutBot
from cardlib.errors import CardlibTypeError, PhaseError
from cardlib.game import TrickDeal, seeded_rng

# Each seeded bot, and a deal of its game for it to play out.
SEEDED = {
    "RandomBot": (bots.RandomBot, lambda: callbreak.Deal(seed=3)),
    "RandomBot, Judgement": (bots.RandomBot, lambda: judgement.Round(4, 1, seed=3)),
    "RandomBridgeBot": (bots.RandomBridgeBot, lambda: bridge.Deal(seed=3)),
}


def actions(make_bot, make_deal, seed) -> list:
    """Every action of a deal played out by four bots made from ``seed``."""
    deal = make_deal()
    players = [make_bot(seed) for _ in range(deal.players)]
    taken = []
    while not deal.is_over:
        bot = players[deal.to_act]
        action = bot.choose_play(deal) if deal.phase == "playing" else bot.choose_call(deal)
        taken.append(action)
        deal.act(action)
    return taken


@pytest.mark.parametrize("name", SEEDED)
def test_a_seeded_bot_plays_the_same_deal_the_same_way(name):
    make_bot, make_deal = SEEDED[name]
    assert actions(make_bot, make_deal, 7) == actions(make_bot, make_deal, 7)
    assert actions(make_bot, make_deal, "7") == actions(make_bot, make_deal, "7")


@pytest.mark.parametrize("name", SEEDED)
def test_a_bots_negative_seed_is_its_own_stream_as_a_deals_is(name):
    # random.Random(-7) is random.Random(7); the deal's seeded_rng gives -7 its own stream.
    make_bot, make_deal = SEEDED[name]
    assert actions(make_bot, make_deal, -7) == actions(
        lambda _: make_bot(seeded_rng(-7)), make_deal, None
    )
    assert actions(make_bot, make_deal, -7) != actions(make_bot, make_deal, 7)


@pytest.mark.parametrize("seed", [True, False, 1.5, b"7", [7]], ids=repr)
@pytest.mark.parametrize("name", [*SEEDED, "CoachBot"])
def test_a_bot_refuses_a_seed_a_deal_refuses(name, seed):
    make_bot = CoachBot if name == "CoachBot" else SEEDED[name][0]
    with pytest.raises(CardlibTypeError) as by_deal:
        callbreak.Deal(seed=seed)
    with pytest.raises(CardlibTypeError) as by_bot:
        make_bot(seed)
    assert str(by_bot.value) == str(by_deal.value)


def test_the_coachs_negative_seed_is_its_own_stream():
    assert CoachBot(seed=-7).rng.random() == seeded_rng(-7).random()
    assert CoachBot(seed=-7).rng.random() != CoachBot(seed=7).rng.random()
    assert CoachBot(seed=7).rng.random() == random.Random(7).random()


# ----- the bots read only what the deal shows ---------------------------------------------------

PACKAGE = pathlib.Path(cardlib.__file__).parent
#: The modules of bots and their variants: nothing in them may read a private name of a deal.
BOT_MODULES = ("bots.py", "strategy.py", "coach/variants.py")


def private_reads(tree: ast.AST) -> list[str]:
    """Every ``x._name`` read in ``tree`` of an object other than ``self``, ``cls`` or
    ``super()`` (a module's private helper imported by name is not read this way)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__") and node.attr.endswith("__"):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        if isinstance(owner, ast.Call) and ast.unparse(owner.func) == "super":
            continue
        found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def bot_classes() -> dict[str, ast.ClassDef]:
    """Every class in cardlib that chooses a card (``choose_play``), by module and name."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(f, ast.FunctionDef) and f.name == "choose_play" for f in node.body
            ):
                found[f"{path.relative_to(PACKAGE)}:{node.name}"] = node
    return found


@pytest.mark.parametrize("module", BOT_MODULES)
def test_no_bot_module_reads_a_private_name_of_a_deal(module):
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    assert private_reads(tree) == []


def test_no_bot_anywhere_reads_a_private_name_of_a_deal():
    classes = bot_classes()
    assert "coach/analysis.py:CoachBot" in classes and len(classes) >= 6
    for name, node in classes.items():
        assert private_reads(node) == [], name


def test_the_scan_finds_a_private_read():
    tree = ast.parse("def choose_play(self, deal):\n    return deal._hands[self._seat]\n")
    assert private_reads(tree) == ["line 2: deal._hands"]


# ----- the turn as masks -------------------------------------------------------------------------


def test_the_turn_masks_are_the_public_state_as_masks():
    deal = callbreak.Deal(seed=5)
    while not deal.is_over:
        turn = deal.turn_masks()
        seat = deal.to_act
        assert turn.hand == to_mask(deal.hand(seat))
        assert turn.trick == deal.trick and turn.trump_index == 0
        assert turn.legal == to_mask(deal.legal_plays())  # 0 while calling
        deal.act(deal.legal_actions()[-1])
    with pytest.raises(PhaseError):
        deal.turn_masks()


def test_the_turn_masks_give_the_dummys_hand_on_its_turns_and_nothing_face_down():
    hands = ["AS KS QS JS", "2H 3H 4H 5H", "2S 3S 4S 5S", "AH KH QH JH"]
    deal = bridge.Deal.from_hands(hands, dealer="N", calls="1S P 2S P P P")
    while deal.hand_to_play != deal.dummy:
        deal.act(deal.legal_actions()[0])
    turn = deal.turn_masks()
    assert deal.to_act == deal.declarer and turn.trump_index == 0
    assert turn.hand == to_mask(deal.hand(deal.dummy)) and turn.legal == to_mask(deal.legal_plays())
    blind = judgement.Round(4, 8, seed=1)
    assert blind.turn_masks().hand == 0  # face down, even to its owner


# ----- one interface, every game, every level -------------------------------------------------


def small_coach(seed: int) -> CoachBot:
    return CoachBot(seed=seed, call_samples=2, play_samples=2, exact_from=2)


#: Each game: a deal from a seed, and its bots by level (as the card table makes them).
GAMES = {
    "callbreak": (
        lambda seed: callbreak.Deal(seed=seed),
        {"beginner": bots.RandomBot, "sensible": lambda _: bots.SensibleBot()},
    ),
    "callbridge": (
        lambda seed: callbridge.Deal(seed=seed),
        {"beginner": bots.RandomBot, "sensible": lambda _: bots.SensibleBot()},
    ),
    "judgement": (
        lambda seed: judgement.Round(3 + seed % 5, 1 + seed % 8, seed=seed),
        {"beginner": bots.RandomBot, "sensible": lambda _: bots.SensibleJudgementBot()},
    ),
    "bridge": (
        lambda seed: bridge.Deal(seed=seed),
        {"beginner": bots.RandomBridgeBot, "sensible": lambda _: bots.SensibleBridgeBot()},
    ),
}
for _game in ("callbreak", "callbridge", "judgement"):  # the coach plays these three
    GAMES[_game][1].update(strong=small_coach, playout=lambda _: PlayoutBot())
LEVELS = ("beginner", "sensible", "strong", "playout")


class Checked:
    """A bot seen through the one interface: it is handed the deal itself, and every call and
    card it chooses must be legal there."""

    def __init__(self, bot):
        self.bot = bot
        self.actions = 0

    def choose_call(self, deal):
        assert isinstance(deal, TrickDeal) and deal.phase != "playing"
        call = self.bot.choose_call(deal)
        assert call in deal.legal_calls(), (self.bot, call)
        self.actions += 1
        return call

    def choose_play(self, deal):
        assert isinstance(deal, TrickDeal) and deal.phase == "playing"
        card = self.bot.choose_play(deal)
        assert card in deal.legal_plays(), (self.bot, card)
        self.actions += 1
        return card


def test_every_bot_answers_the_one_interface_and_nothing_else():
    for _make_deal, by_level in GAMES.values():
        for make_bot in by_level.values():
            bot = make_bot(1)
            assert callable(bot.choose_call) and callable(bot.choose_play), bot
            assert not hasattr(bot, "choose_bid"), bot  # Judgement's word is gone from bots


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(GAMES)),
    st.integers(0, 2**32 - 1),
    st.lists(st.sampled_from(LEVELS), min_size=7, max_size=7),
)
def test_every_games_bots_of_every_level_play_whole_deals_legally(game, seed, levels):
    make_deal, by_level = GAMES[game]
    deal = make_deal(seed)
    players = [
        Checked(by_level.get(level, by_level["sensible"])(seed + seat))
        for seat, level in zip(range(deal.players), levels, strict=False)
    ]
    bots.play_out(deal, players)
    assert deal.is_over
    calls = len(deal.calls) if game == "bridge" else deal.players
    cards = 0 if getattr(deal, "blind", False) else sum(len(t.cards) for t in deal.tricks)
    assert sum(p.actions for p in players) == calls + cards  # every action was a bot's


@pytest.mark.parametrize(
    "make_match",
    [
        lambda: callbreak.Match(seed=2, deals=2),
        lambda: callbridge.Match(seed=2, target=10),
        lambda: judgement.Match(3, seed=2),
        lambda: bridge.Match(seed=2),
    ],
    ids=["callbreak", "callbridge", "judgement", "bridge"],
)
def test_play_match_plays_any_games_match_to_its_end_or_to_a_person(make_match):
    match = make_match()
    deal = match.deal
    sensible = bots.SensibleBridgeBot() if isinstance(deal, bridge.Deal) else None
    if sensible is None:
        sensible = (
            bots.SensibleJudgementBot() if isinstance(deal, judgement.Round) else bots.SensibleBot()
        )
    players = [sensible] * match.players
    assert bots.play_match(match, players) is match and match.phase == "over"
    fresh = make_match()
    stopped = bots.play_match(fresh, [None, *players[1:]])  # a person in seat 0
    assert stopped.to_act == 0 and not stopped.deal.is_over
