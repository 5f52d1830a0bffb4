"""Boards drawn while a player thinks: the pictures of the moves their board offers them next.

The engines are pure reducers with the random seed in the state, so the state after each move the
player to act can make is known exactly before they click. While they think, the painter has nothing to
do; drawing the boards those moves lead to then lets the click find its board already drawn, and its
answer costs only loading, applying, saving and sending the move.

Only pictures are kept, by the view they show, as the painter keeps its own: no state worked out
here is saved or shown. The painter's own worker draws them (another worker would cost its memory),
and they give way to every board someone waits for:

- one board at a time, and only while the painter draws nothing for anyone, so a board someone
  asks for waits at most for the one board being drawn ahead (and shares it if it is that board);
  the list of the boards to draw is worked out in the worker the same way: the likeliest move's
  board alone first, drawn before the others are listed (it is the click that comes most often, and
  often soon);
- only while the machine has a core to spare (``spare_cpu``): on a busy one, the clicks come
  faster than the boards drawn ahead could be, and every board drawn for nobody takes its time
  from the bot answering them;
- a board someone asks for that is not drawn ahead drops the boards left to draw ahead (someone is
  busy: the machine's time goes to them), as does a newer position;
- a bounded number of boards is kept, within a bounded number of bytes, least recently drawn first.
"""

from __future__ import annotations

import asyncio
import functools
import os
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from pydantic import BaseModel

from renderers.common import RenderedBoard

View = TypeVar("View", bound=BaseModel)
Key = tuple[str, str]
InWorker = Callable[..., asyncio.Future[Any]]
"""Runs a module-level function on its arguments in the painter's worker."""
NextBoards = Callable[[Any, int], list[Any]]
"""A game's ``next_boards``: the public views its likely next moves lead to (``ForeseenMoves``)."""

FORESEEN_MOVES = 4
"""Moves drawn ahead per position: a board offers a handful that a player picks from most often."""
FORESEEN_BOARDS = 24
FORESEEN_BYTES = 8 << 20


def spare_cpu() -> bool:
    """Whether the machine has a core to spare: its load over the last minute is below its cores (a
    machine without a load average, Windows, is taken to have one)."""
    try:
        load, _, _ = os.getloadavg()
    except (AttributeError, OSError):
        return True
    return load < (os.cpu_count() or 1)


def board_key(render: Callable[[View], RenderedBoard], board_view: View) -> Key:
    """What the painter knows a board by: the function that draws it and the view it shows."""
    return (f"{render.__module__}.{render.__qualname__}", board_view.model_dump_json())


def views_ahead(
    render: Callable[[View], RenderedBoard], next_boards: NextBoards, state: Any, limit: int
) -> list[tuple[Key, View]]:
    """In the worker: the views ``next_boards`` gives for ``state``, each with its key."""
    return [(board_key(render, view), view) for view in next_boards(state, limit)]


class Foresight:
    """The painter's boards drawn ahead: those of one position at a time, and the ones kept."""

    def __init__(
        self,
        in_worker: InWorker,
        idle: Callable[[], bool],
        known: Callable[[Key], bool],
        boards: int = FORESEEN_BOARDS,
        max_bytes: int = FORESEEN_BYTES,
        spare: Callable[[], bool] = spare_cpu,
    ) -> None:
        """``idle()`` says whether the painter draws nothing for anyone now, ``known(key)`` whether it
        has that board already (kept or being drawn), ``spare()`` whether the machine has time to
        draw boards nobody has asked for."""
        self.in_worker = in_worker
        self.idle = idle
        self.known = known
        self.spare = spare
        self.max_boards = boards
        self.max_bytes = max_bytes
        self._boards: OrderedDict[Key, RenderedBoard] = OrderedDict()
        self.kept_bytes = 0
        """What the boards drawn ahead and not yet wanted take, in PNG bytes."""
        self._listings: list[tuple[Callable[[Any], RenderedBoard], NextBoards, Any, int]] = []
        """The position's listings to work out in the worker once it is free and no board listed
        before waits: the likeliest board alone, then all of them."""
        self._waiting: list[tuple[Key, Callable[[Any], RenderedBoard], Any]] = []
        self._listed_keys: set[Key] = set()
        """The boards the position's listings gave so far."""
        self._busy: asyncio.Future[Any] | None = None
        self._busy_key: Key | None = None
        self._position: Hashable = None
        self._round = 0
        """Counts the positions: the boards listed for an older one are not drawn."""

    def foresee(
        self,
        render: Callable[[View], RenderedBoard],
        next_boards: NextBoards,
        state: Any,
        position: Hashable,
        limit: int = FORESEEN_MOVES,
    ) -> None:
        """Draws ahead, one at a time, the boards of the views ``next_boards(state, limit)`` gives,
        in their order. Those views are worked out in the worker first, as a board drawn ahead is
        (a few milliseconds): the first alone, whose board is drawn before the rest are listed.
        ``position`` names the state (a game and its version): the same one again changes nothing,
        a new one drops what was left to list or draw for the older."""
        if position == self._position:
            return
        self._position = position
        self._round += 1
        self._waiting.clear()
        self._listed_keys.clear()
        listed = [1, limit] if limit > 1 else [limit]
        self._listings = [(render, next_boards, state, wanted) for wanted in listed]
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

    def has(self, key: Key) -> bool:
        """Whether the board for ``key`` is drawn ahead and kept."""
        return key in self._boards

    def busy(self) -> bool:
        """Whether the worker is listing or drawing boards ahead now."""
        return self._busy is not None

    def drawing(self, key: Key) -> asyncio.Future[RenderedBoard] | None:
        """The drawing under way for ``key``, if this is the board being drawn ahead now."""
        return self._busy if self._busy_key == key else None

    def make_way(self) -> None:
        """Someone waits for a board not drawn ahead: the boards left to list or draw ahead are
        dropped."""
        self._listings.clear()
        self._waiting.clear()

    def resume(self) -> None:
        """Starts drawing the next board waiting, or listing the position's boards when none waits, if
        nothing is under way, the painter is idle and the machine has time to spare (the painter calls
        this whenever it has finished its own drawings)."""
        if self._busy is not None or not self.idle() or not (self._listings or self._waiting):
            return
        if not self.spare():
            self.make_way()
            return
        while self._waiting:
            key, render, view = self._waiting.pop(0)
            if key not in self._boards and not self.known(key):
                self._busy, self._busy_key = self.in_worker(render, view), key
                self._busy.add_done_callback(self._drawn)
                return
        if self._listings:
            render, next_boards, state, limit = self._listings.pop(0)
            self._busy = self.in_worker(views_ahead, render, next_boards, state, limit)
            self._busy.add_done_callback(functools.partial(self._listed, self._round, render))

    def _listed(self, listed_round: int, render: Any, listing: asyncio.Future[Any]) -> None:
        self._busy = None
        views = _result(listing)
        if views is not None and listed_round == self._round:
            # A longer listing starts with the boards of the shorter one, taken already.
            self._waiting = [(key, render, view) for key, view in views if key not in self._listed_keys]
            self._listed_keys.update(key for key, _ in views)
        self.resume()

    def _drawn(self, drawn: asyncio.Future[RenderedBoard]) -> None:
        key = self._busy_key
        self._busy = self._busy_key = None
        board = _result(drawn)
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
        self._round += 1
        self.make_way()


def _result(work: asyncio.Future[Any]) -> Any:
    """What the work came to, or None when it failed (a board that fails here is drawn by the painter,
    if anyone wants it)."""
    return None if work.cancelled() or work.exception() is not None else work.result()
