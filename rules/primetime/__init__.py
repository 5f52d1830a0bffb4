"""DBZ: Prime Time — the two-player miniatures skirmish on a 30"x30" board, as a pure reducer."""

from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.core.game import Outcome
from rules.primetime.actions import PrimeTimeAction
from rules.primetime.engine import CODEC, apply, legal_actions, new_game, outcome, parse_action
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import SCHEMA_VERSION, PrimeTimeState
from rules.primetime.view import PrimeTimeView, view


class PrimeTimeRules:
    """The Prime Time engine behind the shared ``GameRules`` contract."""

    name = "primetime"
    schema_version = SCHEMA_VERSION

    def new_game(self, options: PrimeTimeOptions, seed: int) -> PrimeTimeState:
        return new_game(options, seed)

    def legal_actions(self, state: PrimeTimeState, player: int) -> list[PrimeTimeAction]:
        return legal_actions(state, player)

    def apply(self, state: PrimeTimeState, action: PrimeTimeAction) -> tuple[PrimeTimeState, list[Event]]:
        return apply(state, action)

    def view(self, state: PrimeTimeState, viewer: int | None) -> PrimeTimeView:
        return view(state, viewer)

    def outcome(self, state: PrimeTimeState) -> Outcome | None:
        return outcome(state)

    def parse_action(self, data: dict[str, Any]) -> PrimeTimeAction:
        return parse_action(data)

    def dump_state(self, state: PrimeTimeState) -> str:
        return CODEC.dump(state)

    def load_state(self, text: str) -> PrimeTimeState:
        return CODEC.load(text)


RULES = PrimeTimeRules()
