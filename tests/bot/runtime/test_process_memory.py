"""The bot's process sets the objects of its start-up aside from garbage collection."""

from __future__ import annotations

import gc

from bot.runtime.process_memory import settle_after_imports


def test_start_up_objects_are_set_aside_from_collections() -> None:
    try:
        settle_after_imports()
        frozen = gc.get_freeze_count()
        assert frozen > 10_000
        # What is made afterwards is collected as usual.
        assert sum(gc.get_count()) < frozen
    finally:
        gc.unfreeze()
