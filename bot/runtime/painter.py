"""Draws board images in a worker process, away from the event loop that answers clicks.

A render takes tens of milliseconds, much of it in Python and in Pillow calls that keep the
interpreter lock. Rendered in threads of the bot's own process, boards compete with the event loop for
that lock, and every acknowledgement waits its turn behind them; a worker process has a lock of its
own. The worker gets the public view of the board (small to send) and returns the PNG.

The same picture is often wanted twice (the board drawn for a move, then posted again to call the
next player; the current board shown to someone who clicked an old one), so the last few are kept,
by the view they show.
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from pydantic import BaseModel

from bot.runtime.worker_process import worker_pool
from renderers.common import RenderedBoard

View = TypeVar("View", bound=BaseModel)

Renderer = Callable[[View], RenderedBoard]

# About 100 KB each: enough for the games of a busy bot to find their current board again.
KEPT_BOARDS = 32


# A canvas is several megabytes: each in a mapping of its own, given back when freed.
CANVAS_MMAP_THRESHOLD = 1 << 20
# Below the bot itself: on a busy machine, acknowledging clicks comes before drawing the boards.
PAINTER_NICENESS = 5


class Painter:
    def __init__(
        self, workers: int | None = None, kept: int = KEPT_BOARDS, renderers: tuple[str, ...] = ()
    ) -> None:
        """``renderers`` names the modules a worker imports as it starts, before any board is asked of
        it."""
        # One core is left to the bot itself; the AI's workers share the rest at a lower priority.
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self.kept = kept
        self.renderers = renderers
        self._pool: ProcessPoolExecutor | None = None
        self._boards: OrderedDict[tuple[str, str], RenderedBoard] = OrderedDict()

    def start(self) -> None:
        """Starts the workers now, so that the first board after a restart does not wait for them."""
        for _ in range(self.workers):
            # Any first task makes the pool start a worker, which runs its initializer.
            self._executor().submit(os.getpid)

    async def draw(self, render: Renderer[View], board_view: View) -> RenderedBoard:
        """``render(board_view)``, drawn in the worker (``render`` must be a module-level function) or
        found among the boards drawn last. A worker that died is replaced, and the board drawn again
        once."""
        key = (f"{render.__module__}.{render.__qualname__}", board_view.model_dump_json())
        board = self._boards.get(key)
        if board is None:
            try:
                board = await self._in_worker(render, board_view)
            except BrokenProcessPool:
                board = await self._in_worker(render, board_view)
        self._boards[key] = board
        self._boards.move_to_end(key)
        while len(self._boards) > self.kept:
            self._boards.popitem(last=False)
        return board

    async def _in_worker(self, render: Renderer[View], board_view: View) -> RenderedBoard:
        pool = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, render, board_view)
        except BrokenProcessPool:
            # Every board waiting on a dead worker fails at once: the first one replaces the pool.
            if self._pool is pool:
                self._pool = None
            raise

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers, PAINTER_NICENESS, CANVAS_MMAP_THRESHOLD, self.renderers)
        return self._pool

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
