"""Seven Balls for the service and the workers: its rules, lobby choices and AI move."""

from __future__ import annotations

from typing import Any

from bot.core.game_module import GameModule
from tests.fourth_game.rules import MOST_TAKEN, RULES, SevenBallsOptions, SevenBallsState, Take


class SevenBallsModule(GameModule):
    name = "sevenballs"
    title = "Seven Balls"
    summary = "Take one or two Dragon Balls a turn: whoever takes the last one wins."
    rules = RULES
    renderer = "tests.fourth_game.renderer"
    min_players = 2
    max_players = 2
    characters = {"goku": "Goku", "vegeta": "Vegeta"}
    variants = {"standard": "Standard"}
    simultaneous = False

    def options(self, lobby: dict[str, Any]) -> SevenBallsOptions:
        return SevenBallsOptions(names=[self.characters[player["character"]] for player in lobby["players"]])

    def seats_to_move(self, state: SevenBallsState) -> list[int]:
        return [] if state.outcome is not None else [state.active_seat]

    def ai_action(self, state: SevenBallsState, seat: int) -> Take:
        """Leaves the other player a multiple of three whenever it can: the winning line."""
        count = state.left % (MOST_TAKEN + 1) or 1
        return Take(player=seat, count=count)

    def watched_move(self, state: SevenBallsState) -> bool:
        return True
