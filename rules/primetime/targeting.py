"""Who can reach whom: movement options, technique reach (range, LOS, melee altitude), Cover, and the
models eligible for a Clash, an Intercept or a Deflect. Pure queries over the board geometry."""

from __future__ import annotations

from functools import lru_cache

from rules.primetime.cards import card
from rules.primetime.conditions import mov_change, sight_blocked
from rules.primetime.content import Technique, settings
from rules.primetime.geometry import Cell, in_contact, within
from rules.primetime.movement import reachable
from rules.primetime.sight import has_cover, line_of_sight
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import char, is_namekian, stat
from rules.primetime.terrain import Terrain, TerrainPiece, terrain_of

_last_board: list[tuple[tuple[TerrainPiece, ...], Terrain]] = []


def board(state: PrimeTimeState) -> Terrain:
    """The layout's lookups. Hashing the pieces for ``terrain_of`` costs more than the lookups it
    saves, so the last layout seen is remembered by identity (a tuple of frozen pieces never changes)."""
    pieces = state.terrain
    if _last_board and _last_board[0][0] is pieces:
        return _last_board[0][1]
    terrain = terrain_of(pieces)
    _last_board[:] = [(pieces, terrain)]
    return terrain


@lru_cache(maxsize=8192)
def _reach(
    terrain: Terrain,
    start: Cell,
    level: int,
    tenths: int,
    enemies: frozenset[Cell],
    friends: frozenset[Cell],
    namekian: bool,
) -> dict[Cell, int]:
    # Random playouts and legal_actions ask the same question many times; the answer is pure.
    return reachable(terrain, start, level, tenths, enemies=enemies, friends=friends, namekian=namekian)


def bound(state: PrimeTimeState, unit: Unit) -> bool:
    """Psychic Bind (A16): an enemy's Persistent bind card names this model, which cannot move."""
    return any(
        holder == unit.id and any(effect.op == "bind" for effect in card(card_id).effects)
        for card_id, holder in state.players[1 - unit.seat].persistent
    )


def reach_from(state: PrimeTimeState, unit: Unit, inches: int, start: Cell | None = None) -> dict[Cell, int]:
    """Every cell ``unit`` may end a move of up to ``inches`` on (2.2 Move), with its cost in tenths;
    a bound model (Psychic Bind) only its own: no Move, evade move, dash or card move."""
    if bound(state, unit):
        return {unit.cell: 0}
    enemies = frozenset(other.cell for other in state.units if not other.dazed and other.seat != unit.seat)
    friends = frozenset(
        other.cell
        for other in state.units
        if not other.dazed and other.seat == unit.seat and other.id != unit.id
    )
    origin = unit.cell if start is None else start
    return _reach(board(state), origin, unit.level, inches * 10, enemies, friends, is_namekian(unit))


def move_options(state: PrimeTimeState, unit: Unit) -> dict[Cell, int]:
    return reach_from(state, unit, max(0, stat(unit, "mov") + mov_change(state)))


def levels_close(a: Unit, b: Unit) -> bool:
    """2.2 Melee: altitudes at most one level apart."""
    return abs(a.level - b.level) <= 1


def reaches(state: PrimeTimeState, attacker: Unit, technique: Technique, target: Unit) -> bool:
    """Range and LOS for a ranged technique; base contact (or Demon Hand's reach) and altitude for Melee."""
    return reaches_from(state, attacker.cell, attacker.level, technique, target, attacker)


def reaches_from(
    state: PrimeTimeState, cell: Cell, level: int, technique: Technique, target: Unit, attacker: Unit
) -> bool:
    if technique.family == "melee":
        if abs(level - target.level) > 1:
            return False
        if in_contact(cell, target.cell):
            return True
        return bool(technique.range) and (
            within(cell, target.cell, technique.range)
            and not sight_blocked(state, cell, target.cell)
            and line_of_sight(board(state), cell, level, target.cell, target.level)
        )
    return (
        within(cell, target.cell, technique.range)
        and not sight_blocked(state, cell, target.cell)
        and line_of_sight(board(state), cell, level, target.cell, target.level)
    )


def dash_cell(state: PrimeTimeState, attacker: Unit, technique: Technique, target: Unit) -> Cell | None:
    """Space Mach Attack: the cheapest cell within its dash that is in melee contact with the target
    (ties: lower y, then lower x), or None. Staying put wins when already in contact."""
    if not levels_close(attacker, target):
        return None
    if in_contact(attacker.cell, target.cell):
        return attacker.cell
    options = [
        (cost, cell[1], cell[0])
        for cell, cost in reach_from(state, attacker, technique.dash).items()
        if in_contact(cell, target.cell)
    ]
    if not options:
        return None
    _, y, x = min(options)
    return x, y


def cover_for(state: PrimeTimeState, origin: Cell, origin_level: int, attacker: Unit, target: Unit) -> bool:
    """2.2 Cover against a ranged technique; Guldo's Four Eyes ignores it, as do an attacker whose
    activation has Scouter Network and any model of a player who played The Games Begin."""
    if "four_eyes" in char(attacker).passives or "no_enemy_cover" in state.players[attacker.seat].flags:
        return False
    activation = state.activation
    if activation is not None and activation.unit == attacker.id and "ignore_cover" in activation.flags:
        return False
    return has_cover(board(state), origin, origin_level, target.cell, target.level)


def enemies_in_sight(state: PrimeTimeState, unit: Unit, inches: int) -> list[Unit]:
    terrain = board(state)
    return [
        other
        for other in state.units
        if not other.dazed
        and other.seat != unit.seat
        and within(unit.cell, other.cell, inches)
        and line_of_sight(terrain, unit.cell, unit.level, other.cell, other.level)
    ]


def deflect_targets(state: PrimeTimeState, deflector: Unit) -> list[Unit]:
    """ZR-6 / 2.4 step 4: non-Dazed models other than the deflector within 6" of it and in its LOS."""
    terrain = board(state)
    inches = settings().deflect_range
    return [
        other
        for other in state.units
        if not other.dazed
        and other.id != deflector.id
        and within(deflector.cell, other.cell, inches)
        and line_of_sight(terrain, deflector.cell, deflector.level, other.cell, other.level)
    ]


def evade_cells(state: PrimeTimeState, unit: Unit, inches: int) -> list[Cell]:
    """A11 / A16: cells reachable with normal movement costs within the evade distance, by (y, x)."""
    return sorted(reach_from(state, unit, inches), key=lambda cell: (cell[1], cell[0]))
