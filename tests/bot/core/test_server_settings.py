"""The turn clock's delays: each game's own unless the server chose, and settings stored by older
bots (which wrote the one old clock with every change) read as nobody's choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.game_module import DEFAULT_CLOCK_MINUTES
from bot.core.server_settings import ServerSettings, ServerSettingsStore
from bot.games.primetime.module import PrimeTimeModule
from bot.storage import SqliteStorage


def test_prime_time_waits_ten_minutes_before_a_seat_may_be_handed_to_the_ai() -> None:
    """DESIGN.md 2.9's deadline table: an activation has no deadline, and after 10 minutes the
    opponent may hand the seat to the AI (the reminder offers it)."""
    assert ServerSettings().clock_minutes(PrimeTimeModule.clock_minutes) == (10.0, 20.0)
    assert ServerSettings().clock_minutes(DEFAULT_CLOCK_MINUTES) == (3.0, 10.0)


def test_a_servers_chosen_clock_applies_to_every_game() -> None:
    chosen = ServerSettings(reminder_minutes=5, handoff_minutes=8)
    assert chosen.clock_minutes(PrimeTimeModule.clock_minutes) == (5, 8)
    reminder_only = ServerSettings(reminder_minutes=15)
    # Past the Perfect Cell hand-off, the hand-off keeps its 7 minutes after the reminder.
    assert reminder_only.clock_minutes(DEFAULT_CLOCK_MINUTES) == (15, 22)
    assert reminder_only.clock_minutes(PrimeTimeModule.clock_minutes) == (15, 20)
    with pytest.raises(ValueError, match="later than the reminder"):
        ServerSettings(reminder_minutes=10, handoff_minutes=10)


async def test_the_old_stored_default_clock_is_nobodys_choice(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    await storage.set_guild_settings(
        1, {"default_difficulty": "easy", "reminder_minutes": 3.0, "handoff_minutes": 10.0}
    )
    await storage.set_guild_settings(2, {"reminder_minutes": 3.0, "handoff_minutes": 12.0})
    store = ServerSettingsStore(storage)
    old = await store.get(1)
    assert old.default_difficulty == "easy" and old.reminder_minutes is None and old.handoff_minutes is None
    assert (await store.get(2)).clock_minutes(PrimeTimeModule.clock_minutes) == (3.0, 12.0)
    changed = await store.change(1, default_difficulty="normal")
    assert "reminder_minutes" not in await storage.guild_settings(1) and changed.reminder_minutes is None
    await storage.close()
