"""Prime Time's private panels through the fake Discord: what a player reads where they choose, and
ids of another seat's panel sent from a tampered client."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ui.components import ANOTHER_SEAT
from rules.primetime.ascension import deciding_units
from rules.primetime.cards import cards
from rules.primetime.texts import card_text
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, advance_until, find, parts, said
from tests.fakediscord.fake import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def test_another_seats_ascension_menu_from_a_tampered_client_shows_the_own_panel(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 28, defect 5: the Ascension step of the other seat (four Ginyu Force models against Cell
    alone) sent with the sender's own seat raised a ValueError ("Something went wrong on my side").
    It now draws the sender's own plan, and with the other seat's number it is refused."""
    fake = fake_discord
    caplog.set_level(logging.ERROR)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["ginyu_force", "cell_games"])
        state = await advance_until(table, lambda s: s.phase == "ascension" and len(s.prompts) == 2)
        assert [len(deciding_units(state, seat)) for seat in (0, 1)] == [4, 1]
        record = await table.record()
        hers = await table.open_panel(0)
        menu = find(hers, "choose", f"asc.{'h' * 4}.0.0") or next(
            menu for menu in hers.selects if parts(menu["custom_id"])[4].startswith("asc.")
        )
        step = parts(menu["custom_id"])[4]
        his = await table.open_panel(1)
        moves = [await bot.service.storage.seat_moves(record.id, seat) for seat in (0, 1)]

        as_his = await fake.forge(fake.users.carol, his, f"gb:{record.id}:{moves[1]}:choose:{step}:1")
        assert as_his.message is not None and as_his.message.visible_to is fake.users.carol
        assert "Ascension cost" in as_his.message.embeds[0]["description"]
        as_hers = await fake.forge(fake.users.carol, his, f"gb:{record.id}:{moves[0]}:choose:{step}:0")
        assert as_hers.message is not None and as_hers.message.content == str(ANOTHER_SEAT)
        as_menu = await fake.forge(
            fake.users.carol, his, f"gs:{record.id}:{moves[1]}:choose:{step}:1", 3, ["a"]
        )
        assert as_menu.message is not None

        assert (await table.record()).version == record.version
        said = [message.content or "" for message in fake.guild.channels[0].messages.values()]
        assert not [text for text in said if "Something went wrong" in text]
    assert not [logged for logged in caplog.records if logged.levelno >= logging.ERROR]


async def test_primetime_card_offers_names_while_typing_and_shows_every_card_in_full(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    bob = fake.users.bob
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)):
        typed = await fake.autocomplete(bob, "primetime card", "name", "kaio")
        assert [choice["name"] for choice in typed.choices] == ["Kaio-ken Times Ten!"]
        everything = await fake.autocomplete(bob, "primetime card", "name", "")
        assert len(everything.choices) == 25

        for card_id in cards():
            shown = await fake.slash(bob, "primetime card", name=card_id)
            assert shown.message is not None and shown.message.visible_to is bob
            embed = shown.message.embeds[0]
            assert embed["title"] == cards()[card_id].name
            assert embed["description"] == card_text(card_id).text
            assert [field["name"].split(":")[0] for field in embed["fields"]] == [
                "Window",
                "Cost",
                "In a deck",
            ]

        by_name = await fake.slash(bob, "primetime card", name="time freeze")
        assert by_name.message is not None and by_name.message.embeds[0]["title"] == "Time Freeze!"
        several = await fake.slash(bob, "primetime card", name="senzu")
        assert "Senzu Bean" in said(several) and "Korin's Senzu" in said(several)
        unknown = await fake.slash(bob, "primetime card", name="Dragon Fist")
        assert "I know no card called" in said(unknown)
