"""What a choice is: one or more engine actions that belong together (a whole Power Up purchase, a
whole threat cancel), the value it adds, a one-line reason a player can read, and how it changes the
model so the planner can look for the next choice.

``pricing`` prices what single dice and tokens can do, the ``*_bundles`` modules price what several
do together, and ``choice_maker`` lists them all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.cell.actions import CellAction
from rules.cell.ai.model import TableModel
from rules.cell.content import FACE_NAMES, FACES, Face, TokenKind, catalogue
from rules.cell.effects import passive_damage_bonus
from rules.cell.state import Source

HEALING = "healing"
HEALING_FACES: tuple[Face, ...] = ("dragon_ball", "assist")

Unit = tuple[str, str]
"""A kind of spendable thing: ``("die", face)`` or ``("token", kind)``; units of one kind are alike."""


@dataclass
class Choice:
    """One step of a plan: engine actions that belong together, what they add, and why."""

    actions: list[CellAction]
    value: float
    reason: str
    update: Callable[[TableModel], None] = field(repr=False)
    units: list[tuple[Unit, Face]] = field(default_factory=list)
    chance: bool = False


def a_face(face: Face) -> str:
    name = FACE_NAMES[face]
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def no_change(model: TableModel) -> None:
    """The update of a choice that changes nothing the planner tracks (a roll, ending the turn)."""


@dataclass
class Use:
    """One way to spend a single die or token of a given face."""

    use: str
    target: int | None
    value: float
    reason: str


def units_in_hand(model: TableModel) -> dict[Unit, int]:
    units: dict[Unit, int] = {("die", face): len(ids) for face, ids in model.dice.items() if ids}
    for kind in model.my_tokens:
        units[("token", kind)] = units.get(("token", kind), 0) + 1
    return units


def unit_faces(unit: Unit) -> tuple[Face, ...]:
    if unit[0] == "die":
        return (unit[1],)  # type: ignore[return-value]
    return FACES if unit[1] == "wild" else (unit[1],)  # type: ignore[return-value]


def take_source(model: TableModel, unit: Unit, face: Face) -> Source:
    """The engine source for one unit, removed from the model's hand."""
    if unit[0] == "die":
        return Source(die=model.dice[face].pop(0))
    kind: TokenKind = unit[1]  # type: ignore[assignment]
    model.my_tokens.remove(kind)
    return Source(token=kind, face=face)


def peek_source(model: TableModel, unit: Unit, face: Face, skip: int = 0) -> Source:
    if unit[0] == "die":
        return Source(die=model.dice[face][skip])
    return Source(token=unit[1], face=face)  # type: ignore[arg-type]


def joined(first: Choice, second: Choice, worth: float, why: str) -> Choice:
    def update(target_model: TableModel) -> None:
        first.update(target_model)
        second.update(target_model)

    return Choice(first.actions + second.actions, worth, why, update, first.units + second.units)


# How a choice changes the model.


def apply_single(model: TableModel, face: Face, use: Use, strike: int) -> None:
    if use.use == "damage":
        place_on_track(model, 1, die_damage(model, face) + strike)
    elif use.use == "heal":
        model.hp[use.target] += 1  # type: ignore[index]
    elif use.use == "meter":
        model.meter += 1
    elif use.use == "cancel":
        next(t for t in model.threats if t.tile == use.target).place(face)


def die_damage(model: TableModel, face: Face) -> int:
    """One die of ``face`` on the Damage Track, with the passive tiles the active fighter holds."""
    return (2 if face == "super_attack" else 1) + passive_damage_bonus(model.power_ups[model.seat], face)


def place_on_track(model: TableModel, dice: int, damage: int) -> None:
    start = model.track_filled
    model.track_filled += dice
    bonus = sum(b for end, b in model.row_ends if start < end <= model.track_filled)
    model.cell_hp = max(0, model.cell_hp - damage - bonus)
    if damage and model.abilities[model.seat] == "first_strike":
        model.struck_first = True


def apply_activation(model: TableModel, tile_id: int, dice: int, target: int | None, strike: int) -> None:
    tile = catalogue().power_ups[tile_id]
    if tile.once_per_turn:
        model.used_once.append(tile_id)
    damage = sum(step.amount for step in tile.effects if step.op == "damage")
    if damage:
        place_on_track(model, dice, damage + strike)
    for step in tile.effects:
        if step.op == "self_damage":
            model.hp[model.seat] = max(0, model.hp[model.seat] - step.amount)
        elif step.op == "heal_all":
            model.hp = [
                min(m, h + step.amount) if h > 0 else h for h, m in zip(model.hp, model.max_hp, strict=True)
            ]
        elif step.op == "heal" and target is not None:
            model.hp[target] = min(model.max_hp[target], model.hp[target] + step.amount)
