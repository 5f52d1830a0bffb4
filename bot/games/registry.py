"""The one list of the games the bot runs.

A game is three packages, ``rules/<game>/``, ``renderers/<game>/`` and ``bot/games/<game>/``, and one
line in ``GAMES``: its ``GameModule`` (rules, lobby choices, AI move; the renderer it names) and the
class of its Discord controller. ``GameBot`` and ``python -m bot.copy_database`` take their games from
here; a test may hand ``GameBot`` a list of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.core.game_module import GameModule
from bot.core.host import GameController, Host
from bot.games.cell.controller import CellController
from bot.games.cell.module import CellModule
from bot.games.over9000.controller import Over9000Controller
from bot.games.over9000.module import Over9000Module
from bot.games.primetime.controller import PrimeTimeController
from bot.games.primetime.module import PrimeTimeModule


@dataclass(frozen=True)
class Game:
    module: GameModule
    controller: Callable[[Host, GameModule], GameController]
    """Builds the game's controller for the bot (a ``TableController`` subclass)."""

    @property
    def name(self) -> str:
        return self.module.name


GAMES: tuple[Game, ...] = (
    Game(CellModule(), CellController),
    Game(Over9000Module(), Over9000Controller),
    Game(PrimeTimeModule(), PrimeTimeController),
)


def game_modules(games: Iterable[Game] = GAMES) -> dict[str, GameModule]:
    """The rules side of every game, by the name stored with each game."""
    return {game.name: game.module for game in games}
