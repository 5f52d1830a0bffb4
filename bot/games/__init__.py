"""The games the bot runs, one package each (see ``bot.games.registry`` and docs/ADDING_A_GAME.md)."""
