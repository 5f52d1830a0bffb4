"""Which language a message speaks: a private one (an ephemeral reply, a panel) the clicking user's,
from their client's ``locale``; a public one (a board, a ping, a result) the server's, as
``/settings language`` chose it, else the server's preferred locale. Any locale without catalogues
is English."""

from __future__ import annotations

from typing import Any

import discord

from bot.core.host import Host
from bot.core.server_settings import ServerSettings, ServerSettingsStore
from locales.languages import Language, language_of


def private_language(interaction: discord.Interaction[Any]) -> Language:
    """The language of the one person who acted: their Discord client's."""
    return language_of(interaction.locale.value)


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
