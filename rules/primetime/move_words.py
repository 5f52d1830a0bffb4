"""Why a model cannot go to a cell, in words for people (2.2 Move; the evade move of A11 and A16):
off the board, taken, impassable, bound, cut off, or further than it may go. A cell too far away is
quoted at the cost of its shortest path when that differs from the straight line, because the path
is what a move pays."""

from __future__ import annotations

from rules.primetime.conditions import in_force, mov_change
from rules.primetime.geometry import BOARD_SIZE, Cell, distance, on_board
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import char, stat
from rules.primetime.targeting import board, bound, reach_from

LEVEL_WORDS = ("Ground", "L1", "L2")
SEARCH_INCHES = 2 * BOARD_SIZE
"""Far enough for a path to any cell of the board."""


def inches_words(tenths: int) -> str:
    """A cost in tenths of an inch as a distance: 80 is 8", 84 is 8.4"."""
    return f'{tenths // 10}"' if tenths % 10 == 0 else f'{tenths / 10:.1f}"'


def move_limit_words(state: PrimeTimeState, unit: Unit) -> str:
    """What a Move allows: "Frieza has MOV 7"", or under Heavy Gravity what is left of it."""
    name, mov = char(unit).name, stat(unit, "mov")
    change = mov_change(state)
    rule = in_force(state)
    if not change or rule is None:
        return f'{name} has MOV {mov}"'
    return f'{name} can move {max(0, mov + change)}" (MOV {mov}", {change:+d}" under {rule.name})'


def move_refusal(state: PrimeTimeState, unit: Unit, cell: Cell, limit_words: str) -> str:
    """Why ``unit`` cannot end a move on ``cell``; ``limit_words`` says how far it may go."""
    where = f"{cell[0]},{cell[1]}"
    if not on_board(cell):
        return f"{where} is off the board: cells run from 1 to {BOARD_SIZE} each way."
    name = char(unit).name
    if bound(state, unit):
        return f"{name} is bound by Psychic Bind and cannot move."
    there = next((other for other in state.units if other.cell == cell and not other.dazed), None)
    if there is not None and there.id != unit.id:
        return f"{char(there).name} stands on {where}."
    terrain = board(state)
    if not terrain.passable(cell, unit.level):
        piece = terrain.piece_at(cell)
        kind = piece.kind.label if piece is not None else "terrain"
        return f"{where} is inside a {kind}, impassable at {LEVEL_WORDS[unit.level]}."
    costs = reach_from(state, unit, SEARCH_INCHES)
    if cell not in costs:
        return f"No path reaches {where}: enemy models or terrain block every way."
    path, straight = costs[cell], distance(unit.cell, cell)
    if round(straight * 10) != path:
        return f"{where} is {inches_words(path)} away by the shortest path; {limit_words}."
    return f"{where} is {inches_words(path)} away; {limit_words}."
