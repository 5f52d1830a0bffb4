"""Why a model cannot go to a cell, in words for people (2.2 Move; the evade move of A11 and A16):
off the board, taken, impassable, bound, cut off, or further than it may go. A cell too far away is
quoted at the cost of its shortest path when that differs from the straight line, because the path
is what a move pays."""

from __future__ import annotations

from rules.core.text import Name, Text
from rules.primetime.conditions import in_force, mov_change
from rules.primetime.geometry import BOARD_SIZE, Cell, distance, on_board
from rules.primetime.names import fighter, point_word, signed, terrain_name
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import stat
from rules.primetime.targeting import board, bound, reach_from

LEVEL_WORDS = (Text("Ground"), Text("L1"), Text("L2"))
SEARCH_INCHES = 2 * BOARD_SIZE
"""Far enough for a path to any cell of the board."""


def inches_words(tenths: int) -> Text:
    """A cost in tenths of an inch as a distance: 80 is 8", 84 is 8.4" (8,4" where a comma is the
    decimal sign)."""
    return Text('{inches}"', inches=tenths // 10 if tenths % 10 == 0 else tenths / 10)


def move_limit_words(state: PrimeTimeState, unit: Unit) -> Text:
    """What a Move allows: "Frieza has MOV 7"", or under Heavy Gravity what is left of it."""
    name, mov = fighter(unit), stat(unit, "mov")
    change = mov_change(state)
    rule = in_force(state)
    if not change or rule is None:
        return Text('{fighter} has MOV {mov}"', fighter=name, mov=mov)
    return Text(
        '{fighter} can move {left}" (MOV {mov}", {change}" under {condition})',
        fighter=name,
        left=max(0, mov + change),
        mov=mov,
        change=signed(change),
        condition=Name(kind="conditions", id=rule.id, english=rule.name),
    )


def move_refusal(state: PrimeTimeState, unit: Unit, cell: Cell, limit_words: Text) -> Text:
    """Why ``unit`` cannot end a move on ``cell``; ``limit_words`` says how far it may go."""
    where = point_word(cell)
    if not on_board(cell):
        return Text(
            "{point} is off the board: cells run from 1 to {size} each way.", point=where, size=BOARD_SIZE
        )
    if bound(state, unit):
        return Text("{fighter} is bound by Psychic Bind and cannot move.", fighter=fighter(unit))
    there = next((other for other in state.units if other.cell == cell and not other.dazed), None)
    if there is not None and there.id != unit.id:
        return Text("{fighter} stands on {point}.", fighter=fighter(there), point=where)
    terrain = board(state)
    if not terrain.passable(cell, unit.level):
        piece = terrain.piece_at(cell)
        kind = terrain_name(piece.kind) if piece is not None else Text("terrain")
        return Text(
            "{point} is inside a {terrain}, impassable at {level}.",
            point=where,
            terrain=kind,
            level=LEVEL_WORDS[unit.level],
        )
    costs = reach_from(state, unit, SEARCH_INCHES)
    if cell not in costs:
        return Text("No path reaches {point}: enemy models or terrain block every way.", point=where)
    path, straight = costs[cell], distance(unit.cell, cell)
    if round(straight * 10) != path:
        return Text(
            "{point} is {distance} away by the shortest path; {limit}.",
            point=where,
            distance=inches_words(path),
            limit=limit_words,
        )
    return Text(
        "{point} is {distance} away; {limit}.", point=where, distance=inches_words(path), limit=limit_words
    )
