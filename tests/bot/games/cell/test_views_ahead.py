"""The public view and menus worked out for a path while its moves are saved: taken by the board
they lead to, and only by that very board."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from itertools import islice
from types import SimpleNamespace
from typing import Any

from bot.games.cell.ahead import menus_after, offered_paths
from bot.games.cell.menus import rolled_menus, shows_rolled_menus
from bot.games.cell.paths import Explorer, Path
from bot.games.cell.views_ahead import ViewsAhead
from bot.storage import GameRecord
from bot.table.boards import foreseen_position
from locales.languages import Language
from renderers.cell.language import in_language
from renderers.cell.samples import knocked_out_mid_game
from rules.cell.view import view
from tests.bot.games.cell.test_cell_controls import record_for


class _Painter:
    """What the views ahead ask of the painter, with the menus its worker worked out ahead kept by
    position and path, as ``Painter.foreseen_controls`` hands them over."""

    def __init__(self, foreseen: dict[tuple[Any, Path], Any], in_worker: bool) -> None:
        self.foreseen = foreseen
        self.in_worker = in_worker
        self.drawn_ahead: list[Any] = []
        self.worked: list[tuple[Any, ...]] = []

    def draw_ahead(self, _render: Any, public: Any) -> None:
        self.drawn_ahead.append(public)

    def foreseen_controls(self, position: Any, move: Path) -> Any:
        return self.foreseen.pop((position, move), None)

    def better_in_worker(self, _render: Any, _public: Any) -> bool:
        return self.in_worker

    def work(self, function: Any, *arguments: Any) -> asyncio.Future[Any]:
        self.worked.append(arguments)
        done = asyncio.get_running_loop().create_future()
        done.set_result(function(*arguments))
        return done


def _record(version: int) -> GameRecord:
    return replace(record_for(players=1), version=version)


def _rolled_path() -> tuple[Path, Any]:
    """An offered path of the sample state whose board shows the rolled menus, and that board's state."""
    state = knocked_out_mid_game()
    explorer = Explorer(state, state.active_seat)
    offered = islice(offered_paths(explorer), 8)
    path = next(path for path in offered if shows_rolled_menus(explorer.state(path)))
    return path, explorer.state(path)


async def test_the_board_a_path_leads_to_takes_its_view_drawn_ahead_and_the_menus_worked_out_ahead() -> None:
    state = knocked_out_mid_game()
    path, after = _rolled_path()
    record = _record(version=5)
    position = foreseen_position(record, Language.ENGLISH)
    painter = _Painter({(position, path): menus_after(state, path)}, in_worker=True)
    ahead = ViewsAhead(SimpleNamespace(painter=painter))  # type: ignore[arg-type]
    ahead.work_out(record, 5, path, after, Language.ENGLISH)
    public = in_language(view(after, None))
    assert painter.drawn_ahead == [public]
    shown = _record(version=5 + len(path))
    taken, menus = ahead.take(shown, after, Language.ENGLISH)
    assert taken == public
    assert menus is not None and await menus == rolled_menus(after, Language.ENGLISH)
    # Found ahead, they were not worked out again; and they are taken once.
    assert painter.worked == []
    assert ahead.take(shown, after, Language.ENGLISH)[1] is None


async def test_menus_not_found_ahead_are_worked_out_in_the_worker_where_better_else_by_the_board() -> None:
    path, after = _rolled_path()
    record = _record(version=5)
    in_worker = _Painter({}, in_worker=True)
    ahead = ViewsAhead(SimpleNamespace(painter=in_worker))  # type: ignore[arg-type]
    ahead.work_out(record, 5, path, after, Language.ENGLISH)
    _, menus = ahead.take(_record(version=5 + len(path)), after, Language.ENGLISH)
    assert in_worker.worked == [(after, Language.ENGLISH)]
    assert menus is not None and await menus == rolled_menus(after, Language.ENGLISH)
    here = _Painter({}, in_worker=False)
    ahead = ViewsAhead(SimpleNamespace(painter=here))  # type: ignore[arg-type]
    ahead.work_out(record, 5, path, after, Language.ENGLISH)
    assert ahead.take(_record(version=5 + len(path)), after, Language.ENGLISH)[1] is None
    assert here.worked == []


async def test_another_version_or_language_or_state_gets_its_own_view_and_no_menus() -> None:
    state = knocked_out_mid_game()
    path, after = _rolled_path()
    record = _record(version=5)
    version = 5 + len(path)
    for shown, shown_state, language in [
        (_record(version=version + 1), after, Language.ENGLISH),
        (_record(version=version), after, Language.SPAIN_SPANISH),
        (_record(version=version), state, Language.ENGLISH),
    ]:
        ahead = ViewsAhead(SimpleNamespace(painter=_Painter({}, in_worker=True)))  # type: ignore[arg-type]
        ahead.work_out(record, 5, path, after, Language.ENGLISH)
        taken, menus = ahead.take(shown, shown_state, language)
        assert taken == in_language(view(shown_state, None), language)
        assert menus is None
