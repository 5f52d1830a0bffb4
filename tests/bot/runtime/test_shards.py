"""The bot on gateway shards: settings, the guild → shard formula, and two bots on one database that
split the servers between them, each driving the AI only in its own servers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest
from discord.ext import commands

from bot.app import COMMAND_SYNC_LEASE, GameBot, create_bot
from bot.runtime.config import Settings, SettingsError, load_settings
from bot.runtime.sharding import ShardScope, shard_of
from bot.storage import open_storage
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel

AI_WAIT_SECONDS = 30.0


def sharded_bot(fake: FakeDiscord, database: Path, shard_id: int, clock_scale: float = 1.0) -> GameBot:
    settings = Settings(
        discord_token=fake.token,
        database_path=database,
        ai_turn_delay=0,
        shard_count=len(fake.guilds),
        shard_ids=(shard_id,),
        turn_clock_scale=clock_scale,
    )
    return create_bot(settings, new_seed=lambda: 7)


def test_shard_settings_are_read_and_checked(tmp_path: Path) -> None:
    environ = {"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "1, 3", "METRICS_PORT": "9100"}
    settings = load_settings(tmp_path / ".env", environ)
    assert (settings.shard_count, settings.shard_ids, settings.metrics_port) == (4, (1, 3), 9100)
    with pytest.raises(SettingsError, match="SHARD_IDS must be numbers from 0 to 3"):
        load_settings(tmp_path / ".env", {**environ, "SHARD_IDS": "4"})
    with pytest.raises(SettingsError, match="SHARD_IDS needs SHARD_COUNT"):
        load_settings(tmp_path / ".env", {"DISCORD_TOKEN": "x", "SHARD_IDS": "0"})
    with pytest.raises(SettingsError, match="separated by commas"):
        load_settings(tmp_path / ".env", {**environ, "SHARD_IDS": "0-3"})


def test_a_guild_belongs_to_the_shard_discord_sends_it_to() -> None:
    guild_id = 81384788765712384  # Discord API's server: created at 19403645698 ms, so shard 2 of 16
    assert shard_of(guild_id, 16) == 2 and shard_of(None, 16) == 0
    scope = ShardScope(16, frozenset({2}))
    assert scope.owns(guild_id) and not scope.owns(None) and not scope.primary
    assert ShardScope().owns(guild_id) and ShardScope().primary


async def test_the_fake_recommends_its_shard_count_and_puts_a_guild_on_each_shard() -> None:
    async with FakeDiscord(guilds=3, shard_count=2) as fake, aiohttp.ClientSession() as session:
        async with session.get(
            f"{fake.base_url}/api/v10/gateway/bot", headers={"Authorization": f"Bot {fake.token}"}
        ) as response:
            assert (await response.json())["shards"] == 2
        assert [shard_of(guild.id, 2) for guild in fake.guilds] == [0, 1, 0]


async def _open_solo_cell(fake: FakeDiscord, channel: FakeChannel, shard_id: int) -> None:
    """Bob opens a one-fighter Cell game and hands his seat to the AI, every interaction sent to
    ``shard_id``."""
    bob = fake.users.bob
    lobby = await fake.slash(bob, "cell start", channel=channel, shard_id=shard_id, difficulty="easy")
    pick = next(s["custom_id"] for s in lobby.message.selects if s["custom_id"].split(":")[3] == "pick")
    await fake.select(bob, lobby, ["goku"], custom_id=pick, shard_id=shard_id)
    await fake.click(bob, lobby, "Start", shard_id=shard_id)
    await fake.slash(bob, "cell autoplay", channel=channel, shard_id=shard_id)


async def _actions_in(bot: GameBot, channel: FakeChannel) -> int:
    assert bot.storage is not None
    record = await bot.storage.latest_game(channel.id)
    assert record is not None and record.status in ("active", "finished")
    return len(await bot.storage.actions(record.id))


async def _until_the_ai_moves(bot: GameBot, channel: FakeChannel) -> None:
    deadline = asyncio.get_running_loop().time() + AI_WAIT_SECONDS
    while await _actions_in(bot, channel) == 0:
        assert asyncio.get_running_loop().time() < deadline, "the AI never moved"
        await asyncio.sleep(0.1)


async def _status(bot: GameBot, channel: FakeChannel) -> str:
    assert bot.storage is not None
    record = await bot.storage.latest_game(channel.id)
    assert record is not None
    return record.status


async def _until_abandoned(bot: GameBot, channel: FakeChannel) -> None:
    deadline = asyncio.get_running_loop().time() + AI_WAIT_SECONDS
    while await _status(bot, channel) != "abandoned":
        assert asyncio.get_running_loop().time() < deadline, "the lobby never expired"
        await asyncio.sleep(0.05)


async def test_two_shards_split_the_servers_and_each_drives_only_its_own_games(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord(guilds=2, shard_count=2) as fake:
        home, away = fake.guilds[0].channels[0], fake.guilds[1].channels[0]
        async with fake.running(sharded_bot(fake, database, 0)) as first:
            assert isinstance(first, commands.AutoShardedBot) and isinstance(first, GameBot)
            assert [guild.id for guild in first.guilds] == [fake.guilds[0].id]
            await _open_solo_cell(fake, home, shard_id=0)
            await _until_the_ai_moves(first, home)
            # A misrouted game (the other shard's process is down): answered, but its AI is left to
            # the process that holds its server.
            await _open_solo_cell(fake, away, shard_id=0)
            await asyncio.sleep(1.0)
            assert await _actions_in(first, away) == 0
            async with fake.running(sharded_bot(fake, database, 1)) as second:
                assert [guild.id for guild in second.guilds] == [fake.guilds[1].id]
                await _until_the_ai_moves(second, away)
        syncs = [
            request for request in fake.requests if request.method == "PUT" and "commands" in request.path
        ]
        assert len(syncs) == 1, "only the process holding shard 0 syncs the commands"


async def test_commands_are_left_to_the_process_that_holds_the_sync_lease(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    storage = await open_storage(database)
    try:
        assert await storage.try_lease(COMMAND_SYNC_LEASE, "the old process", 60)
        async with FakeDiscord(guilds=2, shard_count=2) as fake:
            async with fake.running(sharded_bot(fake, database, 0)):
                assert not fake.synced_commands
            await storage.release_lease(COMMAND_SYNC_LEASE, "the old process")
            async with fake.running(sharded_bot(fake, database, 0)):
                assert fake.synced_commands
    finally:
        await storage.close()


async def test_each_process_expires_only_the_lobbies_of_its_own_servers(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    # Thirty minutes of lobby expiry become 3 s.
    clock = 1 / 600
    async with FakeDiscord(guilds=2, shard_count=2) as fake:
        home, away = fake.guilds[0].channels[0], fake.guilds[1].channels[0]
        async with fake.running(sharded_bot(fake, database, 0, clock)) as first:
            await fake.slash(fake.users.bob, "cell start", channel=away, shard_id=0)
            await fake.slash(fake.users.bob, "cell start", channel=home)
            await _until_abandoned(first, home)
            await asyncio.sleep(1.0)
            assert await _status(first, away) == "lobby"
            async with fake.running(sharded_bot(fake, database, 1, clock)) as second:
                await _until_abandoned(second, away)
