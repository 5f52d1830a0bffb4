"""One background task per game at a time (the AI's turns, a game's deadlines), each forgotten once it
ends, so a bot that runs for months keeps nothing for the thousands of games it has finished."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

Work = Callable[[], Coroutine[Any, Any, None]]


class GameTasks:
    def __init__(self, label: str) -> None:
        self.label = label
        self._running: dict[int, asyncio.Task[None]] = {}
        self._again: dict[int, tuple[Work, Callable[[], None] | None]] = {}
        self._closed = False

    def start(self, game_id: int, work: Work, when_done: Callable[[], None] | None = None) -> None:
        """Starts ``work()`` for the game; ``when_done`` runs once it has ended. If the game's task is
        still running, it runs once more after it ends instead: it may have read the game before the
        change this call is about, and found nothing to do. Once closed, nothing starts: the bot is
        closing, and its database with it."""
        if self._closed:
            return
        task = self._running.get(game_id)
        if task is not None and not task.done():
            self._again[game_id] = (work, when_done)
            return
        task = asyncio.create_task(work(), name=f"{self.label} {game_id}")
        self._running[game_id] = task
        task.add_done_callback(lambda ended: self._ended(game_id, ended, when_done))

    def _ended(self, game_id: int, ended: asyncio.Task[None], when_done: Callable[[], None] | None) -> None:
        if self._running.get(game_id) is not ended:
            return
        del self._running[game_id]
        again = self._again.pop(game_id, None)
        if again is not None and not ended.cancelled():
            self.start(game_id, *again)
        elif when_done is not None:
            when_done()

    def tasks(self) -> list[asyncio.Task[None]]:
        """The tasks still running."""
        return [task for task in self._running.values() if not task.done()]

    def close(self) -> None:
        """Cancels every task, and starts no more (a move being shown as the bot closes still wakes
        the game)."""
        self._closed = True
        self._again.clear()
        for task in self._running.values():
            task.cancel()
