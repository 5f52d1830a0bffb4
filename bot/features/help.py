"""``/help``: the games this bot runs, a line each, and how to start one; each game's own
``/<game> help`` lists its commands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.core.speech import game_words, private_language
from bot.ui.replies import send
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import command_name, command_words

HELP_COLOUR = discord.Colour.orange()


def players_text(module: GameModule, language: Language) -> str:
    _ = translations(BOT, language).gettext
    low, high = format_number(module.min_players, language), format_number(module.max_players, language)
    if low == high:
        return _("{count} players").format(count=low)
    return _("{fewest} to {most} players").format(fewest=low, most=high)


def game_field(module: GameModule, language: Language) -> str:
    """A game's summary, then how to start it, its player count and how the AI takes seats."""
    _ = translations(BOT, language).gettext
    lines = [
        game_words(module, module.summary, language),
        f"`{command_words(f'{module.name} start', language)}` · {players_text(module, language)}",
    ]
    if module.ai_hint:
        lines.append(_("With the AI: {hint}").format(hint=game_words(module, module.ai_hint, language)))
    lines.append(
        _("More: `{help}` · `{rules}`").format(
            help=command_words(f"{module.name} help", language),
            rules=command_words(f"{module.name} rules", language),
        )
    )
    return "\n".join(lines)


def help_embed(modules: Iterable[GameModule], language: Language) -> discord.Embed:
    _ = translations(BOT, language).gettext
    embed = discord.Embed(
        title=_("Dragon Ball Z games"),
        description=_(
            "Open a lobby in a channel with a game's `{start}`; friends press **Join**, the host presses "
            "**Start**.\nLeaving mid-game? A game's `{leave}` hands your seat to the AI."
        ).format(start=command_name("start", language), leave=command_name("leave", language)),
        colour=HELP_COLOUR,
    )
    for module in modules:
        embed.add_field(name=module.title, value=game_field(module, language), inline=False)
    embed.set_footer(
        text=_("Records: {stats}, {leaderboard}, {history} · Your data: {privacy}").format(
            stats=command_words("stats", language),
            leaderboard=command_words("leaderboard", language),
            history=command_words("history", language),
            privacy=command_words("privacy", language),
        )
    )
    return embed


def help_command(host: Host) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="help", description="The games this bot runs and how to start one")
    async def help_(interaction: discord.Interaction[Any]) -> None:
        await send(
            interaction,
            ephemeral=True,
            embed=help_embed(host.service.modules.values(), private_language(interaction)),
        )

    return help_
