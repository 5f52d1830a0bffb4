"""The games the bot runs: each has a rules module for the service and a Discord controller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.app import GameBot, GameController
    from bot.service import GameModule


def game_modules() -> dict[str, GameModule]:
    """The rules side of every game the bot runs, by the name stored with each game."""
    from bot.games.cell import CellModule
    from bot.games.over9000 import Over9000Module
    from bot.games.primetime import PrimeTimeModule

    return {"cell": CellModule(), "over9000": Over9000Module(), "primetime": PrimeTimeModule()}


def build_controllers(bot: GameBot) -> tuple[dict[str, GameController], dict[str, GameModule]]:
    from bot.games.cell import CellController
    from bot.games.over9000 import Over9000Controller
    from bot.games.primetime import PrimeTimeController

    modules: dict[str, Any] = game_modules()
    controllers: dict[str, Any] = {
        "cell": CellController(bot, modules["cell"]),
        "over9000": Over9000Controller(bot, modules["over9000"]),
        "primetime": PrimeTimeController(bot, modules["primetime"]),
    }
    return controllers, modules
