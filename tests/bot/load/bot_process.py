"""The real bot in a process of its own, pointed at a fake Discord in another process.

``BotProcess`` starts it as ``python -c "from tests.bot.load.bot_process import main; main()" BASE_URL
GATEWAY_URL DATABASE TOKEN SEED [SHARD_ID SHARD_COUNT]``, where DATABASE is a SQLite file or a
``postgresql://`` URL, collects its error log lines and reads its memory and CPU from ``/proc``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

import discord
import yarl

from bot.app import create_bot
from bot.runtime.config import Settings
from bot.runtime.event_loop import run
from bot.runtime.process_memory import settle_after_imports, tune_allocator

PROJECT_ROOT = Path(__file__).resolve().parents[3]
# The fake sends every guild right after READY: no need for discord.py's 2 s wait for more.
GUILD_READY_GRACE = 0.05
LOG_FORMAT = "%(levelname)s %(name)s: %(message)s"
LEVEL_PREFIXES = ("DEBUG ", "INFO ", "WARNING ", "ERROR ", "CRITICAL ")
ERROR_PREFIXES = ("ERROR ", "CRITICAL ")
STOP_TIMEOUT = 15.0
MEMORY_SAMPLE_SECONDS = 0.5


Shard = tuple[int, int]
"""A shard id and the bot's shard count."""


def database_settings(database: str) -> dict[str, object]:
    """The settings that point the bot at ``database``: a PostgreSQL URL or a SQLite file."""
    if database.startswith(("postgresql://", "postgres://")):
        return {"database_url": database}
    return {"database_path": Path(database)}


async def serve(
    base_url: str, gateway_url: str, database: str, token: str, seed: int, shard: Shard | None
) -> None:
    discord.http.Route.BASE = f"{base_url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    # One process keeps the seeds it always had; each further shard draws seeds of its own.
    game_seeds = random.Random(f"bot-{seed}" if shard is None or shard[0] == 0 else f"bot-{seed}-{shard[0]}")
    sharding = {} if shard is None else {"shard_ids": (shard[0],), "shard_count": shard[1]}
    settings = Settings(discord_token=token, ai_turn_delay=0, **database_settings(database), **sharding)
    bot = create_bot(settings, new_seed=lambda: game_seeds.getrandbits(63))
    bot._connection.guild_ready_timeout = GUILD_READY_GRACE
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    running = asyncio.create_task(bot.start(token))
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
    await bot.close()
    await asyncio.wait({running})
    stopping.cancel()
    running.result()


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process below it (the bot's board painter and AI workers)."""
    found = [pid]
    for parent in found:
        for task in Path(f"/proc/{parent}/task").glob("*"):
            with contextlib.suppress(OSError):
                found.extend(int(child) for child in (task / "children").read_text().split())
    return found


def _status_kib(pid: int, key: str) -> int:
    with contextlib.suppress(OSError, StopIteration):
        status = Path(f"/proc/{pid}/status").read_text()
        return next(int(line.split()[1]) for line in status.splitlines() if line.startswith(f"{key}:"))
    return 0


def _cpu_ticks(pid: int) -> int:
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        # utime and stime are the 14th and 15th fields; the split starts at the 3rd.
        return int(fields[11]) + int(fields[12])
    return 0


@dataclass
class BotProcess:
    """The bot's process as the load test sees it: its error log lines, and the memory and CPU of the
    bot together with its worker processes."""

    process: asyncio.subprocess.Process
    error_lines: list[str] = field(default_factory=list)
    # The last line of each error's traceback (the exception itself), "" for errors without one.
    error_causes: list[str] = field(default_factory=list)
    log_tail: list[str] = field(default_factory=list)
    peak_tree_kib: int = 0
    _reader: asyncio.Task[None] | None = None
    _sampler: asyncio.Task[None] | None = None

    @classmethod
    async def start(
        cls,
        base_url: str,
        gateway_url: str,
        database: Path | str,
        token: str,
        seed: int,
        shard: Shard | None = None,
    ) -> BotProcess:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            # Not "-m": the bot's workers are spawned, and a spawned process imports the main module
            # it was started with. Run as "python -m bot", that is skipped (``bot.__main__``), so here
            # too, or every worker would carry this module's imports: all of discord.py and the bot.
            "from tests.bot.load.bot_process import main; main()",
            base_url,
            gateway_url,
            str(database),
            token,
            str(seed),
            *(str(number) for number in shard or ()),
            cwd=PROJECT_ROOT,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        handle = cls(process)
        handle._reader = asyncio.create_task(handle._read_log())
        handle._sampler = asyncio.create_task(handle._sample_memory())
        return handle

    async def _sample_memory(self) -> None:
        """The workers come and go with the bot, so their sum is sampled rather than read at the end."""
        while not self.exited:
            resident = sum(_status_kib(pid, "VmRSS") for pid in process_tree(self.process.pid))
            self.peak_tree_kib = max(self.peak_tree_kib, resident)
            await asyncio.sleep(MEMORY_SAMPLE_SECONDS)

    async def _read_log(self) -> None:
        assert self.process.stderr is not None
        async for raw in self.process.stderr:
            line = raw.decode(errors="replace").rstrip()
            self.log_tail = [*self.log_tail[-40:], line]
            if line.startswith(ERROR_PREFIXES):
                self.error_lines.append(line)
                self.error_causes.append("")
            elif self.error_causes and line[:1] not in ("", " ") and not line.startswith(LEVEL_PREFIXES):
                self.error_causes[-1] = line

    @property
    def exited(self) -> bool:
        return self.process.returncode is not None

    def peak_rss_mb(self) -> float:
        """The largest resident memory of the bot and its workers together, in MiB: the sampled peak
        of their sum, or the bot's own peak (VmHWM) if that is larger."""
        return max(self.peak_tree_kib, _status_kib(self.process.pid, "VmHWM")) / 1024

    def cpu_seconds(self) -> float:
        """User and system CPU time the bot and its running workers have used so far."""
        ticks = sum(_cpu_ticks(pid) for pid in process_tree(self.process.pid))
        return ticks / os.sysconf("SC_CLK_TCK")

    async def stop(self) -> int:
        """SIGTERM, then SIGKILL if the bot has not closed within the timeout; returns the exit code."""
        if not self.exited:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), STOP_TIMEOUT)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        for task in (self._reader, self._sampler):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        assert self.process.returncode is not None
        return self.process.returncode


def main() -> None:
    base_url, gateway_url, database, token, seed = sys.argv[1:6]
    shard = (int(sys.argv[6]), int(sys.argv[7])) if len(sys.argv) > 7 else None
    logging.basicConfig(level=logging.WARNING, format=LOG_FORMAT, stream=sys.stderr)
    # As ``python -m bot`` does.
    tune_allocator()
    settle_after_imports()
    run(serve(base_url, gateway_url, database, token, int(seed), shard))


if __name__ == "__main__":
    main()
