"""Plays the seats the AI controls, one action at a time at a pace people can follow (secret moves,
which nobody can watch, are made at once).

A game is woken after every move, at start-up and at each sweep of the bot's reconciling; its task
keeps playing while an AI seat has to act and stops as soon as a person must act. Each AI move goes
through the service like a click, so it is locked, versioned, logged and published like anyone
else's. The AI thinks in worker processes: its search
is pure Python, and in the bot's own process it would hold the interpreter lock that every click's
answer waits for.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.core.host import Host
from bot.core.service import ServiceError, StaleBoard
from bot.runtime.game_tasks import GameTasks
from bot.runtime.worker_process import worker_pool
from bot.storage import GameRecord

log = logging.getLogger("bot.autopilot")

AI_NICENESS = 10


def ai_seat_to_move(record: GameRecord, seats_to_move: list[int]) -> int | None:
    players = record.lobby["players"]
    return next((seat for seat in seats_to_move if players[seat].get("ai")), None)


class Autopilot:
    def __init__(self, host: Host, delay: float) -> None:
        self.host = host
        self.delay = delay
        self._tasks = GameTasks("autopilot")
        self._thinkers: ProcessPoolExecutor | None = None

    def wake(self, game_id: int) -> None:
        self._tasks.start(game_id, lambda: self._drive(game_id))

    async def idle(self) -> None:
        """Waits until no AI has anything left to do (used by tests and on shutdown)."""
        while running := self._tasks.tasks():
            await asyncio.gather(*running, return_exceptions=True)

    def stop(self) -> None:
        self._tasks.close()
        if self._thinkers is not None:
            self._thinkers.shutdown(wait=False, cancel_futures=True)
            self._thinkers = None

    async def _think(self, module: Any, state: Any, seat: int) -> Any:
        """The AI's action, computed in a worker process. A worker that died is replaced, and the
        question asked again once."""
        try:
            return await self._in_worker(module, state, seat)
        except BrokenProcessPool:
            self._thinkers = None
            return await self._in_worker(module, state, seat)

    async def _in_worker(self, module: Any, state: Any, seat: int) -> Any:
        if self._thinkers is None:
            # Started on first use, with one core left to the bot itself, and at a lower priority:
            # answering people's clicks comes before the AI's next move.
            self._thinkers = worker_pool(max(1, (os.cpu_count() or 2) - 1), AI_NICENESS)
        return await asyncio.get_running_loop().run_in_executor(self._thinkers, module.ai_action, state, seat)

    async def _drive(self, game_id: int) -> None:
        service = self.host.service
        try:
            while True:
                record = await service.storage.game(game_id)
                if record is None or record.status != "active" or not self.host.scope.owns(record.guild_id):
                    return
                module = service.module(record)
                state = service.load_state(record)
                seat = ai_seat_to_move(record, module.seats_to_move(state))
                if seat is None:
                    return
                seat_moves = await service.storage.seat_moves(game_id, seat) if module.simultaneous else None
                version = None if module.simultaneous else record.version
                if module.watched_move(state):
                    pace = (await self.host.server_settings.get(record.guild_id)).ai_turn_delay
                    await asyncio.sleep(self.delay if pace is None else pace)
                action = await self._think(module, state, seat)
                controller = self.host.controllers[record.game]
                try:
                    await service.act_as(
                        game_id, seat, version, action, seat_moves, publish=controller.publish
                    )
                except (StaleBoard, ServiceError):
                    continue
        except Exception:
            log.exception("the AI failed in game %s", game_id)
