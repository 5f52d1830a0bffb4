"""What each worker process of the bot (board painter, AI) does as it starts.

A bot stopped normally shuts its workers down, but one killed outright (``kill -9``, the out-of-memory
killer) cannot, and its workers would wait for work for ever, each holding tens of megabytes, one more
set after every restart. A worker leaves once the process that started it is gone.

A worker never takes Ctrl-C for itself. The terminal sends SIGINT to the whole process group, workers
included; the bot closes on it and shuts its workers down, whereas a worker that took it would print a
``KeyboardInterrupt`` traceback, and one drawing a board would send the interruption back to the bot as
the board's result. So a worker is started with SIGINT blocked: blocked signals stay blocked across the
start of a new program, and the worker never sees one, even while it is still starting.
"""

from __future__ import annotations

import importlib
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import SpawnContext, SpawnProcess

from bot.runtime.process_memory import tune_allocator

PARENT_CHECK_SECONDS = 1.0


def leave_with_parent() -> None:
    """Exits this process within PARENT_CHECK_SECONDS of its parent's end (it is then adopted, so
    its parent id changes)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def start_worker(niceness: int, mmap_threshold: int | None = None, modules: tuple[str, ...] = ()) -> None:
    """A worker's start: below the bot's priority by ``niceness`` (answering clicks comes first), gone
    with its parent, with the allocator tuned (see ``tune_allocator``) and ``modules`` imported before
    any work is asked of it."""
    tune_allocator(mmap_threshold)
    os.nice(niceness)
    leave_with_parent()
    for name in modules:
        importlib.import_module(name)


class _DeafToCtrlC(SpawnProcess):
    """A worker process started afresh, with SIGINT blocked from its first instruction."""

    def start(self) -> None:
        # Only the starting thread's mask changes, and only while the worker starts: a SIGINT that
        # arrives meanwhile waits for the bot, which then closes as usual.
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            super().start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)


class _WorkerContext(SpawnContext):
    Process = _DeafToCtrlC


def worker_pool(
    workers: int, niceness: int, mmap_threshold: int | None = None, modules: tuple[str, ...] = ()
) -> ProcessPoolExecutor:
    """Worker processes started afresh (``spawn``: nothing of the bot's own process comes along, only
    what the work sent to them imports), deaf to Ctrl-C, each begun with ``start_worker``."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=_WorkerContext(),
        initializer=start_worker,
        initargs=(niceness, mmap_threshold, modules),
    )
