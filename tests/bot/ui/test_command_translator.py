"""The slash commands in every language: the sync carries each command's, option's and choice's
words from the ``bot`` catalogue, and Discord shows a user on another locale the English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.app import GameBot
from bot.runtime.config import Settings
from bot.ui.command_translator import CommandTranslator
from tests.fakediscord.fake import FakeDiscord


def option(command: dict[str, Any], name: str) -> dict[str, Any]:
    return next(item for item in command["options"] if item["name"] == name)


def seen_in(item: dict[str, Any], locale: str) -> str:
    """An item's name as a user on ``locale`` sees it: its localization, else the English."""
    return (item.get("name_localizations") or {}).get(locale, item["name"])


async def test_the_sync_carries_every_language(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        bot = GameBot(Settings(discord_token=fake.token, database_path=tmp_path / "games.sqlite3"))
        async with fake.running(bot):
            english = fake.command_names("en-US")
            spanish = fake.command_names("es-ES")
            latin_american = fake.command_names("es-419")
            brazilian = fake.command_names("pt-BR")
            french = fake.command_names("fr")
            german = fake.command_names("de")
            settings = fake.synced_command("settings")
            cell = fake.synced_command("cell")

    assert "cell start" in english and "settings" in english
    assert "cell empezar" in spanish and "ajustes" in spanish and "olvídame" in spanish
    assert "cell iniciar" in latin_american and "configuración" in latin_american
    assert "cell iniciar" in brazilian and "primetime configurações" in brazilian
    assert "over9000 commencer" in french and "paramètres" in french
    assert german == english
    assert cell["description_localizations"]["fr"] == "Perfect Cell : un jeu de dés coopératif contre Cell"
    assert "de" not in cell["description_localizations"]

    language = option(settings, "language")
    assert language["name_localizations"] == {
        "es-ES": "idioma",
        "es-419": "idioma",
        "pt-BR": "idioma",
        "fr": "langue",
    }
    automatic = language["choices"][0]
    assert automatic["name_localizations"]["pt-BR"] == "Automático (o idioma do servidor)"
    # A language's own name reads the same everywhere, so the sync carries no localization for it.
    assert [choice["name"] for choice in language["choices"][1:]] == [
        "English",
        "Español (España)",
        "Español (Latinoamérica)",
        "Português (Brasil)",
        "Français",
    ]
    assert not language["choices"][2].get("name_localizations")
    start = next(item for item in cell["options"] if item["name"] == "start")
    difficulty = option(start, "difficulty")
    assert difficulty["name_localizations"]["fr"] == "difficulté"
    assert sorted(seen_in(choice, "es-ES") for choice in difficulty["choices"]) == [
        "Desafío",
        "Fácil",
        "Imposible",
        "Normal",
    ]


async def test_english_and_locales_without_catalogues_are_left_to_discord() -> None:
    translator = CommandTranslator()
    command = app_commands.Command(name="start", description="Open a lobby", callback=_noop)
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, command)

    assert await translator.translate(
        app_commands.locale_str("start"), discord.Locale.spain_spanish, context
    ) == ("empezar")
    for locale in (discord.Locale.american_english, discord.Locale.german, discord.Locale.japanese):
        assert await translator.translate(app_commands.locale_str("start"), locale, context) is None
    unknown = app_commands.locale_str("never marked")
    assert await translator.translate(unknown, discord.Locale.french, context) is None


async def _noop(interaction: discord.Interaction[Any]) -> None:
    """A command's callback, never called: the translator reads only the command's words."""
