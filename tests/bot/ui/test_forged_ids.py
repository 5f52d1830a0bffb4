"""Forged custom ids, as a tampered client sends them, are refused like any unknown control: a
friendly answer, no traceback, nothing changed.

The large test sends ``FORGED_CLICKS`` forged clicks (1,500 by default; set the environment variable
for a longer run, and ``FORGERY_SEED`` for other ones).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from bot.app import GameBot
from bot.runtime.config import Settings
from bot.storage import Storage
from bot.ui.components import ANOTHER_SEAT, NOT_ON_THE_MENU, STORED_NUMBER_LIMIT, UNKNOWN_CONTROL
from tests.bot.driver import find_control, make_bot
from tests.bot.features.finished_games import cell_game, over9000_game, over9000_policy
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.over9000.driver import Over9000Table
from tests.bot.games.primetime.driver import PrimeTimeTable
from tests.bot.ui.forgery import Forger, buttons_of, could_make, harvest, shown_to
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeUser

FORGED_CLICKS = int(os.environ.get("FORGED_CLICKS", "1500"))
FORGERY_SEED = int(os.environ.get("FORGERY_SEED", "30"))


async def test_the_ids_that_used_to_fail_are_refused_quietly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        bob = fake.users.bob
        table = CellTable(fake, bot, fake.guild.channels[0], [bob])
        await table.open(["goku"])
        record = await table.record()
        game, version = record.id, record.version
        board = await table.board()
        forged = [
            (f"gb:{STORED_NUMBER_LIMIT + 1}:{version}:act:0", 2, None),
            (f"gb:{2**64}:{version}:act:0", 2, None),
            ("gb:0:0:rules:cell.²", 2, None),
            (f"gb:{game}:{version}:act:²", 2, None),
            (f"gb:{game}:{version}:die:²", 2, None),
            (f"gb:{game}:{version}:handoff:²", 2, None),
            (f"gb:{game}:{version}:act:0", 3, ["0"]),  # a button sent as a menu
            (f"gb:{game}:{version}:act:0", 2, ["0"]),  # a button with values
            (f"gs:{game}:{version}:act:", 2, None),  # a menu sent as a button
            ("not one of ours", 2, None),
        ]
        for custom_id, component_type, values in forged:
            answer = await fake.forge(bob, board, custom_id, component_type, values)
            assert answer.message is not None and answer.message.content == str(UNKNOWN_CONTROL), custom_id
        # A menu the board does not show cannot have offered what is chosen from it.
        answer = await fake.forge(bob, board, f"gs:{game}:{version}:act:", 3, ["0"])
        assert answer.message is not None and answer.message.content == str(NOT_ON_THE_MENU)

        assert (await table.record()).version == version
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_another_seat_s_panel_plays_for_nobody_else(tmp_path: Path) -> None:
    """Bob sends the controls of Alice's private panel from his own: each is refused, whether as Alice's
    (it carries her seat), as a panel from before panels carried their seat (out of date: his current
    panel), or as a menu (a button's id with values)."""
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot,
    ):
        alice, bob = fake.users.alice, fake.users.bob
        table = Over9000Table(fake, bot, fake.guild.channels[0], [alice, bob])
        await table.open(["goku", "vegeta"])
        hers, his = await table.open_panel(0), await table.open_panel(1)
        place = next(c["custom_id"] for c in hers.buttons if ":act:place." in c["custom_id"])
        assert place.endswith(":0")
        record = await table.record()
        moves = [await bot.service.storage.seat_moves(record.id, seat) for seat in (0, 1)]

        refused = await fake.forge(bob, his, place)
        assert refused.message is not None and refused.message.content == str(ANOTHER_SEAT)
        unbound = await fake.forge(bob, his, place.removesuffix(":0"))
        assert unbound.message is not None and "out of date" in (unbound.message.content or "")
        as_menu = await fake.forge(bob, his, "gs" + place.removeprefix("gb")[:-2] + ":1", 3, ["keep.kick"])
        assert as_menu.message is not None and as_menu.message.content == str(NOT_ON_THE_MENU)

        assert (await table.record()).version == record.version
        assert [await bot.service.storage.seat_moves(record.id, seat) for seat in (0, 1)] == moves


async def _tables(storage: Storage) -> dict[int, tuple[int, str, int]]:
    """Every game's version, status and number of logged actions."""
    games = await storage.read_all("SELECT id, version, status FROM games")
    logged = dict(await storage.read_all("SELECT game_id, COUNT(*) FROM actions GROUP BY game_id"))
    return {game: (version, status, logged.get(game, 0)) for game, version, status in games}


async def _open_games_in_play(fake: FakeDiscord, bot: GameBot, people: list[FakeUser]) -> None:
    """A game of each kind between ``people``, under way, with each player's private panel open
    (and a die's private menu in Perfect Cell): the tables forged clicks could harm."""
    channels = fake.guild.channels
    cell = CellTable(fake, bot, channels[3], people)
    await cell.open(["goku", "vegeta"])
    await cell.play(await cell.state(), 0)  # the first roll
    state = await cell.state()
    die = find_control(await cell.board(), "die", "0")
    if die is not None:
        await fake.click(people[state.active_seat], await cell.board(), die["custom_id"])
    over9000 = Over9000Table(fake, bot, channels[4], people)
    await over9000.open(["goku", "vegeta"])
    await over9000.play(over9000_policy(await over9000.state(), 0))
    for seat in range(len(people)):
        await over9000.open_panel(seat)
    primetime = PrimeTimeTable(fake, bot, channels[5], people)
    await primetime.open(["z_fighters", "frieza_force"])
    for seat in range(len(people)):
        await primetime.open_panel(seat)


async def test_forged_clicks_change_nothing_a_user_could_not_click(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Controls of whole games of all three, mutated into thousands of forged clicks sent by players
    and by outsiders: each is answered, none with a traceback, and none changes a game unless it is
    a click its sender could have made (a control they are shown)."""
    caplog.set_level(logging.ERROR)
    async with FakeDiscord(channels_per_guild=6, quiet_period=0.02, check_own_payloads=False) as fake:
        settings = Settings(
            discord_token=fake.token,
            database_path=tmp_path / "games.sqlite3",
            dev_guild_id=fake.guild.id,
            ai_turn_delay=0,
            # No reminder, hand-off or default falls due while the clicks are sent.
            turn_clock_scale=10,
        )
        bot = GameBot(settings)
        async with fake.running(bot):
            alice, bob = fake.users.alice, fake.users.bob
            people = [alice, bob]
            channels = fake.guild.channels
            await cell_game(fake, bot, channels[0], people, ["goku", "krillin"], "normal", win=False)
            await over9000_game(fake, bot, channels[1], people, ["goku", "vegeta"])
            solo = PrimeTimeTable(fake, bot, channels[2], [alice])
            await solo.open(["cell_games"], ai_opponent=True)
            await solo.play_out()
            await _open_games_in_play(fake, bot, people)

            storage = bot.service.storage
            pool = harvest([request.body for request in fake.requests])
            tables = await _tables(storage)
            ever_shown: dict[int, set[str]] = {}
            forger = Forger(pool, sorted(tables), seed=FORGERY_SEED)
            senders = [alice, bob, fake.users.carol, fake.users.dave]
            fake.settle_after_actions = False
            made = 0
            for _ in range(FORGED_CLICKS):
                click, user = forger.click(), forger.rng.choice(senders)
                shown = shown_to(fake.world, user)
                seen = ever_shown.setdefault(user.id, set())
                seen |= buttons_of(shown)
                on = fake.world.find_message(forger.rng.choice(sorted(shown)))
                assert on is not None
                await fake.forge(user, on, click.custom_id, click.kind, click.values)
                if could_make(shown, seen, on, click):
                    made += 1
                    await bot.autopilot.idle()
                    await fake.settle()
                    tables = await _tables(storage)
                    continue
                assert await _tables(storage) == tables, (click, user.username)
            await bot.autopilot.idle()
            await fake.settle()
            assert await _tables(storage) == tables
            fake.check()
        said = [m.content or "" for guild in fake.guilds for c in guild.channels for m in c.messages.values()]
        assert not [text for text in said if "Something went wrong" in text]
    assert len(pool) > 300 and made < FORGED_CLICKS / 10
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
