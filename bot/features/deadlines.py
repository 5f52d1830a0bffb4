"""Prompt deadlines: a pending decision with a default gets it when its player lets the time run out.

A game module that has deadlines is ``TimedPrompts``: ``prompt_deadlines(state, lobby)`` (seconds per
seat) and ``timeout_action(seat)``. A deadline runs from the moment its player was called, which the turn
clock keeps in the database (written with the move that called the player), so it survives a
restart: at start-up every running game is reconciled and woken, and a deadline that passed while
the bot was down fires at once. Each game has one task that
sleeps until its next deadline; every saved move wakes it to look again. The default is applied
through the service like a click, on the board version the deadline was read from, so a player who
answered meanwhile wins and the default is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import datetime

from bot.core.game_module import TimedPrompts
from bot.core.host import Host
from bot.core.service import ServiceError, StaleBoard
from bot.runtime.game_tasks import GameTasks
from rules.core.errors import IllegalAction

log = logging.getLogger("bot.deadlines")


class PromptDeadlines:
    def __init__(self, host: Host, scale: float) -> None:
        self.host = host
        self.scale = scale
        self._tasks = GameTasks("deadlines")
        self._wakes: dict[int, asyncio.Event] = {}

    def wake(self, game_id: int) -> None:
        self._wakes.setdefault(game_id, asyncio.Event()).set()
        self._tasks.start(game_id, lambda: self._watch(game_id), lambda: self._wakes.pop(game_id, None))

    def stop(self) -> None:
        self._tasks.close()

    async def _watch(self, game_id: int) -> None:
        woken = self._wakes.setdefault(game_id, asyncio.Event())
        try:
            while True:
                woken.clear()
                due = await self._next_due(game_id)
                if due is None:
                    if woken.is_set():
                        continue
                    return
                when, seat, version = due
                wait = when - time.time()
                if wait > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(woken.wait(), wait)
                        continue
                if not await self._fire(game_id, seat, version):
                    return
        except Exception:
            log.exception("the deadlines of game %s failed", game_id)

    async def _next_due(self, game_id: int) -> tuple[float, int, int] | None:
        """The earliest deadline of a person in the game: (Unix time, seat, board version). Read under
        the game's lock, so a move being saved and its players' calls are seen together."""
        service = self.host.service
        async with service.lock(game_id):
            record = await service.storage.game(game_id)
            # Another process drives the deadlines of servers on its shards.
            if record is None or record.status != "active" or not self.host.scope.owns(record.guild_id):
                return None
            module = service.module(record)
            if not isinstance(module, TimedPrompts):
                return None
            found: list[tuple[float, int, int]] = []
            for seat, seconds in module.prompt_deadlines(service.load_state(record), record.lobby).items():
                if record.lobby["players"][seat].get("ai"):
                    continue
                clock = await service.storage.turn_clock(game_id, seat)
                if clock is not None:
                    called = datetime.fromisoformat(clock.called_at).timestamp()
                    found.append((called + seconds * self.scale, seat, record.version))
            return min(found) if found else None

    async def _fire(self, game_id: int, seat: int, version: int) -> bool:
        """Applies the seat's default; False when the game cannot take it (the watch then ends)."""
        service = self.host.service
        record = await service.storage.game(game_id)
        if record is None:
            return False
        module = service.module(record)
        assert isinstance(module, TimedPrompts)
        controller = self.host.controllers[record.game]
        if record.version != version:
            return True
        action = module.timeout_action(service.load_state(record), record.lobby, seat)
        try:
            await service.act_as(game_id, seat, version, action, publish=controller.publish)
        except StaleBoard:
            return True
        except (ServiceError, IllegalAction) as error:
            log.warning("game %s: the default for seat %d was refused (%s)", game_id, seat, error)
            return False
        log.info("game %s: seat %d got its default (%s)", game_id, seat, type(action).__name__)
        return True
