"""Records the boards of an earlier version of the bot: its database and the controls it posted.

The bot was split into packages after commit 31520b8; the database and ``boards.json`` beside this
file were written by that commit's bot, so that ``test_old_boards.py`` can press, with the current
bot, the controls players still have on their screens. This script runs against the layout of that
commit (``bot.app``, ``bot.config``): from a checkout of it,

    PYTHONPATH=. .venv/bin/python <path to this file> <output folder>

It plays, through the fake Discord, a Perfect Cell game with its dice rolled, an Over 9000 game in
its first arrangement (one token placed, the private panel open), a Prime Time game against the AI
in its first round (the private panel open), and a Perfect Cell lobby, then saves the database and,
for every message with controls, its ids, text and components, with the ids of the fake world's
server, channels and people.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from bot.config import Settings

from bot.app import GameBot
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeUser, StoredMessage

SEEDS = iter(range(101, 200))


def control(message: StoredMessage, op: str) -> dict[str, Any]:
    """The first enabled control of ``message`` with ``op``."""
    return next(
        component
        for component in message.walk_components()
        if component.get("custom_id", "").split(":")[3:4] == [op] and not component.get("disabled")
    )


def saved(name: str, message: StoredMessage, channel: str) -> dict[str, Any]:
    return {
        "name": name,
        "channel": channel,
        "id": message.id,
        "visible_to": message.visible_to.username if message.visible_to is not None else None,
        "flags": message.flags,
        "message_type": message.message_type,
        "content": message.content,
        "embeds": message.embeds,
        "components": message.components,
        "interaction_metadata": message.interaction_metadata,
    }


async def latest(fake: FakeDiscord, bot: GameBot, channel_id: int) -> StoredMessage:
    record = await bot.service.storage.latest_game(channel_id)
    board = fake.world.find_message(record.message_id)
    assert board is not None
    return board


async def pick_first(fake: FakeDiscord, bot: GameBot, channel_id: int, people: list[FakeUser]) -> None:
    for person in people:
        board = await latest(fake, bot, channel_id)
        menu = control(board, "pick")
        await fake.select(person, board, [menu["options"][0]["value"]], custom_id=menu["custom_id"])


async def record(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    working = folder / "working.sqlite3"
    async with FakeDiscord(channels_per_guild=4) as fake:
        settings = Settings(
            discord_token=fake.token, database_path=working, dev_guild_id=fake.guild.id, ai_turn_delay=0
        )
        bot = GameBot(settings, new_seed=lambda: next(SEEDS))
        async with fake.running(bot):
            cell, over9000, primetime, lobby = fake.guild.channels
            alice, bob, carol = fake.users.alice, fake.users.bob, fake.users.carol
            messages = []

            opened = await fake.slash(alice, "cell start", channel=cell, difficulty="normal")
            await fake.click(bob, opened, "Join")
            await pick_first(fake, bot, cell.id, [alice, bob])
            await fake.click(alice, await latest(fake, bot, cell.id), "Start")
            await fake.click(alice, await latest(fake, bot, cell.id), "Roll dice")
            messages.append(saved("cell board", await latest(fake, bot, cell.id), cell.name))
            rules: InteractionResult = await fake.slash(alice, "cell rules", channel=cell)
            assert rules.message is not None
            messages.append(saved("cell rules", rules.message, cell.name))

            opened = await fake.slash(alice, "over9000 start", channel=over9000)
            await fake.click(bob, opened, "Join")
            await fake.click(alice, await latest(fake, bot, over9000.id), "Start")
            panel = await fake.click(alice, await latest(fake, bot, over9000.id), "My tokens")
            assert panel.message is not None
            await fake.click(alice, panel.message, control(panel.message, "act")["custom_id"])
            messages.append(saved("over9000 board", await latest(fake, bot, over9000.id), over9000.name))
            panel_now = fake.world.find_message(panel.message.id)
            assert panel_now is not None
            messages.append(saved("over9000 panel", panel_now, over9000.name))

            await fake.slash(alice, "primetime start", channel=primetime, ai_opponent=True, setup="quick")
            await pick_first(fake, bot, primetime.id, [alice])
            await fake.click(alice, await latest(fake, bot, primetime.id), "Start")
            await bot.autopilot.idle()
            await fake.settle()
            messages.append(saved("primetime board", await latest(fake, bot, primetime.id), primetime.name))
            hand = await fake.click(alice, await latest(fake, bot, primetime.id), "My hand")
            assert hand.message is not None
            messages.append(saved("primetime panel", hand.message, primetime.name))

            await fake.slash(carol, "cell start", channel=lobby, difficulty="easy")
            messages.append(saved("cell lobby", await latest(fake, bot, lobby.id), lobby.name))

            world = {
                "guild": fake.guild.id,
                "channels": {channel.name: channel.id for channel in fake.guild.channels},
                "users": {user.username: user.id for user in fake.users},
            }
    with sqlite3.connect(working) as database:
        database.execute("VACUUM INTO ?", (str(folder / "games.sqlite3"),))
    for leftover in folder.glob("working.sqlite3*"):
        leftover.unlink()
    boards = {"world": world, "messages": messages}
    (folder / "boards.json").write_text(json.dumps(boards, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    asyncio.run(record(Path(sys.argv[1])))
