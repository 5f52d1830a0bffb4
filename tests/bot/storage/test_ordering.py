"""Writes of one game from two places at once (two storages on one database, as two bot processes
would be): exactly one save of a version wins, the log stays gapless, and leases keep a job in one
process at a time."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.runtime.config import PROJECT_ROOT
from bot.storage import ActionRecord, Storage, open_storage
from tests.bot.storage.helpers import GUEST, HOST, new_game

ROUNDS = 20


async def test_two_processes_saving_the_same_version_save_exactly_one_action(
    storage: Storage, target: str | Path
) -> None:
    other = await open_storage(target)
    try:
        record = await new_game(storage)
        for version in range(ROUNDS):
            mine, theirs = await storage.game(record.id), await other.game(record.id)
            assert mine is not None and theirs is not None and mine.version == theirs.version == version
            outcomes = await asyncio.gather(
                storage.save(mine, version, ActionRecord(actor_id=HOST, seat=0, action={"n": version})),
                other.save(theirs, version, ActionRecord(actor_id=GUEST, seat=1, action={"n": version})),
            )
            assert sorted(outcome is not None for outcome in outcomes) == [False, True], f"round {version}"
        logged = await other.actions(record.id)
        assert [entry.seq for entry in logged] == list(range(1, ROUNDS + 1))
        assert [entry.action["n"] for entry in logged] == list(range(ROUNDS))
        assert (await storage.game(record.id)).version == ROUNDS  # type: ignore[union-attr]
    finally:
        await other.close()


async def test_many_writers_of_many_games_lose_nothing_and_never_interleave(
    storage: Storage, target: str | Path
) -> None:
    other = await open_storage(target)
    try:
        games = [await new_game(storage, channel_id=500 + number) for number in range(4)]

        async def keep_moving(place: Storage, game_id: int, actor: int) -> int:
            """Loads and saves until ten of its own moves are in, as a player clicking would."""
            saved = 0
            while saved < 10:
                record = await place.game(game_id)
                assert record is not None
                action = ActionRecord(actor_id=actor, seat=actor % 2, action={"by": actor})
                if await place.save(record, record.version, action, calls={actor % 2: actor}):
                    saved += 1
            return saved

        writers = [
            keep_moving(place, game.id, actor)
            for game in games
            for place, actor in ((storage, 1), (other, 2), (storage, 3), (other, 4))
        ]
        assert await asyncio.gather(*writers) == [10] * len(writers)
        for game in games:
            logged = await storage.actions(game.id)
            assert [entry.seq for entry in logged] == list(range(1, 41))
            assert (await other.game(game.id)).version == 40  # type: ignore[union-attr]
    finally:
        await other.close()


async def test_a_lease_has_one_holder_until_it_runs_out_or_is_given_up(
    storage: Storage, target: str | Path
) -> None:
    other = await open_storage(target)
    try:
        assert await storage.try_lease("ai", "process-1", 30)
        assert not await other.try_lease("ai", "process-2", 30)
        assert await storage.try_lease("ai", "process-1", 30), "the holder renews"
        assert await other.try_lease("timers", "process-2", 30), "leases are independent"

        await storage.release_lease("ai", "process-2")
        assert not await other.try_lease("ai", "process-2", 30), "only the holder gives it up"
        await storage.release_lease("ai", "process-1")
        assert await other.try_lease("ai", "process-2", 0.2)

        assert not await storage.try_lease("ai", "process-1", 30)
        await asyncio.sleep(0.3)
        assert await storage.try_lease("ai", "process-1", 30), "an expired lease is taken over"
        assert not await other.try_lease("ai", "process-2", 30)
    finally:
        await other.close()


async def test_of_many_processes_racing_for_a_free_lease_exactly_one_wins(
    storage: Storage, target: str | Path
) -> None:
    others = [await open_storage(target) for _ in range(3)]
    try:
        places = [storage, *others]
        won = await asyncio.gather(
            *(place.try_lease("sync", f"process-{number}", 30) for number, place in enumerate(places))
        )
        assert won.count(True) == 1, won
    finally:
        for place in others:
            await place.close()


async def test_three_os_processes_moving_one_game_keep_every_move_in_one_gapless_order(
    storage: Storage, target: str | Path
) -> None:
    record = await new_game(storage)
    moves = 40
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.storage.writer_process",
            str(target),
            str(record.id),
            str(actor),
            str(moves),
            cwd=PROJECT_ROOT,
            env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        for actor in range(3)
    ]
    for process in processes:
        assert process.stdout is not None
        assert await asyncio.wait_for(process.stdout.readline(), 60) == b"ready\n"
    finished = await asyncio.gather(*(process.communicate(b"go\n") for process in processes))
    assert [process.returncode for process in processes] == [0, 0, 0], [err.decode() for _, err in finished]
    lost = sum(int(out) for out, _ in finished)

    logged = await storage.actions(record.id)
    assert [entry.seq for entry in logged] == list(range(1, 3 * moves + 1))
    for actor in range(3):
        assert [entry.action["n"] for entry in logged if entry.actor_id == actor] == list(range(moves))
    assert (await storage.game(record.id)).version == 3 * moves  # type: ignore[union-attr]
    assert lost > 0, "the processes never raced"
