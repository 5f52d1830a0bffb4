"""Dragon Ball Z: Over 9000 — the hidden-token bluffing duel game, as a pure reducer."""

from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.core.game import Outcome
from rules.over9000.actions import Over9000Action
from rules.over9000.engine import (
    CODEC,
    Over9000Options,
    apply,
    legal_actions,
    new_game,
    outcome,
    parse_action,
)
from rules.over9000.state import SCHEMA_VERSION, Over9000State
from rules.over9000.view import Over9000View, view


class Over9000Rules:
    """The Over 9000 engine behind the shared ``GameRules`` contract."""

    name = "over9000"
    schema_version = SCHEMA_VERSION

    def new_game(self, options: Over9000Options, seed: int) -> Over9000State:
        return new_game(options, seed)

    def legal_actions(self, state: Over9000State, player: int) -> list[Over9000Action]:
        return legal_actions(state, player)

    def apply(self, state: Over9000State, action: Over9000Action) -> tuple[Over9000State, list[Event]]:
        return apply(state, action)

    def view(self, state: Over9000State, viewer: int | None) -> Over9000View:
        return view(state, viewer)

    def outcome(self, state: Over9000State) -> Outcome | None:
        return outcome(state)

    def parse_action(self, data: dict[str, Any]) -> Over9000Action:
        return parse_action(data)

    def dump_state(self, state: Over9000State) -> str:
        return CODEC.dump(state)

    def load_state(self, text: str) -> Over9000State:
        return CODEC.load(text)


RULES = Over9000Rules()
