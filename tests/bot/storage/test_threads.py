"""The storage contract for games played in threads of their own, on both backends."""

from __future__ import annotations

from bot.storage import Storage
from tests.bot.storage.helpers import CHANNEL, new_game

THREAD = CHANNEL + 17
OTHER_THREAD = CHANNEL + 29


async def test_a_lobby_moved_to_its_thread_frees_its_channel_and_keeps_its_version(storage: Storage) -> None:
    record = await new_game(storage)
    await storage.move_to_thread(record.id, THREAD, CHANNEL)
    moved = await storage.game(record.id)
    assert moved is not None
    assert (moved.channel_id, moved.parent_channel_id, moved.version) == (THREAD, CHANNEL, record.version)
    assert await storage.running_game(CHANNEL) is None
    assert await storage.running_game(THREAD) == moved
    # Each thread runs one game: two games at once opened in the same channel.
    second = await new_game(storage)
    await storage.move_to_thread(second.id, OTHER_THREAD, CHANNEL)
    assert (await storage.running_game(OTHER_THREAD)).id == second.id  # type: ignore[union-attr]
    assert await storage.lobbies() == [moved, await storage.game(second.id)]


async def test_an_ended_game_waits_to_have_its_thread_closed_once(storage: Storage) -> None:
    in_channel = await new_game(storage, channel_id=CHANNEL - 1)
    record = await new_game(storage)
    await storage.move_to_thread(record.id, THREAD, CHANNEL)
    assert await storage.threads_to_close() == []
    for game in (in_channel, await storage.game(record.id)):
        assert game is not None
        game.status = "abandoned"
        assert await storage.save(game, game.version)
    assert await storage.threads_to_close() == [record.id]
    await storage.close_thread(record.id)
    closed = await storage.game(record.id)
    assert closed is not None and closed.thread_closed_at is not None
    await storage.close_thread(record.id)
    assert (await storage.game(record.id)).thread_closed_at == closed.thread_closed_at  # type: ignore[union-attr]
    assert await storage.threads_to_close() == []
    assert (await storage.game(in_channel.id)).parent_channel_id is None  # type: ignore[union-attr]
