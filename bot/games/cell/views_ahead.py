"""The public views of the states that moves being saved lead to, kept for the boards that show them.

A path of moves is checked before it is saved, so the state it leads to is known at once: its view
(and its menus, in the painter's worker) is worked out while the moves are saved, and the board
shown once they are takes it instead of working it out again.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.core.host import Host
from bot.games.cell.menus import RolledMenus, rolled_menus, shows_rolled_menus
from bot.games.cell.paths import Path
from bot.storage import GameRecord
from bot.table.boards import foreseen_position
from locales.languages import Language
from renderers.cell import render_cell
from renderers.cell.language import CellBoardView, in_language
from rules.cell.state import CellState
from rules.cell.view import view

# One per game, and a few games' more (a move refused on the way leaves its view behind until its
# game's next board).
VIEWS_AHEAD = 64


@dataclass(frozen=True)
class _ViewAhead:
    """The public view of the state a move being saved leads to, as version ``version``, and its
    menus being worked out (None where its board shows none, or they are left to the board)."""

    version: int
    state: CellState
    public: CellBoardView
    menus: asyncio.Future[RolledMenus] | None


class ViewsAhead:
    def __init__(self, host: Host) -> None:
        # The host's painter starts after its controllers are made.
        self._host = host
        self._kept: dict[int, _ViewAhead] = {}

    def work_out(
        self, record: GameRecord, version: int, path: Path, after: CellState, language: Language
    ) -> None:
        """Starts on the board ``path`` leads to from board ``version`` of ``record``'s game: its
        image drawn ahead, its view and menus kept for it."""
        public = in_language(view(after, None), language)
        menus = self._menus(record, version, path, after, public, language)
        self._host.painter.draw_ahead(render_cell, public)
        self._kept.pop(record.id, None)
        self._kept[record.id] = _ViewAhead(version + len(path), after, public, menus)
        while len(self._kept) > VIEWS_AHEAD:
            self._kept.pop(next(iter(self._kept)))

    def take(
        self, record: GameRecord, state: CellState, language: Language
    ) -> tuple[CellBoardView, asyncio.Future[RolledMenus] | None]:
        """The board's public view in ``language`` and its menus being worked out: the ones kept,
        when they are of this very state (a move saved by someone else meanwhile leads elsewhere)."""
        ahead = self._kept.pop(record.id, None)
        if (
            ahead is not None
            and ahead.version == record.version
            and ahead.public.language is language
            and (ahead.state is state or ahead.state == state)
        ):
            return ahead.public, ahead.menus
        return in_language(view(state, None), language), None

    def _menus(
        self,
        record: GameRecord,
        version: int,
        path: Path,
        after: CellState,
        public: CellBoardView,
        language: Language,
    ) -> asyncio.Future[RolledMenus] | None:
        """The menus worked out with that board drawn ahead, or else worked out in the painter's
        worker while the moves are saved, where that is better (see ``Painter.better_in_worker``);
        None leaves them to be worked out while the board is drawn."""
        if not shows_rolled_menus(after):
            return None
        foreseen = self._host.painter.foreseen_controls(foreseen_position(record, language, version), path)
        if isinstance(foreseen, RolledMenus):
            ready: asyncio.Future[RolledMenus] = asyncio.get_running_loop().create_future()
            ready.set_result(foreseen)
            return ready
        if self._host.painter.better_in_worker(render_cell, public):
            return self._host.painter.work(rolled_menus, after, language)
        return None
