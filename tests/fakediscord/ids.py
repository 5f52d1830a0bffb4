"""Ids and timestamps shaped like Discord's."""

from __future__ import annotations

import time
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1420070400000


class Snowflakes:
    """Real-looking, strictly increasing snowflake ids (their timestamp is the creation time)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """An id whose guild Discord would route to ``shard_id`` of ``shard_count`` (the shard is the
        id's millisecond timestamp modulo the count): the timestamp moves on to the next one that fits."""
        milliseconds = max(self.next() >> 22, 0)
        milliseconds += (shard_id - milliseconds) % shard_count
        self._last = max(milliseconds << 22, self._last + 1)
        return self._last


def iso_timestamp(moment: datetime | None = None) -> str:
    return (moment or datetime.now(UTC)).isoformat()
