"""``/help``: the games this bot runs, a line each, and how to start one; each game's own
``/<game> help`` lists its commands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.ui.replies import send

HELP_COLOUR = discord.Colour.orange()


def players_text(module: GameModule) -> str:
    low, high = module.min_players, module.max_players
    if low == high:
        return f"{low} players"
    return f"{low} to {high} players"


def game_field(module: GameModule) -> str:
    """A game's summary, then how to start it, its player count and how the AI takes seats."""
    start = f"`/{module.name} start` · {players_text(module)}"
    ai = f"\nWith the AI: {module.ai_hint}" if module.ai_hint else ""
    return f"{module.summary}\n{start}{ai}\nMore: `/{module.name} help` · `/{module.name} rules`"


def help_embed(modules: Iterable[GameModule]) -> discord.Embed:
    embed = discord.Embed(
        title="Dragon Ball Z games",
        description="Open a lobby in a channel with a game's `start`; friends press **Join**, "
        "the host presses **Start**.\nLeaving mid-game? A game's `leave` hands your seat to the AI.",
        colour=HELP_COLOUR,
    )
    for module in modules:
        embed.add_field(name=module.title, value=game_field(module), inline=False)
    embed.set_footer(text="Records: /stats, /leaderboard, /history · Your data: /privacy")
    return embed


def help_command(host: Host) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="help", description="The games this bot runs and how to start one")
    async def help_(interaction: discord.Interaction[Any]) -> None:
        await send(interaction, ephemeral=True, embed=help_embed(host.service.modules.values()))

    return help_
