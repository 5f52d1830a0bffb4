"""Starting and stopping the bot as an operator does: ``python -m bot`` in its own process.

A bad database file, a wrong token or no network each end the process with one clear line and an
exit code of their own, never a traceback or a process left hanging; SIGTERM stops it as cleanly as
Ctrl-C. The process talks only to the fake Discord on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from bot.runtime.config import PROJECT_ROOT
from bot.storage import SqliteStorage
from tests.bot.driver import make_bot
from tests.bot.load.bot_process import process_tree
from tests.fakediscord.fake import FakeDiscord

EXIT_DATABASE, EXIT_TOKEN, EXIT_NETWORK = 3, 4, 5
PROCESS_TIMEOUT = 30.0
# Root may write any file: the read-only cases run the bot as root without the capabilities that let
# it, so the files' own permissions apply to it. It stays the owner of the project and of pytest's
# folders, which it reads wherever the clone lives (another user could not enter a private folder).
ROOT_POWERS = ("dac_override", "dac_read_search", "fowner")

_LAUNCH = """
import sys, discord, yarl
discord.http.Route.BASE = sys.argv[1] + "/api/v10"
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
from bot.__main__ import main
sys.exit(main())
"""


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def _launch(
    database: Path,
    base_url: str,
    gateway_url: str,
    token: str = "test-token",
    prefix: tuple[str, ...] = (),
    own_group: bool = False,
) -> asyncio.subprocess.Process:
    """``python -m bot`` on ``database``; with ``own_group`` in a process group of its own, as a
    terminal starts it, so that a signal can go to the bot and its workers at once."""
    environment = {
        **os.environ,
        "DISCORD_TOKEN": token,
        "DATABASE_PATH": str(database),
        "LOG_LEVEL": "INFO",
        "PYTHONPATH": str(PROJECT_ROOT),
    }
    return await asyncio.create_subprocess_exec(
        *prefix,
        sys.executable,
        "-c",
        _LAUNCH,
        base_url,
        gateway_url,
        cwd=PROJECT_ROOT,
        env=environment,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        process_group=0 if own_group else None,
    )


async def _finish(process: asyncio.subprocess.Process) -> tuple[int, str]:
    _, stderr = await asyncio.wait_for(process.communicate(), PROCESS_TIMEOUT)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


async def _start_with(database: Path, prefix: tuple[str, ...] = ()) -> tuple[int, str]:
    """The bot started on ``database``; it must stop at the database, before reaching Discord."""
    process = await _launch(database, "http://127.0.0.1:9", "ws://127.0.0.1:9/gateway", prefix=prefix)
    return await _finish(process)


def _assert_one_clear_line(stderr: str, database: Path, problem: str) -> None:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    assert str(database) in lines[0] and problem in lines[0], lines[0]


async def _healthy_database(folder: Path) -> Path:
    database = folder / "games.sqlite3"
    storage = await SqliteStorage.open(database)
    await storage.create_lobby("cell", 1, 100, 7, {"players": []}, seed=1)
    await storage.close()
    return database


async def test_a_file_that_is_not_a_database_is_named_and_left_alone(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    database.write_bytes(b"these are someone's notes, not a database\n" * 200)
    before = _digest(database)

    code, stderr = await _start_with(database)

    assert code == EXIT_DATABASE
    _assert_one_clear_line(stderr, database, "not an SQLite database")
    assert _digest(database) == before


async def test_a_truncated_database_is_named_and_left_alone(tmp_path: Path) -> None:
    database = await _healthy_database(tmp_path)
    data = database.read_bytes()
    database.write_bytes(data[: len(data) // 2])
    before = _digest(database)

    code, stderr = await _start_with(database)

    assert code == EXIT_DATABASE
    assert "Traceback" not in stderr and str(database) in stderr
    assert _digest(database) == before


async def test_a_database_locked_by_another_process_is_named(tmp_path: Path) -> None:
    database = await _healthy_database(tmp_path)
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        code, stderr = await _start_with(database)
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert code == EXIT_DATABASE
    _assert_one_clear_line(stderr, database, "locked")


@cache
def _without_root_powers() -> tuple[str, ...]:
    """The command prefix that runs a program without root's power over file permissions: none when
    the tests do not run as root."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("needs setpriv to take away root's power to write read-only files")
    prefix = ("setpriv", "--bounding-set=" + ",".join(f"-{power}" for power in ROOT_POWERS))
    probe = subprocess.run(
        [*prefix, sys.executable, "-c", "import bot.__main__"],
        cwd=PROJECT_ROOT,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip(f"root without its power over file permissions cannot run the bot: {probe.stderr[-500:]}")
    return prefix


async def test_a_read_only_database_file_is_named(tmp_path: Path) -> None:
    database = await _healthy_database(tmp_path)
    database.chmod(0o444)
    before = _digest(database)

    code, stderr = await _start_with(database, prefix=_without_root_powers())

    assert code == EXIT_DATABASE
    assert "Traceback" not in stderr and str(database) in stderr and "read" in stderr, stderr
    assert _digest(database) == before


async def test_a_database_in_a_read_only_folder_is_named(tmp_path: Path) -> None:
    database = await _healthy_database(tmp_path)
    database.chmod(0o666)
    tmp_path.chmod(0o555)
    before = _digest(database)
    try:
        code, stderr = await _start_with(database, prefix=_without_root_powers())
    finally:
        tmp_path.chmod(0o755)

    assert code == EXIT_DATABASE
    assert "Traceback" not in stderr and str(database) in stderr, stderr
    assert _digest(database) == before


async def test_a_wrong_token_gives_one_clear_line(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        process = await _launch(tmp_path / "games.sqlite3", fake.base_url, fake.gateway_url, token="wrong")
        code, stderr = await _finish(process)

    assert code == EXIT_TOKEN
    assert "Traceback" not in stderr and "refused the token" in stderr, stderr


async def test_no_network_gives_one_clear_line(tmp_path: Path) -> None:
    process = await _launch(tmp_path / "games.sqlite3", "http://127.0.0.1:9", "ws://127.0.0.1:9/gateway")
    code, stderr = await _finish(process)

    assert code == EXIT_NETWORK
    assert "Traceback" not in stderr and "Cannot reach Discord" in stderr, stderr


async def test_sigterm_closes_the_bot_cleanly(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        process = await _launch(tmp_path / "games.sqlite3", fake.base_url, fake.gateway_url)
        await asyncio.wait_for(fake.gateway.ready.wait(), PROCESS_TIMEOUT)
        process.send_signal(signal.SIGTERM)
        code, stderr = await _finish(process)

    assert code == 0, stderr
    assert "Traceback" not in stderr and "SIGTERM received" in stderr


async def _until_the_ai_moved(process: asyncio.subprocess.Process, database: Path) -> None:
    """Until the AI's worker has made a move (so it, too, is running) and the painter drew it."""
    deadline = asyncio.get_running_loop().time() + PROCESS_TIMEOUT
    while True:
        assert process.returncode is None and asyncio.get_running_loop().time() < deadline
        with contextlib.closing(sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)) as connection:
            if connection.execute("SELECT COUNT(*) FROM actions WHERE actor_id = 0").fetchone()[0]:
                return
        await asyncio.sleep(0.1)


async def test_ctrl_c_stops_the_bot_and_its_workers_quietly(tmp_path: Path) -> None:
    """The terminal sends SIGINT to the whole process group: the board painter and the AI's worker
    get it too, and leave without a word while the bot closes."""
    async with FakeDiscord() as fake:
        database = tmp_path / "games.sqlite3"
        process = await _launch(database, fake.base_url, fake.gateway_url, own_group=True)
        await asyncio.wait_for(fake.gateway.ready.wait(), PROCESS_TIMEOUT)
        # A game with an AI seat to play starts the AI's worker beside the painter's.
        lobby = await fake.slash(fake.users.alice, "over9000 start", ai_players=1)
        await fake.click(fake.users.alice, lobby, "Start")
        await _until_the_ai_moved(process, database)
        assert len(process_tree(process.pid)) >= 3
        os.killpg(process.pid, signal.SIGINT)
        code, stderr = await _finish(process)

    assert code == 0, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert "SIGINT received" in stderr


async def test_commands_are_synced_only_when_their_definitions_change(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord() as fake:
        for _ in range(2):
            async with fake.running(make_bot(fake, database)) as bot:
                assert bot.is_ready()
        syncs = [
            request for request in fake.requests if request.method == "PUT" and "commands" in request.path
        ]
        assert len(syncs) == 1

        storage = await SqliteStorage.open(database)
        await storage.set_command_hash(str(fake.guild.id), "an older definition")
        await storage.close()
        async with fake.running(make_bot(fake, database)) as bot:
            assert bot.is_ready()
        syncs = [
            request for request in fake.requests if request.method == "PUT" and "commands" in request.path
        ]
        assert len(syncs) == 2
