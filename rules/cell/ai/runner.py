"""Playing whole games with one player type in every seat, for tests, benchmarks and the balance
simulation."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.cell.actions import CellAction
from rules.cell.ai.players import Player
from rules.cell.content import catalogue
from rules.cell.engine import CellOptions, apply, legal_actions, new_game, twin_dice
from rules.cell.state import CellState, Variant

MAX_DECISIONS = 5000


@dataclass(frozen=True)
class GameRecord:
    seed: int
    players: int
    variant: Variant
    fighters: tuple[str, ...]
    won: bool
    reason: str
    rounds: int
    cell_hp: int
    actions: int


def fighters_for(seed: int, players: int) -> list[str]:
    """Distinct fighters drawn at random from the six for each game, so every mat is measured."""
    every = [fighter.id for fighter in catalogue().fighters]
    return random.Random(f"fighters-{seed}").sample(every, players)


def decision_seed(game_seed: int, decision: int) -> int:
    return (game_seed * 1_000_003 + decision) & 0xFFFFFFFF


def is_legal_choice(state: CellState, action: CellAction) -> bool:
    """Legal as listed, or a twin of a listed action (the same face from the same owner's dice)."""
    listed = legal_actions(state, action.player)
    if action in listed:
        return True
    die = getattr(getattr(action, "source", None), "die", None)
    if die is None:
        die = getattr(action, "burn", None) or getattr(action, "die", None)
    if die is None:
        return False
    from rules.cell.engine import with_die

    return any(with_die(action, twin) in listed for twin in twin_dice(state, die))


def play_game(
    player: Player,
    players: int,
    variant: Variant,
    seed: int,
    check_legal: bool = False,
) -> GameRecord:
    fighters = fighters_for(seed, players)
    state = new_game(CellOptions(fighters=fighters, variant=variant), seed)
    decisions = 0
    while state.outcome is None:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not finish in {MAX_DECISIONS} decisions")
        steps = player.plan(state, state.active_seat, decision_seed(seed, decisions))
        decisions += 1
        if not steps:
            raise RuntimeError(f"{player.name} found nothing to do in game {seed}")
        state = play_steps(state, [action for step in steps for action in step.actions], check_legal)
    assert state.outcome is not None
    return GameRecord(
        seed=seed,
        players=players,
        variant=variant,
        fighters=tuple(fighters),
        won=state.outcome.result == "win",
        reason=state.outcome.reason,
        rounds=state.round,
        cell_hp=state.cell_hp,
        actions=state.actions_taken,
    )


def play_steps(state: CellState, actions: list[CellAction], check_legal: bool) -> CellState:
    for action in actions:
        if state.outcome is not None:
            break
        if check_legal and not is_legal_choice(state, action):
            raise AssertionError(f"illegal action chosen: {action!r}")
        state, _ = apply(state, action)
    return state
