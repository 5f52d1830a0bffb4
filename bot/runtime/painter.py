"""Draws board images in a worker process, away from the event loop that answers clicks.

A render takes tens of milliseconds, much of it in Python and in Pillow calls that keep the
interpreter lock. Rendered in threads of the bot's own process, boards compete with the event loop for
that lock, and every acknowledgement waits its turn behind them; a worker process has a lock of its
own. The worker gets the public view of the board (small to send) and returns the PNG.

The same picture is often wanted twice (the board drawn for a move, then posted again to call the
next player; the current board shown to someone who clicked an old one), so the last few are kept,
by the view they show. A board being drawn is shared too: whoever wants the same view meanwhile
waits for that drawing, so a board can be started early (``begin``, as soon as the bot knows what the
next board will show) and picked up where it is needed. While a player thinks, the boards their
likely next moves lead to are drawn ahead (``foresee``, see ``bot.runtime.foresight``).
"""

from __future__ import annotations

import asyncio
import functools
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from pydantic import BaseModel

from bot.runtime.foresight import BoardControls, Foresight, Key, NextBoards, board_key, spare_cpu
from bot.runtime.worker_process import worker_pool
from renderers.common import RenderedBoard

View = TypeVar("View", bound=BaseModel)

Renderer = Callable[[View], RenderedBoard]

# About 100 KB each: enough for the games of a busy bot to find their current board again.
KEPT_BOARDS = 32


# Views whose keys are remembered: those of the boards of the moves being saved at once.
KEYS_KEPT = 16

# A canvas is several megabytes: each in a mapping of its own, given back when freed.
CANVAS_MMAP_THRESHOLD = 1 << 20
# Below the bot itself: on a busy machine, acknowledging clicks comes before drawing the boards.
PAINTER_NICENESS = 5


class Painter:
    def __init__(
        self,
        workers: int | None = None,
        kept: int = KEPT_BOARDS,
        renderers: tuple[str, ...] = (),
        spare: Callable[[], bool] = spare_cpu,
    ) -> None:
        """``renderers`` names the modules a worker imports as it starts, before any board is asked of
        it; ``spare()`` says whether the machine has time for boards drawn ahead (``Foresight``), and
        whether the event loop can spare the time for work the worker could do (``better_in_worker``)."""
        # One core is left to the bot itself; the AI's workers share the rest at a lower priority.
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self.kept = kept
        self.renderers = renderers
        self.spare = spare
        self._pool: ProcessPoolExecutor | None = None
        self._boards: OrderedDict[Key, RenderedBoard] = OrderedDict()
        self._drawing: dict[Key, asyncio.Task[RenderedBoard]] = {}
        self._keys: OrderedDict[int, tuple[Renderer[Any], BaseModel, Key]] = OrderedDict()
        self.foresight = Foresight(
            self._in_worker,
            idle=lambda: not self._drawing,
            known=lambda key: key in self._boards or key in self._drawing,
            spare=spare,
        )

    def start(self) -> None:
        """Starts the workers now, so that the first board after a restart does not wait for them."""
        for _ in range(self.workers):
            # Any first task makes the pool start a worker, which runs its initializer.
            self._executor().submit(os.getpid)

    async def draw(self, render: Renderer[View], board_view: View) -> RenderedBoard:
        """``render(board_view)``, drawn in the worker (``render`` must be a module-level function) or
        found among the boards drawn last or being drawn. A worker that died is replaced, and the board
        drawn again once."""
        return await self.begin(render, board_view)

    def begin(self, render: Renderer[View], board_view: View) -> Awaitable[RenderedBoard]:
        """Starts ``draw`` at once (the worker has the board before this returns) and returns what to
        await for it. A caller that stops waiting leaves the drawing to the others who want it."""
        found = self._kept_or_drawing(render, board_view)
        if isinstance(found, asyncio.Task):
            return asyncio.shield(found)
        kept: asyncio.Future[RenderedBoard] = asyncio.get_running_loop().create_future()
        kept.set_result(found)
        return kept

    def draw_ahead(self, render: Renderer[View], board_view: View) -> None:
        """Starts drawing a board that is about to be wanted, for ``draw`` to find (nothing waits for
        it here: a board that fails is drawn again when it is wanted)."""
        self._kept_or_drawing(render, board_view)

    def better_in_worker(self, render: Renderer[View], board_view: View) -> bool:
        """Whether work the event loop could do itself while the worker draws ``board_view``'s board
        (a board's menus) had better be sent to the worker (``work``): when the worker has nothing
        to do and that board is drawn already, so the work starts at once and delays no board; and
        whenever the machine has no core to spare, when the event loop's time is the scarcest (every
        click waits for it) and a board drawn a little later keeps only its own click waiting."""
        if not self.spare():
            return True
        key = self._key(render, board_view)
        drawn = key in self._boards or self.foresight.has(key)
        return drawn and not self._drawing and not self.foresight.busy()

    def work(self, work: Callable[..., Any], *arguments: Any) -> asyncio.Future[Any]:
        """``work(*arguments)`` (a module-level function), sent to the worker now: work that needs no
        Discord and would hold the event loop for milliseconds, such as a board's menus. It queues
        with the boards; a failure (a worker that died) is the future's, for the caller to handle."""
        done = self._in_worker(work, *arguments)
        # Nobody may end up waiting for it: its failure must not be reported as never retrieved.
        done.add_done_callback(lambda done: done.cancelled() or done.exception())
        return done

    def foresee(
        self,
        render: Renderer[View],
        next_boards: NextBoards,
        state: Any,
        position: Hashable,
        controls: BoardControls | None = None,
    ) -> None:
        """Draws ahead, while nothing else is drawn, the boards ``next_boards(state, limit, skip)``
        gives: those of the moves the player to act is likely to make next (``ForeseenMoves``), for
        ``draw`` to find when they make one, each followed by ``controls(state, move)`` for
        ``foreseen_controls``. ``position`` names ``state`` (see ``Foresight``)."""
        self.foresight.foresee(render, next_boards, state, position, controls=controls)

    def foreseen_controls(self, position: Hashable, move: Hashable) -> Any:
        """What the controls of the board ``move`` leads to from ``position`` need, worked out after
        that board ahead, or None when they were not."""
        return self.foresight.controls(position, move)

    def _kept_or_drawing(
        self, render: Renderer[View], board_view: View
    ) -> RenderedBoard | asyncio.Task[RenderedBoard]:
        key = self._key(render, board_view)
        board = self._boards.get(key) or self.foresight.take(key)
        if board is not None:
            self._keep(key, board)
            return board
        drawing = self._drawing.get(key)
        if drawing is None:
            # A board being drawn ahead is taken over; for any other, the boards left to draw ahead
            # give way.
            first_try = self.foresight.drawing(key)
            if first_try is None:
                self.foresight.make_way()
                first_try = self._in_worker(render, board_view)
            drawing = asyncio.create_task(self._draw_new(key, first_try, render, board_view))
            self._drawing[key] = drawing
            drawing.add_done_callback(functools.partial(self._drawn, key))
        return drawing

    def _key(self, render: Renderer[View], board_view: View) -> Key:
        """``board_key``, worked out once for the same view asked for again (drawn ahead as its move is
        saved, then shown, with other games' boards asked for in between): the views given to the
        painter are never changed. The views are kept with their keys, so an id is never reused."""
        known = self._keys.get(id(board_view))
        if known is not None and known[0] is render and known[1] is board_view:
            self._keys.move_to_end(id(board_view))
            return known[2]
        key = board_key(render, board_view)
        self._keys[id(board_view)] = (render, board_view, key)
        while len(self._keys) > KEYS_KEPT:
            self._keys.popitem(last=False)
        return key

    async def _draw_new(
        self,
        key: Key,
        first_try: asyncio.Future[RenderedBoard],
        render: Renderer[View],
        board_view: View,
    ) -> RenderedBoard:
        try:
            board = await first_try
        except BrokenProcessPool:
            board = await self._in_worker(render, board_view)
        self._keep(key, board)
        return board

    def _drawn(self, key: Key, drawing: asyncio.Task[RenderedBoard]) -> None:
        if self._drawing.get(key) is drawing:
            del self._drawing[key]
        self.foresight.resume()
        # A board drawn ahead may fail with no one waiting: whoever wants it draws it again.
        if not drawing.cancelled():
            drawing.exception()

    def _keep(self, key: Key, board: RenderedBoard) -> None:
        self._boards[key] = board
        self._boards.move_to_end(key)
        while len(self._boards) > self.kept:
            self._boards.popitem(last=False)

    def _in_worker(self, work: Callable[..., Any], *arguments: Any) -> asyncio.Future[Any]:
        """``work(*arguments)`` (a board, or the boards ahead), sent to a worker now."""
        pool = self._executor()
        drawn = asyncio.get_running_loop().run_in_executor(pool, work, *arguments)

        def forget_dead_pool(drawn: asyncio.Future[Any]) -> None:
            # Every board waiting on a dead worker fails at once: the first one replaces the pool.
            broken = not drawn.cancelled() and isinstance(drawn.exception(), BrokenProcessPool)
            if broken and self._pool is pool:
                self._pool = None

        drawn.add_done_callback(forget_dead_pool)
        return drawn

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers, PAINTER_NICENESS, CANVAS_MMAP_THRESHOLD, self.renderers)
        return self._pool

    def stop(self) -> None:
        self.foresight.stop()
        for drawing in self._drawing.values():
            drawing.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
