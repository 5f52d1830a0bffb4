"""What the bot is doing, as the fake sees it: its REST requests in flight, its handler tasks, and the
errors discord.py logs for it."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

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
