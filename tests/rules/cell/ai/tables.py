"""Arranged tables for the AI tests: a real game, then exactly the dice, threats and health a
behaviour needs. Tiles are looked up in the catalogue by what they do, so balance changes to the
data files don't break the tests."""

from __future__ import annotations

from collections.abc import Callable

from rules.cell.ai import make_player
from rules.cell.ai.runner import decision_seed, fighters_for, play_steps
from rules.cell.content import Face, PowerUpTile, ThreatTile, catalogue
from rules.cell.engine import CellOptions, new_game
from rules.cell.state import ActiveThreat, CellState, Die, Placement


def table(*fighters: str, seed: int = 3) -> CellState:
    return new_game(CellOptions(fighters=list(fighters)), seed)


def rolled(state: CellState, *faces: Face) -> CellState:
    """The active fighter has rolled exactly these faces; the rest of their dice are spent."""
    seat = state.active_seat
    mine = [die for die in state.dice if die.zone == "mat" and die.holder == seat]
    assert len(faces) <= len(mine)
    state.rolled = True
    for die, face in zip(mine, [*faces, *[None] * (len(mine) - len(faces))], strict=True):
        die.face = face
        if face is None:
            die.zone, die.holder = "spent", None
    return state


def threats_in_play(state: CellState, *tiles: int) -> CellState:
    for tile in tiles:
        for pile in (state.threat_stack, state.removed_threats, state.discarded_threats):
            if tile in pile:
                pile.remove(tile)
    state.threat_stack[:0] = [t.tile for t in state.active_threats if t.tile not in tiles]
    state.active_threats = [ActiveThreat(tile=tile) for tile in tiles]
    return state


def on_the_meter(state: CellState, dice: list[Die], placed_by: int) -> None:
    """Puts these dice on the Dragon Ball Meter as Dragon Balls placed by ``placed_by``."""
    for die in dice:
        state.dragon_ball_meter.append(Placement(face="dragon_ball", die=die.id, placed_by=placed_by))
        die.zone, die.holder, die.face = "meter", None, None


def supply(state: CellState, *tiles: int) -> CellState:
    """Exactly these tiles in the Power Supply; the others go under the Power Up stack."""
    for tile in tiles:
        if tile in state.power_stack:
            state.power_stack.remove(tile)
    state.power_stack[:0] = [tile for tile in state.power_supply if tile not in tiles]
    state.power_supply = list(tiles)
    return state


def threat(predicate: Callable[[ThreatTile], bool]) -> ThreatTile:
    return next(tile for tile in catalogue().threats if predicate(tile))


def amount(tile: ThreatTile | PowerUpTile, op: str) -> int:
    return sum(step.amount for step in tile.effects if step.op == op)


def only_damages_everyone(tile: ThreatTile) -> bool:
    return {step.op for step in tile.effects} == {"damage_all"} and not tile.restrictions


def mid_game(seed: int = 5) -> CellState:
    """A real game played by the heuristic into round 2, stopped right after a roll."""
    player = make_player("heuristic")
    state = new_game(CellOptions(fighters=fighters_for(seed, 3)), seed)
    decisions = 0
    while not (state.round >= 2 and state.rolled and state.active_seat == 1):
        steps = player.plan(state, state.active_seat, decision_seed(seed, decisions))
        decisions += 1
        state = play_steps(state, [action for step in steps for action in step.actions], check_legal=False)
        assert state.outcome is None
    return state
