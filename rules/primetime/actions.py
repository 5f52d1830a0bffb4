"""Every action a Prime Time player can take. ``player`` is the acting seat.

Models are named by unit id (``<character>-<seat>``), cells as ``(x, y)``. The active model of an
activation is implicit in Move, Altitude, UseTechnique, PowerUp and EndActivation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter, field_validator

from rules.primetime.geometry import Cell, Point
from rules.primetime.scenario import Side
from rules.primetime.state import AscensionChoice
from rules.primetime.terrain import TerrainKind


class AcceptTerrain(BaseModel, frozen=True):
    """SU-1: accept the layout as it stands; the game goes on once both players accepted the same one."""

    type: Literal["accept_terrain"] = "accept_terrain"
    player: int


class RerollTerrain(BaseModel, frozen=True):
    """SU-1: a new seeded layout (a few times per game, shared by both players)."""

    type: Literal["reroll_terrain"] = "reroll_terrain"
    player: int


class PlaceTerrain(BaseModel, frozen=True):
    """SU-1 edit: add a piece of one of its kind's standard shapes, anchored at its south-west point."""

    type: Literal["place_terrain"] = "place_terrain"
    player: int
    kind: TerrainKind
    x: int
    y: int
    width: int
    height: int


class RemoveTerrain(BaseModel, frozen=True):
    """SU-1 edit: remove the layout's piece number ``index`` (0-based, in layout order)."""

    type: Literal["remove_terrain"] = "remove_terrain"
    player: int
    index: int


class ChooseFirstPlayer(BaseModel, frozen=True):
    """SU-3: the roll-off winner takes the initiative, or a deployment side (the other player gets
    the other option)."""

    type: Literal["first_player"] = "first_player"
    player: int
    choice: Literal["initiative", "south", "north"]


class ChooseSide(BaseModel, frozen=True):
    """SU-3: the roll-off loser picks the side after the winner took the initiative."""

    type: Literal["side"] = "side"
    player: int
    side: Side


class PlaceObjective(BaseModel, frozen=True):
    """SU-7: an objective (or a Dragon Ball Hunt extra objective) at a grid point."""

    type: Literal["place_objective"] = "place_objective"
    player: int
    point: Point


class Deploy(BaseModel, frozen=True):
    """SU-8: one model into its zone, at Ground or (with Fly) L1."""

    type: Literal["deploy"] = "deploy"
    player: int
    unit: str
    to: Cell
    level: int = 0


class Seize(BaseModel, frozen=True):
    """Dragon Radar (3.6): one action of the active model, within 1" of the objective, in R1."""

    type: Literal["seize"] = "seize"
    player: int
    point: Point


class ChooseInitiative(BaseModel, frozen=True):
    """R2-R4 (2.7): the player with less Glory chooses to activate first or second."""

    type: Literal["initiative"] = "initiative"
    player: int
    first: bool


class LockAscension(BaseModel, frozen=True):
    """AS-1/AS-2: one choice per model that can change tier, in roster order; secret until both lock."""

    type: Literal["lock_ascension"] = "lock_ascension"
    player: int
    plan: tuple[tuple[str, AscensionChoice], ...]


class Activate(BaseModel, frozen=True):
    """AC-1: start an activation of ``unit``, spending its token or, for a second one, a bonus token."""

    type: Literal["activate"] = "activate"
    player: int
    unit: str


class Pass(BaseModel, frozen=True):
    """AC-3 / 2.7: take no more activations this round."""

    type: Literal["pass"] = "pass"
    player: int


class Move(BaseModel, frozen=True):
    type: Literal["move"] = "move"
    player: int
    to: Cell


class ChangeAltitude(BaseModel, frozen=True):
    """AL-3: a [Free] step of exactly one level, once per activation."""

    type: Literal["altitude"] = "altitude"
    player: int
    level: int


class UseTechnique(BaseModel, frozen=True):
    """2.4 step 1. ``target`` is None only for an area technique (Solar Flare); ``direction`` is a
    compass step for Psychokinesis."""

    type: Literal["technique"] = "technique"
    player: int
    technique: str
    target: str | None = None
    direction: Cell | None = None


class PowerUp(BaseModel, frozen=True):
    type: Literal["power_up"] = "power_up"
    player: int
    resource: Literal["sk", "bk"]


class EndActivation(BaseModel, frozen=True):
    type: Literal["end_activation"] = "end_activation"
    player: int


class React(BaseModel, frozen=True):
    """2.4 step 3: the defender's Z-Reaction. ``technique`` names the Clash technique."""

    type: Literal["react"] = "react"
    player: int
    choice: Literal["z_evasion", "brace", "clash", "none"]
    technique: str | None = None


class Intercept(BaseModel, frozen=True):
    """2.4 step 2: a non-card Intercept by ``unit`` (Mentor's Shield, Gentle Giant)."""

    type: Literal["intercept"] = "intercept"
    player: int
    unit: str


class Deflect(BaseModel, frozen=True):
    """ZR-6 / 2.4 step 4: the new target of a ranged attack beaten by 10 or more, or ``None`` to
    decline, and the attack is simply evaded."""

    type: Literal["deflect"] = "deflect"
    player: int
    unit: str | None = None


class EvadeMove(BaseModel, frozen=True):
    """ZR-3 / A11: the successful evader's move, up to its distance; its own cell means stay."""

    type: Literal["evade_move"] = "evade_move"
    player: int
    to: Cell


class PlayCard(BaseModel, frozen=True):
    """TW-1: play ``card`` from the hand into the window open now. ``unit`` is the model it is played
    on (or the intercepting or attacking model), ``target`` an enemy it names, ``technique`` a Clash
    technique or the technique of an attack it grants, ``to`` the cell of a move it grants."""

    type: Literal["play_card"] = "play_card"
    player: int
    card: str
    unit: str | None = None
    target: str | None = None
    technique: str | None = None
    to: Cell | None = None


class JointAttack(BaseModel, frozen=True):
    """JA-1…3 / 3.5: a Joint Attack as one action of the active partner. ``target`` is the active
    partner's target (Special Beam Cover: Gohan's; Purple Spiral Flash: the Beam's); Back to Back
    names each partner's basic technique and the other partner's target too."""

    type: Literal["joint_attack"] = "joint_attack"
    player: int
    joint: str
    target: str
    technique: str | None = None
    partner_target: str | None = None
    partner_technique: str | None = None


class PassWindow(BaseModel, frozen=True):
    """No card for this On Hit / On Damage or Phase Start window ("Ready")."""

    type: Literal["pass_window"] = "pass_window"
    player: int


class Discard(BaseModel, frozen=True):
    """CL-3: the cards the owner discards to come down to the round's hand limit (a choice of cards,
    so kept sorted: the same cards in any order are the same discard)."""

    type: Literal["discard"] = "discard"
    player: int
    cards: tuple[str, ...]

    @field_validator("cards")
    @classmethod
    def _sorted(cls, cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(cards))


class Timeout(BaseModel, frozen=True):
    """The bot's clock ran out on ``player``'s prompt: the 2.9 default is applied."""

    type: Literal["timeout"] = "timeout"
    player: int


PrimeTimeAction = Annotated[
    AcceptTerrain
    | RerollTerrain
    | PlaceTerrain
    | RemoveTerrain
    | ChooseFirstPlayer
    | ChooseSide
    | PlaceObjective
    | Deploy
    | Seize
    | ChooseInitiative
    | LockAscension
    | Activate
    | Pass
    | Move
    | ChangeAltitude
    | UseTechnique
    | PowerUp
    | EndActivation
    | React
    | Intercept
    | Deflect
    | EvadeMove
    | PlayCard
    | JointAttack
    | PassWindow
    | Discard
    | Timeout,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[PrimeTimeAction] = TypeAdapter(PrimeTimeAction)


def listed(action: PrimeTimeAction, found: Sequence[PrimeTimeAction]) -> bool:
    """``action in found``, comparing the fields directly: the actions are plain frozen models, and
    their full ``==`` would cost more than building the list did."""
    fields = action.__dict__
    return any(type(other) is type(action) and other.__dict__ == fields for other in found)
