"""Seven Balls as a pure reducer: seven Dragon Balls, two players taking one or two in turn, the one
who takes the last wins. Who begins is drawn from the seed."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT, Outcome, StateCodec, reduce_copy
from rules.core.rng import Rng

SCHEMA_VERSION = 1
BALLS = 7
MOST_TAKEN = 2


class SevenBallsOptions(BaseModel):
    names: list[str] = Field(min_length=2, max_length=2)


class Take(BaseModel):
    type: Literal["take"] = "take"
    player: int
    count: int


class SevenBallsState(BaseModel):
    schema_version: int = SCHEMA_VERSION
    rng: Rng
    names: list[str]
    left: int = BALLS
    taken: list[int] = Field(default_factory=lambda: [0, 0])
    active_seat: int = 0
    round: int = 1
    actions_taken: int = 0
    recent_events: list[Event] = Field(default_factory=list)
    outcome: Outcome | None = None


class SevenBallsView(BaseModel):
    """Everything is public in this game."""

    names: list[str]
    left: int
    taken: list[int]
    active_seat: int
    round: int
    recent_events: list[Event]
    outcome: Outcome | None


CODEC = StateCodec(SevenBallsState, SCHEMA_VERSION)


class SevenBallsRules:
    """The engine behind the shared ``GameRules`` contract (``rules/core/game.py``)."""

    name = "sevenballs"
    schema_version = SCHEMA_VERSION

    def new_game(self, options: SevenBallsOptions, seed: int) -> SevenBallsState:
        rng = Rng(seed=seed)
        first = rng.below(2)
        opening = Event(kind="game_started", text=f"{options.names[first]} takes first.")
        return SevenBallsState(rng=rng, names=options.names, active_seat=first, recent_events=[opening])

    def legal_actions(self, state: SevenBallsState, player: int) -> list[Take]:
        if state.outcome is not None or player != state.active_seat:
            return []
        return [Take(player=player, count=count) for count in range(1, MOST_TAKEN + 1) if count <= state.left]

    def apply(self, state: SevenBallsState, action: Take) -> tuple[SevenBallsState, list[Event]]:
        if action not in self.legal_actions(state, action.player):
            raise IllegalAction("not_now", "You can't take that many Dragon Balls now.")
        return reduce_copy(
            state, lambda working, events: _take(working, events, action), frozenset({"recent_events"})
        )

    def view(self, state: SevenBallsState, viewer: int | None) -> SevenBallsView:
        """Everyone sees everything: the view is the state without its generator."""
        return SevenBallsView.model_validate(state.model_dump(include=set(SevenBallsView.model_fields)))

    def outcome(self, state: SevenBallsState) -> Outcome | None:
        return state.outcome

    def parse_action(self, data: dict[str, Any]) -> Take:
        return Take.model_validate(data)

    def dump_state(self, state: SevenBallsState) -> str:
        return CODEC.dump(state)

    def load_state(self, text: str) -> SevenBallsState:
        return CODEC.load(text)


def _take(state: SevenBallsState, events: list[Event], action: Take) -> None:
    state.left -= action.count
    state.taken[action.player] += action.count
    state.actions_taken += 1
    name = state.names[action.player]
    balls = "Dragon Ball" if action.count == 1 else "Dragon Balls"
    events.append(
        Event(
            kind="take", actor=action.player, text=f"{name} takes {action.count} {balls}; {state.left} left."
        )
    )
    if state.left == 0:
        state.outcome = Outcome(result="win", reason="last_dragon_ball", winners=[action.player])
        events.append(Event(kind="game_won", text=f"{name} takes the last Dragon Ball and wins!"))
    else:
        state.active_seat = 1 - action.player
        state.round = 1 + state.actions_taken // 2
    state.recent_events = (state.recent_events + events)[-RECENT_EVENT_LIMIT:]


RULES = SevenBallsRules()
