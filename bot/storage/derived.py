"""What the storage keeps beside a game's state and derives from it: the turn clocks, their
notifications and the version the board shows, in the same statements on every backend (through
``Transaction``, whose ``?`` placeholders each backend adapts).

A clock row is one call: a person a running game waits for, since when, how far the clock has gone,
and which message notified them (NULL while that notification is owed; ``AT_THE_TABLE`` when they
were at the table and the board's change was notification enough). A row leaves only through
``replace_clocks``, which moves the id of the message that notified it to the ``stale_pings`` outbox in
the same transaction, so no notification is forgotten by a crash.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from bot.storage.interface import Transaction
from bot.storage.model import AT_THE_TABLE, now

BOARD_SHOWN = (
    "UPDATE games SET board_version = ? WHERE id = ? AND message_id = ? "
    "AND (board_version IS NULL OR board_version < ?)"
)
"""Parameters: the version shown, the game, the board message, the version shown again."""

STALE_BOARDS = (
    "SELECT * FROM games WHERE (board_version IS NULL OR board_version < version) "
    "AND (status = 'active' OR (status = 'finished' AND message_id IS NOT NULL)) ORDER BY id"
)

MOVE_TO_THREAD = "UPDATE games SET channel_id = ?, parent_channel_id = ? WHERE id = ?"
"""Parameters: the thread, the channel it was opened in, the game."""

CLOSE_THREAD = "UPDATE games SET thread_closed_at = ? WHERE id = ? AND thread_closed_at IS NULL"
"""Parameters: the time it was closed, the game."""

THREADS_TO_CLOSE = (
    "SELECT id FROM games WHERE parent_channel_id IS NOT NULL AND thread_closed_at IS NULL "
    "AND status IN ('finished', 'abandoned') ORDER BY id"
)

_TO_OUTBOX = (
    "INSERT INTO stale_pings (message_id, game_id, channel_id) "
    "SELECT clock.ping_message_id, clock.game_id, games.channel_id "
    "FROM turn_clocks AS clock JOIN games ON games.id = clock.game_id "
    "WHERE clock.game_id = ? AND clock.seat = ? AND clock.ping_message_id IS NOT NULL "
    f"AND clock.ping_message_id <> {AT_THE_TABLE} ON CONFLICT DO NOTHING"
)

_INTO_OUTBOX = (
    "INSERT INTO stale_pings (message_id, game_id, channel_id) "
    "SELECT CAST(? AS BIGINT), id, channel_id FROM games WHERE id = ? ON CONFLICT DO NOTHING"
)


async def replace_clocks(
    db: Transaction, game_id: int, calls: Mapping[int, int], acted_seat: int | None
) -> frozenset[int]:
    """Makes the game's clocks ``calls`` (seat → user id): a seat still called by the same person
    keeps its clock, except ``acted_seat``, whose clock starts over with its notification to the
    outbox (they are at the table); a seat called anew starts now; a seat no longer called drops out,
    its notification to the outbox. Returns the seats called anew."""
    called_at = now()
    rows = await db.fetch_all("SELECT seat, user_id FROM turn_clocks WHERE game_id = ?", (game_id,))
    waiting = {row[0]: row[1] for row in rows}
    gone = sorted(seat for seat, user_id in waiting.items() if calls.get(seat) != user_id)
    for seat in gone:
        await db.execute(_TO_OUTBOX, (game_id, seat))
        await db.execute("DELETE FROM turn_clocks WHERE game_id = ? AND seat = ?", (game_id, seat))
    if acted_seat is not None and acted_seat in waiting and acted_seat not in gone:
        # Whoever just acted is at the table: their notification has done its work.
        await db.execute(_TO_OUTBOX, (game_id, acted_seat))
        await db.execute(
            "UPDATE turn_clocks SET called_at = ?, stage = 0, ping_message_id = ? "
            "WHERE game_id = ? AND seat = ?",
            (called_at, AT_THE_TABLE, game_id, acted_seat),
        )
    new = sorted(seat for seat in calls if seat not in waiting or seat in gone)
    for seat in new:
        await db.execute(
            "INSERT INTO turn_clocks (game_id, seat, user_id, called_at) VALUES (?, ?, ?, ?)",
            (game_id, seat, calls[seat], called_at),
        )
    return frozenset(new)


async def record_ping(db: Transaction, game_id: int, user_ids: Collection[int], message_id: int) -> None:
    """``message_id`` becomes the notification of the users' clocks still owed one; a message that
    notifies nobody still called goes to the outbox at once (``AT_THE_TABLE`` is no message)."""
    taken = 0
    if user_ids:
        marks = ", ".join("?" for _ in user_ids)
        taken = await db.execute(
            "UPDATE turn_clocks SET ping_message_id = ? "
            f"WHERE game_id = ? AND ping_message_id IS NULL AND user_id IN ({marks})",
            (message_id, game_id, *user_ids),
        )
    if taken == 0 and message_id != AT_THE_TABLE:
        await db.execute(_INTO_OUTBOX, (message_id, game_id))


async def replace_ping(db: Transaction, game_id: int, seat: int, called_at: str, message_id: int) -> None:
    """``message_id`` becomes the notification of the seat's call made at ``called_at``, the one it
    replaces going to the outbox; when that call has ended, ``message_id`` goes there at once."""
    rows = await db.fetch_all(
        "SELECT ping_message_id FROM turn_clocks WHERE game_id = ? AND seat = ? AND called_at = ?",
        (game_id, seat, called_at),
    )
    if not rows:
        await db.execute(_INTO_OUTBOX, (message_id, game_id))
        return
    replaced = rows[0][0]
    if replaced is not None and replaced != AT_THE_TABLE:
        await db.execute(_INTO_OUTBOX, (replaced, game_id))
    await db.execute(
        "UPDATE turn_clocks SET ping_message_id = ? WHERE game_id = ? AND seat = ? AND called_at = ?",
        (message_id, game_id, seat, called_at),
    )
