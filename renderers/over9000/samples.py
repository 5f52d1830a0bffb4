"""Over 9000 states for the gallery, the benchmark and the renderer's tests, reached by games
between the bundled AI players (``rules.over9000.ai``).

During placement every player arranges at once; the seat that moves next is drawn at random, so
arrangements interleave as they would at a real table.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator

from rules.over9000.ai import choose_action
from rules.over9000.content import catalogue
from rules.over9000.engine import Over9000Options, apply, new_game
from rules.over9000.state import Over9000State


def lineup(players: int, seed: int) -> list[str]:
    characters = [character.id for character in catalogue().characters]
    return random.Random(seed).sample(characters, players)


def playout(players: int, seed: int, max_actions: int = 2000) -> Iterator[Over9000State]:
    """Every state of one AI game (the starting state first), until it ends or runs long."""
    chooser = random.Random(seed)
    state = new_game(Over9000Options(characters=lineup(players, seed)), seed)
    yield state
    for _ in range(max_actions):
        if state.outcome is not None or state.prompt is None:
            return
        seat = chooser.choice(state.prompt.seats)
        state, _ = apply(state, choose_action(state, seat, chooser.getrandbits(32)))
        yield state


def first_state(players: int, seed: int, wanted: Callable[[Over9000State], bool]) -> Over9000State:
    """The first state of the game ``seed`` that is ``wanted``."""
    state = next((state for state in playout(players, seed) if wanted(state)), None)
    if state is None:
        raise ValueError(f"game {seed} with {players} players never reaches the state wanted")
    return state


def final_state(players: int, seed: int) -> Over9000State:
    return deque(playout(players, seed), maxlen=1)[0]


# Seeds picked for varied boards.
DUEL_SEEDS = {4: 7, 6: 8}
ARRANGING = (3, 2)
FINISHED_SEEDS = {2: 2, 6: 5}


def _duel_worth_showing(state: Over9000State) -> bool:
    """A token pushed and the defender to reveal, with a power armed for the attack and a Dragon
    Ball flipped, revealed tokens on the table and a player out of tokens or a later round."""
    if state.prompt is None or state.prompt.kind != "reveal" or state.turn is None:
        return False
    flipped = any(face_up.slot is None for player in state.players for face_up in player.face_up)
    revealed = sum(len(player.face_up) for player in state.players)
    return bool(state.turn.armed) and flipped and revealed >= 2 * len(state.players)


def duel_in_progress(players: int) -> Over9000State:
    return first_state(players, DUEL_SEEDS[players], _duel_worth_showing)


def arranging() -> Over9000State:
    """Three players at the start of round 2: one is ready, the others are still arranging."""
    players, seed = ARRANGING

    def wanted(state: Over9000State) -> bool:
        placed = sum(player.placed for player in state.players)
        return state.round == 2 and state.phase == "placement" and placed == 1

    return first_state(players, seed, wanted)


def finished(players: int) -> Over9000State:
    """The end of a game: the winner's level is over 9000 and every token is back in the pile."""
    state = final_state(players, FINISHED_SEEDS[players])
    assert state.outcome is not None
    return state


def after_a_duel(players: int) -> Over9000State:
    """Just after a reveal, before the next attack: the duel fought stays on the board."""

    def wanted(state: Over9000State) -> bool:
        last = state.recent_events[-1] if state.recent_events else None
        return last is not None and last.kind == "duel_resolved" and state.round >= 2

    return first_state(players, DUEL_SEEDS[players], wanted)


EXTREME_LEVELS = (0, 1000, 9000, 10000, 14000, 30000)
LONG_NAME = "Captain Ginyu, Leader of the Ginyu Force"


def extremes() -> Over9000State:
    """Six players at the ends of the scale (none to far over the bar) and a very long name."""
    state = duel_in_progress(6).model_copy(deep=True)
    for player, level in zip(state.players, EXTREME_LEVELS, strict=True):
        player.power_level = level
    state.players[0].name = LONG_NAME
    return state


LONG_NAMES = (
    LONG_NAME,
    "Vegeta, Prince of all Saiyans",
    "Kakarot from the planet Earth",
    "Frieza, Emperor of the Universe",
    "Piccolo Junior, Demon King",
    "Android 18, Krillin's wife",
)


def extremes_after_a_duel() -> Over9000State:
    """Six players with long names at the ends of the scale, just after a duel: the last duel
    panel beside the widest power levels."""
    state = after_a_duel(6).model_copy(deep=True)
    for player, level, name in zip(state.players, EXTREME_LEVELS, LONG_NAMES, strict=True):
        player.power_level = level
        player.name = name
    return state
