"""Movement on the grid (DESIGN.md 2.2 Move, A16) and forced movement (2.3 Push/Pull).

Costs are whole tenths of an inch: 10 for an orthogonal step, 14 for a diagonal one, doubled when the
cell entered is difficult for the model (A16: leaving a difficult cell costs normal). A diagonal step
may not cut the corner of a cell impassable at the model's level. Only horizontal distance counts
(AL-2), so altitude never adds to a cost.

``reachable`` runs Dijkstra over a per-layout adjacency table (every legal step out of every cell with
its cost), built once per (layout, level, Namekian) so the search itself only adds and compares.
"""

from __future__ import annotations

from functools import lru_cache
from heapq import heappop, heappush

from rules.primetime.geometry import BOARD_SIZE, Cell, in_contact, on_board, within
from rules.primetime.terrain import GRID_STRIDE, Terrain, cell_index, index_cell

ORTHOGONAL_TENTHS = 10
DIAGONAL_TENTHS = 14

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))

_CELL_OF_INDEX = tuple(index_cell(index) for index in range(GRID_STRIDE * GRID_STRIDE))


def step_cost(terrain: Terrain, from_cell: Cell, to_cell: Cell, level: int, namekian: bool) -> int | None:
    """The cost in tenths of one 8-neighbour step, or None if the step is illegal at ``level``:
    not a neighbour, off the board, into a cell impassable there, or cutting an impassable corner."""
    dx, dy = to_cell[0] - from_cell[0], to_cell[1] - from_cell[1]
    if (dx, dy) == (0, 0) or abs(dx) > 1 or abs(dy) > 1 or not on_board(from_cell):
        return None
    if not terrain.passable(to_cell, level):
        return None
    if dx and dy:
        beside = (to_cell[0], from_cell[1])
        above = (from_cell[0], to_cell[1])
        if not (terrain.passable(beside, level) and terrain.passable(above, level)):
            return None
        cost = DIAGONAL_TENTHS
    else:
        cost = ORTHOGONAL_TENTHS
    return 2 * cost if terrain.difficult(to_cell, level, namekian) else cost


@lru_cache(maxsize=256)
def _adjacency(terrain: Terrain, level: int, namekian: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every padded index, the legal steps out of it as (neighbour index, cost in tenths)."""
    steps: list[tuple[tuple[int, int], ...]] = [()] * (GRID_STRIDE * GRID_STRIDE)
    for y in range(1, BOARD_SIZE + 1):
        for x in range(1, BOARD_SIZE + 1):
            out = []
            for dx, dy in _DIRECTIONS:
                cost = step_cost(terrain, (x, y), (x + dx, y + dy), level, namekian)
                if cost is not None:
                    out.append((cell_index((x + dx, y + dy)), cost))
            steps[cell_index((x, y))] = tuple(out)
    return tuple(steps)


def reachable(
    terrain: Terrain,
    start: Cell,
    level: int,
    mov_tenths: int,
    *,
    enemies: frozenset[Cell],
    friends: frozenset[Cell],
    namekian: bool = False,
) -> dict[Cell, int]:
    """2.2 Move: every cell the model may end its move on, mapped to its cheapest cost in tenths.

    The start is included at 0. Paths may pass friends but never enemies (A16: an enemy blocks its
    cell at every altitude), and end only on an empty cell. The result is ordered by (y, x).
    """
    adjacency = _adjacency(terrain, level, namekian)
    blocked = {cell_index(cell) for cell in enemies}
    origin = cell_index(start)
    best = {origin: 0}
    unreached = mov_tenths + 1  # beyond MOV, so a default that no path may improve on
    frontier = [(0, origin)]
    while frontier:
        cost, index = heappop(frontier)
        if cost > best[index]:
            continue
        for neighbour, step in adjacency[index]:
            total = cost + step
            if total < best.get(neighbour, unreached) and neighbour not in blocked:
                best[neighbour] = total
                heappush(frontier, (total, neighbour))
    taken = {cell_index(cell) for cell in friends}
    taken.discard(origin)
    return {_CELL_OF_INDEX[index]: best[index] for index in sorted(best) if index not in taken}


def _round_ratio(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (denominator > 0) rounded to the nearest whole, halves away from 0."""
    magnitude = (2 * abs(numerator) + denominator) // (2 * denominator)
    return magnitude if numerator >= 0 else -magnitude


def forced_move(
    terrain: Terrain,
    attacker: Cell,
    target: Cell,
    level: int,
    inches: int,
    *,
    pull: bool,
    occupied: frozenset[Cell],
    direction: tuple[int, int] | None = None,
) -> tuple[Cell, bool]:
    """2.3 Push/Pull: the target's final cell and whether it was stopped (and so takes +1 DMG).

    With d = T - A and m = max(|dx|, |dy|) (or d = ``direction`` and m = 1 for Psychokinesis), step k
    goes to T + round(k*d/m) for a Push and T - round(k*d/m) for a Pull, while that cell is within
    ``inches`` of T. A step off the board, onto a model in ``occupied``, into a cell impassable at the
    target's ``level`` or across an impassable corner stops the target where it is. A Pull that
    reaches contact with the attacker simply ends.
    """
    if direction is not None:
        dx, dy = direction
        span = 1
        if max(abs(dx), abs(dy)) != 1:
            raise ValueError(f"{direction} is not one of the 8 compass steps")
    elif target == attacker:
        raise ValueError("a Push or Pull needs a direction: the attacker cannot share the target's cell")
    else:
        dx, dy = target[0] - attacker[0], target[1] - attacker[1]
        span = max(abs(dx), abs(dy))
    sign = -1 if pull else 1
    current = target
    k = 1
    while not (pull and in_contact(current, attacker)):
        following = (
            target[0] + sign * _round_ratio(k * dx, span),
            target[1] + sign * _round_ratio(k * dy, span),
        )
        if not within(target, following, inches):
            break
        if following in occupied or step_cost(terrain, current, following, level, False) is None:
            return current, True
        current = following
        k += 1
    return current, False
