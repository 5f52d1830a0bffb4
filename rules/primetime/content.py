"""Prime Time's starter content (DESIGN.md 3.1-3.3, 3.6), loaded from ``data/*.json`` and validated.

Characters, tiers and techniques are data; the keyword and passive ids they carry are interpreted by
the engine modules that own each rule (``stats``, ``combat``, ``economy``, ``cleanup``). Every choice
the design left open is explained in ``CONTENT.md``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from rules.primetime.scenario import QUICK_LOCATION, location
from rules.primetime.terrain import TerrainPiece

Family = Literal["melee", "ki", "beam", "disc", "special"]
SkillStat = Literal["foc", "imp"]
StatName = Literal["mov", "foc", "imp", "res", "rfx", "hp", "dmg", "oc"]
Keyword = Literal["saiyan", "fly", "breakthrough", "namekian", "regeneration", "human", "android", "gohan"]
Passive = Literal[
    "fighting_spirit",
    "zenkai",
    "protective_fury",
    "mentors_shield",
    "tactician",
    "emperors_command",
    "vanity",
    "captains_orders",
    "absorb",
    "fastest_in_the_universe",
    "brutal_duo",
    "four_eyes",
    "bio_zenkai",
    "gentle_giant",
    "barrier_reflex",
    "sibling_sync",
]
RiderOp = Literal["push", "pull", "stagger", "blast", "freeze", "drain"]

_DATA = Path(__file__).parent / "data"

BASIC_RUSH = "rush"
BASIC_VOLLEY = "ki_volley"
BASICS = frozenset({BASIC_RUSH, BASIC_VOLLEY})
RANGED_FAMILIES = frozenset({"ki", "beam", "disc", "special"})
NO_CLASH_FAMILIES = frozenset({"disc", "special"})


class Stats(BaseModel, frozen=True):
    mov: int = Field(ge=1)
    foc: int
    imp: int
    res: int
    rfx: int
    hp: int = Field(ge=1)
    dmg: int = Field(ge=1)
    oc: int = Field(ge=0)


class Tier(BaseModel, frozen=True):
    """A tier line: changes from Base for FOC/IMP/RES/RFX/DMG, and the tier's HP maximum (2.7)."""

    name: str
    foc: int = 0
    imp: int = 0
    res: int = 0
    rfx: int = 0
    dmg: int = 0
    hp: int = Field(ge=1)


class Rider(BaseModel, frozen=True):
    op: RiderOp
    inches: int = 0
    compass: bool = False
    """Psychokinesis: the Push goes in one of the 8 compass directions chosen at declaration."""


class Technique(BaseModel, frozen=True):
    id: str
    name: str
    family: Family
    skill: SkillStat
    bk: int = Field(ge=0)
    dmg: int = Field(ge=0)
    range: int = Field(default=0, ge=0)
    """Inches for a ranged technique; for Melee, a reach beyond base contact (Demon Hand), else 0."""
    acc: int = 0
    acc_if_friend_dazed: int = 0
    evasion_against: int = 0
    pierce: bool = False
    charged: bool = False
    exhausting: bool = False
    unopposed: bool = False
    undeniable: bool = False
    min_tier: int = Field(default=0, ge=0)
    dash: int = Field(default=0, ge=0)
    """Space Mach Attack: the user may first move up to this many inches into contact."""
    area: Literal["solar_flare"] | None = None
    """A technique with no single target and no roll."""
    riders: tuple[Rider, ...] = ()
    basic: bool = False
    exhausted_ok: bool = False
    """Usable while Exhausted without Breakthrough (a card's effect, Final Flash Overcharge)."""
    fixed_dmg: bool = False
    """The DMG does not move with the user's tier (Purple Spiral Flash, 3.5)."""

    @property
    def ranged(self) -> bool:
        return self.family in RANGED_FAMILIES

    @property
    def clashable(self) -> bool:
        """2.4 step 3: basics, Discs and Specials neither Clash nor can be Clashed."""
        return not self.basic and self.family not in NO_CLASH_FAMILIES

    @property
    def compass(self) -> bool:
        return any(rider.compass for rider in self.riders)


RUSH = Technique(id=BASIC_RUSH, name="Rush", family="melee", skill="imp", bk=0, dmg=0, basic=True)
KI_VOLLEY = Technique(
    id=BASIC_VOLLEY, name="Ki Volley", family="ki", skill="foc", bk=0, dmg=0, range=12, basic=True
)


class Character(BaseModel, frozen=True):
    id: str
    name: str
    code: str = Field(min_length=3, max_length=3)
    threat: int = Field(ge=1)
    unlock: int = Field(ge=1)
    affiliations: tuple[str, ...]
    keywords: frozenset[Keyword]
    base: Stats
    tiers: tuple[Tier, ...]
    techniques: tuple[Technique, ...]
    passives: frozenset[Passive]

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def max_tier(self) -> int:
        return 0 if self.has("android") else len(self.tiers)

    def technique(self, technique_id: str) -> Technique:
        if technique_id == BASIC_RUSH:
            return RUSH
        if technique_id == BASIC_VOLLEY:
            return KI_VOLLEY
        return next(technique for technique in self.techniques if technique.id == technique_id)

    def all_techniques(self) -> tuple[Technique, ...]:
        return (*self.techniques, RUSH, KI_VOLLEY)

    def hp_max(self, tier: int) -> int:
        return self.base.hp if tier == 0 else self.tiers[tier - 1].hp


class Settings(BaseModel, frozen=True):
    rounds: int
    hand_limits: tuple[int, ...]
    flat_bk: tuple[int, ...]
    bk_carry_cap: int
    sk_start: int
    sk_cap: int
    ascension_cost: int
    breakthrough_sk: int
    focus_tax: int
    power_ups_per_round: int
    zoc: int
    stat_cap: int
    dive_bonus: int
    defense_base: int
    cover_bonus: int
    brace_penalty: int
    evade_move: int
    deflect_range: int
    critical_margin: int
    melee_deflect_rfx: int
    detonation_dmg: int
    blast_dmg: int
    volley_range: int
    zone_depth: int

    @model_validator(mode="after")
    def _one_value_per_round(self) -> Settings:
        if len(self.hand_limits) != self.rounds or len(self.flat_bk) != self.rounds:
            raise ValueError("hand limits and flat BK need one value per round")
        return self


class Affiliation(BaseModel, frozen=True):
    id: str
    name: str
    bonus: Literal["bonds_of_friendship", "galactic_tyranny", "special_squadron", "perfect_predator"]


class Preset(BaseModel, frozen=True):
    id: str
    name: str
    affiliation: str
    models: tuple[str, ...]
    unlocks: tuple[str, ...]
    cards: tuple[str, ...] = ()
    """Its 6 Character and 4 Affiliation cards (3.2); checked by ``roster.roster_problem``."""


class Catalogue(BaseModel, frozen=True):
    settings: Settings
    affiliations: tuple[Affiliation, ...]
    presets: tuple[Preset, ...]
    layout: tuple[TerrainPiece, ...]
    """The quick game's fixed terrain layout on Namek Plains (CONTENT.md)."""
    characters: tuple[Character, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Catalogue:
        characters = {character.id: character for character in self.characters}
        affiliations = {affiliation.id for affiliation in self.affiliations}
        for preset in self.presets:
            if preset.affiliation not in affiliations:
                raise ValueError(f"preset {preset.id} names an unknown affiliation")
            threat = sum(characters[model].threat for model in preset.models)
            threat += sum(characters[model].unlock for model in preset.unlocks)
            if threat > 30 or not 3 <= len(preset.models) <= 6:
                raise ValueError(f"preset {preset.id} breaks the roster limits of 3.2")
        if not 5 <= len(self.layout) <= 8:
            raise ValueError("SU-1: the layout holds 5-8 pieces")
        depth = self.settings.zone_depth
        for piece in self.layout:
            if piece.y < depth or piece.y + piece.height > 30 - depth:
                raise ValueError("SU-1: no terrain inside a deployment zone")
            if any(piece.overlaps(feature) for feature in location(QUICK_LOCATION).features):
                raise ValueError("A14: the layout must not overlap the Location's terrain")
        return self

    def character(self, character_id: str) -> Character:
        return _characters_by_id()[character_id]

    def preset(self, preset_id: str) -> Preset:
        return next(preset for preset in self.presets if preset.id == preset_id)

    def affiliation(self, affiliation_id: str) -> Affiliation:
        return next(affiliation for affiliation in self.affiliations if affiliation.id == affiliation_id)


def _load(name: str) -> Any:
    return json.loads((_DATA / name).read_text(encoding="utf-8"))


@cache
def catalogue() -> Catalogue:
    return Catalogue(**_load("game.json"), characters=_load("characters.json"))


@cache
def _characters_by_id() -> dict[str, Character]:
    return {character.id: character for character in catalogue().characters}


def settings() -> Settings:
    return catalogue().settings


def character(character_id: str) -> Character:
    return _characters_by_id()[character_id]


PRESET_IDS: tuple[str, ...] = ("z_fighters", "frieza_force", "ginyu_force", "cell_games")
