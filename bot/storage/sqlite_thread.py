"""SQLite write transactions run whole on the database's thread, in one call.

aiosqlite runs every statement as a call on its connection's thread, and each call is a round trip:
the event loop hands it over, the thread wakes, runs it and wakes the loop again. A save is a handful
of statements (``BEGIN``, the game's row, its action, its clocks, ``COMMIT``): one by one, that is
about ten round trips, each costing the event loop more than SQLite takes for the statement. Here a
transaction is one function the thread runs to its end: one round trip, still committed or rolled
back whole. Once the thread has it, it runs to its end even if its caller is cancelled meanwhile (as
a crash right after the commit would leave it; reconciling completes what follows a saved move).

The statements shared with PostgreSQL (``bot.storage.derived``) are coroutines over a ``Transaction``;
``ThreadTransaction``'s methods never suspend, so on the thread such a coroutine finishes in one step.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")

BUSY: Final = object()
"""What ``run_transaction`` returns when another process holds the file's write lock: nothing ran."""

Work = Callable[["ThreadTransaction"], Coroutine[Any, Any, T]]


class ThreadTransaction:
    """A ``Transaction`` on the database's thread: every statement runs as it is called."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection
        self.last_row_id: int | None = None

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        cursor = self._connection.execute(sql, parameters)
        self.last_row_id = cursor.lastrowid
        return cursor.rowcount

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> int:
        return self._connection.executemany(sql, rows).rowcount

    async def fetch_all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return self._connection.execute(sql, parameters).fetchall()


def run_transaction(connection: sqlite3.Connection, work: Work[T]) -> T | object:
    """On the database's thread: ``BEGIN IMMEDIATE``, ``work``, then ``COMMIT``, or ``ROLLBACK`` if
    ``work`` raises; ``BUSY`` when the write lock could not be had within the busy timeout."""
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if "database is locked" in str(error).lower():
            return BUSY
        raise
    try:
        result = _run_at_once(work(ThreadTransaction(connection)))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return result


def _run_at_once(work: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that never suspends (it awaits only ``ThreadTransaction``)."""
    try:
        work.send(None)
    except StopIteration as finished:
        return finished.value  # type: ignore[no-any-return]
    work.close()
    raise RuntimeError("a transaction on the database's thread waited for something")
