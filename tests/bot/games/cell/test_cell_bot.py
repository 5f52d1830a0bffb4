"""Perfect Cell on Discord, end to end: the real bot against the fake Discord, driven by clicks."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.cell.guide import RULE_PAGES
from renderers.cell.layout import WIDTH as BOARD_WIDTH
from rules.cell.content import catalogue
from rules.cell.engine import legal_actions
from tests.bot.driver import make_bot
from tests.bot.games.cell.driver import CellTable, offered
from tests.bot.games.cell.policies import passive
from tests.fakediscord.fake import FakeDiscord


def _last_private_text(fake: FakeDiscord, table: CellTable, user) -> str:
    mine = [m for m in fake.channel_view(table.channel, as_user=user) if m.visible_to is user]
    assert mine, "the bot sent this user no private message"
    return mine[-1].content


LINE_UPS = {1: ["piccolo"], 2: ["goku", "krillin"], 4: ["gohan", "vegeta", "trunks", "piccolo"]}


@pytest.mark.parametrize("players", [1, 2, 4])
async def test_a_game_from_start_to_a_loss(fake_discord: FakeDiscord, tmp_path: Path, players: int) -> None:
    fake = fake_discord
    people = [fake.users.bob, fake.users.carol, fake.users.dave, fake.users.erin][:players]
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], people)
        await table.open(LINE_UPS[players])
        state = await table.state()
        assert state.round == 1 and len(state.active_threats) == players
        assert [fighter.fighter for fighter in state.fighters] == LINE_UPS[players]
        board = await table.board()
        assert fake.image(board).width == BOARD_WIDTH
        assert board.attachments[0].description
        final = await table.play_out(passive)
        assert final.outcome is not None and final.outcome.result == "loss"
        assert (await table.record()).status == "finished"
        assert "Defeat" in (await table.board()).embeds[0]["title"]
        # The final board's one control opens a rematch.
        assert (await table.board()).button_labels == ["Rematch"]


async def test_every_request_validates_and_only_the_active_player_may_act(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["goku", "vegeta"])
        before = await table.record()
        board = await table.board()
        await fake.click(users.carol, board, "Roll dice")
        assert "turn" in _last_private_text(fake, table, users.carol)
        await fake.click(users.dave, board, "Roll dice")
        assert "not playing" in _last_private_text(fake, table, users.dave)
        after = await table.record()
        assert (after.version, after.state_json) == (before.version, before.state_json)


async def test_a_stale_panel_changes_nothing_and_shows_the_current_board_in_place(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob])
        await table.open(["gohan"])
        await fake.click(users.bob, await table.board(), "Roll dice")
        board = await table.board()
        menu = await fake.click(users.bob, board, "Threats, Power Ups…")
        assert menu.message is not None and menu.message.ephemeral
        threat = next((c, v) for c, v in offered(menu.message) if v.startswith("t"))
        panel = await fake.select(users.bob, menu, [threat[1]], custom_id=threat[0]["custom_id"])
        assert panel.message is not None and panel.message.id == menu.message.id
        spend = next((c, v) for c, v in offered(board) if v.isdigit())
        await fake.select(users.bob, board, [spend[1]], custom_id=spend[0]["custom_id"])
        moved = await table.record()
        dice = next(c for c in panel.message.selects if ":dice:" in c["custom_id"])
        stale = await fake.select(
            users.bob, panel, [dice["options"][0]["value"]], custom_id=dice["custom_id"]
        )
        assert stale.message is not None and stale.message.id == panel.message.id
        assert "out of date" in stale.message.content and stale.message.has_image
        assert not stale.message.components
        unchanged = await table.record()
        assert (unchanged.version, unchanged.state_json) == (moved.version, moved.state_json)
        assert len(fake.ephemerals(table.channel, users.bob)) == 1


async def test_double_click_and_simultaneous_clicks_apply_exactly_one_move(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=11)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["krillin", "trunks"])
        board = await table.board()
        before = await table.record()
        await fake.together(
            fake.click(users.bob, board, "Roll dice"),
            fake.click(users.bob, board, "Roll dice"),
            fake.click(users.carol, board, "Roll dice"),
        )
        after = await table.record()
        assert after.version == before.version + 1
        assert len(await bot.service.storage.actions(after.id)) == 1
        state = await table.state()
        assert state.rolled and state.active_seat == 0


async def test_the_game_survives_a_restart_and_old_buttons_still_work(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    database = tmp_path / "games.sqlite3"
    async with fake.running(make_bot(fake, database, seed=13)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob])
        await table.open(["goku"])
        await fake.click(users.bob, await table.board(), "Roll dice")
    async with fake.running(make_bot(fake, database)) as restarted:
        table.bot = restarted
        state = await table.state()
        assert state.rolled
        end_turn = legal_actions(state, 0).index(
            next(a for a in legal_actions(state, 0) if a.type == "end_turn")
        )
        await table.play(state, end_turn)
        assert (await table.state()).round == 2


async def test_one_game_per_channel_and_games_side_by_side(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    users = fake.users
    general, games = fake.guild.channels[0], fake.guild.channels[1]
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=17)) as bot:
        first = CellTable(fake, bot, general, [users.bob])
        await first.open(["goku"])
        second_try = await fake.slash(users.carol, "cell start", channel=general)
        assert (
            second_try.message is not None and "already has a Perfect Cell game" in second_try.message.content
        )
        other = CellTable(fake, bot, games, [users.carol])
        await other.open(["vegeta"])
        await fake.click(users.carol, await other.board(), "Roll dice")
        assert (await other.state()).rolled
        assert not (await first.state()).rolled


async def test_abandon_is_for_the_host_or_channel_managers(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=19)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["goku", "gohan"])
        refused = await fake.slash(users.carol, "cell abandon", channel=table.channel)
        assert refused.message is not None and "Only the host" in refused.message.content
        assert (await table.record()).status == "active"
        await fake.slash(users.alice, "cell abandon", channel=table.channel)
        assert (await table.record()).status == "abandoned"
        restarted = await fake.slash(users.carol, "cell start", channel=table.channel)
        assert restarted.message is not None and restarted.message.embeds


async def test_help_rules_log_and_status(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=23)) as bot:
        channel = fake.guild.channels[0]
        shown = await fake.slash(users.bob, "cell help", channel=channel)
        assert shown.message is not None and "/cell start" in shown.message.content
        rules = await fake.slash(users.bob, "cell rules", channel=channel)
        assert rules.message is not None
        first_title = rules.message.embeds[0]["title"]
        paged = await fake.click(users.bob, rules, "Next")
        assert paged.message is not None and paged.message.embeds[0]["title"] != first_title
        table = CellTable(fake, bot, channel, [users.bob])
        await table.open(["piccolo"])
        log = await fake.slash(users.bob, "cell log", channel=channel)
        assert log.message is not None and "Round 1" in log.message.embeds[0]["description"]
        old_board = await table.board()
        await fake.slash(users.bob, "cell status", channel=channel)
        new_board = await table.board()
        assert new_board.id != old_board.id and new_board.attachments
        assert not list(fake.world.find_message(old_board.id).walk_components())


async def test_players_choose_their_dice_colours_in_the_lobby(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Rulebook line 53: dice colours are not tied to a fighter; each player picks a free colour and
    the game (board and log) uses it. A seat without a choice takes the first free colour."""
    fake = fake_discord
    people = [fake.users.bob, fake.users.carol, fake.users.dave]
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], people)
        await table.open(["goku", "gohan", "vegeta"], colours=["teal", "orange"])
        state = await table.state()
        assert [fighter.dice_colour for fighter in state.fighters] == ["teal", "orange", "yellow"]
        assert "Goku (teal dice)" in str(state.recent_events[0].text)


def test_the_rule_pages_follow_the_content() -> None:
    """The /cell rules pages name every dice colour and every passive Power Up, and say that threat
    damage hits every Z-Fighter (rulebook lines 53, 103 and 123)."""
    text = " ".join(str(body) for _, body in RULE_PAGES.pages)
    for colour in catalogue().board.dice_colours:
        assert colour.name in text
    for tile in catalogue().power_ups:
        if tile.is_passive:
            assert tile.name in text
    assert "hits **every** Z-Fighter" in text
