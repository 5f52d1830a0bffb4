"""Which servers this process looks after when the bot runs as several processes on one database.

Discord sends each server's events to one gateway shard, ``shard_id = (guild_id >> 22) % shard_count``,
and each process holds some of the shards. Interactions reach the right process by themselves; the
work a process starts on its own (AI seats, turn clocks, lobby expiry, per-server upkeep) is limited
here to the servers whose shard it holds, so no game is driven by two processes. Work that must run
once for the whole bot (syncing commands, the bot-wide prune, backups) belongs to the process that
holds shard 0, which Discord also uses for everything outside a server.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.runtime.config import Settings


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord routes the server's events to; direct messages go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardScope:
    shard_count: int = 1
    shard_ids: frozenset[int] = frozenset({0})

    @classmethod
    def of(cls, settings: Settings) -> ShardScope:
        count = settings.shard_count or 1
        held = settings.shard_ids if settings.shard_ids is not None else range(count)
        return cls(count, frozenset(held))

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    @property
    def primary(self) -> bool:
        """Whether this process runs the jobs that must run once for the whole bot."""
        return 0 in self.shard_ids
