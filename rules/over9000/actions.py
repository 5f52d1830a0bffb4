"""Every action an Over 9000 player can take. ``player`` is the acting seat.

Tokens are named by kind, never by id: tokens of one kind are interchangeable, so a button says
"Kick into slot 2" and the action log never carries a token's identity.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.over9000.content import AttackKind, TokenKind


class Keep(BaseModel, frozen=True):
    """Put one token of ``kind`` from the hand into the reserve slot."""

    type: Literal["keep"] = "keep"
    player: int
    kind: TokenKind


class Place(BaseModel, frozen=True):
    """Put one token of ``kind`` from the hand face down on top of ``slot`` (0-3)."""

    type: Literal["place"] = "place"
    player: int
    kind: TokenKind
    slot: int


class TakeBack(BaseModel, frozen=True):
    """Return every token placed so far this round to the hand, to arrange them again."""

    type: Literal["take_back"] = "take_back"
    player: int


class UsePower(BaseModel, frozen=True):
    """Flip the reserve Dragon Ball for the character's special power. ``target`` and ``slot`` are
    given exactly when the power names an opponent or a slot."""

    type: Literal["power"] = "power"
    player: int
    target: int | None = None
    slot: int | None = None


class Attack(BaseModel, frozen=True):
    """Push the top token of ``slot`` forward against ``target``, declaring ``declared``. The
    declaration may be a bluff: the token pushed decides what happens."""

    type: Literal["attack"] = "attack"
    player: int
    slot: int
    target: int
    declared: AttackKind


class Reveal(BaseModel, frozen=True):
    """The defender turns the top token of ``slot`` face up."""

    type: Literal["reveal"] = "reveal"
    player: int
    slot: int


Over9000Action = Annotated[
    Keep | Place | TakeBack | UsePower | Attack | Reveal,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Over9000Action] = TypeAdapter(Over9000Action)
