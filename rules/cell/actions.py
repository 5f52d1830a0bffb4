"""Every action a Perfect Cell player can take. ``player`` is the acting seat."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.cell.content import Face
from rules.cell.state import SelectionPurpose, Source

SpendUse = Literal["heal", "damage", "cancel", "meter", "collect", "share"]


class Roll(BaseModel, frozen=True):
    type: Literal["roll"] = "roll"
    player: int


class Spend(BaseModel, frozen=True):
    """Spend one die or token: heal a fighter, damage Cell, cancel a threat, fill the meter, collect
    a token, or share the die. ``target`` is a seat (heal, share) or a threat tile id (cancel)."""

    type: Literal["spend"] = "spend"
    player: int
    source: Source
    use: SpendUse
    target: int | None = None


class StartSelection(BaseModel, frozen=True):
    """Begin a multi-die choice: a reroll or retrieval paid by burning ``burn``, Gohan's free reroll,
    or paying for a Power Up (``tile``) to buy or to activate it."""

    type: Literal["start"] = "start"
    player: int
    purpose: SelectionPurpose
    tile: int | None = None
    burn: int | None = None


class Choose(BaseModel, frozen=True):
    type: Literal["choose"] = "choose"
    player: int
    source: Source


class Confirm(BaseModel, frozen=True):
    """Carry out the selection. ``give_to`` and ``discard`` settle who gets a bought tile and what a
    full fighter drops; ``target`` is the fighter a healing Power Up heals."""

    type: Literal["confirm"] = "confirm"
    player: int
    give_to: int | None = None
    discard: int | None = None
    target: int | None = None


class CancelSelection(BaseModel, frozen=True):
    type: Literal["cancel"] = "cancel"
    player: int


class ChangeFace(BaseModel, frozen=True):
    type: Literal["change_face"] = "change_face"
    player: int
    die: int
    face: Face


class GiveTile(BaseModel, frozen=True):
    type: Literal["give_tile"] = "give_tile"
    player: int
    tile: int
    to: int
    discard: int | None = None


class EndTurn(BaseModel, frozen=True):
    type: Literal["end_turn"] = "end_turn"
    player: int


CellAction = Annotated[
    Roll | Spend | StartSelection | Choose | Confirm | CancelSelection | ChangeFace | GiveTile | EndTurn,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[CellAction] = TypeAdapter(CellAction)
