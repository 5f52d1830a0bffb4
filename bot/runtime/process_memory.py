"""How the bot's processes use memory: Python's garbage collector and glibc's allocator.

Everything a collection looks at waits for it: the event loop stands still while it runs. Under load
the bot makes a full collection every two seconds or so, and with the default settings each paused
every click for over 100 ms, mostly to look again at the objects imported at start-up, which live as
long as the process. Those are set aside as the process starts (``gc.freeze``), which halves the
pause. (Full collections made rarer instead let cyclic garbage pile up: each then took half a second
and the heap grew by tens of megabytes.)

glibc gives each thread that allocates an arena of its own, up to eight per core, and memory freed
in one is not reused by another; the bot's threads (the database's, the worker pools') need no more
than two. A process that draws boards frees canvases of several megabytes: glibc raises its
threshold for serving such a block from a mapping of its own each time one is freed, after which
canvases come from the heap and freed ones stay resident, so the painter fixes the threshold.
Elsewhere than glibc these settings do not exist and are skipped.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc

M_ARENA_MAX, M_MMAP_THRESHOLD = -8, -3
MALLOC_ARENAS = 2


def settle_after_imports() -> None:
    """Collects what the imports left, then sets everything still alive aside for good. For the
    process that runs the bot only: a test process starting many bots would pile up what it froze."""
    gc.collect()
    gc.freeze()


def tune_allocator(mmap_threshold: int | None = None) -> None:
    """At most MALLOC_ARENAS glibc arenas; blocks from ``mmap_threshold`` bytes up in mappings of
    their own. Called as a process starts, before its threads do."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, MALLOC_ARENAS)
        if mmap_threshold is not None:
            libc.mallopt(M_MMAP_THRESHOLD, mmap_threshold)
