"""The bot the end-to-end tests run against the fake Discord, and finding its controls on a message
(each game's own driver, in ``tests/bot/games/<game>/driver.py``, plays it the way people do)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.app import GameBot
from bot.games.registry import GAMES, Game
from bot.runtime.config import Settings
from bot.ui.pacing import ChannelPacer
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage

FAST_PACE_WINDOW = 0.05
"""The window of 5 messages the bot keeps in tests (see ``make_bot``)."""


def make_bot(
    fake: FakeDiscord,
    database: Path,
    seed: int | None = None,
    ai_turn_delay: float = 0,
    ai_sweep_interval: float = 30.0,
    games: Sequence[Game] = GAMES,
    pace_window: float = FAST_PACE_WINDOW,
) -> GameBot:
    """The bot on ``database``. It paces its channel messages over ``pace_window`` seconds: a whole
    game then takes seconds, not minutes of waiting for Discord's 5 s window; a test that counts
    the messages of 5 s asks for the real window (``bot.ui.pacing.WINDOW_SECONDS``)."""
    settings = Settings(
        discord_token=fake.token,
        database_path=database,
        dev_guild_id=fake.guild.id,
        ai_turn_delay=ai_turn_delay,
        ai_sweep_interval=ai_sweep_interval,
    )
    return GameBot(
        settings,
        new_seed=(lambda: seed) if seed is not None else None,
        games=games,
        pacer=ChannelPacer(window=pace_window),
    )


def game_channel(fake: FakeDiscord, lobby: InteractionResult, channel: FakeChannel) -> FakeChannel:
    """Where the game ``lobby`` opened in ``channel`` is played: the thread opened on it when the
    server plays games in threads (a thread started from a message has the message's id)."""
    posted = [*lobby.followups, lobby.message][0]
    assert posted is not None, f"{lobby.interaction.description} posted no lobby"
    return fake.world.channel_by_id(posted.id) or channel


def controls(message: StoredMessage) -> list[dict[str, Any]]:
    return list(message.walk_components())


def lobby_select(message: StoredMessage, op: str) -> str:
    """The custom_id of the lobby's select for ``op`` ("pick" a fighter, or a dice "colour")."""
    return next(s["custom_id"] for s in message.selects if s["custom_id"].split(":")[3] == op)


def find_control(message: StoredMessage, op: str, arg: str) -> dict[str, Any] | None:
    for component in controls(message):
        custom_id = component.get("custom_id", "")
        parts = custom_id.split(":")
        # A private panel's control ends with its seat.
        if len(parts) in (5, 6) and parts[3] == op:
            if component.get("type") == 2 and parts[4] == arg:
                return component
            if (
                component.get("type") == 3
                and op == "act"
                and any(o["value"] == arg for o in component["options"])
            ):
                return component
    return None


def private_answer(result: InteractionResult, person: FakeUser) -> StoredMessage:
    """The ephemeral message a click brought up for ``person``: the answer itself, or on a busy bot,
    which acknowledges the click first, the follow-up after it."""
    for message in [result.message, *reversed(result.followups)]:
        if message is not None and message.visible_to is person:
            return message
    raise AssertionError(f"{result.interaction.description} brought up no private message")
