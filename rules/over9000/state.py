"""The serialized Over 9000 game state.

Secret here: every player's hand, reserve and face-down slot tokens, the token pushed forward in a
duel until it is revealed, the pile's order and the generator. ``view`` shows each player only
their own secrets. Token ids are drawn at random when the game starts, so an id says nothing about
its token's kind.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core.events import Event
from rules.core.game import Outcome
from rules.core.rng import Rng
from rules.over9000.content import SLOT_COUNT, AttackKind, PowerStep, TokenKind

SCHEMA_VERSION = 2

Phase = Literal["placement", "duel", "over"]
PromptKind = Literal["place", "attack", "reveal"]


class Token(BaseModel):
    id: str
    kind: TokenKind


class FaceUpToken(BaseModel):
    """A token revealed this round, out of play until the round ends. ``slot`` is the slot it came
    from; None for the reserve Dragon Ball flipped for a special power."""

    token: Token
    slot: int | None = None


def _empty_slots() -> list[list[Token]]:
    return [[] for _ in range(SLOT_COUNT)]


class PlayerState(BaseModel):
    seat: int
    character: str
    name: str
    power_level: int
    hand: list[Token] = []
    reserve: Token | None = None
    slots: list[list[Token]] = Field(
        default_factory=_empty_slots, description="bottom first; the top is last"
    )
    face_up: list[FaceUpToken] = []
    placed: bool = False
    exposed_attacks: int = Field(
        default=0,
        ge=0,
        description="attacks still to be shown to their defender before the reveal, after a caught bluff",
    )

    @property
    def face_down_count(self) -> int:
        return sum(len(slot) for slot in self.slots)

    def top(self, slot: int) -> Token | None:
        stack = self.slots[slot]
        return stack[-1] if stack else None


class Duel(BaseModel):
    """An attack waiting for the defender to reveal a slot; ``token`` was pushed forward face down."""

    defender: int
    slot: int
    token: Token
    declared: AttackKind
    exposed: bool = Field(default=False, description="the defender was shown the pushed token")
    defense_armed: list[PowerStep] = []


class Turn(BaseModel):
    seat: int
    armed: list[PowerStep] = Field(default=[], description="attack-window power steps waiting for the attack")
    duel: Duel | None = None


class Prompt(BaseModel):
    """Who must answer next: everyone still arranging tokens, the attacker, or the defender."""

    kind: PromptKind
    seats: list[int]


class Over9000State(BaseModel):
    schema_version: int = SCHEMA_VERSION
    game: Literal["over9000"] = "over9000"
    rng: Rng
    round: int = 0
    phase: Phase = "placement"
    players: list[PlayerState]
    pile: list[Token]
    turn_order: list[int] = []
    turn: Turn | None = None
    prompt: Prompt | None = None
    outcome: Outcome | None = None
    last_crossing: list[int] = Field(
        default=[],
        description="the seats that went over 9000 together and dropped back at the latest reset",
    )
    recent_events: list[Event] = []
    actions_taken: int = 0

    @property
    def player_count(self) -> int:
        return len(self.players)

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]
