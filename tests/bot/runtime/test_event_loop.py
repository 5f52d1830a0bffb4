"""The bot's event loop: uvloop's, which the bot depends on wherever it exists."""

from __future__ import annotations

import asyncio

import uvloop

from bot.runtime.event_loop import run


def test_the_bot_runs_on_uvloop() -> None:
    async def running_loop() -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    loop = run(running_loop())
    assert isinstance(loop, uvloop.Loop)
    assert loop.is_closed()
