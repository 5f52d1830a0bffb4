"""Boards drawn while a player thinks: the pictures of the moves their board offers them next.

The engines are pure reducers with the random seed in the state, so the state after each move the
player to act can make is known exactly before they click. While they think, the painter has nothing to
do; drawing the boards those moves lead to then lets the click find its board already drawn, and its
answer costs only loading, applying, saving and sending the move.

Only pictures are kept, by the view they show, as the painter keeps its own: no state worked out
here is saved or shown. It never takes from a real board:

- it runs in a worker process of its own, at a lower priority than the painter's (a board someone
  waits for never queues behind a board drawn ahead, and on a busy machine the boards drawn ahead
  wait for spare time);
- it draws one board at a time, and only while the painter draws nothing for anyone;
- a newer position drops what is left of the older one's boards to draw;
- it keeps a bounded number of boards, within a bounded number of bytes, least recently drawn or
  wanted dropped first.
"""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from pydantic import BaseModel

from bot.runtime.worker_process import worker_pool
from renderers.common import RenderedBoard

View = TypeVar("View", bound=BaseModel)
Key = tuple[str, str]
NextBoards = Callable[[Any, int], list[Any]]
"""A game's ``next_boards``: the public views its likely next moves lead to (``ForeseenMoves``)."""

FORESEEN_MOVES = 4
"""Moves drawn ahead per position: a board offers a handful that a player picks from most often."""
FORESEEN_BOARDS = 24
FORESEEN_BYTES = 8 << 20


def board_key(render: Callable[[View], RenderedBoard], board_view: View) -> Key:
    """What the painter knows a board by: the function that draws it and the view it shows."""
    return (f"{render.__module__}.{render.__qualname__}", board_view.model_dump_json())


def views_ahead(
    render: Callable[[View], RenderedBoard], next_boards: NextBoards, state: Any, limit: int
) -> tuple[list[tuple[Key, View]], RenderedBoard | None]:
    """In the worker: the views ``next_boards`` gives for ``state``, each with its key, and the first
    one's board (the likeliest, drawn at once: that saves it a trip to the worker)."""
    views = next_boards(state, limit)
    return [(board_key(render, view), view) for view in views], render(views[0]) if views else None


class Foresight:
    def __init__(
        self,
        niceness: int,
        mmap_threshold: int,
        renderers: tuple[str, ...],
        idle: Callable[[], bool],
        known: Callable[[Key], bool],
        boards: int = FORESEEN_BOARDS,
        max_bytes: int = FORESEEN_BYTES,
    ) -> None:
        """``idle()`` says whether the painter draws nothing for anyone now, ``known(key)`` whether it
        has that board already (kept or being drawn)."""
        self.niceness = niceness
        self.mmap_threshold = mmap_threshold
        self.renderers = renderers
        self.idle = idle
        self.known = known
        self.max_boards = boards
        self.max_bytes = max_bytes
        self._pool: ProcessPoolExecutor | None = None
        self._boards: OrderedDict[Key, RenderedBoard] = OrderedDict()
        self.kept_bytes = 0
        """What the boards drawn ahead and not yet wanted take, in PNG bytes."""
        self._listing: tuple[Any, ...] | None = None
        self._waiting: list[tuple[Key, Callable[[Any], RenderedBoard], Any]] = []
        self._busy: asyncio.Future[Any] | None = None
        self._busy_key: Key | None = None
        self._position: Hashable = None

    def foresee(
        self,
        render: Callable[[View], RenderedBoard],
        next_boards: NextBoards,
        state: Any,
        position: Hashable,
        limit: int = FORESEEN_MOVES,
    ) -> None:
        """Draws ahead, one at a time, the boards of the views ``next_boards(state, limit)`` gives
        (worked out in the worker too), in their order. ``position`` names the state (a game and its
        version): the same one again changes nothing, a new one drops what was left to draw for the
        older."""
        if position == self._position:
            return
        self._position = position
        self._waiting.clear()
        self._listing = (position, render, next_boards, state, limit)
        self.resume()

    def __len__(self) -> int:
        """How many boards drawn ahead are kept, not yet wanted."""
        return len(self._boards)

    def take(self, key: Key) -> RenderedBoard | None:
        """The board drawn ahead for ``key``, handed over (the painter keeps it from then on)."""
        board = self._boards.pop(key, None)
        if board is not None:
            self.kept_bytes -= len(board.png)
        return board

    def drawing(self, key: Key) -> asyncio.Future[RenderedBoard] | None:
        """The drawing under way for ``key``, if this is the board being drawn ahead now."""
        return self._busy if self._busy_key == key else None

    def resume(self) -> None:
        """Starts the next piece of work, if none is under way and the painter is idle (the painter
        calls this whenever it has finished its own drawings)."""
        if self._busy is not None or not self.idle():
            return
        if self._listing is not None:
            position, render, next_boards, state, limit = self._listing
            self._listing = None
            self._submit(
                None,
                functools.partial(self._listed, position, render),
                views_ahead,
                render,
                next_boards,
                state,
                limit,
            )
            return
        while self._waiting:
            key, render, view = self._waiting.pop(0)
            if key not in self._boards and not self.known(key):
                self._submit(key, self._drawn, render, view)
                return

    def _submit(
        self, key: Key | None, done: Callable[[asyncio.Future[Any]], None], work: Any, *arguments: Any
    ) -> None:
        if self._pool is None:
            self._pool = worker_pool(1, self.niceness, self.mmap_threshold, self.renderers)
        try:
            busy = asyncio.get_running_loop().run_in_executor(self._pool, work, *arguments)
        except BrokenProcessPool:
            # The worker died since the last piece of work: the next one starts a new worker.
            self._pool = None
            return
        self._busy, self._busy_key = busy, key
        busy.add_done_callback(done)

    def _finished(self, work: asyncio.Future[Any]) -> Any:
        """What the work came to (None when it failed: a board that fails here is drawn by the
        painter, if anyone wants it), with the worker free for the next piece."""
        self._busy = self._busy_key = None
        if work.cancelled():
            return None
        if isinstance(work.exception(), BrokenProcessPool):
            self._pool = None
        return None if work.exception() is not None else work.result()

    def _listed(self, position: Hashable, render: Any, listing: asyncio.Future[Any]) -> None:
        listed = self._finished(listing)
        if listed is not None:
            views, first = listed
            if first is not None and not self.known(views[0][0]):
                self._keep(views[0][0], first)
            if position == self._position:
                self._waiting = [(key, render, view) for key, view in views[1:]]
        self.resume()

    def _drawn(self, drawn: asyncio.Future[RenderedBoard]) -> None:
        key = self._busy_key
        board = self._finished(drawn)
        # The painter may have drawn it meanwhile, for someone who could not wait.
        if key is not None and board is not None and not self.known(key):
            self._keep(key, board)
        self.resume()

    def _keep(self, key: Key, board: RenderedBoard) -> None:
        self.take(key)
        self._boards[key] = board
        self.kept_bytes += len(board.png)
        while len(self._boards) > self.max_boards or self.kept_bytes > self.max_bytes:
            _, dropped = self._boards.popitem(last=False)
            self.kept_bytes -= len(dropped.png)

    def stop(self) -> None:
        self._position = None
        self._listing = None
        self._waiting.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
