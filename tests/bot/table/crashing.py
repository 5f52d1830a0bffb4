"""Crashing the bot at one exact step: the real bot (``python -m bot``) in a process of its own on a
SQLite file, killed with SIGKILL while the fake Discord holds the request that step makes, then
started again on the same database. The test reads the database itself, shaped like the bot as the
table drivers read it (``Onlooker``)."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.games.registry import game_modules
from bot.storage import GameRecord, Storage
from bot.ui.components import control_of
from tests.bot.bot_command import PROCESS_TIMEOUT, kill_bot, start_bot, stop_bot
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.rest import HeldRequest, RecordedRequest
from tests.fakediscord.world import FakeChannel, StoredMessage

CHANNEL_MESSAGES = "/channels/{channel_id}/messages"
BOARD = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
UPDATE_MESSAGE = 7
MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class BotProcess:
    """``python -m bot`` on ``database``, its log in a file; every game it starts gets ``seed``."""

    fake: FakeDiscord
    database: Path
    log: Path
    seed: int
    process: asyncio.subprocess.Process | None = None

    async def start(self, turn_clock_scale: float = 1.0) -> None:
        environment = {
            "DATABASE_PATH": str(self.database),
            "DEV_GUILD_ID": str(self.fake.guild.id),
            "TURN_CLOCK_SCALE": str(turn_clock_scale),
        }
        self.process = await start_bot(self.fake, environment, self.log, self.seed)

    async def kill(self) -> None:
        assert self.process is not None
        await kill_bot(self.process)

    async def stop(self) -> int:
        assert self.process is not None
        return await stop_bot(self.process)

    def errors(self) -> list[str]:
        return [line for line in self.log.read_text().splitlines() if "Traceback" in line or "ERROR" in line]


class _Idle:
    async def idle(self) -> None:
        """The bot's AI runs in its own process; the drivers wait for the fake to go quiet instead."""


@dataclass
class Onlooker:
    """The bot's database read from the test, shaped like the bot as the table drivers read it."""

    storage: Storage
    autopilot: _Idle = field(default_factory=_Idle)

    @property
    def service(self) -> Onlooker:
        return self

    def load_state(self, record: GameRecord) -> Any:
        assert record.state_json is not None
        return game_modules()[record.game].rules.load_state(record.state_json)


def notified(body: Any) -> set[int]:
    """Whom a new channel message would notify: the users it mentions that its allowed_mentions let
    through."""
    body = body if isinstance(body, dict) else {}
    named = {int(user) for user in MENTION.findall(body.get("content") or "")}
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return named
    return named & {int(user) for user in allowed.get("users") or []}


def notifications(channel: FakeChannel, user_id: int, since: int = 0) -> int:
    """How many times Discord notified the user in the channel, by messages created after the
    message id (or snowflake) ``since``."""
    return sum(
        1 for message_id, user in channel.history.notifications if user == user_id and message_id > since
    )


def mentions_of(user_id: int) -> Callable[[Any], bool]:
    """Matches a new message that notifies ``user_id``."""

    def matches(body: Any) -> bool:
        return user_id in notified(body)

    return matches


async def crash_while(
    fake: FakeDiscord, bot: BotProcess, holds: list[HeldRequest], action: Awaitable[Any]
) -> RecordedRequest:
    """Runs ``action`` (the players' clicks) until the bot makes one of the ``holds``' requests, kills
    the bot there, and returns the request it died waiting on."""
    acting = asyncio.ensure_future(action)
    waits = [asyncio.ensure_future(held.arrived.wait()) for held in holds]
    done, _ = await asyncio.wait(
        [*waits, acting], timeout=PROCESS_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
    )
    arrived = [held for held in holds if held.arrived.is_set()]
    if not arrived and acting in done:
        acting.result()
    assert arrived, "the bot never made the request to crash at"
    await bot.kill()
    for wait in waits:
        wait.cancel()
    for held in holds:
        held.release()
        with contextlib.suppress(ValueError):
            fake.rest.holds.remove(held)
    # The players' side of the click ends unanswered or half answered: it no longer matters.
    acting.cancel()
    with contextlib.suppress(BaseException):
        await acting
    request = arrived[0].request
    assert request is not None
    return request


async def until(
    condition: Callable[[], Awaitable[bool]], what: str, timeout: float = PROCESS_TIMEOUT
) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await condition():
        assert loop.time() < deadline, f"timed out waiting until {what}"
        await asyncio.sleep(0.05)


def board_versions(board: StoredMessage) -> set[int]:
    """The versions the board's enabled controls were drawn for."""
    found = set()
    for component in board.walk_components():
        control = control_of(component.get("custom_id", ""))
        if control is not None and not component.get("disabled"):
            found.add(control.version)
    return found
