"""The worker processes stay free of discord.py: the AI's thinker, given each game's move to make
as the autopilot sends it, and the board painter, started with every game's renderer as the bot
starts it and given each game's board, never import it (it would cost each of them some 30 MB)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.core.game_module import ForeseenMoves, GameModule
from bot.features.autopilot import AI_NICENESS
from bot.games.registry import GAMES
from bot.runtime.painter import Painter
from bot.runtime.worker_process import worker_pool
from renderers.cell import render_cell
from renderers.over9000 import render_over9000
from renderers.primetime import render_primetime
from tests.bot.runtime.worker_probe import Probe, after, draw_probe

RENDERS = {"cell": render_cell, "over9000": render_over9000, "primetime": render_primetime}


def first_state(module: GameModule) -> Any:
    """The game's state at the start of a two-player game, with the first characters on offer."""
    characters = list(module.characters)
    players = [{"user_id": seat + 1, "character": characters[seat]} for seat in range(2)]
    lobby = {"variant": next(iter(module.variants)), "players": players}
    return module.rules.new_game(module.options(lobby), seed=3)


def discord_modules(loaded: list[str]) -> list[str]:
    return [name for name in loaded if name == "discord" or name.startswith("discord.")]


def test_the_ai_worker_makes_every_game_s_move_without_discord() -> None:
    with worker_pool(1, AI_NICENESS) as thinker:
        for game in GAMES:
            state = first_state(game.module)
            seat = game.module.seats_to_move(state)[0]
            loaded = thinker.submit(after, game.module.ai_action, state, seat).result()
            assert f"bot.games.{game.name}.module" in loaded
            assert not discord_modules(loaded), game.name


async def test_the_painter_draws_every_game_s_board_without_discord() -> None:
    painter = Painter(workers=1, renderers=tuple(game.module.renderer for game in GAMES))
    try:
        for game in GAMES:
            module = game.module
            await painter.draw(RENDERS[game.name], module.rules.view(first_state(module), None))
        loaded = (await painter.draw(draw_probe, Probe())).alt_text.split("\n")
    finally:
        painter.stop()
    assert {game.module.renderer for game in GAMES} <= set(loaded)
    assert not discord_modules(loaded)


async def test_the_painter_lists_the_boards_ahead_without_discord() -> None:
    # Drawn ahead whatever the load of the machine, which runs other tests beside this one.
    painter = Painter(workers=1, renderers=tuple(game.module.renderer for game in GAMES), spare=lambda: True)
    try:
        for game in GAMES:
            module = game.module
            if isinstance(module, ForeseenMoves):
                painter.foresee(RENDERS[game.name], module.next_boards, first_state(module), game.name)
                async with asyncio.timeout(30):
                    while not painter.foresight:
                        await asyncio.sleep(0.01)
        loaded = (await painter.draw(draw_probe, Probe())).alt_text.split("\n")
    finally:
        painter.stop()
    assert "bot.games.cell.module" in loaded
    assert not discord_modules(loaded)
