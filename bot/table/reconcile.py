"""Reconciling every running game with its saved state: at start-up and then at intervals, whatever a
crash (or a failed request) left half done is completed.

A move's own transaction holds everything derived from its state that must survive a crash: the
turn clocks of whoever must act, and the outbox of notifications whose call ended. What happens in
Discord afterwards is recorded once it has happened (the version each board shows, the message that
notified each call) and made idempotent (a board redrawn from the saved state, a notification posted
with a nonce made from its calls). So for each game this process owns, reconciling

- rebuilds the turn clocks from the saved state when they differ (games saved before the clocks were
  written with their moves, or whose clocks were repaired by hand);
- redraws a board that shows an older version (posted again when its message is gone), notifies
  every call that has no notification yet, and retires the stale ones (``BoardKeeper.catch_up``);
- wakes the game: deadlines that passed fire, and the AI plays a seat whose turn it is;
- ends a game whose thread was deleted or archived meanwhile, and closes the thread of an ended
  game whose closing a crash interrupted (``bot.table.threads``).

It reads only the database and the saved states, so running it any number of times is safe.
"""

from __future__ import annotations

import asyncio
import logging

from bot.core.host import Host
from bot.table.threads import end_for_lost_thread, thread_lost

log = logging.getLogger("bot.reconcile")


class Reconciler:
    def __init__(self, host: Host, interval: float) -> None:
        self.host = host
        self.interval = interval
        self._sweeper: asyncio.Task[None] | None = None

    def start_sweeping(self) -> None:
        """From now on every game is reconciled again each ``interval`` seconds: a game left behind
        by a failure or a lost wake-up carries on within one interval."""
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep(), name="reconcile sweep")

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.reconcile_all()
            except Exception:
                log.exception("the reconcile sweep failed")

    async def reconcile_all(self) -> None:
        """Reconciles every active game, every finished one whose final board was never shown, and
        every ended one whose thread is still to close."""
        storage = self.host.service.storage
        active = await storage.active_game_ids()
        stale = [record.id for record in await storage.stale_boards()]
        unclosed = await storage.threads_to_close()
        for game_id in sorted({*active, *stale, *unclosed}):
            try:
                await self.reconcile(game_id)
            except Exception:
                log.exception("reconciling game %s failed", game_id)

    async def reconcile(self, game_id: int) -> None:
        service = self.host.service
        storage = service.storage
        record = await storage.game(game_id)
        # Another process reconciles the games of servers on its shards.
        if record is None or not self.host.scope.owns(record.guild_id):
            return
        if record.status == "active" and (lost := await thread_lost(self.host, record)) is not None:
            await end_for_lost_thread(self.host, record.channel_id, lost)
            return
        async with service.lock(game_id):
            record = await storage.game(game_id)
            if record is None:
                return
            if record.status == "active":
                calls = service.calls(record)
                clocks = {clock.seat: clock.user_id for clock in await storage.clocks_of(game_id)}
                if clocks != calls and await storage.sync_clocks(game_id, record.version, calls) is not None:
                    log.info("game %s: turn clocks rebuilt from the saved state", game_id)
            if record.status in ("active", "finished") or record.parent_channel_id is not None:
                await self.host.controllers[record.game].catch_up(game_id)
        self.host.wake(game_id)
