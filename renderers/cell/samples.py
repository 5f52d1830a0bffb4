"""Perfect Cell states for the gallery, the benchmark and the renderer's tests, reached by playing
legal random games with the engine.

The players lean towards spending dice usefully (cancelling, attacking, filling the meter) so the
boards look like real games; a few sample states are then adjusted by hand to show a KO, a win or
a loss, which the renderer draws from the view alone.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator

from rules.cell.actions import (
    CancelSelection,
    CellAction,
    ChangeFace,
    Choose,
    Confirm,
    EndTurn,
    GiveTile,
    Spend,
    StartSelection,
)
from rules.cell.content import catalogue
from rules.cell.engine import CellOptions, apply, legal_actions, new_game
from rules.cell.state import CellState
from rules.core.events import Event
from rules.core.game import Outcome

FIGHTER_IDS = ("goku", "gohan", "vegeta", "piccolo", "krillin", "trunks")

CATEGORY_WEIGHTS = {
    "damage": 10.0,
    "activate": 8.0,
    "confirm": 8.0,
    "choose": 6.0,
    "cancel": 5.0,
    "buy": 3.0,
    "heal": 3.0,
    "meter": 2.0,
    "collect": 1.5,
    "share": 1.0,
    "reroll": 0.5,
    "end": 0.5,
    "other": 0.1,
}


def _category(action: CellAction) -> str:
    if isinstance(action, Spend):
        return action.use
    if isinstance(action, StartSelection):
        return action.purpose if action.purpose in ("buy", "activate") else "reroll"
    if isinstance(action, Confirm):
        return "confirm"
    if isinstance(action, Choose):
        return "choose"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, CancelSelection | ChangeFace | GiveTile):
        return "other"
    return "roll"


def choose_action(state: CellState, chooser: random.Random) -> CellAction:
    """A kind of move first (attacking most likely), then one move of that kind."""
    by_category: dict[str, list[CellAction]] = {}
    for action in legal_actions(state, state.active_seat):
        by_category.setdefault(_category(action), []).append(action)
    categories = sorted(by_category)
    weights = [CATEGORY_WEIGHTS.get(category, 1.0) for category in categories]
    category = chooser.choices(categories, weights=weights)[0]
    return chooser.choice(by_category[category])


def playout(players: int, seed: int, max_actions: int = 400, variant: str = "normal") -> Iterator[CellState]:
    """Every state of one random game (the starting state first), until it ends or runs long."""
    chooser = random.Random(seed)
    fighters = chooser.sample(FIGHTER_IDS, players)
    state = new_game(CellOptions(fighters=fighters, variant=variant), seed)
    yield state
    for _ in range(max_actions):
        if state.outcome is not None:
            return
        state, _ = apply(state, choose_action(state, chooser))
        yield state


def state_at(players: int, seed: int, actions: int) -> CellState:
    """The state after ``actions`` moves of the random game ``seed`` (or its last state)."""
    return deque(playout(players, seed, max_actions=actions), maxlen=1)[0]


# Seeds and move counts picked for varied boards: a few dice on the Damage Track, shared dice,
# tokens, Power Ups and a canceled threat.
MID_GAME = {1: (58, 30), 4: (139, 28)}
PAYING_FOR_A_POWER_UP = (4, 3, 38)


def start_of_game(players: int, seed: int = 1) -> CellState:
    return next(playout(players, seed))


def mid_game(players: int) -> CellState:
    seed, actions = MID_GAME[players]
    return state_at(players, seed, actions)


def paying_for_a_power_up() -> CellState:
    """Mid-selection: the active fighter has picked two Assists to buy a Power Up."""
    return state_at(*PAYING_FOR_A_POWER_UP)


def with_knockout(state: CellState, seat: int) -> CellState:
    knocked = state.model_copy(deep=True)
    knocked.fighters[seat].hp = 0
    return knocked


def knocked_out_mid_game() -> CellState:
    """The 4-player mid-game board with the second fighter KO'd, holding a shared die."""
    return with_knockout(mid_game(4), seat=1)


def won(players: int) -> CellState:
    """The mid-game board with Cell's last health point gone."""
    state = mid_game(players).model_copy(deep=True)
    state.cell_hp = 0
    state.outcome = Outcome(result="win", reason="cell_defeated")
    state.recent_events.append(Event(kind="game_won", text="Cell has been defeated! The world is saved."))
    return state


def lost(players: int, seed: int = 5) -> CellState:
    """The end of a random game, which Cell wins."""
    state = state_at(players, seed, 2000)
    assert state.outcome is not None and state.outcome.result == "loss"
    return state


def many_gifts() -> CellState:
    """The 4-player mid-game board with every other fighter's dice shared onto the first mat, rolled:
    the most "from ..." labels a mat can carry, side by side."""
    state = mid_game(4).model_copy(deep=True)
    faces = ("assist", "attack", "super_attack", "dragon_ball")
    for index, die in enumerate(state.dice):
        if die.owner != 0:
            die.zone = "mat"
            die.holder = 0
            die.face = die.face or faces[index % len(faces)]
    return state


def long_threat_names() -> CellState:
    """The many-gifts board with the threats with the longest names on every threat no die has been
    placed on yet: the most words a four-player board carries."""
    state = many_gifts().model_copy(deep=True)
    threats = catalogue().threats
    longest = sorted(range(len(threats)), key=lambda tile: (-len(threats[tile].name), tile))
    showing = {threat.tile for threat in state.active_threats}
    spare = iter(tile for tile in longest if tile not in showing)
    for threat in state.active_threats:
        if not threat.placed:
            threat.tile = next(spare)
    return state
