"""Perfect Cell's designed content, loaded from ``data/*.json`` and validated at import.

The rulebook describes the components but not what is printed on them; ``CONTENT.md`` explains each
choice. Effects are lists of ``{"op": ..., ...}`` steps interpreted by ``rules.cell.effects``, which
imports this module: so that content naming a step nobody implements still fails loudly, the effect
registry adds its check to ``REGISTRY_CHECKS`` once it is filled, and every catalogue runs them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

Face = Literal["dragon_ball", "assist", "attack", "super_attack"]
FACES: tuple[Face, ...] = ("dragon_ball", "assist", "attack", "super_attack")
TokenKind = Literal["attack", "super_attack", "wild"]
SlotKind = Literal["dragon_ball", "assist", "attack", "super_attack", "any", "same", "different"]
WILD_SLOTS = ("any", "same", "different")
Ability = Literal[
    "free_reroll", "change_face", "starting_tile", "share_any", "discount_and_gift", "first_strike"
]
Restriction = Literal["no_share", "no_reroll"]
MAX_PLAYERS = 4

FACE_NAMES: dict[str, str] = {
    "dragon_ball": "Dragon Ball",
    "assist": "Assist",
    "attack": "Attack",
    "super_attack": "Super Attack",
}

_DATA = Path(__file__).parent / "data"


class EffectStep(BaseModel):
    op: str
    amount: int = Field(default=1, ge=1)
    face: Face | None = Field(default=None, description="the die face a passive step applies to")


class FighterCard(BaseModel):
    id: str
    name: str
    max_hp: int = Field(ge=1)
    ability: Ability
    ability_text: str
    starting_tile: str | None = None


class ThreatTile(BaseModel):
    id: int
    name: str
    effect_text: str
    effects: list[EffectStep]
    restrictions: list[Restriction] = []
    cost: list[SlotKind] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _wilds_are_satisfiable(self) -> ThreatTile:
        fixed = [slot for slot in self.cost if slot in FACES]
        if "different" in self.cost and (len(self.cost) > len(FACES) or len(set(fixed)) != len(fixed)):
            raise ValueError(f"{self.name}: every die on a separated-wild tile must differ")
        if self.cost.count("same") == 1:
            raise ValueError(f"{self.name}: linked wilds come in groups of at least two")
        return self


class PowerUpTile(BaseModel):
    """An active tile runs ``effects`` each time its ``activation_cost`` is paid; a passive tile has
    neither and its ``passive`` steps hold for as long as it is equipped."""

    id: int
    name: str
    purchase_cost: int = Field(ge=1, le=4)
    activation_cost: list[Face | Literal["any"]] = Field(default_factory=list, max_length=4)
    effects: list[EffectStep] = []
    passive: list[EffectStep] = []
    effect_text: str
    once_per_turn: bool = False
    needs_target: bool = False

    @property
    def is_passive(self) -> bool:
        return bool(self.passive)

    @model_validator(mode="after")
    def _active_or_passive(self) -> PowerUpTile:
        if self.passive and (self.effects or self.activation_cost or self.once_per_turn):
            raise ValueError(f"{self.name}: a passive tile has no activation cost and no activated effects")
        if not self.passive and not (self.effects and self.activation_cost):
            raise ValueError(f"{self.name}: an active tile needs an activation cost and effects")
        return self


class DiceColour(BaseModel):
    name: str
    hex: str


class TrackRow(BaseModel):
    bonus: int
    slots: list[int] = Field(min_length=1, description="the player number printed on each slot")


class BoardLayout(BaseModel):
    die_faces: list[Face] = Field(
        min_length=6, max_length=6, description="face i is printed opposite face 5 - i, as on a standard die"
    )
    dice_per_player: int
    dice_colours: list[DiceColour] = Field(min_length=4, description="one set of dice per colour")
    hp_tokens: int = Field(ge=1)
    tokens: dict[TokenKind, int]
    cell_health: int
    easy_cell_health: int
    damage_track: list[TrackRow]
    dragon_ball_meter: list[int]

    def track_rows(self, players: int) -> list[TrackRow]:
        return [
            TrackRow(bonus=row.bonus, slots=[slot for slot in row.slots if slot <= players])
            for row in self.damage_track
        ]

    def meter_size(self, players: int) -> int:
        return sum(1 for slot in self.dragon_ball_meter if slot <= players)

    def opposite_face(self, face: Face) -> Face:
        """The face printed on the other side of the die (Piccolo turns a die over to it)."""
        return self.die_faces[len(self.die_faces) - 1 - self.die_faces.index(face)]

    @model_validator(mode="after")
    def _opposites_are_faces_apart(self) -> BoardLayout:
        last = len(self.die_faces) - 1
        for index, face in enumerate(self.die_faces):
            opposite = self.die_faces[last - index]
            if opposite == face or self.opposite_face(face) != opposite:
                raise ValueError("each face must have one opposite face, different from itself")
        return self


class Catalogue(BaseModel):
    board: BoardLayout
    fighters: list[FighterCard]
    threats: list[ThreatTile]
    power_ups: list[PowerUpTile]

    @model_validator(mode="after")
    def _complete_and_consistent(self) -> Catalogue:
        if len(self.fighters) != 6 or len(self.threats) != 22 or len(self.power_ups) != 18:
            raise ValueError("the box holds 6 fighters, 22 threats and 18 power ups")
        if [t.id for t in self.threats] != list(range(len(self.threats))):
            raise ValueError("threat ids must be 0..21 in order")
        if [p.id for p in self.power_ups] != list(range(len(self.power_ups))):
            raise ValueError("power up ids must be 0..17 in order")
        if sum(self.board.tokens.values()) != 24:
            raise ValueError("the box holds 24 Dragon Ball tokens")
        if len(self.board.dice_colours) * self.board.dice_per_player != 20:
            raise ValueError("the box holds 20 dice, one set of five per colour")
        sturdiest = sorted((fighter.max_hp for fighter in self.fighters), reverse=True)[:MAX_PLAYERS]
        if sum(sturdiest) > self.board.hp_tokens:
            raise ValueError(
                f"any {MAX_PLAYERS} fighters take HP tokens equal to their maximum health: "
                f"{sum(sturdiest)} is more than the box's {self.board.hp_tokens}"
            )
        names = {p.name for p in self.power_ups}
        for fighter in self.fighters:
            if fighter.ability == "starting_tile" and fighter.starting_tile not in names:
                raise ValueError(f"{fighter.name} starts with an unknown tile")
        for check in REGISTRY_CHECKS:
            check(self)
        return self

    def fighter(self, fighter_id: str) -> FighterCard:
        return _fighters_by_id()[fighter_id]

    def dice_colour(self, name: str) -> DiceColour:
        return next(colour for colour in self.board.dice_colours if colour.name == name)

    def power_up_named(self, name: str) -> PowerUpTile:
        return next(p for p in self.power_ups if p.name == name)


REGISTRY_CHECKS: list[Callable[[Catalogue], None]] = []
"""Checks of the catalogue against the effect registry, added by ``rules.cell.effects``."""


def _load(name: str) -> Any:
    return json.loads((_DATA / name).read_text(encoding="utf-8"))


@cache
def catalogue() -> Catalogue:
    return Catalogue(
        board=_load("board.json"),
        fighters=_load("fighters.json"),
        threats=_load("threats.json"),
        power_ups=_load("power_ups.json"),
    )


@cache
def _fighters_by_id() -> dict[str, FighterCard]:
    return {fighter.id: fighter for fighter in catalogue().fighters}
