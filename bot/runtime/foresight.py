"""Boards drawn while a player thinks: the pictures of the moves their board offers them next.

The engines are pure reducers with the random seed in the state, so the state after each move the
player to act can make is known exactly before they click. While they think, the painter has nothing to
do; drawing the boards those moves lead to then lets the click find its board already drawn, and its
answer costs only loading, applying, saving and sending the move. What the controls of such a board
need that takes time to work out (Perfect Cell's menus) is worked out once the boards are drawn, a
board's controls at a time, and kept by the position and the move that lead to it (``controls``): a
picture takes longer than its controls, and a click that finds its picture drawn is spared the most.

Only pictures and controls are kept, by the view they show and the move that leads to them: no
state worked out here is saved or shown. The painter's own worker works them out (another worker would
cost its memory), and they give way to every board someone waits for:

- one board (or one board's controls) at a time, and only while the painter draws nothing for
  anyone, so a board someone asks for waits at most for the one piece of work under way (and shares
  it if it is that board); the list of the boards to draw is worked out in the worker the same way:
  the likeliest move's board alone first, drawn before the others are listed (it is the click that
  comes most often, and often soon);
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from renderers.common import RenderedBoard

View = TypeVar("View", bound=BaseModel)
Key = tuple[str, str]
InWorker = Callable[..., asyncio.Future[Any]]
"""Runs a module-level function on its arguments in the painter's worker."""


@dataclass(frozen=True)
class Foreseen:
    """A move a board offers and the board it leads to, worked out before anyone makes it."""

    move: Hashable
    """The move as its game names it (a Perfect Cell option's path)."""
    view: BaseModel
    """The public view of the board it leads to, as its renderer draws it."""


NextBoards = Callable[[Any, int, int], list[Foreseen]]
"""A game's ``next_boards(state, limit, skip)``: its likely next moves after the first ``skip``, up to
``limit`` moves in all (``ForeseenMoves``)."""
BoardControls = Callable[[Any, Hashable], Any]
"""A game's ``board_controls(state, move)``: what the controls of the board ``move`` leads to need,
or None (``ForeseenMoves``)."""

FORESEEN_MOVES = 4
"""Moves drawn ahead per position: a board offers a handful that a player picks from most often."""
FORESEEN_BOARDS = 24
FORESEEN_BYTES = 8 << 20
FORESEEN_CONTROLS = 64
"""Boards' controls kept: those of a few positions' ``FORESEEN_MOVES``."""


CPU_PRESSURE = Path("/proc/pressure/cpu")
SPARE_PRESSURE = 20.0
"""The share of time (in %) tasks ready to run may have waited for a core over the last ten seconds,
below which the machine has one to spare: a bot alone, its workers drawing ahead included, stays under
10; one answering clicks as fast as fifty channels send them passes 25 within ten seconds."""


def spare_cpu(pressure: Path = CPU_PRESSURE) -> bool:
    """Whether the machine has a core to spare. Where Linux reports CPU pressure, by how long tasks
    waited for one: the bot's own workers drawing ahead on an idle core keep nobody waiting. Elsewhere,
    by whether the load average over the last minute is below the cores, which counts those workers
    as load and trails a burst by a minute; a machine without either (Windows) is taken to have one."""
    waited = cpu_pressure(pressure)
    if waited is not None:
        return waited < SPARE_PRESSURE
    try:
        load, _, _ = os.getloadavg()
    except (AttributeError, OSError):
        return True
    return load < (os.cpu_count() or 1)


def cpu_pressure(pressure: Path) -> float | None:
    """From Linux's pressure stall information, the share of the last ten seconds (in %) in which some
    task waited for a core, or None where the kernel does not report it."""
    try:
        some = pressure.read_text().splitlines()[0].split()
        fields = dict(field.split("=", 1) for field in some[1:])
        return float(fields["avg10"])
    except (OSError, IndexError, KeyError, ValueError):
        return None


def board_key(render: Callable[[View], RenderedBoard], board_view: View) -> Key:
    """What the painter knows a board by: the function that draws it and the view it shows."""
    return (f"{render.__module__}.{render.__qualname__}", board_view.model_dump_json())


def views_ahead(
    render: Callable[[View], RenderedBoard], next_boards: NextBoards, state: Any, limit: int, skip: int
) -> list[tuple[Key, Foreseen]]:
    """In the worker: the moves ``next_boards`` gives for ``state``, each with its board's key."""
    return [(board_key(render, move.view), move) for move in next_boards(state, limit, skip)]


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
        self._listings: list[tuple[Callable[[Any], RenderedBoard], NextBoards, int, int]] = []
        """The position's listings to work out in the worker once it is free and no move listed
        before waits: the likeliest move alone, then the others."""
        self._waiting: list[tuple[Key, Callable[[Any], RenderedBoard], Any]] = []
        self._waiting_controls: list[Hashable] = []
        """The moves listed whose boards' controls are to be worked out, once no board waits."""
        self._listed_keys: set[Key] = set()
        """The boards the position's listings gave so far."""
        self._controls: OrderedDict[tuple[Hashable, Hashable], Any] = OrderedDict()
        """The controls worked out for the boards listed, by position and move."""
        self._busy: asyncio.Future[Any] | None = None
        self._busy_key: Key | None = None
        self._position: Hashable = None
        self._state: Any = None
        self._controls_of: BoardControls | None = None
        self._round = 0
        """Counts the positions: the boards listed for an older one are not drawn."""

    def foresee(
        self,
        render: Callable[[View], RenderedBoard],
        next_boards: NextBoards,
        state: Any,
        position: Hashable,
        limit: int = FORESEEN_MOVES,
        controls: BoardControls | None = None,
    ) -> None:
        """Draws ahead, one at a time, the boards of the views ``next_boards(state, limit)`` gives,
        in their order. Those views are worked out in the worker first, as a board drawn ahead is
        (a few milliseconds): the first alone, whose board is drawn before the rest are listed.
        ``position`` names the state (a game and its version): the same one again changes nothing,
        a new one drops what was left to list or draw for the older. With ``controls``, once the
        boards are drawn, ``controls(state, move)`` is worked out for each move, kept for
        ``controls``."""
        if position == self._position:
            return
        self._position, self._state, self._controls_of = position, state, controls
        self._round += 1
        self._waiting.clear()
        self._waiting_controls.clear()
        self._listed_keys.clear()
        listed = [(1, 0), (limit, 1)] if limit > 1 else [(limit, 0)]
        self._listings = [(render, next_boards, wanted, skip) for wanted, skip in listed]
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

    def controls(self, position: Hashable, move: Hashable) -> Any:
        """The controls worked out for the board ``move`` leads to from ``position``, handed over, or
        None when none were."""
        return self._controls.pop((position, move), None)

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
        self._waiting_controls.clear()

    def resume(self) -> None:
        """Starts drawing the next board waiting, or listing the position's moves when none waits, or
        else working out the next board's controls, if nothing is under way, the painter is idle and
        the machine has time to spare (the painter calls this whenever it has finished its own
        drawings)."""
        if self._busy is not None or not self.idle():
            return
        if not (self._listings or self._waiting or self._waiting_controls):
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
            render, next_boards, limit, skip = self._listings.pop(0)
            self._busy = self.in_worker(views_ahead, render, next_boards, self._state, limit, skip)
            self._busy.add_done_callback(functools.partial(self._listed, self._round, render))
            return
        while self._waiting_controls:
            move = self._waiting_controls.pop(0)
            if self._controls_of is not None and (self._position, move) not in self._controls:
                self._busy = self.in_worker(self._controls_of, self._state, move)
                self._busy.add_done_callback(functools.partial(self._worked_out, self._position, move))
                return

    def _listed(self, listed_round: int, render: Any, listing: asyncio.Future[Any]) -> None:
        self._busy = None
        moves = _result(listing)
        if moves is not None and listed_round == self._round:
            # Two moves may lead to the same board: it is drawn once.
            self._waiting = [(key, render, move.view) for key, move in moves if key not in self._listed_keys]
            self._listed_keys.update(key for key, _ in moves)
            if self._controls_of is not None:
                self._waiting_controls.extend(move.move for _, move in moves)
        self.resume()

    def _worked_out(self, position: Hashable, move: Hashable, work: asyncio.Future[Any]) -> None:
        self._busy = None
        controls = _result(work)
        # Kept even when a newer position came meanwhile: it may be another game's, whose players
        # click this board still.
        if controls is not None:
            self._controls[(position, move)] = controls
            while len(self._controls) > FORESEEN_CONTROLS:
                self._controls.popitem(last=False)
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
