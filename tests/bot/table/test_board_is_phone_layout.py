"""The board the bot posts is the renderer's phone layout: for each game, a game is played through the
fake Discord, the board image is downloaded from the attachment's URL as a client would fetch it, and
it must be, pixel for pixel and at the same size, what the game's renderer draws for the saved public
view at the version the board shows, its description the renderer's alt text. Prime Time's board
(and its replay's frames) name the players as the messages do."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import aiohttp
import pytest
from PIL import Image, ImageChops

from bot.games.over9000.module import ai_seed
from bot.games.primetime.controller import PrimeTimeController
from locales.languages import Language
from renderers.cell import render_cell
from renderers.cell.layout import WIDTH as CELL_WIDTH
from renderers.common import RenderedBoard
from renderers.over9000 import render_over9000
from renderers.over9000.layout import WIDTH as OVER9000_WIDTH
from renderers.primetime import PrimeTimeBoard, render_primetime
from renderers.primetime.layout import WIDTH as PRIMETIME_WIDTH
from rules import cell, over9000, primetime
from rules.over9000.ai import choose_action
from tests.bot.driver import make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import aggressive
from tests.bot.games.over9000.driver import Over9000Table
from tests.bot.games.primetime.driver import PrimeTimeTable, advance_until
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def downloaded(message: StoredMessage) -> tuple[Image.Image, str | None]:
    """The board image as a Discord client fetches it (from the URL in the message's attachment) and
    its description."""
    payload = message.payload()["attachments"]
    assert [attachment["filename"] for attachment in payload] == ["board.png"]
    async with aiohttp.ClientSession() as session, session.get(payload[0]["url"]) as response:
        assert response.status == 200 and response.content_type == "image/png"
        image = Image.open(io.BytesIO(await response.read()))
        image.load()
    assert (image.width, image.height) == (payload[0]["width"], payload[0]["height"])
    return image, payload[0].get("description")


async def assert_posted(table: Any, expected: RenderedBoard, phone_width: int) -> None:
    image, description = await downloaded(await table.board())
    drawn = Image.open(io.BytesIO(expected.png))
    assert image.size == drawn.size == (expected.width, expected.height)
    assert image.width == phone_width, "the board is drawn at the phone layout's width"
    assert ImageChops.difference(image.convert("RGB"), drawn.convert("RGB")).getbbox() is None
    assert description == expected.alt_text[:1024]


async def shown_state(table: Any) -> Any:
    """The saved state, once the live board shows its version."""
    record = await table.record()
    assert record.board_version == record.version, "the board shows the saved version"
    return table.bot.service.load_state(record)


async def test_the_perfect_cell_board_is_the_phone_layout_of_its_view(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["goku", "vegeta"])
        for _ in range(6):
            state = await table.state()
            await table.play(state, aggressive(state, cell.legal_actions(state, state.active_seat)))
        await fake.settle()
        state = await shown_state(table)
        await assert_posted(table, render_cell(cell.view(state, None)), CELL_WIDTH)


async def test_the_over_9000_board_is_the_phone_layout_of_its_view(fake: FakeDiscord, tmp_path: Path) -> None:
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=4)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["goku"], ai_players=2)
        for _ in range(8):
            state = await table.state()
            assert state.prompt is not None and state.outcome is None
            if 0 in state.prompt.seats:
                await table.play(choose_action(state, 0, seed=ai_seed(state, 0)))
            else:
                await table.settle()
        state = await shown_state(table)
        await assert_posted(table, render_over9000(over9000.view(state, None)), OVER9000_WIDTH)


async def test_the_prime_time_board_is_the_phone_layout_of_its_view_with_the_players_names(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=9)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["cell_games"], ai_opponent=True)
        await advance_until(table, lambda state: state.round >= 2)
        await table.settle()
        state = await shown_state(table)
        names = tuple(player["name"] for player in (await table.record()).lobby["players"])
        assert names[1] == "AI"
        board = render_primetime(PrimeTimeBoard(view=primetime.view(state, None), names=names))
        await assert_posted(table, board, PRIMETIME_WIDTH)
        controller = cast(PrimeTimeController, bot.controllers["primetime"])
        assert controller.replay_png(await table.record(), Language.ENGLISH)(state) == board.png, (
            "replays name them too"
        )
