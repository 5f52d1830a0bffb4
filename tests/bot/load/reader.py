"""The bot's database seen from outside, as the load test checks it: a connection of its own, reads only.

The players read it between clicks without awaiting, so the PostgreSQL reader runs its connection on
an event loop in a thread of its own and waits for each answer, as the SQLite reader waits for its file.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from rules.cell import RULES as CELL_RULES
from rules.core.game import GameRules
from rules.over9000 import RULES as OVER9000_RULES

RULES: dict[str, GameRules[Any, Any]] = {"cell": CELL_RULES, "over9000": OVER9000_RULES}
COLUMNS = "id, game, channel_id, status, version, message_id, lobby_json, state_json"


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    channel_id: int
    status: str
    version: int
    message_id: int | None
    players: list[dict[str, Any]]
    state_json: str | None

    def state(self) -> Any:
        assert self.state_json is not None, f"game {self.id} has not started"
        return _load_state(self.game, self.state_json)

    def is_ai(self, seat: int) -> bool:
        return bool(self.players[seat].get("ai"))


@functools.lru_cache(maxsize=512)
def _load_state(game: str, state_json: str) -> Any:
    """Players look at an unchanged game many times a second; its state is parsed once (and never
    changed: the engine copies what it changes)."""
    return RULES[game].load_state(state_json)


class DatabaseReader(ABC):
    """Short autocommit reads, so each sees the latest committed write of the bot."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def _rows(self, query: str, parameters: tuple[Any, ...] = ()) -> Sequence[Sequence[Any]]:
        """The rows of a query written with ``?`` placeholders."""

    def game(self, game_id: int) -> GameRow | None:
        return self._one(f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,))

    def running_game(self, channel_id: int) -> GameRow | None:
        return self._one(
            f"SELECT {COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )

    def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game, running or not."""
        return self._one(
            f"SELECT {COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )

    def logged_moves(self) -> Counter[tuple[int, int]]:
        """How many actions each (game, actor) has in the log."""
        rows = self._rows("SELECT game_id, actor_id, COUNT(*) FROM actions GROUP BY game_id, actor_id")
        return Counter({(game_id, actor_id): count for game_id, actor_id, count in rows})

    def _one(self, query: str, parameters: tuple[Any, ...]) -> GameRow | None:
        rows = self._rows(query, parameters)
        if not rows:
            return None
        row = rows[0]
        game_id, game, channel_id, status, version, message_id, lobby_json, state_json = row
        players = json.loads(lobby_json)["players"]
        return GameRow(game_id, game, channel_id, status, version, message_id, players, state_json)


class SqliteReader(DatabaseReader):
    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.execute("PRAGMA busy_timeout = 5000")

    def close(self) -> None:
        self._db.close()

    def _rows(self, query: str, parameters: tuple[Any, ...] = ()) -> Sequence[Sequence[Any]]:
        return self._db.execute(query, parameters).fetchall()


class PostgresReader(DatabaseReader):
    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="load reader", daemon=True)
        self._thread.start()
        self._db = self._wait(asyncpg.connect(url))

    def close(self) -> None:
        self._wait(self._db.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    def _wait(self, work: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result()

    def _rows(self, query: str, parameters: tuple[Any, ...] = ()) -> Sequence[Sequence[Any]]:
        numbers = iter(range(1, len(parameters) + 1))
        numbered = re.sub(r"\?", lambda _: f"${next(numbers)}", query)
        return self._wait(self._db.fetch(numbered, *parameters))  # type: ignore[no-any-return]


def open_reader(database: Path | str) -> DatabaseReader:
    """A reader of the SQLite file or the ``postgresql://`` database the bot uses."""
    if isinstance(database, str) and database.startswith(("postgresql://", "postgres://")):
        return PostgresReader(database)
    return SqliteReader(Path(database))
