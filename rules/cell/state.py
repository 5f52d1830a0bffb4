"""The serialized Perfect Cell game state. Everything here is public except the stacks' order,
the token pile's order and the generator, which ``view`` hides."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, model_validator

from rules.cell.content import Face, TokenKind
from rules.core.events import Event
from rules.core.game import Outcome
from rules.core.rng import Rng

SCHEMA_VERSION = 2

Variant = Literal["normal", "easy", "challenge", "impossible"]
DieZone = Literal["mat", "spent", "threat", "meter", "track"]
SelectionPurpose = Literal["reroll", "free_reroll", "retrieve", "buy", "activate"]


class Source(BaseModel, frozen=True):
    """A die on the active fighter's mat, or one of their Dragon Ball tokens spent as ``face``."""

    die: int | None = None
    token: TokenKind | None = None
    face: Face | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Source:
        if (self.die is None) == (self.token is None):
            raise ValueError("a source is either a die or a token")
        if self.token is not None:
            if self.face is None:
                raise ValueError("a token source names the face it is spent as")
            if self.token != "wild" and self.face != self.token:
                raise ValueError("only Wild tokens may be spent as another face")
        elif self.face is not None:
            raise ValueError("a die source takes its face from the die")
        return self


class Die(BaseModel):
    id: int
    owner: int
    face: Face | None = None
    zone: DieZone = "mat"
    holder: int | None = None
    threat: int | None = None


class Placement(BaseModel):
    """A die or a token occupying a slot on a threat tile, the Damage Track or the Dragon Ball Meter."""

    face: Face
    die: int | None = None
    token: TokenKind | None = None
    placed_by: int


class ActiveThreat(BaseModel):
    tile: int
    placed: list[Placement] = []


class FighterState(BaseModel):
    seat: int
    fighter: str
    name: str
    hp: int
    max_hp: int
    dice_colour: str
    power_ups: list[int] = []
    tokens: list[TokenKind] = []
    free_reroll_used: bool = False
    face_change_used: bool = False
    struck_first: bool = False
    power_ups_used: list[int] = []

    @property
    def knocked_out(self) -> bool:
        return self.hp <= 0


class Selection(BaseModel):
    """A multi-die choice in progress: dice picked one by one, then confirmed."""

    purpose: SelectionPurpose
    tile: int | None = None
    burn: int | None = None
    chosen: list[Source] = []


class CellState(BaseModel):
    schema_version: int = SCHEMA_VERSION
    game: Literal["cell"] = "cell"
    variant: Variant
    rng: Rng
    cell_hp: int
    cell_max_hp: int
    round: int = 0
    active_seat: int = 0
    rolled: bool = False
    fighters: list[FighterState]
    dice: list[Die]
    threat_stack: list[int]
    removed_threats: list[int] = []
    active_threats: list[ActiveThreat] = []
    discarded_threats: list[int] = []
    power_stack: list[int]
    power_supply: list[int]
    power_discard: list[int] = []
    token_pile: list[TokenKind]
    token_discard: list[TokenKind] = []
    damage_track: list[Placement] = []
    dragon_ball_meter: list[Placement] = []
    selection: Selection | None = None
    outcome: Outcome | None = None
    recent_events: list[Event] = []
    actions_taken: int = 0

    @property
    def players(self) -> int:
        return len(self.fighters)

    def fighter(self, seat: int) -> FighterState:
        return self.fighters[seat]

    def die(self, die_id: int) -> Die:
        return self.dice[die_id]

    def active_threat(self, tile: int) -> ActiveThreat | None:
        return next((threat for threat in self.active_threats if threat.tile == tile), None)
