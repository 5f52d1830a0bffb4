"""/stats, /leaderboard and /history: the server's records, read from the result rows."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.features.records.queries import GameStats, PastGame, leaderboard, player_stats, recent_games
from bot.storage import Storage
from bot.ui.replies import in_time, send
from bot.ui.text import clip

T = TypeVar("T")
COLOUR = discord.Colour.blurple()
NO_PINGS = discord.AllowedMentions.none()


def _percent(wins: int, games: int) -> str:
    return f"{round(100 * wins / games)}%"


def noun_for(number: int, noun: str) -> str:
    """``noun`` as it goes with ``number``: in the plural unless the number is one ("wins", "losses")."""
    if number == 1:
        return noun
    return f"{noun}es" if noun.endswith("s") else f"{noun}s"


def counted(number: int, noun: str) -> str:
    return f"{number} {noun_for(number, noun)}"


def _pick_names(module: GameModule | None) -> dict[str, str]:
    """The names of the characters a seat of ``module``'s game may have held."""
    return {} if module is None else {**module.characters, **module.other_picks}


def _stats_field(module: GameModule, stats: GameStats) -> str:
    favourite = _pick_names(module).get(stats.favourite, stats.favourite)
    best = " · ".join(
        f"{module.variants.get(variant, variant)}: "
        + (f"won {wins} of {games}" if wins else f"lost all {games}" if games > 1 else "lost")
        for variant, (wins, games) in sorted(stats.by_variant.items(), key=lambda item: -item[1][0])
    )
    totals = " · ".join(
        f"**{number}** {noun_for(number, noun)}"
        for number, noun in ((stats.games, "game"), (stats.wins, "win"), (stats.losses, "loss"))
    )
    # A game with a single variant has nothing to compare.
    by_variant = f"\nBest by {module.variant_noun}: {best}" if len(module.variants) > 1 else ""
    return f"{totals} ({_percent(stats.wins, stats.games)})\nFavourite: {favourite}{by_variant}"


def stats_embed(modules: dict[str, GameModule], name: str, stats: list[GameStats]) -> discord.Embed:
    embed = discord.Embed(title=f"{name}'s record in this server", colour=COLOUR)
    if not stats:
        embed.description = "No finished games yet."
    for kind in stats:
        module = modules.get(kind.game)
        if module is not None:
            embed.add_field(name=module.title, value=clip(_stats_field(module, kind), 1024), inline=False)
    return embed


def _outcome(past: PastGame) -> str:
    winners = [seat for seat in past.seats if seat.won]
    if len(winners) == len(past.seats):
        return "won"
    if not winners:
        return "lost"
    return "won by " + ", ".join(seat.name for seat in winners)


def _history_line(modules: dict[str, GameModule], past: PastGame, guild_id: int) -> str:
    module = modules.get(past.game)
    title = module.title if module is not None else past.game
    characters = _pick_names(module)
    variant = module.variants.get(past.variant, past.variant) if module is not None else past.variant
    seats = ", ".join(
        f"{characters.get(seat.character, seat.character)} (AI)"
        if seat.ai
        else f"{seat.name} ({characters.get(seat.character, seat.character)})"
        for seat in past.seats
    )
    ended = int(datetime.fromisoformat(past.finished_at).timestamp())
    link = (
        f" · [final board](https://discord.com/channels/{guild_id}/{past.channel_id}/{past.message_id})"
        if past.message_id is not None
        else ""
    )
    shown_variant = f" ({variant})" if module is None or len(module.variants) > 1 else ""
    return f"**#{past.game_id}** {title}{shown_variant} — {_outcome(past)} <t:{ended}:R>\n{seats}{link}"


def history_embed(modules: dict[str, GameModule], games: list[PastGame], guild_id: int) -> discord.Embed:
    lines = [_history_line(modules, past, guild_id) for past in games]
    return discord.Embed(
        title="Recent games in this server",
        description=clip("\n\n".join(lines), 4000) if lines else "No finished games yet.",
        colour=COLOUR,
    ).set_footer(text="/<game> replay game:<number> shows a game again")


def leaderboard_embed(modules: dict[str, GameModule], game: str | None, ranked: list[Any]) -> discord.Embed:
    title = modules[game].title if game is not None else "All games"
    lines = [
        f"{place}. **{entry.name}** — {counted(entry.wins, 'win')} in {counted(entry.games, 'game')}"
        + (f" ({round(100 * entry.win_rate)}%)" if entry.win_rate is not None else "")
        for place, entry in enumerate(ranked, start=1)
    ]
    return discord.Embed(
        title=f"Leaderboard — {title}",
        description=clip("\n".join(lines), 4000) if lines else "No finished games yet.",
        colour=COLOUR,
    ).set_footer(text="Win rates show from 3 games on.")


async def answer(
    interaction: discord.Interaction[Any], draw: Callable[[T], discord.Embed], query: Awaitable[T]
) -> None:
    """Posts the embed ``draw`` makes of the ``query``'s rows, acknowledged in time if the database
    is slow to answer."""

    async def post() -> None:
        await send(interaction, embed=draw(await query), allowed_mentions=NO_PINGS)

    await in_time(interaction, post(), thinking=True)


def records_commands(host: Host) -> list[app_commands.Command[Any, Any, Any]]:
    def modules() -> dict[str, GameModule]:
        return host.service.modules

    def storage() -> Storage:
        return host.service.storage

    @app_commands.command(name="stats", description="Games, wins and favourite characters in this server")
    @app_commands.describe(player="Whose record to show (yours if left out)")
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who = player or interaction.user
        found = player_stats(storage(), interaction.guild_id, who.id)
        await answer(interaction, lambda rows: stats_embed(modules(), who.display_name, rows), found)

    # From the controllers, which are there before the storage is open (the tree is built without it).
    kinds = [
        app_commands.Choice(name=controller.module.title, value=name)
        for name, controller in host.controllers.items()
    ]

    @app_commands.command(name="leaderboard", description="The server's top players by wins")
    @app_commands.describe(game="Only this game (all games if left out)")
    @app_commands.choices(game=kinds)
    @app_commands.guild_only()
    async def leaderboard_command(interaction: discord.Interaction[Any], game: str | None = None) -> None:
        assert interaction.guild_id is not None
        ranked = leaderboard(storage(), interaction.guild_id, game)
        await answer(interaction, lambda rows: leaderboard_embed(modules(), game, rows), ranked)

    @app_commands.command(name="history", description="The server's recent games, with links to their boards")
    @app_commands.guild_only()
    async def history(interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        games = recent_games(storage(), guild_id)
        await answer(interaction, lambda rows: history_embed(modules(), rows, guild_id), games)

    return [stats, leaderboard_command, history]
