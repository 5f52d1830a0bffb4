"""Slash command options checked again by the bot: a tampered client sends each option of every
command out of its range, of the wrong type, far too large or off its choices, and gets one private
sentence naming the option and what it accepts; nothing is stored and nothing is logged as an error."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from bot.core.server_settings import ServerSettingsStore, SettingsRefused
from bot.features.settings import refused_text
from bot.storage import SqliteStorage
from locales.languages import Language
from tests.bot.driver import make_bot
from tests.bot.features.finished_games import stored_values
from tests.fakediscord.commands import BOOLEAN, CHANNEL, INTEGER, NUMBER, STRING, SUB_COMMAND, USER
from tests.fakediscord.errors import UserActionError
from tests.fakediscord.fake import FakeDiscord

SUB_COMMAND_GROUP = 2


def leaf_commands(commands: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every command a user can type ("cell start", "settings") with its options."""
    found = []

    def walk(path: str, options: list[dict[str, Any]]) -> None:
        nested = [option for option in options if option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not nested:
            found.append((path, options))
        for option in nested:
            walk(f"{path} {option['name']}", option.get("options", []))

    for command in commands:
        if command["type"] == 1:
            walk(command["name"], command.get("options", []))
    return found


def tampered_values(option: dict[str, Any]) -> list[Any]:
    """Values a normal client could never send for ``option``."""
    kind, low, high = option["type"], option.get("min_value"), option.get("max_value")
    edges = [high + 1] if high is not None else []
    if low is not None:
        # Just below the minimum: a sliver below it for a fractional option with a positive minimum.
        edges.append(low / 10_000 if kind == NUMBER and low > 0 else low - 1)
    if kind == INTEGER:
        return ["2", 1.5, 2**64, True, *edges]
    if kind == NUMBER:
        return ["2", 10**20, True, *edges]
    if kind == STRING:
        return [5, "x" * 6001, *(["bogus"] if option.get("choices") else [])]
    if kind == BOOLEAN:
        return ["yes", 1]
    if kind in (USER, CHANNEL):
        return ["someone", "12345"]
    raise AssertionError(f"no tampered values for option type {kind}")


def a_valid_value(option: dict[str, Any]) -> Any:
    """A value for a required option that is not the one under test."""
    assert option["type"] == BOOLEAN, f"add a valid value for option type {option['type']}"
    return True


async def _open_a_lobby(fake: FakeDiscord, bot: GameBot) -> None:
    """Something in the channel that a command wrongly run could change."""
    await fake.slash(fake.users.owner, "cell start")
    assert await bot.service.storage.running_game(fake.guild.channels[0].id) is not None


async def test_every_option_of_every_command_refuses_what_it_does_not_declare(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord() as fake, fake.running(make_bot(fake, database)) as bot:
        await _open_a_lobby(fake, bot)
        tried = 0
        for path, options in leaf_commands(fake.rest.commands[fake.guild.id]):
            for option in options:
                others = {
                    other["name"]: a_valid_value(other)
                    for other in options
                    if other.get("required") and other is not option
                }
                for value in tampered_values(option):
                    before = list(stored_values(database))
                    result = await fake.slash(
                        fake.users.owner, path, forged=True, **others, **{option["name"]: value}
                    )
                    said = f"/{path} {option['name']}:{value!r}"
                    assert result.message is not None and result.message.ephemeral, said
                    answer = result.message.content
                    assert f"`{option['name']}` must be" in answer and "nothing changed" in answer, said
                    assert not result.followups, said
                    assert list(stored_values(database)) == before, said
                    tried += 1
        assert tried > 50
    assert not fake.bot_errors
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []


@pytest.mark.parametrize(
    ("command", "options", "answer"),
    [
        (
            "leaderboard",
            {"game": "bogus"},
            "`game` must be one of Perfect Cell, Over 9000 or Prime Time, so nothing changed.",
        ),
        (
            "settings",
            {"lobby_minutes": 0.0001},
            "`lobby_minutes` must be a number from 1 to 10,080, so nothing changed.",
        ),
        ("settings", {"ai_pace": 31}, "`ai_pace` must be a number from 0 to 30, so nothing changed."),
        (
            "cell start",
            {"ai_players": 1.5},
            "`ai_players` must be a whole number from 0 to 3, so nothing changed.",
        ),
        (
            "cell replay",
            {"game": 2**64},
            "`game` must be a whole number from 1 to 9,007,199,254,740,991, so nothing changed.",
        ),
        ("cell hint", {"bogus": "1"}, "/cell hint has no option `bogus`, so nothing changed."),
        (
            "primetime card",
            {},
            "/primetime card needs `name`: text of 1 to 100 characters. Nothing changed.",
        ),
    ],
)
async def test_a_tampered_option_is_answered_with_the_option_and_what_it_accepts(
    tmp_path: Path, command: str, options: dict[str, Any], answer: str
) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        result = await fake.slash(fake.users.owner, command, forged=True, **options)
        assert result.message is not None and result.message.content == answer


async def test_a_normal_client_cannot_send_what_an_option_does_not_declare(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        with pytest.raises(UserActionError, match="lobby_minutes"):
            await fake.slash(fake.users.owner, "settings", lobby_minutes=0.0001)
        with pytest.raises(UserActionError, match="game"):
            await fake.slash(fake.users.owner, "leaderboard", game="bogus")
        with pytest.raises(UserActionError, match="ai_players"):
            await fake.slash(fake.users.owner, "cell start", ai_players=1.5)


async def test_a_setting_the_stored_settings_refuse_is_named_by_its_option(tmp_path: Path) -> None:
    """The command's declared ranges lie within the settings' own limits, so only a declaration that
    drifted from them would reach this: the refusal still names the option the admin typed."""
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    try:
        with pytest.raises(SettingsRefused) as refused:
            await ServerSettingsStore(storage).change(1, ai_turn_delay=31.0)
    finally:
        await storage.close()
    assert (
        refused_text(refused.value, Language.ENGLISH) == "`ai_pace`: input should be less than or equal to 30"
    )
    # The option is named as the admin's client shows it.
    assert refused_text(refused.value, Language.SPAIN_SPANISH).startswith("`ritmo_ia`: ")
