"""One card being played (``Play``) and the shape of an effect step's check and apply, shared by
the effect registry (``card_effects``) and its grant steps (``card_grants``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.primetime.cards import Card, Effect
from rules.primetime.context import Ctx
from rules.primetime.damage import HitMods
from rules.primetime.geometry import Cell
from rules.primetime.state import PrimeTimeState, Unit


@dataclass
class Play:
    """One card being played: by whom, on which model, naming which enemy, technique or cell; and,
    in an On Hit / On Damage window, the hit it answers."""

    seat: int
    card: Card
    unit: Unit | None = None
    target: Unit | None = None
    technique: str | None = None
    hit_attacker: Unit | None = None
    hit_target: Unit | None = None
    mods: HitMods = field(default_factory=HitMods)
    dealt: int = 0
    to: Cell | None = None


Check = Callable[[PrimeTimeState, Play, Effect], str | None]
Apply = Callable[[Ctx, Play, Effect], bool]


def no_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    return None


def subject(play: Play) -> Unit:
    assert play.unit is not None
    return play.unit
