"""Boards posted by an earlier version of the bot keep working: the database and the messages that
version left (recorded by ``record.py``, see there) are opened by the current bot, and the controls
people still have on their screens are pressed. Each press must do what it did then: apply the move,
open the menu or panel, turn the page, seat the player; never "I can't find that game". A private
panel drawn before panels carried their seat is out of date: it is replaced by the current one, whose
controls then play."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from bot.storage import now
from tests.bot.driver import make_bot
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage

HERE = Path(__file__).parent
RECORDED = json.loads((HERE / "boards.json").read_text(encoding="utf-8"))
CELL, OVER9000, PRIMETIME, LOBBY = 1, 2, 3, 4


def recorded_database(folder: Path) -> Path:
    """A copy of the recorded database whose games were left just now, as when the bot restarts at
    once: the turn clocks, deadlines and lobby expiry then leave the recorded boards alone."""
    database = folder / "games.sqlite3"
    shutil.copy(HERE / "games.sqlite3", database)
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE turn_clocks SET called_at = ?", (now(),))
        connection.execute("UPDATE games SET updated_at = ?", (now(),))
    return database


def enter_recorded_world(fake: FakeDiscord) -> dict[str, StoredMessage]:
    """Gives the fake's server, channels and people the ids they had when the boards were posted,
    and puts the recorded messages back in their channels; returns them by name."""
    world = RECORDED["world"]
    guild = fake.guild
    guild.id = guild.everyone.id = world["guild"]
    for channel in guild.channels:
        channel.id = world["channels"][channel.name]
        channel.guild_id = guild.id
    for user in fake.users:
        user.id = world["users"][user.username]
    posted = {}
    for saved in RECORDED["messages"]:
        channel = guild.channel(saved["channel"])
        message = StoredMessage(
            id=saved["id"],
            channel_id=channel.id,
            author=fake.bot_user,
            content=saved["content"],
            embeds=saved["embeds"],
            components=saved["components"],
            flags=saved["flags"],
            visible_to=getattr(fake.users, saved["visible_to"]) if saved["visible_to"] else None,
            message_type=saved["message_type"],
            application_id=fake.world.application_id if saved["interaction_metadata"] else None,
            interaction_metadata=saved["interaction_metadata"],
        )
        channel.messages[message.id] = message
        posted[saved["name"]] = message
    return posted


def custom_id(message: StoredMessage, op: str, arg: str | None = None) -> str:
    """The custom id of the message's control for ``op`` (and ``arg``); a panel's ends with its seat."""
    for component in message.walk_components():
        parts = component.get("custom_id", "").split(":")
        if len(parts) in (5, 6) and parts[3] == op and arg in (None, parts[4]):
            return str(component["custom_id"])
    raise AssertionError(f"no {op} control on {message!r}")


async def version(bot: Any, game_id: int) -> int:
    record = await bot.service.storage.game(game_id)
    assert record is not None
    return int(record.version)


async def test_the_controls_posted_by_the_earlier_version_still_work(tmp_path: Path) -> None:
    database = recorded_database(tmp_path)
    async with FakeDiscord(channels_per_guild=4) as fake:
        posted = enter_recorded_world(fake)
        alice, bob, dave = fake.users.alice, fake.users.bob, fake.users.dave
        async with fake.running(make_bot(fake, database)) as bot:
            storage = bot.service.storage

            # Perfect Cell, dice rolled: a die opens the menu of its face in a private panel, and a
            # choice from it is played (the board then shows one menu per kind of die).
            board = posted["cell board"]
            before = await version(bot, CELL)
            menu = await fake.click(alice, board, custom_id(board, "die", "1"))
            assert menu.message is not None and "what should it do?" in menu.message.content
            choice = menu.message.selects[0]["options"][0]["value"]
            await fake.select(alice, menu.message, [choice])
            assert await version(bot, CELL) == before + 1
            # The recorded roll, then the choice just made.
            assert [logged.seq for logged in await storage.actions(CELL)] == [1, 2]
            refused = await fake.click(bob, board, "End turn")
            assert refused.message is not None and "turn. Wait for yours!" in refused.message.content

            # Its rules pages turn, though they belong to no game.
            rules = posted["cell rules"]
            await fake.click(alice, rules, "Next")
            assert rules.embeds[0]["footer"]["text"] == "Page 2/6"

            # Over 9000, first arrangement: the old panel becomes the current one, which places a
            # token; the board opens a panel.
            panel = posted["over9000 panel"]
            stale = await fake.click(alice, panel, custom_id(panel, "act", "place.kick.0"))
            assert stale.message is not None and "out of date" in (stale.message.content or "")
            assert await storage.seat_moves(OVER9000, 0) == 1
            await fake.click(alice, stale.message, custom_id(stale.message, "act", "place.kick.0"))
            assert await storage.seat_moves(OVER9000, 0) == 2
            opened = await fake.click(bob, posted["over9000 board"], "My tokens")
            assert opened.message is not None and opened.message.visible_to is bob
            assert opened.message.embeds and custom_id(opened.message, "act")

            # Prime Time against the AI: the old panel's Continue (a Phase Start, now called Ready)
            # opens the current panel, whose Ready is played; the board opens the panel.
            panel = posted["primetime panel"]
            before = await version(bot, PRIMETIME)
            stale = await fake.click(alice, panel, "Continue")
            assert stale.message is not None and "moved on" in (stale.message.content or "")
            assert await version(bot, PRIMETIME) == before
            await fake.click(alice, stale.message, "Ready")
            await bot.autopilot.idle()
            await fake.settle()
            assert await version(bot, PRIMETIME) > before
            assert await storage.seat_moves(PRIMETIME, 0) == 1
            opened = await fake.click(alice, posted["primetime board"], "My hand")
            assert opened.message is not None and opened.message.visible_to is alice

            # The lobby seats a newcomer, who picks a fighter.
            lobby = posted["cell lobby"]
            await fake.click(dave, lobby, "Join")
            await fake.select(dave, lobby, ["vegeta"], custom_id=custom_id(lobby, "pick"))
            record = await storage.game(LOBBY)
            assert record is not None
            assert [player["character"] for player in record.lobby["players"]] == [None, "vegeta"]
            assert f"<@{dave.id}> — Vegeta" in lobby.embeds[0]["description"]
