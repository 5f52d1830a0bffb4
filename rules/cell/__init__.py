"""Dragon Ball Z: Perfect Cell — the cooperative dice game, as a pure reducer."""

from __future__ import annotations

from typing import Any

from rules.cell.actions import CellAction
from rules.cell.engine import CODEC, CellOptions, apply, legal_actions, new_game, outcome, parse_action
from rules.cell.state import SCHEMA_VERSION, CellState
from rules.cell.view import CellView, view
from rules.core.events import Event
from rules.core.game import Outcome


class CellRules:
    """The Perfect Cell engine behind the shared ``GameRules`` contract."""

    name = "cell"
    schema_version = SCHEMA_VERSION

    def new_game(self, options: CellOptions, seed: int) -> CellState:
        return new_game(options, seed)

    def legal_actions(self, state: CellState, player: int) -> list[CellAction]:
        return legal_actions(state, player)

    def apply(self, state: CellState, action: CellAction) -> tuple[CellState, list[Event]]:
        return apply(state, action)

    def view(self, state: CellState, viewer: int | None) -> CellView:
        return view(state, viewer)

    def outcome(self, state: CellState) -> Outcome | None:
        return outcome(state)

    def parse_action(self, data: dict[str, Any]) -> CellAction:
        return parse_action(data)

    def dump_state(self, state: CellState) -> str:
        return CODEC.dump(state)

    def load_state(self, text: str) -> CellState:
        return CODEC.load(text)


RULES = CellRules()
