"""The games the bot runs: each has a rules module for the service and a Discord controller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.app import GameBot, GameController
    from bot.service import GameModule


def build_controllers(bot: GameBot) -> tuple[dict[str, GameController], dict[str, GameModule]]:
    from bot.games.cell import CellController, CellModule
    from bot.games.over9000 import Over9000Controller, Over9000Module
    from bot.games.primetime import PrimeTimeController, PrimeTimeModule

    modules: dict[str, Any] = {
        "cell": CellModule(),
        "over9000": Over9000Module(),
        "primetime": PrimeTimeModule(),
    }
    controllers: dict[str, Any] = {
        "cell": CellController(bot, modules["cell"]),
        "over9000": Over9000Controller(bot, modules["over9000"]),
        "primetime": PrimeTimeController(bot, modules["primetime"]),
    }
    return controllers, modules
