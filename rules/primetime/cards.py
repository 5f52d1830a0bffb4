"""The card pool (DESIGN.md 1.4, 3.3 ① ②, 3.4) as validated data from ``data/cards.json``.

A card names its pool (``generic``, a character id or an affiliation id), its type (CT-1…5), its
window (TW-1) and a list of effect steps; ``card_effects`` interprets the steps through a registry,
so adding a card is a data change plus, at most, one new step.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, TypeAdapter, model_validator

from rules.primetime.content import Family, Technique, catalogue

CardType = Literal["burst", "opg", "persistent", "z_reaction", "legacy"]
Window = Literal["open", "activation_start", "z_reaction", "on_hit", "on_damage", "phase_start"]
PhaseName = Literal["power", "ascension", "activation", "cleanup"]
Subject = Literal["none", "active", "own", "friend", "enemy"]
"""Who the card is played on: nobody, the active model, the card's own character's model (A15),
any friendly model, or an enemy model."""
Requirement = Literal[
    "own_activation", "enemy_activation", "own_attack", "own_attacker", "own_target", "ranged", "melee"
]
EffectOp = Literal[
    "heal",
    "heal_full",
    "heal_target",
    "gain_bk",
    "gain_sk",
    "draw",
    "peek",
    "modify",
    "modify_group",
    "flag",
    "recoil",
    "evade",
    "brace",
    "guard",
    "absorb",
    "barrier",
    "bonus_damage",
    "add_rider",
    "set_blast",
    "drain",
    "if_target_dazed",
    "if_friend_down",
    "opponent_bk",
    "clear_status",
    "end_activation",
    "swap_hp",
    "self_destruct",
    "glory_if_more_dazed",
    "bk_per_friend_near",
    "intercept",
    "clash",
    "legacy",
    "free_ascend",
    "if_tier",
    "grant_intercept",
    "bind",
    "move_self",
    "relentless",
    "granted_attack",
    "assemble",
]

GENERIC = "generic"
CHARACTER_COPIES = 3
AFFILIATION_COPIES = 2
SINGLE_COPY_TYPES = frozenset({"opg", "legacy"})


class Effect(BaseModel, frozen=True):
    op: EffectOp
    amount: int = 0
    inches: int = 0
    stat: str | None = None
    until: str | None = None
    bonus_bk: int = 0
    bk_discount: int = 0


class Card(BaseModel, frozen=True):
    id: str
    name: str
    pool: str
    slot: int = Field(default=0, ge=0, le=2)
    """1 (free) or 2 (bought with Threat) for a character card; 0 otherwise."""
    type: CardType
    window: Window
    phase: PhaseName | None = None
    subject: Subject = "none"
    requires: tuple[Requirement, ...] = ()
    effects: tuple[Effect, ...]

    @property
    def single_copy(self) -> bool:
        return self.type in SINGLE_COPY_TYPES

    @property
    def copy_limit(self) -> int:
        """A9: one Generic copy; OPG and Legacy one; character cards 3; affiliation cards 2."""
        if self.pool == GENERIC or self.single_copy:
            return 1
        return CHARACTER_COPIES if self.slot else AFFILIATION_COPIES

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if (self.window == "phase_start") != (self.phase is not None):
            raise ValueError(f"{self.id}: a Phase Start card, and only one, names its phase")
        if self.type == "z_reaction" and self.window != "z_reaction":
            raise ValueError(f"{self.id}: a Z-Reaction card plays in the Z-Reaction window")
        return self


_ADAPTER = TypeAdapter(tuple[Card, ...])


@cache
def cards() -> dict[str, Card]:
    """Every card by id, checked against the characters and affiliations it names."""
    raw = json.loads((Path(__file__).parent / "data" / "cards.json").read_text(encoding="utf-8"))
    pool = _ADAPTER.validate_python(raw)
    content = catalogue()
    characters = {character.id for character in content.characters}
    affiliations = {affiliation.id for affiliation in content.affiliations}
    found: dict[str, Card] = {}
    for card in pool:
        if card.id in found:
            raise ValueError(f"card {card.id} is listed twice")
        is_character = card.pool in characters
        if card.pool != GENERIC and not is_character and card.pool not in affiliations:
            raise ValueError(f"card {card.id} names an unknown pool {card.pool}")
        if is_character != bool(card.slot):
            raise ValueError(f"card {card.id}: character cards, and only they, are Card 1 or Card 2")
        found[card.id] = card
    return found


def card(card_id: str) -> Card:
    return cards()[card_id]


def generic_cards() -> tuple[str, ...]:
    """DK-1: the one fixed list of 10 Generic cards every deck holds."""
    return tuple(card.id for card in cards().values() if card.pool == GENERIC)


JointMode = Literal["each_basic", "partner_fires", "combined"]


class JointAttackCard(BaseModel, frozen=True):
    """A Joint Attack (JA-1…3, 3.5): a table reference card, never in a deck. ``partners`` are
    character ids or a keyword (``gohan`` names the Gohan family). Modes: each partner makes a basic
    attack at ``acc``; the second partner fires ``fires`` at 0 BK and the first may then Intercept for
    it within ``intercept`` inches until Cleanup; or both fire one combined ``technique``."""

    id: str
    name: str
    partners: tuple[str, str]
    bk: int = Field(ge=0)
    within: int = Field(ge=1)
    mode: JointMode
    acc: int = 0
    fires: str | None = None
    intercept: int = 0
    technique: Technique | None = None
    clash_family: Family | None = None

    @model_validator(mode="after")
    def _consistent(self) -> JointAttackCard:
        needs = {"each_basic": self.acc, "partner_fires": self.fires, "combined": self.technique}
        if not needs[self.mode]:
            raise ValueError(f"{self.id}: the {self.mode} mode needs its own field")
        return self


@cache
def joint_attacks() -> dict[str, JointAttackCard]:
    raw = json.loads((Path(__file__).parent / "data" / "joint_attacks.json").read_text(encoding="utf-8"))
    pool = TypeAdapter(tuple[JointAttackCard, ...]).validate_python(raw)
    content = catalogue()
    names = {character.id for character in content.characters}
    keywords = {keyword for character in content.characters for keyword in character.keywords}
    for joint in pool:
        if any(partner not in names | keywords for partner in joint.partners):
            raise ValueError(f"joint attack {joint.id} names an unknown partner")
    return {joint.id: joint for joint in pool}
