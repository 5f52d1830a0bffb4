"""Which language a message speaks: a private one (an ephemeral reply, a panel) the clicking user's,
from their client's ``locale``; a public one (a board, a ping, a result) the server's, as
``/settings language`` chose it, else the server's preferred locale. Any locale without catalogues
is English."""

from __future__ import annotations

import discord

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.core.server_settings import ServerSettings, ServerSettingsStore
from bot.ui.text import Said
from bot.ui.text import private_language as private_language
from locales.catalogues import BOT, DOMAINS
from locales.languages import Language, language_of
from locales.translate import translate


def public_language(settings: ServerSettings, guild_locale: discord.Locale | str | None) -> Language:
    """The language everyone in the server's channels reads: the server's choice, else its preferred
    locale (``guild.preferred_locale``, or ``interaction.guild_locale``)."""
    if settings.language is not None:
        return settings.language
    if isinstance(guild_locale, discord.Locale):
        guild_locale = guild_locale.value
    return language_of(guild_locale)


async def server_language(store: ServerSettingsStore, guild: discord.Guild | None) -> Language:
    """The public language of ``guild``'s channels, for a message the bot posts on its own (an AI's
    move, a reminder); English outside a server."""
    if guild is None:
        return Language.ENGLISH
    return public_language(await store.get(guild.id), guild.preferred_locale)


async def table_language(host: Host, guild_id: int | None) -> Language:
    """The public language of a game's table (its board, pings and results): its server's."""
    guild = host.get_guild(guild_id) if guild_id is not None else None
    return await server_language(host.server_settings, guild)


def game_words(module: GameModule, words: Said, language: Language) -> str:
    """Words a game gives the shared table (its summary, its hints, its pick's noun): a ``Text`` is
    looked up in the game's own catalogue, a str (a name, or words the game already translated) is
    said as it is."""
    return words_of_game(module.name, words, language)


def words_of_game(game: str, words: Said, language: Language) -> str:
    """``game_words`` for the game named ``game``."""
    if isinstance(words, str):
        return words
    return translate(words, game if game in DOMAINS else BOT, language)
