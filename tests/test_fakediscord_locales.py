"""Self-tests of the fake Discord's locales: in interactions, in the guild, and in synced commands."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import DiscordContractError, FakeDiscord

pytest_plugins = ["tests.fakediscord.plugin"]

SPANISH = {
    "cell": "celula",
    "Perfect Cell games": "Partidas de Perfect Cell",
    "start": "empezar",
    "Start a game": "Empezar una partida",
    "difficulty": "dificultad",
    "How hard the game is": "Qué tan difícil es la partida",
    "Easy": "Fácil",
}


class Catalogue(app_commands.Translator):
    def __init__(self, translations: dict[str, dict[str, str]]) -> None:
        self.translations = translations

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return self.translations.get(locale.value, {}).get(string.message)


def localized_bot(translations: dict[str, dict[str, str]], *, sync: bool = True) -> commands.Bot:
    """``/cell start`` answers with the user's and the server's language."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    cell = app_commands.Group(name="cell", description="Perfect Cell games")

    @cell.command(name="start", description="Start a game")
    @app_commands.describe(difficulty="How hard the game is")
    @app_commands.choices(difficulty=[app_commands.Choice(name="Easy", value="easy")])
    async def start(interaction: discord.Interaction, difficulty: app_commands.Choice[str]) -> None:
        languages = f"{interaction.locale.value} in a {interaction.guild_locale} server"
        await interaction.response.send_message(f"{difficulty.value}: {languages}")

    bot.tree.add_command(cell)

    async def setup_hook() -> None:
        await bot.tree.set_translator(Catalogue(translations))
        if sync:
            await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def test_interactions_carry_the_users_and_the_servers_language(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.guild.preferred_locale = "es-ES"
    fake.users.bob.locale = "pt-BR"
    async with fake.running(localized_bot({})) as bot:
        guild = bot.get_guild(fake.guild.id)
        assert guild is not None and guild.preferred_locale is discord.Locale.spain_spanish
        said = await fake.slash(fake.users.bob, "cell start", difficulty="easy")
        default = await fake.slash(fake.users.carol, "cell start", difficulty="easy")

    assert said.message is not None and said.message.content == "easy: pt-BR in a es-ES server"
    assert said.interaction.payload["guild"]["locale"] == "es-ES"
    assert default.message is not None and default.message.content == "easy: en-US in a es-ES server"


async def test_a_locale_discord_does_not_have_is_the_tests_mistake(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.users.bob.locale = "pt"
    async with fake.running(localized_bot({})):
        with pytest.raises(DiscordContractError, match="fake's own locale"):
            await fake.slash(fake.users.bob, "cell start", difficulty="easy")


async def test_the_synced_commands_keep_every_localization(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(localized_bot({"es-ES": SPANISH, "fr": {"start": "commencer"}})):
        result = await fake.slash(fake.users.alice, "cell start", difficulty="easy")

    cell = fake.synced_command("cell")
    assert cell["name_localizations"] == {"es-ES": "celula"}
    assert cell["description_localizations"] == {"es-ES": "Partidas de Perfect Cell"}
    [start] = cell["options"]
    assert start["name_localizations"] == {"es-ES": "empezar", "fr": "commencer"}
    [difficulty] = start["options"]
    assert difficulty["description_localizations"] == {"es-ES": "Qué tan difícil es la partida"}
    assert difficulty["choices"][0]["name_localizations"] == {"es-ES": "Fácil"}
    assert fake.command_names("es-ES") == ["celula empezar"]
    assert fake.command_names("fr") == ["cell commencer"]
    assert fake.command_names("en-US") == ["cell start"]
    assert result.interaction.payload["data"]["name"] == "cell", "Discord sends the default name"


async def test_listing_commands_shows_localizations_only_when_asked(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(localized_bot({"es-ES": SPANISH})) as bot:
        assert bot.application_id is not None
        plain = await bot.http.get_global_commands(bot.application_id)
        route = discord.http.Route(
            "GET", "/applications/{application_id}/commands", application_id=bot.application_id
        )
        full = await bot.http.request(route, params={"with_localizations": "true"})

    assert "name_localizations" not in plain[0] and "name_localizations" not in plain[0]["options"][0]
    assert full[0]["name_localizations"] == {"es-ES": "celula"}


async def test_a_localized_name_discord_would_refuse_fails_the_sync(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(localized_bot({"es-ES": {"start": "Empezar partida"}}, sync=False)) as bot:
        with pytest.raises(discord.HTTPException, match="error code 50035"):
            await bot.tree.sync()

    with pytest.raises(
        DiscordContractError, match=r"cell\.start\.name_localizations\.es-ES: 'Empezar partida'"
    ):
        fake.check()
