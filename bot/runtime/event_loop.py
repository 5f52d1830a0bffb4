"""The event loop the bot runs on: uvloop's where it is installed, asyncio's own otherwise.

Every click passes through the loop several times (the gateway event, the database threads' answers,
the requests to Discord), and uvloop does that bookkeeping and the socket I/O in C, which leaves more
of the one core the loop runs on to answering clicks. It is a dependency on Linux and macOS; it does
not exist for Windows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

try:
    import uvloop
except ImportError:  # Windows
    uvloop = None  # type: ignore[assignment]


def new_event_loop() -> asyncio.AbstractEventLoop:
    return uvloop.new_event_loop() if uvloop is not None else asyncio.new_event_loop()


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on the bot's event loop."""
    with asyncio.Runner(loop_factory=new_event_loop) as runner:
        return runner.run(main)
