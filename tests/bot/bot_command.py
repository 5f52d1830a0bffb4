"""The real bot, ``python -m bot``, in a process of its own against the fake Discord: started with
the environment a test gives it, its log in a file, ready once its health endpoint answers; killed
(SIGKILL) or stopped (SIGTERM, as a service manager stops it)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
from pathlib import Path

import aiohttp

from bot.runtime.config import PROJECT_ROOT
from tests.fakediscord.fake import FakeDiscord

PROCESS_TIMEOUT = 60.0

# With a third argument, every game started by the process gets that seed, so each run plays the
# same games.
_LAUNCH = """
import sys, discord, yarl
discord.http.Route.BASE = sys.argv[1] + "/api/v10"
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
if len(sys.argv) > 3:
    import bot.core.lobby_service
    bot.core.lobby_service.random_seed = lambda: int(sys.argv[3])
from bot.__main__ import main
sys.exit(main())
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def start_bot(
    fake: FakeDiscord, environment: dict[str, str], log: Path, seed: int | None = None
) -> asyncio.subprocess.Process:
    """Starts the bot with ``environment`` added to this process's (a metrics port is chosen) and
    returns once it is healthy."""
    port = free_port()
    settings = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "METRICS_PORT": str(port),
        "AI_TURN_DELAY": "0",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(PROJECT_ROOT),
        **environment,
    }
    seed_argument = [] if seed is None else [str(seed)]
    with log.open("a") as output:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            _LAUNCH,
            fake.base_url,
            fake.gateway_url,
            *seed_argument,
            cwd=PROJECT_ROOT,
            env=settings,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=output,
            stderr=output,
        )
    await _until_healthy(process, log, port)
    return process


async def _until_healthy(process: asyncio.subprocess.Process, log: Path, port: int) -> None:
    deadline = asyncio.get_running_loop().time() + PROCESS_TIMEOUT
    async with aiohttp.ClientSession() as session:
        while True:
            assert process.returncode is None, log.read_text()
            assert asyncio.get_running_loop().time() < deadline, f"never healthy: {log.read_text()}"
            with contextlib.suppress(aiohttp.ClientConnectionError):
                async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                    if response.status == 200:
                        return
            await asyncio.sleep(0.1)


async def kill_bot(process: asyncio.subprocess.Process) -> None:
    """SIGKILL: nothing after this instant runs, nothing is flushed."""
    process.kill()
    await process.wait()


async def stop_bot(process: asyncio.subprocess.Process) -> int:
    """SIGTERM, as a service manager stops it; the exit code."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
    return await asyncio.wait_for(process.wait(), PROCESS_TIMEOUT)
