"""Boards drawn ahead while a player thinks: the same pictures as drawn for the move, found by the
click, drawn in a worker of their own one at a time and only while the painter is idle, bounded, and
dropped for a newer position."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.games.cell.module import CellModule
from bot.runtime.foresight import Foreseen, board_key, cpu_pressure, spare_cpu
from bot.runtime.painter import Painter
from renderers.cell import render_cell
from renderers.cell.samples import knocked_out_mid_game
from renderers.common import RenderedBoard

WAIT_SECONDS = 30.0


def always_spare() -> bool:
    """The machine has time to spare (these tests run beside others on a busy one)."""
    return True


class Slow(BaseModel):
    """A stand-in board: drawn once ``gate`` exists (immediately when it is ""), with a line in
    ``tally`` for every drawing."""

    label: str
    tally: str
    gate: str = ""


def render_slow(slow: Slow) -> RenderedBoard:
    while slow.gate and not Path(slow.gate).exists():
        os.sched_yield()
    with Path(slow.tally).open("a") as tally:
        tally.write(f"{slow.label}\n")
    return RenderedBoard(png=slow.label.encode() * 100, alt_text=str(os.getpid()), width=1, height=1)


class Position(BaseModel):
    """A stand-in state: its next boards are named after it."""

    name: str
    tally: str
    gate: str = ""
    moves: int = 3


def slows(position: Position, limit: int, skip: int = 0) -> list[Slow]:
    """The first board waits for the position's gate."""
    return [
        Slow(label=f"{position.name}{move}", tally=position.tally, gate=position.gate if move == 0 else "")
        for move in range(skip, min(limit, position.moves))
    ]


def next_slows(position: Position, limit: int, skip: int = 0) -> list[Foreseen]:
    """The position's moves, numbered."""
    return [Foreseen(move, slow) for move, slow in enumerate(slows(position, limit, skip), start=skip)]


def slow_controls(position: Position, move: int) -> str:
    """A move's controls: its board's label, once that board is drawn."""
    return slows(position, move + 1, move)[0].label


def under_way(painter: Painter, slow: Slow) -> bool:
    return painter.foresight.drawing(board_key(render_slow, slow)) is not None


def drawn(tally: Path) -> list[str]:
    return tally.read_text().splitlines() if tally.exists() else []


async def until(condition: object) -> None:
    async with asyncio.timeout(WAIT_SECONDS):
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.01)


async def test_the_boards_drawn_ahead_are_found_by_the_click(tmp_path: Path) -> None:
    tally = tmp_path / "tally"
    position = Position(name="a", tally=str(tally))
    painter = Painter(spare=always_spare)
    try:
        painter.foresee(render_slow, next_slows, position, "a")
        await until(lambda: len(painter.foresight) == 3)
        for slow in slows(position, 3):
            board = await painter.draw(render_slow, slow)
            assert board.png == slow.label.encode() * 100
            # Kept by the painter from then on, like a board it drew.
            assert await painter.draw(render_slow, slow) is board
        assert drawn(tally) == ["a0", "a1", "a2"]
        assert len(painter.foresight) == 0
    finally:
        painter.stop()


async def test_the_boards_controls_come_after_them_found_by_position_and_move_once(tmp_path: Path) -> None:
    position = Position(name="a", tally=str(tmp_path / "tally"))
    painter = Painter(spare=always_spare)
    try:
        painter.foresee(render_slow, next_slows, position, "a", controls=slow_controls)
        await until(lambda: len(painter.foresight) == 3 and not painter.foresight.busy())
        # Another game's position comes: the first one's controls are still there for its click.
        later = Position(name="b", tally=str(tmp_path / "b"))
        painter.foresee(render_slow, next_slows, later, "b", controls=slow_controls)
        assert painter.foreseen_controls("a", 2) == "a2"
        assert painter.foreseen_controls("a", 2) is None
        assert painter.foreseen_controls("a", 0) == "a0"
        assert painter.foreseen_controls("a", 7) is None
    finally:
        painter.stop()


async def test_a_cell_board_drawn_ahead_is_byte_identical_to_the_one_drawn_in_place() -> None:
    state = knocked_out_mid_game()
    module = CellModule()
    painter = Painter(renderers=("renderers.cell",), spare=always_spare)
    try:
        painter.foresee(render_cell, module.next_boards, state, "mid-game")
        await until(lambda: len(painter.foresight) == 4)
        for board_view in [move.view for move in module.next_boards(state, 4)]:
            assert await painter.draw(render_cell, board_view) == render_cell(board_view)
        assert len(painter.foresight) == 0
    finally:
        painter.stop()


async def test_a_board_someone_waits_for_waits_at_most_for_the_one_drawn_ahead(tmp_path: Path) -> None:
    gate = tmp_path / "gate"
    ahead = tmp_path / "ahead"
    painter = Painter(spare=always_spare)
    try:
        position = Position(name="a", tally=str(ahead), gate=str(gate))
        painter.foresee(render_slow, next_slows, position, "a")
        await until(lambda: under_way(painter, slows(position, 1)[0]))
        wanted = painter.begin(render_slow, Slow(label="now", tally=str(tmp_path / "wanted")))
        gate.touch()
        assert (await wanted).png.startswith(b"now")
        await asyncio.sleep(0.3)
    finally:
        painter.stop()
    # The board under way was finished; the others were dropped for the one someone wanted.
    assert drawn(ahead) == ["a0"]
    assert len(painter.foresight) == 1


async def test_a_board_wanted_while_it_is_drawn_ahead_is_drawn_once(tmp_path: Path) -> None:
    gate = tmp_path / "gate"
    tally = tmp_path / "tally"
    position = Position(name="a", tally=str(tally), gate=str(gate))
    painter = Painter(spare=always_spare)
    try:
        painter.foresee(render_slow, next_slows, position, "a")
        await until(lambda: under_way(painter, slows(position, 1)[0]))
        wanted = painter.begin(render_slow, slows(position, 1)[0])
        gate.touch()
        assert (await wanted).png.startswith(b"a0")
        await until(lambda: len(drawn(tally)) == 3)
    finally:
        painter.stop()
    assert drawn(tally) == ["a0", "a1", "a2"]


async def test_nothing_is_drawn_ahead_while_the_painter_draws_for_someone(tmp_path: Path) -> None:
    gate = tmp_path / "gate"
    ahead = tmp_path / "ahead"
    painter = Painter(spare=always_spare)
    try:
        wanted = painter.begin(render_slow, Slow(label="now", tally=str(tmp_path / "wanted"), gate=str(gate)))
        painter.foresee(render_slow, next_slows, Position(name="a", tally=str(ahead)), "a")
        await asyncio.sleep(0.5)
        assert drawn(ahead) == []
        gate.touch()
        await wanted
        await until(lambda: len(painter.foresight) == 3)
    finally:
        painter.stop()


async def test_a_newer_position_drops_what_is_left_of_the_older(tmp_path: Path) -> None:
    gate = tmp_path / "gate"
    tally = tmp_path / "tally"
    painter = Painter(spare=always_spare)
    try:
        old = Position(name="old", tally=str(tally), gate=str(gate))
        painter.foresee(render_slow, next_slows, old, 1)
        await until(lambda: under_way(painter, slows(old, 1)[0]))
        painter.foresee(render_slow, next_slows, Position(name="new", tally=str(tally)), 2)
        gate.touch()
        await until(lambda: len(drawn(tally)) == 4 and len(painter.foresight) == 4)
        await asyncio.sleep(0.2)
    finally:
        painter.stop()
    # The old position's first board was under way.
    assert drawn(tally) == ["old0", "new0", "new1", "new2"]


async def test_the_boards_drawn_ahead_are_bounded_in_number_and_in_bytes(tmp_path: Path) -> None:
    tally = tmp_path / "tally"
    painter = Painter(spare=always_spare)
    painter.foresight.max_boards = 3
    painter.foresight.max_bytes = 1000
    try:
        short = Position(name="a", tally=str(tally), moves=4)
        painter.foresee(render_slow, next_slows, short, "a")
        await until(lambda: len(drawn(tally)) == 4 and not under_way(painter, slows(short, 4)[3]))
        # Each board is 200 bytes: three fit, the oldest went.
        assert len(painter.foresight) == 3
        assert painter.foresight.kept_bytes == 600
        long = Position(name="longer-name", tally=str(tally), moves=2)
        painter.foresee(render_slow, next_slows, long, "b")
        await until(lambda: len(drawn(tally)) == 6 and not under_way(painter, slows(long, 2)[1]))
        # A board of 1,200 bytes takes the others' room and is not kept itself.
        assert len(painter.foresight) == 0
        assert painter.foresight.kept_bytes == 0
    finally:
        painter.stop()


async def test_a_machine_without_time_to_spare_draws_nothing_ahead(tmp_path: Path) -> None:
    tally = tmp_path / "tally"
    busy = True
    painter = Painter(spare=lambda: not busy)
    try:
        painter.foresee(render_slow, next_slows, Position(name="a", tally=str(tally)), "a")
        await painter.draw(render_slow, Slow(label="now", tally=str(tally)))
        await asyncio.sleep(0.3)
        assert drawn(tally) == ["now"]
        assert len(painter.foresight) == 0
        # Once it has, the next position's boards are drawn ahead again.
        busy = False
        painter.foresee(render_slow, next_slows, Position(name="b", tally=str(tally)), "b")
        await until(lambda: len(painter.foresight) == 3)
    finally:
        painter.stop()


def pressure_file(folder: Path, waited: str) -> Path:
    """A CPU pressure report as Linux writes it, where some task waited ``waited`` % of ten seconds."""
    report = folder / "cpu"
    report.write_text(
        f"some avg10={waited} avg60=5.16 avg300=5.60 total=50089935\n"
        "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
    )
    return report


def test_a_core_is_spare_while_tasks_seldom_wait_for_one(tmp_path: Path) -> None:
    assert cpu_pressure(pressure_file(tmp_path, "7.18")) == 7.18
    assert spare_cpu(pressure_file(tmp_path, "7.18"))
    assert not spare_cpu(pressure_file(tmp_path, "26.69"))


def test_without_a_pressure_report_the_load_average_says_whether_a_core_is_spare(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cores = os.cpu_count() or 1
    for report in (tmp_path / "missing", pressure_file(tmp_path, "n/a")):
        assert cpu_pressure(report) is None
        monkeypatch.setattr(os, "getloadavg", lambda: (cores - 0.5, 0.0, 0.0))
        assert spare_cpu(report)
        monkeypatch.setattr(os, "getloadavg", lambda: (cores + 0.5, 0.0, 0.0))
        assert not spare_cpu(report)
