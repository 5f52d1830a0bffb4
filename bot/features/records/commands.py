"""/stats, /leaderboard and /history: the server's records, read from the result rows."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

import discord
from babel.numbers import format_percent
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.core.speech import game_words, public_language
from bot.features.records.queries import GameStats, PastGame, leaderboard, player_stats, recent_games
from bot.storage import Storage
from bot.ui.replies import in_time, send
from bot.ui.text import Said, clip
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number

T = TypeVar("T")
COLOUR = discord.Colour.blurple()
NO_PINGS = discord.AllowedMentions.none()


def _percent(wins: int, games: int, language: Language) -> str:
    return format_percent(wins / games, locale=language.value)


def _pick_names(module: GameModule | None) -> dict[str, Said]:
    """The names of the characters a seat of ``module``'s game may have held."""
    return {} if module is None else {**module.characters, **module.other_picks}


def _pick_name(module: GameModule | None, pick: str, language: Language) -> str:
    name = _pick_names(module).get(pick)
    return pick if module is None or name is None else game_words(module, name, language)


def _variant_name(module: GameModule | None, variant: str, language: Language) -> str:
    name = None if module is None else module.variants.get(variant)
    return variant if module is None or name is None else game_words(module, name, language)


def _totals(stats: GameStats, language: Language) -> str:
    words = translations(BOT, language)

    def bold(count: int) -> str:
        return f"**{format_number(count, language)}**"

    return " · ".join(
        (
            words.ngettext("{count} game", "{count} games", stats.games).format(count=bold(stats.games)),
            words.ngettext("{count} win", "{count} wins", stats.wins).format(count=bold(stats.wins)),
            words.ngettext("{count} loss", "{count} losses", stats.losses).format(count=bold(stats.losses)),
        )
    )


def _variant_record(wins: int, games: int, language: Language) -> str:
    words = translations(BOT, language)
    if wins:
        return words.gettext("won {wins} of {games}").format(
            wins=format_number(wins, language), games=format_number(games, language)
        )
    if games > 1:
        return words.gettext("lost all {games}").format(games=format_number(games, language))
    return words.gettext("lost")


def _stats_field(module: GameModule, stats: GameStats, language: Language) -> str:
    _ = translations(BOT, language).gettext
    favourite = _pick_name(module, stats.favourite, language)
    best = " · ".join(
        f"{_variant_name(module, variant, language)}: {_variant_record(wins, games, language)}"
        for variant, (wins, games) in sorted(stats.by_variant.items(), key=lambda item: -item[1][0])
    )
    lines = [
        f"{_totals(stats, language)} ({_percent(stats.wins, stats.games, language)})",
        _("Favourite: {pick}").format(pick=favourite),
    ]
    # A game with a single variant has nothing to compare.
    if len(module.variants) > 1:
        noun = game_words(module, module.variant_noun, language)
        lines.append(_("Best by {variant}: {records}").format(variant=noun, records=best))
    return "\n".join(lines)


def stats_embed(
    modules: dict[str, GameModule], name: str, stats: list[GameStats], language: Language
) -> discord.Embed:
    _ = translations(BOT, language).gettext
    embed = discord.Embed(title=_("{player}'s record in this server").format(player=name), colour=COLOUR)
    if not stats:
        embed.description = _("No finished games yet.")
    for kind in stats:
        module = modules.get(kind.game)
        if module is not None:
            embed.add_field(
                name=module.title, value=clip(_stats_field(module, kind, language), 1024), inline=False
            )
    return embed


def _outcome(past: PastGame, language: Language) -> str:
    _ = translations(BOT, language).gettext
    winners = [seat for seat in past.seats if seat.won]
    if len(winners) == len(past.seats):
        return _("won")
    if not winners:
        return _("lost")
    return _("won by {players}").format(players=", ".join(seat.name for seat in winners))


def _history_line(modules: dict[str, GameModule], past: PastGame, guild_id: int, language: Language) -> str:
    _ = translations(BOT, language).gettext
    module = modules.get(past.game)
    title = module.title if module is not None else past.game
    variant = _variant_name(module, past.variant, language)
    seats = ", ".join(
        _("{pick} (AI)").format(pick=_pick_name(module, seat.character, language))
        if seat.ai
        else f"{seat.name} ({_pick_name(module, seat.character, language)})"
        for seat in past.seats
    )
    ended = int(datetime.fromisoformat(past.finished_at).timestamp())
    link = (
        " · "
        + _("[final board]({link})").format(
            link=f"https://discord.com/channels/{guild_id}/{past.channel_id}/{past.message_id}"
        )
        if past.message_id is not None
        else ""
    )
    shown_variant = f" ({variant})" if module is None or len(module.variants) > 1 else ""
    number = f"**#{past.game_id}**"
    return f"{number} {title}{shown_variant} — {_outcome(past, language)} <t:{ended}:R>\n{seats}{link}"


def history_embed(
    modules: dict[str, GameModule], games: list[PastGame], guild_id: int, language: Language
) -> discord.Embed:
    words = translations(BOT, language)
    _ = words.gettext
    lines = [_history_line(modules, past, guild_id, language) for past in games]
    return discord.Embed(
        title=_("Recent games in this server"),
        description=clip("\n\n".join(lines), 4000) if lines else _("No finished games yet."),
        colour=COLOUR,
    ).set_footer(text=_("/<game> replay game:<number> shows a game again"))


def leaderboard_embed(
    modules: dict[str, GameModule], game: str | None, ranked: list[Any], language: Language
) -> discord.Embed:
    words = translations(BOT, language)
    _ = words.gettext
    title = modules[game].title if game is not None else _("All games")
    lines = []
    for place, entry in enumerate(ranked, start=1):
        wins = words.ngettext("{count} win", "{count} wins", entry.wins).format(
            count=format_number(entry.wins, language)
        )
        games = words.ngettext("{count} game", "{count} games", entry.games).format(
            count=format_number(entry.games, language)
        )
        line = _("{place}. **{player}** — {wins} in {games}").format(
            place=format_number(place, language), player=entry.name, wins=wins, games=games
        )
        if entry.win_rate is not None:
            line += f" ({format_percent(entry.win_rate, locale=language.value)})"
        lines.append(line)
    return discord.Embed(
        title=_("Leaderboard — {game}").format(game=title),
        description=clip("\n".join(lines), 4000) if lines else _("No finished games yet."),
        colour=COLOUR,
    ).set_footer(text=_("Win rates show from 3 games on."))


async def answer(
    host: Host,
    interaction: discord.Interaction[Any],
    draw: Callable[[T, Language], discord.Embed],
    query: Awaitable[T],
) -> None:
    """Posts the embed ``draw`` makes of the ``query``'s rows, in the server's language (everyone
    in the channel reads it), acknowledged in time if the database is slow to answer."""

    async def post() -> None:
        settings = await host.server_settings.get(interaction.guild_id)
        language = public_language(settings, interaction.guild_locale)
        await send(interaction, embed=draw(await query, language), allowed_mentions=NO_PINGS)

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
        await answer(
            host,
            interaction,
            lambda rows, language: stats_embed(modules(), who.display_name, rows, language),
            found,
        )

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
        await answer(
            host,
            interaction,
            lambda rows, language: leaderboard_embed(modules(), game, rows, language),
            ranked,
        )

    @app_commands.command(name="history", description="The server's recent games, with links to their boards")
    @app_commands.guild_only()
    async def history(interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        games = recent_games(storage(), guild_id)
        await answer(
            host,
            interaction,
            lambda rows, language: history_embed(modules(), rows, guild_id, language),
            games,
        )

    return [stats, leaderboard_command, history]
