"""What the bot is doing, as the fake sees it: its REST requests in flight, its handler tasks, and the
errors discord.py logs for it."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from .errors import BotDidNotSettle

# Tasks discord.py names when it runs a command, a view/modal/dynamic item callback or an event listener.
BOT_HANDLER_TASK_PREFIXES = ("CommandTree-invoker", "discord-ui-", "discord.py: ")


class RequestActivity:
    """REST requests in flight, and when the last one started or finished (for the quiet period)."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.idle = asyncio.Event()
        self.idle.set()
        self.last_change = 0.0

    def started(self) -> None:
        self.in_flight += 1
        self.idle.clear()
        self.last_change = asyncio.get_running_loop().time()

    def finished(self) -> None:
        self.in_flight -= 1
        if self.in_flight == 0:
            self.idle.set()
        self.last_change = asyncio.get_running_loop().time()

    async def settled(self, quiet_period: float, timeout: float) -> None:
        """Wait until the bot's handlers are done and no request has been made for ``quiet_period``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            busy = running_bot_handlers()
            if loop.time() > deadline:
                names = sorted(task.get_name() for task in busy)
                raise BotDidNotSettle(f"the bot was still busy after {timeout} s: {names}")
            if busy or self.in_flight:
                waiters: list[asyncio.Future[Any]] = list(busy)
                if self.in_flight:
                    waiters.append(asyncio.ensure_future(self.idle.wait()))
                await asyncio.wait(
                    waiters, timeout=deadline - loop.time(), return_when=asyncio.FIRST_COMPLETED
                )
                for waiter in waiters[len(busy) :]:
                    waiter.cancel()
                continue
            quiet_left = self.last_change + quiet_period - loop.time()
            if quiet_left <= 0:
                return
            await asyncio.sleep(quiet_left)


class BotErrorLog(logging.Handler):
    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(self.format(record))


def running_bot_handlers() -> list[asyncio.Task[Any]]:
    return [
        task
        for task in asyncio.all_tasks()
        if not task.done() and task.get_name().startswith(BOT_HANDLER_TASK_PREFIXES)
    ]
