"""``/settings language`` and which language a message speaks: a private one the clicking user's,
a public one the server's choice, else the server's preferred locale, else English."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from pydantic import ValidationError

from bot.app import GameBot
from bot.core.server_settings import ServerSettings
from bot.core.speech import private_language, public_language, server_language, table_language
from bot.runtime.config import Settings
from locales.languages import Language
from tests.fakediscord.fake import FakeDiscord


def language_field(embed: dict[str, Any]) -> str:
    return next(field["value"] for field in embed["fields"] if field["name"] == "Language")


async def test_a_server_chooses_its_language_and_goes_back_to_automatic(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        fake.guild.preferred_locale = "pt-BR"
        settings = Settings(discord_token=fake.token, database_path=tmp_path / "games.sqlite3")
        async with fake.running(GameBot(settings)) as bot:
            assert isinstance(bot, GameBot)
            guild = bot.get_guild(fake.guild.id)
            assert await server_language(bot.server_settings, guild) is Language.BRAZILIAN_PORTUGUESE

            chosen = await fake.slash(fake.users.owner, "settings", language="es_ES")
            assert language_field(chosen.message.embeds[0]) == "Español (España)"
            assert (await bot.server_settings.get(fake.guild.id)).language is Language.SPAIN_SPANISH
            assert await server_language(bot.server_settings, guild) is Language.SPAIN_SPANISH
            assert await table_language(bot, fake.guild.id) is Language.SPAIN_SPANISH
            assert await table_language(bot, None) is Language.ENGLISH

            automatic = await fake.slash(fake.users.owner, "settings", language="automatic")
            assert language_field(automatic.message.embeds[0]) == "Automatic (the server's language)"
            assert (await bot.server_settings.get(fake.guild.id)).language is None
            assert await server_language(bot.server_settings, guild) is Language.BRAZILIAN_PORTUGUESE
            assert await server_language(bot.server_settings, None) is Language.ENGLISH


def test_the_setting_is_saved_as_the_languages_value_and_refuses_others() -> None:
    chosen = ServerSettings(language=Language.LATIN_AMERICAN_SPANISH)

    assert chosen.model_dump(mode="json")["language"] == "es_419"
    assert ServerSettings.model_validate(chosen.model_dump()).language is Language.LATIN_AMERICAN_SPANISH
    assert ServerSettings.model_validate({}).language is None
    with pytest.raises(ValidationError):
        ServerSettings.model_validate({"language": "klingon"})


@pytest.mark.parametrize(
    ("chosen", "guild_locale", "language"),
    [
        (None, discord.Locale.spain_spanish, Language.SPAIN_SPANISH),
        (None, "es-419", Language.LATIN_AMERICAN_SPANISH),
        (None, discord.Locale.german, Language.ENGLISH),
        (None, None, Language.ENGLISH),
        (Language.FRENCH, discord.Locale.brazil_portuguese, Language.FRENCH),
        (Language.ENGLISH, discord.Locale.spain_spanish, Language.ENGLISH),
    ],
)
def test_a_public_message_speaks_the_servers_choice_else_its_locale(
    chosen: Language | None, guild_locale: discord.Locale | str | None, language: Language
) -> None:
    assert public_language(ServerSettings(language=chosen), guild_locale) is language


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        (discord.Locale.brazil_portuguese, Language.BRAZILIAN_PORTUGUESE),
        (discord.Locale.french, Language.FRENCH),
        (discord.Locale.british_english, Language.ENGLISH),
        (discord.Locale.korean, Language.ENGLISH),
    ],
)
def test_a_private_message_speaks_the_clicking_users_language(
    locale: discord.Locale, language: Language
) -> None:
    # Only the interaction's locale is read; the server's language does not matter here.
    interaction: Any = SimpleNamespace(locale=locale, guild_locale=discord.Locale.spain_spanish)

    assert private_language(interaction) is language
