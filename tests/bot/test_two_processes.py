"""Two bot processes on one PostgreSQL database, as an operator runs them: ``python -m bot`` with
``SHARD_COUNT=2`` and ``SHARD_IDS`` 0 and 1, one server on each shard of the fake Discord.

Full games are played in both servers (to a quick loss: the player only rolls and ends turns); the
same click delivered to both processes at once (as after a misroute or a failover) applies one
action; a process killed with SIGKILL and started again has lost nothing, and its game goes on from
the buttons posted before the kill.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.storage import GameRecord, Storage, open_storage
from bot.ui.components import control_of
from rules.cell import RULES as CELL_RULES
from rules.cell.engine import legal_actions
from tests.bot.bot_command import PROCESS_TIMEOUT, kill_bot, start_bot, stop_bot
from tests.bot.driver import find_control
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import passive
from tests.bot.load.bot_process import process_tree
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage

SHARDS = 2


@dataclass
class BotInProcess:
    """``python -m bot`` holding one shard, its log in a file."""

    fake: FakeDiscord
    database: dict[str, str]
    shard_id: int
    log: Path
    process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        environment = {**self.database, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(self.shard_id)}
        self.process = await start_bot(self.fake, environment, self.log)

    async def kill(self) -> None:
        assert self.process is not None
        await kill_bot(self.process)

    async def stop(self) -> int:
        assert self.process is not None
        return await stop_bot(self.process)


async def _until_gone(pids: list[int]) -> None:
    """The workers of a killed bot leave by themselves (a zombie waiting to be reaped counts as gone)."""
    deadline = asyncio.get_running_loop().time() + PROCESS_TIMEOUT
    while alive := [pid for pid in pids if _running(pid)]:
        assert asyncio.get_running_loop().time() < deadline, f"workers {alive} outlived their bot"
        await asyncio.sleep(0.1)


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@dataclass
class Onlooker:
    """The shared database read from the test, shaped like the bot as the table drivers read it."""

    storage: Storage

    @property
    def service(self) -> Onlooker:
        return self

    def load_state(self, record: GameRecord) -> Any:
        assert record.state_json is not None
        return CELL_RULES.load_state(record.state_json)


async def _board_at_its_version(table: CellTable) -> StoredMessage:
    """The game's board once its buttons carry the saved version: a busy bot process may edit the board
    a moment after the fake has gone quiet."""
    deadline = asyncio.get_running_loop().time() + PROCESS_TIMEOUT
    while True:
        record, board = await table.record(), await table.board()
        controls = {control_of(c.get("custom_id", "")) for c in board.walk_components()}
        if any(control is not None and control.version == record.version for control in controls):
            return board
        assert asyncio.get_running_loop().time() < deadline, (
            f"the board never showed version {record.version}"
        )
        await asyncio.sleep(0.05)


async def _play_out(table: CellTable) -> Any:
    """Plays passively to the end, each move on the board once it shows the saved version (a busy
    bot process may go quiet for longer than the fake's quiet period while it draws the board)."""
    while True:
        state = await table.state()
        if state.outcome is not None:
            return state
        await _board_at_its_version(table)
        state = await table.state()
        await table.play(state, passive(state, legal_actions(state, state.active_seat)))


async def _logged(table: CellTable) -> tuple[int, int]:
    """The game's version and the length of its action log."""
    record = await table.record()
    return record.version, len(await table.bot.service.storage.actions(record.id))


async def _click_on_both_shards(fake: FakeDiscord, table: CellTable) -> None:
    """One of the active player's buttons, clicked once and delivered to each process."""
    board = await _board_at_its_version(table)
    state = await table.state()
    indexes = range(len(legal_actions(state, state.active_seat)))
    buttons = [c for index in indexes if (c := find_control(board, "act", str(index))) and c["type"] == 2]
    assert buttons, "the board offers no action button"
    player = table.players[state.active_seat]
    custom_id = buttons[0]["custom_id"]
    await fake.together(*(fake.click(player, board, custom_id, shard_id=shard) for shard in range(SHARDS)))


@pytest.fixture
def shared_database(postgres_url: str) -> dict[str, str]:
    return {"DATABASE_URL": postgres_url}


@pytest.fixture
async def shared_storage(postgres_url: str) -> AsyncIterator[Storage]:
    storage = await open_storage(postgres_url)
    yield storage
    await storage.close()


async def test_two_processes_share_one_database_without_double_or_lost_moves(
    tmp_path: Path, shared_database: dict[str, str], shared_storage: Storage
) -> None:
    async with FakeDiscord(guilds=SHARDS, shard_count=SHARDS, quiet_period=0.15) as fake:
        bots = [
            BotInProcess(fake, shared_database, shard, tmp_path / f"bot-{shard}.log")
            for shard in range(SHARDS)
        ]
        try:
            for bot in bots:
                await bot.start()
            onlooker = Onlooker(shared_storage)
            people = (fake.users.bob, fake.users.carol)
            tables = [
                CellTable(fake, onlooker, guild.channels[0], [person])  # type: ignore[arg-type]
                for guild, person in zip(fake.guilds, people, strict=True)
            ]
            for table in tables:
                await table.open(["piccolo"], difficulty="easy")

            before = await _logged(tables[1])
            await _click_on_both_shards(fake, tables[1])
            assert await _logged(tables[1]) == (before[0] + 1, before[1] + 1)

            logged = await _logged(tables[1])
            old_board = await _board_at_its_version(tables[1])
            assert bots[1].process is not None
            workers = process_tree(bots[1].process.pid)[1:]
            assert workers, "the bot has started its board painter"
            await bots[1].kill()
            await _until_gone(workers)
            await bots[1].start()
            assert await _logged(tables[1]) == logged
            state = await tables[1].state()
            action = passive(state, legal_actions(state, state.active_seat))
            control = find_control(old_board, "act", str(action))
            if control is not None and control["type"] == 2:
                await fake.click(tables[1].players[0], old_board, control["custom_id"])
            else:
                await tables[1].play(state, action)
            assert await _logged(tables[1]) == (logged[0] + 1, logged[1] + 1)

            finals = await asyncio.gather(*(_play_out(table) for table in tables))
            for table, final in zip(tables, finals, strict=True):
                assert final.outcome is not None
                record = await table.record()
                assert record.status == "finished"
                assert len(await shared_storage.actions(record.id)) == final.actions_taken
        finally:
            codes = [await bot.stop() for bot in bots if bot.process is not None]
        assert codes == [0, 0]
        for bot in bots:
            log = bot.log.read_text()
            assert "Traceback" not in log and "ERROR" not in log, log
