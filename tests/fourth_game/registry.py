"""The registry line of Seven Balls: a real game's line goes into ``bot.games.registry.GAMES``; the
tests hand it to the bot beside the others (``GameBot(..., games=(*GAMES, SEVEN_BALLS))``)."""

from __future__ import annotations

from bot.games.registry import Game
from tests.fourth_game.bot.controller import SevenBallsController
from tests.fourth_game.bot.module import SevenBallsModule

SEVEN_BALLS = Game(SevenBallsModule(), SevenBallsController)
