"""Cells worth suggesting for a move, each with what it is good for (2.2 Move, LOS and Cover; 2.8
objectives): standing in an objective's zone of control, base contact with a model, Cover from an
enemy, out of an enemy's sight. Pure queries over the board geometry, for whoever offers moves (the
bot letters them on a close-up and lists them in its menu, in this order)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.primetime.conditions import sight_blocked
from rules.primetime.content import settings
from rules.primetime.geometry import Cell, Point, distance, distance_to_point, in_contact, point_within
from rules.primetime.sight import line_of_sight
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.targeting import board, cover_for

MAX_HINTS = 12
"""A close-up letters A to L; more suggestions would crowd it and the menu."""


@dataclass(frozen=True)
class MoveHint:
    """A cell the model may end its move on, what it costs (tenths of an inch of path), and what
    standing there does: the objectives whose zone it is in, the models it is in base contact with,
    the enemies it has Cover from and the enemies that cannot see it (model ids); ``toward`` is the
    objective it is the nearest cell to when none is within the move, ``forward`` whether it is the
    farthest forward the move goes."""

    cell: Cell
    cost: int
    objectives: tuple[Point, ...] = ()
    contact: tuple[str, ...] = ()
    cover_from: tuple[str, ...] = ()
    hidden_from: tuple[str, ...] = ()
    toward: Point | None = None
    forward: bool = False

    @property
    def reasons(self) -> int:
        return len(self.objectives) + len(self.contact) + len(self.cover_from) + len(self.hidden_from)


def _enemies(state: PrimeTimeState, unit: Unit) -> list[Unit]:
    return [other for other in state.units if other.seat != unit.seat and not other.dazed]


def hint_at(state: PrimeTimeState, unit: Unit, cell: Cell, cost: int) -> MoveHint:
    """What standing on ``cell`` would do for ``unit`` (at its present altitude)."""
    zoc = settings().zoc
    moved = unit.model_copy(update={"cell": cell})
    terrain = board(state)
    enemies = _enemies(state, unit)
    sees = {
        enemy.id: not sight_blocked(state, enemy.cell, cell)
        and line_of_sight(terrain, enemy.cell, enemy.level, cell, unit.level)
        for enemy in enemies
    }
    return MoveHint(
        cell=cell,
        cost=cost,
        objectives=tuple(point for point in state.objectives if point_within(cell, point, zoc)),
        contact=tuple(
            other.id
            for other in state.units
            if other.id != unit.id and not other.dazed and in_contact(cell, other.cell)
        ),
        cover_from=tuple(
            enemy.id
            for enemy in enemies
            if sees[enemy.id] and cover_for(state, enemy.cell, enemy.level, enemy, moved)
        ),
        hidden_from=tuple(enemy.id for enemy in enemies if not sees[enemy.id]),
    )


def move_hints(state: PrimeTimeState, unit: Unit, costs: dict[Cell, int], seat: int) -> list[MoveHint]:
    """Up to ``MAX_HINTS`` of the cells in ``costs`` (cell: path cost), the cheapest way to each end:
    into each objective's zone (else as near it as the move goes), into contact with each enemy,
    Cover from each enemy, out of every enemy's sight (else out of one's), then the farthest forward
    and the farthest away; the model's own cell first when it is among them (an evade may stay)."""
    if not costs:
        return []
    hints = {cell: hint_at(state, unit, cell, cost) for cell, cost in costs.items()}

    def cheapest(found: list[MoveHint]) -> Cell | None:
        # The one that does most, then the cheapest path, then by (y, x) so the choice is stable.
        best = min(
            found, key=lambda hint: (-hint.reasons, hint.cost, hint.cell[1], hint.cell[0]), default=None
        )
        return best.cell if best is not None else None

    chosen: list[Cell | None] = [unit.cell] if unit.cell in costs else []
    for point in state.objectives:
        inside = [hint for hint in hints.values() if point in hint.objectives]
        if inside:
            chosen.append(cheapest(inside))
            continue
        nearest = min(costs, key=lambda cell: (distance_to_point(cell, point), costs[cell], cell))
        if hints[nearest].toward is None:
            hints[nearest] = replace(hints[nearest], toward=point)
        chosen.append(nearest)
    enemies = _enemies(state, unit)
    for enemy in enemies:
        chosen.append(cheapest([hint for hint in hints.values() if enemy.id in hint.contact]))
    for enemy in enemies:
        chosen.append(cheapest([hint for hint in hints.values() if enemy.id in hint.cover_from]))
    hidden = [hint for hint in hints.values() if enemies and len(hint.hidden_from) == len(enemies)]
    chosen.append(cheapest(hidden or [hint for hint in hints.values() if hint.hidden_from]))
    forward = 1 if seat == 0 else -1
    start = unit.cell
    ahead = max(costs, key=lambda cell: (cell[1] * forward, -abs(cell[0] - start[0]), -cell[0]))
    if ahead[1] != start[1]:
        hints[ahead] = replace(hints[ahead], forward=True)
    chosen.append(ahead)
    chosen.extend(sorted(costs, key=lambda cell: (-distance(cell, start), cell[1], cell[0])))
    cells = [cell for cell in dict.fromkeys(chosen) if cell is not None]
    return [hints[cell] for cell in cells[:MAX_HINTS]]
