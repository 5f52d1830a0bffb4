"""Over 9000's designed content, loaded from ``data/*.json`` and validated at import.

The one-page rules name the components but not their numbers; ``CONTENT.md`` explains each choice.
Special powers are lists of ``{"op": ..., ...}`` steps interpreted by ``rules.over9000.powers``,
which imports this module: so that content naming a step nobody implements still fails loudly, the
power registry adds its check to ``REGISTRY_CHECKS`` once it is filled, and every catalogue runs them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

TokenKind = Literal[
    "kick",
    "punch",
    "blast",
    "kick_defense",
    "punch_defense",
    "blast_defense",
    "power_up",
    "dragon_ball",
]
AttackKind = Literal["kick", "punch", "blast"]
Window = Literal["attack", "defense"]
Side = Literal["hero", "villain"]

TOKEN_KINDS: tuple[TokenKind, ...] = (
    "kick",
    "punch",
    "blast",
    "kick_defense",
    "punch_defense",
    "blast_defense",
    "power_up",
    "dragon_ball",
)
ATTACKS: tuple[AttackKind, ...] = ("kick", "punch", "blast")
DEFENSE_FOR: dict[str, TokenKind] = {
    "kick": "kick_defense",
    "punch": "punch_defense",
    "blast": "blast_defense",
}
DEFENSES: tuple[TokenKind, ...] = tuple(DEFENSE_FOR.values())
"""A tuple, not a set: code that walks it (the AI's choice of a blocker) must see one order in every
process, whatever the hash seed."""

TOKEN_NAMES: dict[str, str] = {
    "kick": "Kick",
    "punch": "Punch",
    "blast": "High Blast",
    "kick_defense": "Kick Defense",
    "punch_defense": "Punch Defense",
    "blast_defense": "High Blast Defense",
    "power_up": "Power-Up",
    "dragon_ball": "Dragon Ball",
}

SLOT_COUNT = 4
DRAW_SIZE = 6
SLOT_DEPTH = 2
"""Six tokens: one in reserve, five in four slots, so exactly one slot holds a stack of two."""

_DATA = Path(__file__).parent / "data"


def is_attack(kind: str) -> bool:
    return kind in DEFENSE_FOR


class PowerStep(BaseModel):
    op: str
    amount: int = Field(default=0, ge=0)


class Power(BaseModel):
    name: str
    window: Window
    text: str
    effects: list[PowerStep] = Field(min_length=1)


class Character(BaseModel):
    id: str
    name: str
    side: Side
    start: int = Field(ge=1)
    power: Power


class GameSettings(BaseModel):
    tokens: dict[TokenKind, int]
    power_step: int = Field(ge=1)
    over_threshold: int
    reset_level: int
    floor: int = Field(ge=0)
    sudden_death_round: int = Field(ge=1)
    exposed_attacks: int = Field(ge=0)
    """How many of a caught bluffer's next attacks are shown to their defenders."""

    @model_validator(mode="after")
    def _playable(self) -> GameSettings:
        if set(self.tokens) != set(TOKEN_KINDS) or min(self.tokens.values()) < 1:
            raise ValueError("the pile holds at least one token of every kind")
        if sum(self.tokens.values()) < DRAW_SIZE * 6:
            raise ValueError("six players must each be able to draw six tokens")
        if not self.floor < self.reset_level <= self.over_threshold:
            raise ValueError("the floor, the reset level and the threshold must rise in that order")
        return self


class Catalogue(BaseModel):
    settings: GameSettings
    characters: list[Character]

    @model_validator(mode="after")
    def _complete_and_consistent(self) -> Catalogue:
        if len(self.characters) != 12:
            raise ValueError("the box holds 12 characters")
        if len({character.id for character in self.characters}) != 12:
            raise ValueError("character ids must be distinct")
        for character in self.characters:
            if not self.settings.floor <= character.start <= self.settings.over_threshold:
                raise ValueError(f"{character.name} must start between the floor and the threshold")
            if character.start % self.settings.power_step:
                raise ValueError(f"{character.name} must start a whole number of steps from zero")
        for check in REGISTRY_CHECKS:
            check(self)
        return self

    def character(self, character_id: str) -> Character:
        return _characters_by_id()[character_id]


REGISTRY_CHECKS: list[Callable[[Catalogue], None]] = []
"""Checks of the catalogue against the power registry, added by ``rules.over9000.powers``."""


def _load(name: str) -> Any:
    return json.loads((_DATA / name).read_text(encoding="utf-8"))


@cache
def catalogue() -> Catalogue:
    return Catalogue(settings=_load("game.json"), characters=_load("characters.json"))


@cache
def _characters_by_id() -> dict[str, Character]:
    return {character.id: character for character in catalogue().characters}
