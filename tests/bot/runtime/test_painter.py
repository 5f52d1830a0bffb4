"""Boards drawn in a worker process: the same picture as drawn in place, kept for the next time the
same view is wanted, and drawn again when the worker died."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

from pydantic import BaseModel

from bot.runtime.painter import Painter
from renderers.cell import render_cell
from renderers.cell.samples import knocked_out_mid_game
from renderers.common import RenderedBoard
from rules.cell.view import view


class Sketch(BaseModel):
    """A stand-in board view; ``crash_once`` names a file whose absence makes the worker die."""

    label: str
    crash_once: str = ""


def render_sketch(sketch: Sketch) -> RenderedBoard:
    """Says which process drew it, so a test can tell a worker's board from a kept one."""
    if sketch.crash_once and not Path(sketch.crash_once).exists():
        Path(sketch.crash_once).touch()
        os._exit(1)
    return RenderedBoard(png=sketch.label.encode(), alt_text=str(os.getpid()), width=1, height=1)


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
