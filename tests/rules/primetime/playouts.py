"""Random legal playouts for the property tests: choosers that reach combat and cards, actions of
every shape (most of them illegal), and every legal action forged one field at a time."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal, TypeVar, get_args, get_origin

from pydantic import ValidationError

from rules.primetime.actions import (
    AcceptTerrain,
    Activate,
    ChangeAltitude,
    ChooseFirstPlayer,
    ChooseInitiative,
    ChooseSide,
    Deflect,
    Deploy,
    EndActivation,
    EvadeMove,
    Intercept,
    LockAscension,
    Move,
    Pass,
    PlaceObjective,
    PlaceTerrain,
    PlayCard,
    PowerUp,
    PrimeTimeAction,
    React,
    RemoveTerrain,
    RerollTerrain,
    Seize,
    Timeout,
    UseTechnique,
)
from rules.primetime.cards import cards, joint_attacks
from rules.primetime.content import catalogue
from rules.primetime.state import PrimeTimeState
from rules.primetime.terrain import TerrainKind

T = TypeVar("T")


class Aggressive(random.Random):
    """Picks a technique or an activation more often than a uniform choice would, so that playouts
    reach attacks, reactions, Dazes and second activations instead of ending every activation early."""

    def choice(self, options: Sequence[T]) -> T:
        # SU-1 lists thousands of edits beside one Accept: lean on Accept so that setups finish.
        if any(isinstance(option, AcceptTerrain) for option in options) and self.random() < 0.6:
            return next(option for option in options if isinstance(option, AcceptTerrain))
        preferred = [option for option in options if isinstance(option, UseTechnique | Activate | React)]
        if preferred and self.random() < 0.6:
            return super().choice(preferred)
        return super().choice(options)


def candidates(state: PrimeTimeState, seat: int, shuffler: random.Random) -> list[PrimeTimeAction]:
    """Actions of every shape for ``seat``, most of them illegal at any moment."""
    ids = [unit.id for unit in state.units] + ["nobody-9"]
    cells = [(shuffler.randint(0, 31), shuffler.randint(0, 31)) for _ in range(6)]
    found: list[PrimeTimeAction] = [
        Pass(player=seat),
        EndActivation(player=seat),
        Timeout(player=seat),
        ChooseInitiative(player=seat, first=True),
        LockAscension(player=seat, plan=()),
        PowerUp(player=seat, resource="sk"),
        ChangeAltitude(player=seat, level=shuffler.randint(-1, 3)),
        AcceptTerrain(player=seat),
        RerollTerrain(player=seat),
        RemoveTerrain(player=seat, index=shuffler.randint(-1, 9)),
        ChooseFirstPlayer(player=seat, choice="north"),
        ChooseSide(player=seat, side="south"),
    ]
    for unit_id in ids:
        found.extend(
            [
                Activate(player=seat, unit=unit_id),
                Intercept(player=seat, unit=unit_id),
                Deflect(player=seat, unit=unit_id),
                LockAscension(player=seat, plan=((unit_id, "ascend"),)),
                UseTechnique(player=seat, technique="rush", target=unit_id),
                UseTechnique(player=seat, technique="kamehameha", target=unit_id),
            ]
        )
    for cell in cells:
        found.extend([Move(player=seat, to=cell), EvadeMove(player=seat, to=cell)])
        found.extend([PlaceObjective(player=seat, point=cell), Seize(player=seat, point=cell)])
        found.append(
            PlaceTerrain(player=seat, kind=TerrainKind.RUINS, x=cell[0], y=cell[1], width=4, height=2)
        )
        found.extend(Deploy(player=seat, unit=unit_id, to=cell, level=1) for unit_id in ids[:2])
        found.append(Deploy(player=seat, unit=f"{state.players[seat].models[0]}-{seat}", to=cell))
    for choice in ("z_evasion", "brace", "none"):
        found.append(React(player=seat, choice=choice))
    found.append(React(player=seat, choice="clash", technique="death_beam"))
    return found


class CardHappy(Aggressive):
    """Plays a card whenever it can, so that every card of the pool gets played."""

    def choice(self, options: Sequence[T]) -> T:
        cards_now = [option for option in options if isinstance(option, PlayCard)]
        if cards_now and self.random() < 0.8:
            return random.Random.choice(self, cards_now)
        return super().choice(options)


TECHNIQUES = sorted(
    {technique.id for profile in catalogue().characters for technique in profile.all_techniques()}
)
UNIT_FIELDS = frozenset({"unit", "target", "partner_target"})
TECHNIQUE_FIELDS = frozenset({"technique", "partner_technique"})
CELL_FIELDS = frozenset({"to", "point", "direction"})
INT_RANGES = {"player": (-1, 2), "level": (-1, 3), "index": (-1, 9), "x": (-1, 31), "y": (-1, 31)}


def _cells_near(value: Any, rng: random.Random) -> list[Any]:
    near = [(rng.randint(-1, 32), rng.randint(-1, 32)), (0, 4), (31, 5), (1, 1)]
    if isinstance(value, tuple):
        x, y = value
        near += [(x + 1, y), (x, y - 1), (x - 1, y + 1), (-x, y)]
    return near


def forged_values(
    state: PrimeTimeState, name: str, annotation: Any, value: Any, rng: random.Random
) -> list[Any]:
    """Other values of the field ``name`` a tampered client could send, most of them wrong now."""
    optional = type(None) in get_args(annotation)
    found: list[Any] = [None] if optional else []
    if name in UNIT_FIELDS:
        found += [unit.id for unit in state.units] + ["nobody-9", "goku-7"]
    elif name in TECHNIQUE_FIELDS:
        found += [*rng.sample(TECHNIQUES, 8), "rush", "ki_volley", "no_such_technique"]
    elif name == "card":
        found += sorted(set(state.players[0].hand + state.players[1].hand)) + rng.sample(sorted(cards()), 4)
    elif name == "joint":
        found += [*joint_attacks(), "no_such_joint"]
    elif name in CELL_FIELDS:
        found += [*_cells_near(value, rng), (0, 1), (1, -1), (2, 0)]
    elif name in INT_RANGES:
        low, high = INT_RANGES[name]
        found += list(range(low, high + 1))
    elif name in ("width", "height"):
        found += [1, 2, 3, 4, 9]
    elif name == "kind":
        found += list(TerrainKind)
    elif name == "cards":
        hand = sorted(state.players[0].hand + state.players[1].hand)
        found += [(), tuple(hand[:1]), tuple(hand[:3]), ("no_such_card",), (*value, *value)]
    elif name == "plan":
        found += _forged_plans(state, value)
    elif name == "first":
        found += [True, False]
    else:
        found += [option for option in get_args(annotation) if option is not type(None)]
        found += [
            arg
            for option in get_args(annotation)
            if get_origin(option) is Literal
            for arg in get_args(option)
        ]
    return [option for option in found if option != value]


def _forged_plans(state: PrimeTimeState, plan: tuple[tuple[str, str], ...]) -> list[Any]:
    found: list[Any] = [(), plan[:-1], (*plan, ("nobody-9", "ascend")), tuple(reversed(plan))]
    for index, (unit_id, _) in enumerate(plan):
        for choice in ("stay", "ascend", "hold", "descend"):
            found.append((*plan[:index], (unit_id, choice), *plan[index + 1 :]))
    return found


def forgeries(
    state: PrimeTimeState, action: PrimeTimeAction, rng: random.Random
) -> dict[str, list[PrimeTimeAction]]:
    """``action`` with one field changed, by field, for every field but ``type``; values pydantic
    refuses (as parsing would) are left out."""
    kind = type(action)
    data = action.model_dump()
    found: dict[str, list[PrimeTimeAction]] = {}
    for name, field in kind.model_fields.items():
        if name == "type":
            continue
        found[name] = []
        for value in forged_values(state, name, field.annotation, getattr(action, name), rng):
            try:
                forged = kind.model_validate({**data, name: value})
            except ValidationError:
                continue
            if forged != action:
                found[name].append(forged)
    return found
