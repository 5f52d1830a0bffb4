"""One background task per game at a time (the AI's turns, a game's deadlines), each forgotten once it
ends, so a bot that runs for months keeps nothing for the thousands of games it has finished."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


class GameTasks:
    def __init__(self, label: str) -> None:
        self.label = label
        self._running: dict[int, asyncio.Task[None]] = {}

    def start(
        self,
        game_id: int,
        work: Callable[[], Coroutine[Any, Any, None]],
        when_done: Callable[[], None] | None = None,
    ) -> None:
        """Starts ``work()`` for the game unless its task is still running; ``when_done`` runs after
        the task ends, unless another has started for the game meanwhile."""
        task = self._running.get(game_id)
        if task is not None and not task.done():
            return
        task = asyncio.create_task(work(), name=f"{self.label} {game_id}")
        self._running[game_id] = task
        task.add_done_callback(lambda ended: self._forget(game_id, ended, when_done))

    def _forget(self, game_id: int, ended: asyncio.Task[None], when_done: Callable[[], None] | None) -> None:
        if self._running.get(game_id) is ended:
            del self._running[game_id]
            if when_done is not None:
                when_done()

    def tasks(self) -> list[asyncio.Task[None]]:
        """The tasks still running."""
        return [task for task in self._running.values() if not task.done()]

    def cancel_all(self) -> None:
        for task in self._running.values():
            task.cancel()
