"""The storage interface every backend implements, and the contract each method keeps.

The bot sees only this class. Two backends implement it: SQLite (one file, one process: the default)
and PostgreSQL (one server shared by several bot processes). The contract tests in
``tests/bot/storage`` run the same checks on both.

Statements that modules outside the storage run themselves (``read_all`` and ``writing``) are written
in the SQL both databases accept, with ``?`` placeholders; each backend adapts the placeholders.

Ordering across processes: every write of a game (``save``, ``replace_message``, ``sync_clocks``,
``advance_clock``, ``record_ping``, ``replace_ping``, ``board_shown``) is one transaction that either
commits whole or not at all, and writes of the same game are ordered one after the other even when
they come from different processes; ``save`` is conditional on the version the caller loaded, so of
two writers that loaded the same version exactly one succeeds. Work that must run in one process only
(timers, AI turns, command sync, upkeep) takes a lease with ``try_lease`` first.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from bot.storage.model import ActionRecord, GameRecord, ResultRow, Saved, StalePing, TableRows, TurnClock

Row = Any
"""A result row: an ``aiosqlite.Row`` or an ``asyncpg.Record``; both index by position and by name."""


class Transaction(Protocol):
    """One open write transaction: committed when its block ends, rolled back if the block raises."""

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """Runs one statement; returns how many rows it changed."""
        ...

    async def fetch_all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        """Rows of a query, seeing this transaction's own writes."""
        ...


class Storage(ABC):
    dialect: str
    """``"sqlite"`` or ``"postgresql"``: which migrations folder and SQL flavour the backend uses."""

    @abstractmethod
    async def close(self) -> None:
        """Waits for the write under way, then closes every connection."""

    @abstractmethod
    def writing(self) -> contextlib.AbstractAsyncContextManager[Transaction]:
        """One write transaction for modules that keep their own tables (records, privacy, upkeep)."""

    @abstractmethod
    async def read_all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        """Rows of a read-only query on the committed data."""

    @abstractmethod
    async def schema_versions(self) -> list[int]:
        """The numbers of the migrations applied, in order."""

    @abstractmethod
    async def game_references(self) -> list[tuple[str, str]]:
        """(table, column) of every foreign key to a game, read from the schema, so pruning a game also
        removes the rows a later migration ties to it."""

    # Games

    @abstractmethod
    async def running_game(self, channel_id: int) -> GameRecord | None:
        """The channel's lobby or active game, if any."""

    @abstractmethod
    async def game(self, game_id: int) -> GameRecord | None: ...

    @abstractmethod
    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game, running or not."""

    @abstractmethod
    async def lobbies(self) -> list[GameRecord]:
        """Every game still in its lobby, oldest first."""

    @abstractmethod
    async def active_game_ids(self) -> list[int]:
        """The ids of the games being played, in order."""

    @abstractmethod
    async def create_lobby(
        self, game: str, guild_id: int | None, channel_id: int, host_id: int, lobby: dict[str, Any], seed: int
    ) -> GameRecord:
        """A new game in its lobby at version 0; raises ChannelBusy when the channel already runs one."""

    @abstractmethod
    async def save(
        self,
        record: GameRecord,
        expected_version: int,
        action: ActionRecord | None = None,
        results: list[ResultRow] | None = None,
        calls: Mapping[int, int] | None = None,
    ) -> Saved | None:
        """Writes ``record`` as version ``expected_version + 1`` and logs ``action`` (and the ``results``
        of a game this save finishes) in one transaction; with ``calls`` (each seat a person must act
        in now, with their user id), the game's turn clocks become those calls in the same transaction.

        A seat still called keeps its clock (its ``called_at``, stage and notification), except the
        seat that took ``action``, whose clock starts over, its player at the table (``AT_THE_TABLE``,
        the message that notified it to the outbox of stale pings); a seat called anew starts now, its
        notification owed; a seat no longer called drops out, and the message that notified it goes to
        the outbox of stale pings. Returns what was written, or None, writing nothing, when someone
        else (in this process or another) saved first. The board's message id is not written here: it
        changes only through ``replace_message``, so a save never brings back a board that was
        replaced meanwhile.
        """

    @abstractmethod
    async def replace_message(self, game_id: int, message_id: int) -> int | None:
        """Makes ``message_id`` the game's board and returns the board it replaces (to retire), in one
        step, so of two boards posted at once exactly one ends up live. The message id is where the
        board lives, not game state: it does not bump the version."""

    @abstractmethod
    async def move_to_thread(self, game_id: int, thread_id: int, parent_channel_id: int) -> None:
        """The game is played from now on in the thread ``thread_id``, opened in ``parent_channel_id``
        on its lobby. Where the game lives is not game state: it does not bump the version."""

    @abstractmethod
    async def close_thread(self, game_id: int) -> None:
        """The ended game's thread is archived and its result told in the parent channel."""

    @abstractmethod
    async def threads_to_close(self) -> list[int]:
        """The ids of the ended games (finished or abandoned) played in a thread that is not closed
        yet, in order."""

    # The action log

    @abstractmethod
    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The game's logged actions in order (``seq`` 1, 2, …)."""

    @abstractmethod
    async def seat_moves(self, game_id: int, seat: int) -> int:
        """How many actions ``seat`` has taken in the game."""

    # Turn clocks

    @abstractmethod
    async def sync_clocks(
        self, game_id: int, version: int, calls: Mapping[int, int]
    ) -> frozenset[int] | None:
        """Makes the game's turn clocks ``calls``, as ``save`` does, if the game is still at
        ``version`` (the one ``calls`` were read from): repairs clocks that do not match the saved
        state. Returns the seats called anew, or None when the game has moved on."""

    @abstractmethod
    async def turn_clocks(self) -> list[TurnClock]:
        """Every clock of every active game."""

    @abstractmethod
    async def clocks_of(self, game_id: int) -> list[TurnClock]:
        """The clocks of one active game, by seat."""

    @abstractmethod
    async def turn_clock(self, game_id: int, seat: int) -> TurnClock | None: ...

    @abstractmethod
    async def advance_clock(self, game_id: int, seat: int, called_at: str, stage: int) -> bool:
        """Moves a seat's clock to ``stage`` if it still shows the call it was read with; False when
        the player moved meanwhile (or another process got there first), so nothing fires twice."""

    @abstractmethod
    async def record_ping(self, game_id: int, user_ids: Collection[int], message_id: int) -> None:
        """``message_id`` notified ``user_ids`` of their calls: it becomes the notification of each of
        their clocks still waiting for one. A message that notifies nobody still called goes to the
        outbox of stale pings at once. ``AT_THE_TABLE`` marks calls whose players needed no message."""

    @abstractmethod
    async def replace_ping(self, game_id: int, seat: int, called_at: str, message_id: int) -> None:
        """``message_id`` (a reminder) becomes the notification of the seat's call made at
        ``called_at``, and the message it replaces goes to the outbox of stale pings; when that call
        has ended meanwhile, ``message_id`` itself goes to the outbox."""

    @abstractmethod
    async def stale_pings(self, game_id: int) -> list[StalePing]:
        """The game's notifications whose calls have ended, oldest first."""

    @abstractmethod
    async def forget_stale_pings(self, message_ids: Collection[int]) -> None:
        """Takes those messages out of the outbox, once they are dealt with in their channel."""

    # The board

    @abstractmethod
    async def board_shown(self, game_id: int, message_id: int, version: int) -> None:
        """The board message ``message_id`` now shows the game at ``version`` (or later): recorded
        only while it is still the game's board, and never moved back."""

    @abstractmethod
    async def stale_boards(self) -> list[GameRecord]:
        """The games whose board shows an older version than the game (or none recorded): active
        ones, and finished ones whose final board was never shown."""

    # The bot's bookkeeping

    @abstractmethod
    async def command_hash(self, scope: str) -> str | None:
        """The hash of the slash-command definitions last synced to ``scope`` (a guild id or "global")."""

    @abstractmethod
    async def set_command_hash(self, scope: str, definition_hash: str) -> None: ...

    @abstractmethod
    async def every_guild_settings(self) -> dict[int, dict[str, Any]]: ...

    @abstractmethod
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """What the server chose with /settings; empty when it chose nothing."""

    @abstractmethod
    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...

    # Work that must run in one process at a time

    @abstractmethod
    async def try_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Takes or renews the lease ``name`` for ``holder`` for ``seconds`` from now; True when
        ``holder`` has it, False while another holder's lease has not run out.

        A process runs a job that must not run twice (the AI, the turn clocks, command sync, upkeep)
        only while it holds that job's lease, and renews it well before it runs out: a process that
        dies simply stops renewing, and another takes over once the lease expires. Expiry is judged by
        one clock for every process: the database server's on PostgreSQL, the machine's on SQLite.
        """

    @abstractmethod
    async def release_lease(self, name: str, holder: str) -> None:
        """Gives the lease up at once (on a clean shutdown) if ``holder`` has it."""

    # Copying a whole database between backends (bot.copy_database)

    @abstractmethod
    async def table_names(self) -> list[str]:
        """Every table of the schema, sorted."""

    @abstractmethod
    async def load_tables(self, tables: Sequence[TableRows]) -> None:
        """Inserts every table's rows as they are, ids included, all in one transaction (in the order
        given, so rows come after those they refer to); new games then number on after the highest id
        loaded."""
