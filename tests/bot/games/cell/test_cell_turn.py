"""A Perfect Cell turn in a few clicks, end to end: one menu per kind of die on the board, a spend is
one pick, a payment of several dice is one private panel edited in place and taken away once
confirmed, and a tampered choice changes nothing."""

from __future__ import annotations

from pathlib import Path

from bot.games.cell.paths import parse_path
from rules.cell.content import FACE_NAMES
from rules.cell.queries import rolled_dice
from tests.bot.driver import make_bot
from tests.bot.games.cell.driver import CellTable, control_op, offered
from tests.fakediscord.fake import FakeDiscord

UPDATE_MESSAGE = 7


async def test_after_rolling_the_board_has_one_menu_per_kind_of_die(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["goku"])
        await fake.click(fake.users.bob, await table.board(), "Roll dice")
        state = await table.state()
        board = await table.board()
        faces = [die.face for die in rolled_dice(state, 0)]
        menus = [menu for menu in board.selects if menu["custom_id"].split(":")[4] in faces]
        assert len(menus) == len(set(faces))
        for menu in menus:
            face = menu["custom_id"].split(":")[4]
            assert f"{FACE_NAMES[face]} x{faces.count(face)}" in menu["placeholder"]
        assert not any(control_op(component) == "die" for component in board.walk_components())
        spend = next((menu, value) for menu, value in offered(board) if value.isdigit())
        before = await table.record()
        answer = await fake.select(fake.users.bob, board, [spend[1]], custom_id=spend[0]["custom_id"])
        assert answer.response_type == UPDATE_MESSAGE
        assert (await table.record()).version == before.version + 1
        assert not fake.ephemerals(table.channel, fake.users.bob)


async def test_a_payment_is_one_private_panel_edited_in_place_then_taken_away(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    bob = fake.users.bob
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [bob])
        await table.open(["gohan"])
        await fake.click(bob, await table.board(), "Roll dice")
        board = await table.board()
        before = await table.record()
        menu = await fake.click(bob, board, "Threats, Power Ups…")
        assert menu.message is not None and menu.message.ephemeral
        threat = next((c, v) for c, v in offered(menu.message) if v.startswith("t"))
        panel = await fake.select(bob, menu, [threat[1]], custom_id=threat[0]["custom_id"])
        assert panel.response_type == UPDATE_MESSAGE and panel.message is not None
        assert "Choose the dice to place" in panel.message.content
        dice = next(c for c in panel.message.selects if control_op(c) == "dice")
        first = dice["options"][0]["value"]
        picked = await fake.select(bob, panel, [first], custom_id=dice["custom_id"])
        assert picked.response_type == UPDATE_MESSAGE and picked.message is not None
        assert picked.message.id == menu.message.id
        assert len(fake.ephemerals(table.channel, bob)) == 1
        confirm = next(b for b in picked.message.buttons if control_op(b) == "pay")
        assert confirm["label"].startswith("Place 1 die: ")
        # Picking changed nothing: only the confirmation plays the moves.
        assert (await table.record()).version == before.version
        await fake.click(bob, picked, confirm["custom_id"])
        path = parse_path(confirm["custom_id"].split(":")[4])
        assert path is not None
        assert (await table.record()).version == before.version + len(path)
        assert not fake.ephemerals(table.channel, bob)


async def test_a_tampered_choice_changes_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    bob = fake.users.bob
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [bob])
        await table.open(["goku"])
        await fake.click(bob, await table.board(), "Roll dice")
        board = await table.board()
        before = await table.record()
        menu = board.selects[0]
        answers = []
        for forged in ["0.999", "999", "s999", "t999", "0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0", "nonsense"]:
            refused = await fake.select(bob, board, [forged], custom_id=menu["custom_id"], forged=True)
            assert refused.message is not None and refused.message.ephemeral
            answers.append(refused.message.content)
        assert all("nothing changed" in answer for answer in answers)
        after = await table.record()
        assert (after.version, after.state_json) == (before.version, before.state_json)
