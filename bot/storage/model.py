"""What the storage hands out and takes in, the same for every backend: games, logged actions, turn
clocks, result rows, and the errors a caller may have to handle."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

RUNNING = ("lobby", "active")
AT_THE_TABLE = 0
"""The notification of a call whose player was at the table when called: the board they watch
changed, so no message was posted (and none is to be deleted). No Discord message has id 0."""


def now() -> str:
    """Timestamps are stored as ISO text in UTC on every backend, so they sort and compare as strings
    and a database copied between backends keeps them exactly."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class StorageError(Exception):
    """The database cannot be used; the message names the database and the problem."""


class DatabaseBusy(StorageError):
    """Another process kept the database's write lock for longer than a write waits for it: nothing
    was written."""


@dataclass
class GameRecord:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    lobby: dict[str, Any]
    seed: int
    state_json: str | None
    schema_version: int | None
    version: int
    message_id: int | None
    outcome: str | None
    updated_at: str = ""
    board_version: int | None = None
    """The version the board message shows (see ``Storage.board_shown``)."""
    parent_channel_id: int | None = None
    """For a game played in a thread of its own (``channel_id``), the channel the thread was opened
    in; None for a game played in its channel."""
    thread_closed_at: str | None = None
    """When the thread of the ended game was archived and the result told in the parent channel."""

    def channel_of_message(self, message_id: int) -> int:
        """The channel a message of the game lives in: a thread's starter message (the lobby the
        thread was opened on, whose id is the thread's) lives in the parent channel, every other
        message in the game's channel."""
        if self.parent_channel_id is not None and message_id == self.channel_id:
            return self.parent_channel_id
        return self.channel_id

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> GameRecord:
        """A ``games`` row as either backend returns it (both index their rows by column name)."""
        return cls(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            status=row["status"],
            lobby=json.loads(row["lobby_json"]),
            seed=row["seed"],
            state_json=row["state_json"],
            schema_version=row["schema_version"],
            version=row["version"],
            message_id=row["message_id"],
            outcome=row["outcome"],
            updated_at=row["updated_at"],
            board_version=row["board_version"],
            parent_channel_id=row["parent_channel_id"],
            thread_closed_at=row["thread_closed_at"],
        )


@dataclass
class ActionRecord:
    actor_id: int
    seat: int
    action: dict[str, Any]
    created_at: str = field(default_factory=now)
    seq: int = 0


@dataclass(frozen=True)
class TurnClock:
    """A person a running game waits for: since ``called_at``, reminded once ``stage`` is 1, and
    notified by the message ``ping_message_id`` (None while that notification is still owed,
    ``AT_THE_TABLE`` when no message was needed)."""

    game_id: int
    seat: int
    user_id: int
    called_at: str
    stage: int
    guild_id: int | None
    ping_message_id: int | None = None


@dataclass(frozen=True)
class Saved:
    """What a successful ``Storage.save`` wrote beside the state: ``called``, the seats it called to
    act anew (the people whose notification is now owed)."""

    called: frozenset[int] = frozenset()


@dataclass(frozen=True)
class StalePing:
    """A notification whose call has ended, waiting in the outbox to be dealt with in its channel."""

    game_id: int
    channel_id: int
    message_id: int


@dataclass(frozen=True)
class ResultRow:
    """One seat of a finished game: who sat there and whether they won (see ``bot.core.results``)."""

    game_id: int
    seat: int
    guild_id: int | None
    channel_id: int
    game: str
    user_id: int
    name: str
    ai: bool
    character: str
    variant: str
    won: bool
    outcome: str
    finished_at: str


@dataclass(frozen=True)
class TableRows:
    """A table's rows, each holding the values of ``columns`` in that order."""

    table: str
    columns: tuple[str, ...]
    rows: list[tuple[Any, ...]]


class ChannelBusy(Exception):
    """The channel already has a running game."""

    def __init__(self, existing: GameRecord) -> None:
        super().__init__(f"channel {existing.channel_id} already runs game {existing.id}")
        self.existing = existing
