"""The shared table in its readers' languages, through the fake Discord: a replay's frames are drawn
in the table's language for every game, and the lobby's refusal of a dice colour already taken
names the colour in the refused player's language, from the game's own words."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.table.controller import TableController
from locales.catalogues import BOT, translations
from locales.languages import TRANSLATED, Language
from renderers.cell import render_cell
from renderers.cell.language import in_language
from renderers.over9000 import Over9000Board, render_over9000
from rules import cell, over9000
from tests.bot.driver import lobby_select, make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.over9000.driver import Over9000Table
from tests.fakediscord.fake import FakeDiscord


async def test_a_replays_frames_are_drawn_in_the_tables_language(tmp_path: Path) -> None:
    fake = FakeDiscord(quiet_period=0.02)
    async with fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        cell_table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await cell_table.open(["goku"])
        cell_record, cell_state = await cell_table.record(), await cell_table.state()
        over9000_table = Over9000Table(fake, bot, fake.guild.channels[1], [fake.users.carol])
        await over9000_table.open(["goku"], ai_players=1)
        over9000_record, over9000_state = await over9000_table.record(), await over9000_table.state()
        controllers: dict[str, TableController] = bot.controllers

    for language in [Language.ENGLISH, *TRANSLATED]:
        frame = controllers["cell"].replay_png(cell_record, language)(cell_state)
        assert frame == render_cell(in_language(cell.view(cell_state, None), language)).png, language
        frame = controllers["over9000"].replay_png(over9000_record, language)(over9000_state)
        drawn = render_over9000(Over9000Board.of(over9000.view(over9000_state, None), language))
        assert frame == drawn.png, language
    english = controllers["cell"].replay_png(cell_record, Language.ENGLISH)(cell_state)
    assert controllers["cell"].replay_png(cell_record, Language.FRENCH)(cell_state) != english


async def test_a_dice_colour_already_taken_is_named_in_the_refused_players_language(tmp_path: Path) -> None:
    async with FakeDiscord(quiet_period=0.02) as fake:
        host, brazilian = fake.users.bob, fake.users.carol
        host.locale = brazilian.locale = "pt-BR"
        async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
            table = CellTable(fake, bot, fake.guild.channels[0], [host, brazilian])
            lobby = await fake.slash(host, "cell start", channel=table.channel, difficulty="easy")
            await fake.click(brazilian, lobby, "Join")
            # Both choose the same colour from the same menu at once: the later choice is refused.
            board = await table.board()
            colour = lobby_select(board, "colour")
            chosen = await asyncio.gather(
                *(fake.select(person, board, ["orange"], custom_id=colour) for person in (host, brazilian))
            )
            said = [
                message.content
                for result, person in zip(chosen, (host, brazilian), strict=True)
                for message in [result.message, *result.followups]
                if message is not None and message.visible_to is person
            ]
            taken = [player.get("dice_colour") for player in (await table.record()).lobby["players"]]

    language = Language.BRAZILIAN_PORTUGUESE
    orange = translations("cell", language).pgettext("dice colour", "orange")
    sentence = translations(BOT, language).gettext(
        "The {colour} dice are already taken. Pick another colour."
    )
    assert orange != "orange"
    assert taken.count("orange") == 1
    assert said == [sentence.format(colour=orange)]
