"""Boards drawn in a worker process: the same picture as drawn in place, kept for the next time the
same view is wanted, shared while it is being drawn (also when drawn ahead), and drawn again when the
worker died."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.runtime.painter import Painter
from renderers.cell import render_cell
from renderers.cell.samples import knocked_out_mid_game
from renderers.common import RenderedBoard
from rules.cell.view import view


class Sketch(BaseModel):
    """A stand-in board view; ``crash_once`` names a file whose absence makes the worker die, ``tally``
    a file that gets a line for every drawing, and ``fail`` makes the drawing raise."""

    label: str
    crash_once: str = ""
    tally: str = ""
    fail: bool = False


def render_sketch(sketch: Sketch) -> RenderedBoard:
    """Says which process drew it, so a test can tell a worker's board from a kept one."""
    if sketch.crash_once and not Path(sketch.crash_once).exists():
        Path(sketch.crash_once).touch()
        os._exit(1)
    if sketch.tally:
        with Path(sketch.tally).open("a") as tally:
            tally.write("drawn\n")
    if sketch.fail:
        raise ValueError(f"cannot draw {sketch.label}")
    return RenderedBoard(png=sketch.label.encode(), alt_text=str(os.getpid()), width=1, height=1)


def drawings(tally: Path) -> int:
    return len(tally.read_text().splitlines()) if tally.exists() else 0


async def test_a_board_drawn_in_the_worker_is_the_one_drawn_in_place() -> None:
    board_view = view(knocked_out_mid_game(), None)
    painter = Painter()
    try:
        drawn = await painter.draw(render_cell, board_view)
    finally:
        painter.stop()
    assert drawn == render_cell(board_view)


async def test_the_same_view_is_drawn_once_and_the_oldest_board_is_dropped() -> None:
    painter = Painter(kept=2)
    try:
        first = await painter.draw(render_sketch, Sketch(label="a"))
        assert first.alt_text != str(os.getpid())
        assert await painter.draw(render_sketch, Sketch(label="a")) is first
        other = await painter.draw(render_sketch, Sketch(label="b"))
        assert other.png == b"b"
        third = await painter.draw(render_sketch, Sketch(label="c"))
        # "a" was the least recently wanted of three boards: it is drawn anew, and "b" makes room.
        assert await painter.draw(render_sketch, Sketch(label="a")) is not first
        assert await painter.draw(render_sketch, Sketch(label="c")) is third
        assert await painter.draw(render_sketch, Sketch(label="b")) is not other
    finally:
        painter.stop()


async def test_a_worker_that_died_is_replaced_and_the_board_drawn_again(tmp_path: Path) -> None:
    painter = Painter()
    try:
        board = await painter.draw(render_sketch, Sketch(label="x", crash_once=str(tmp_path / "crashed")))
    finally:
        painter.stop()
    assert board.png == b"x"
    assert (tmp_path / "crashed").exists()


async def test_a_started_painter_has_its_worker_running_before_the_first_board() -> None:
    painter = Painter(workers=1, renderers=("renderers.cell",))
    running_before = set(multiprocessing.active_children())
    painter.start()
    try:
        assert set(multiprocessing.active_children()) - running_before
        assert (await painter.draw(render_sketch, Sketch(label="w"))).png == b"w"
    finally:
        painter.stop()


async def test_a_board_wanted_again_while_it_is_drawn_is_drawn_once(tmp_path: Path) -> None:
    sketch = Sketch(label="s", tally=str(tmp_path / "tally"))
    painter = Painter()
    try:
        first, second = await asyncio.gather(
            painter.draw(render_sketch, sketch), painter.draw(render_sketch, sketch)
        )
    finally:
        painter.stop()
    assert first is second
    assert drawings(tmp_path / "tally") == 1


async def test_a_board_drawn_ahead_is_the_one_drawn_when_it_is_wanted(tmp_path: Path) -> None:
    sketch = Sketch(label="ahead", tally=str(tmp_path / "tally"))
    painter = Painter()
    try:
        painter.draw_ahead(render_sketch, sketch)
        board = await painter.draw(render_sketch, sketch)
        assert await painter.draw(render_sketch, sketch) is board
    finally:
        painter.stop()
    assert board.png == b"ahead"
    assert drawings(tmp_path / "tally") == 1


async def test_a_board_that_failed_is_not_kept_and_is_drawn_again_when_wanted(tmp_path: Path) -> None:
    sketch = Sketch(label="bad", tally=str(tmp_path / "tally"), fail=True)
    painter = Painter()
    try:
        painter.draw_ahead(render_sketch, sketch)
        with pytest.raises(ValueError, match="cannot draw bad"):
            await painter.draw(render_sketch, sketch)
        assert drawings(tmp_path / "tally") == 1
        with pytest.raises(ValueError, match="cannot draw bad"):
            await painter.draw(render_sketch, sketch)
    finally:
        painter.stop()
    assert drawings(tmp_path / "tally") == 2


async def test_a_caller_that_stops_waiting_leaves_the_board_to_the_others(tmp_path: Path) -> None:
    sketch = Sketch(label="shared", tally=str(tmp_path / "tally"))
    painter = Painter()
    try:
        impatient = asyncio.ensure_future(painter.draw(render_sketch, sketch))
        patient = asyncio.ensure_future(painter.draw(render_sketch, sketch))
        await asyncio.sleep(0)
        impatient.cancel()
        board = await patient
    finally:
        painter.stop()
    assert board.png == b"shared"
    assert impatient.cancelled()
    assert drawings(tmp_path / "tally") == 1


async def test_work_goes_to_the_worker_when_it_is_free_and_the_board_drawn_or_the_machine_busy() -> None:
    busy = False
    painter = Painter(spare=lambda: not busy)
    try:
        assert not painter.better_in_worker(render_sketch, Sketch(label="a")), "the board must be drawn"
        drawing = painter.begin(render_sketch, Sketch(label="a"))
        assert not painter.better_in_worker(render_sketch, Sketch(label="a")), "the worker draws it"
        await drawing
        assert painter.better_in_worker(render_sketch, Sketch(label="a"))
        assert not painter.better_in_worker(render_sketch, Sketch(label="b"))
        busy = True
        assert painter.better_in_worker(render_sketch, Sketch(label="b"))
        # The work runs in the worker, not here.
        assert await painter.work(os.getpid) != os.getpid()
    finally:
        painter.stop()
