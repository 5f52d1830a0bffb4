"""Per-game background tasks and locks are forgotten once nothing needs them: a bot that runs for
months keeps nothing for the games it has finished."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

from bot.core.service import GameService
from bot.runtime.game_tasks import GameTasks
from bot.storage import SqliteStorage


async def test_a_game_has_one_task_at_a_time_and_an_ended_one_is_forgotten() -> None:
    tasks = GameTasks("test")
    release = asyncio.Event()
    runs: list[int] = []
    ended: list[int] = []

    async def work() -> None:
        runs.append(1)
        await release.wait()

    tasks.start(7, work, lambda: ended.append(7))
    await asyncio.sleep(0)
    assert len(runs) == 1 and len(tasks.tasks()) == 1
    release.set()
    await asyncio.gather(*tasks.tasks())
    await asyncio.sleep(0)
    assert tasks.tasks() == [] and ended == [7] and not tasks._running
    tasks.start(7, work)
    await asyncio.gather(*tasks.tasks())
    assert len(runs) == 2


async def test_a_wake_while_the_task_runs_makes_it_run_once_more() -> None:
    """The task may already have looked at the game and be on its way out: a wake-up then must not be
    lost (an AI seat would wait for the next sweep)."""
    tasks = GameTasks("test")
    release = asyncio.Event()
    runs: list[int] = []
    ended: list[int] = []

    async def work() -> None:
        runs.append(1)
        if len(runs) == 1:
            await release.wait()

    tasks.start(4, work, lambda: ended.append(4))
    await asyncio.sleep(0)
    tasks.start(4, work, lambda: ended.append(4))
    tasks.start(4, work, lambda: ended.append(4))
    release.set()
    while tasks.tasks() or len(runs) < 2:
        await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert len(runs) == 2 and ended == [4]


async def test_the_end_of_an_older_task_leaves_a_newer_one_alone() -> None:
    """A task's end is noticed a moment after it happens; a task started for the game in that moment
    stays, and the older task's follow-up does not run."""
    tasks = GameTasks("test")
    ended: list[str] = []
    tasks.start(3, asyncio.Event().wait)
    current = tasks.tasks()[0]
    older = asyncio.create_task(asyncio.sleep(0))
    await older
    tasks._ended(3, older, lambda: ended.append("older"))
    assert tasks.tasks() == [current] and ended == []
    tasks.close()


async def test_closed_tasks_start_no_more() -> None:
    """A move shown while the bot closes still wakes its game: nothing may start then, as the
    database is about to close."""
    tasks = GameTasks("test")
    tasks.start(1, asyncio.Event().wait)
    running = tasks.tasks()
    tasks.close()
    tasks.start(2, asyncio.Event().wait)
    await asyncio.gather(*running, return_exceptions=True)
    assert running[0].cancelled() and tasks.tasks() == []


async def test_a_game_lock_is_shared_while_held_and_dropped_after(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    service = GameService(storage, {})
    async with service.lock(5):
        assert service.lock(5) is service.lock(5)
        assert service.lock(5).locked()
    gc.collect()
    assert not service._locks
    await storage.close()
