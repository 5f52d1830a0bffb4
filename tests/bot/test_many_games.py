"""Several games at once: saves that never mix, moves that are shown whatever happens to the reply,
one live board, every click answered. Each test here failed before the fix it guards."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.app import GameBot
from bot.storage import ActionRecord, SqliteStorage, Storage
from bot.ui.components import control_of, find_component
from rules.cell.engine import legal_actions
from tests.bot.driver import lobby_select, make_bot
from tests.bot.games.cell.driver import CellTable, offered
from tests.bot.games.cell.policies import passive
from tests.fakediscord.errors import InteractionNotAnswered
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
CHANNEL_MESSAGES = "/channels/{channel_id}/messages"
CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
UNKNOWN_INTERACTION, MISSING_PERMISSIONS = 10062, 50013


async def _games(storage: Storage, count: int) -> list:
    return [
        await storage.create_lobby("cell", 1, 100 + number, 7, {"players": []}, seed=number)
        for number in range(count)
    ]


async def test_games_in_different_channels_save_at_the_same_moment(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    records = await _games(storage, 30)
    action = ActionRecord(actor_id=7, seat=0, action={"type": "roll"})

    for _ in range(3):
        saved = await asyncio.gather(*(storage.save(record, record.version, action) for record in records))
        assert all(saved)

    for record in records:
        assert (await storage.game(record.id)).version == 3
        assert [entry.seq for entry in await storage.actions(record.id)] == [1, 2, 3]
    await storage.close()


async def test_a_save_that_fails_commits_nothing_even_while_another_game_writes(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    failing, other = await _games(storage, 2)
    unwritable = ActionRecord(actor_id=7, seat=0, action={"type": "roll", "when": object()})
    failing.state_json = "{}"

    results = await asyncio.gather(
        storage.save(failing, failing.version, unwritable),
        storage.replace_message(other.id, 555),
        return_exceptions=True,
    )

    assert isinstance(results[0], TypeError) and results[1] is None
    stored = await storage.game(failing.id)
    assert stored.version == 0 and stored.state_json is None
    assert await storage.actions(failing.id) == []
    assert (await storage.game(other.id)).message_id == 555
    await storage.close()


async def test_reads_never_see_a_save_still_in_progress(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    [record] = await _games(storage, 1)
    seen: list[int] = []

    async def read_while_saving() -> None:
        for _ in range(20):
            seen.append((await storage.game(record.id)).version)
            await asyncio.sleep(0)

    unwritable = ActionRecord(actor_id=7, seat=0, action={"bad": object()})
    await asyncio.gather(storage.save(record, 0, unwritable), read_while_saving(), return_exceptions=True)

    assert set(seen) == {0}
    await storage.close()


async def test_of_two_boards_replacing_one_at_once_exactly_one_stays(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    [record] = await _games(storage, 1)
    await storage.replace_message(record.id, 1)

    replaced = await asyncio.gather(
        storage.replace_message(record.id, 2), storage.replace_message(record.id, 3)
    )

    current = (await storage.game(record.id)).message_id
    assert current in (2, 3)
    assert sorted(old for old in replaced if old is not None) == sorted([1, 5 - current])
    await storage.close()


async def _cell_game_with_an_ai(fake: FakeDiscord, bot, seed_channel: int = 0) -> CellTable:
    channel = fake.guild.channels[seed_channel]
    table = CellTable(fake, bot, channel, [fake.users.bob])
    lobby = await fake.slash(fake.users.bob, "cell start", channel=channel, ai_players=1)
    await fake.select(fake.users.bob, lobby, ["goku"], custom_id=lobby_select(lobby.message, "pick"))
    await fake.click(fake.users.bob, await table.board(), "Start")
    return table


async def _end_bobs_turn(table: CellTable) -> None:
    """Rolls, then leaves the End turn click for the caller to make."""
    state = await table.state()
    await table.play(state, passive(state, legal_actions(state, 0)))


async def test_a_saved_move_whose_reply_fails_still_reaches_the_board_and_wakes_the_ai(
    tmp_path: Path,
) -> None:
    async with (
        FakeDiscord(answer_deadline=1.0) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        table = await _cell_game_with_an_ai(fake, bot)
        await _end_bobs_turn(table)
        before = await table.record()
        # The interaction expired before the bot answered: every answer to it is refused, up to three
        # (the acknowledgement of a click still being worked on after 0.1 s, as on a busy machine, the
        # board's edit, and the word to the player).
        fake.inject_fault(
            "POST", CALLBACK, status=404, code=UNKNOWN_INTERACTION, message="Unknown interaction", times=3
        )

        state = await table.state()
        with pytest.raises(InteractionNotAnswered):
            await table.play(state, passive(state, legal_actions(state, 0)))
        await bot.autopilot.idle()
        await fake.settle()

        record = await table.record()
        ai_moves = [entry for entry in await bot.service.storage.actions(record.id) if entry.seat == 1]
        assert ai_moves, "the AI never moved after the reply failed"
        state = await table.state()
        assert state.active_seat == 0 and record.version > before.version + 1
        board = await table.board()
        assert any(f":{record.version}:" in button["custom_id"] for button in board.buttons)


async def test_a_click_whose_interaction_expired_is_logged_once_and_not_answered_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with (
        FakeDiscord(answer_deadline=1.0) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["goku"])
        old_board = await table.board()
        roll = old_board.buttons[0]["custom_id"]
        state = await table.state()
        await table.play(state, passive(state, legal_actions(state, 0)))
        # Discord gave up on the late click before the bot refused it (the board moved on): every
        # answer to it fails.
        fake.inject_fault(
            "POST", CALLBACK, status=404, code=UNKNOWN_INTERACTION, message="Unknown interaction", times=3
        )
        errors_before = len(fake.bot_errors)

        with pytest.raises(InteractionNotAnswered):
            await fake.click_late(fake.users.bob, await table.board(), roll)
        await fake.settle()

        assert fake.bot_errors[errors_before:] == [], "an exception escaped the click's handler"
        logged = [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
        assert len(logged) == 1 and logged[0].startswith("error handling act"), logged
        answers = [request for request in fake.requests if request.template == CALLBACK]
        assert answers[-1].status == 404 and len([a for a in answers if a.status == 404]) == 1


async def _rolled_with_a_panel(table: CellTable) -> tuple[InteractionResult, str, int]:
    """Rolls the only player's dice and opens the private panel of a threat, its dice filled in (a
    move made from a panel updates the board through the channel); returns the panel, its
    confirmation and how many moves that plays."""
    state = await table.state()
    await table.play(state, passive(state, legal_actions(state, 0)))
    board = await table.board()
    menu, code = next((menu, value) for menu, value in offered(board) if value.startswith("t"))
    panel = await table.fake.select(table.players[0], board, [code], custom_id=menu["custom_id"])
    assert panel.message is not None
    confirm = next(button["custom_id"] for button in panel.message.buttons if ":pay:" in button["custom_id"])
    return panel, confirm, len(confirm.split(":")[4].split("."))


async def test_a_board_that_cannot_be_edited_is_posted_again_and_the_player_told(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        channel = fake.guild.channels[0]
        table = CellTable(fake, bot, channel, [fake.users.bob])
        await table.open(["goku"])
        old_board = await table.board()
        panel, confirm, _ = await _rolled_with_a_panel(table)
        # A move made from a private panel edits the board through the channel; that edit is refused.
        fake.inject_fault("PATCH", CHANNEL_MESSAGE, status=404, code=10008, message="Unknown Message")
        result = await fake.click(fake.users.bob, panel, confirm)

        record = await table.record()
        assert record.message_id != old_board.id
        new_board = await table.board()
        assert any(f":{record.version}:" in button["custom_id"] for button in new_board.buttons)
        said = [message.content for message in fake.channel_view(channel, as_user=fake.users.bob)]
        assert any("Your move was saved" in (text or "") for text in said), said
        # The click was answered, and its panel taken away.
        assert result.response_type is not None and result.message is None


async def test_two_status_commands_at_once_leave_one_live_board(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["goku", "vegeta"])
        await fake.together(
            fake.slash(fake.users.bob, "cell status", channel=table.channel),
            fake.slash(fake.users.carol, "cell status", channel=table.channel),
        )

        live = [
            message
            for message in fake.channel_view(table.channel, as_user=fake.users.dave)
            if message.buttons
        ]
        assert [message.id for message in live] == [(await table.record()).message_id]


async def test_a_second_click_after_the_first_redrew_the_board_is_answered(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["goku"])
        board = await table.board()
        roll = next(button for button in board.buttons if button.get("label") == "Roll dice")
        await fake.click(fake.users.bob, board, roll["custom_id"])
        version = (await table.record()).version

        late = await fake.click_late(fake.users.bob, board, roll["custom_id"])

        assert late.message is not None and "out of date" in late.message.content
        assert (await table.record()).version == version


def test_the_controls_a_message_shows_are_found_however_deeply_nested() -> None:
    button = SimpleNamespace(custom_id="gb:1:2:act:0")
    menu = SimpleNamespace(custom_id="gs:1:2:act:")
    rows = [
        SimpleNamespace(children=[button, SimpleNamespace(custom_id=None)]),
        SimpleNamespace(children=[SimpleNamespace(children=[menu])]),
    ]

    assert find_component(rows, "gb:1:2:act:0") is button
    assert find_component(rows, "gs:1:2:act:") is menu
    assert find_component(rows, "gb:1:3:act:0") is None


def test_only_a_menu_carries_chosen_values() -> None:
    assert control_of("gs:1:2:act:", ("4",)).values == ("4",)  # type: ignore[union-attr]
    assert control_of("gb:1:2:act:0", ("4",)).values == ()  # type: ignore[union-attr]
    assert control_of("something else", ("4",)) is None


async def test_a_forged_menu_value_is_refused_and_a_long_one_never_echoed_whole(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        lobby = await fake.slash(fake.users.bob, "cell start", channel=table.channel)
        version = (await table.record()).version

        forged = await fake.select(
            fake.users.bob, lobby, ["x" * 3000], custom_id=lobby_select(lobby.message, "pick"), forged=True
        )

        assert forged.message is not None and "not on the menu" in forged.message.content
        assert len(forged.message.content) < 200
        assert (await table.record()).version == version


async def holding_the_game(bot: GameBot, game_id: int, seconds: float) -> asyncio.Task[None]:
    """Takes the game's lock, as a slow move would, and keeps it for ``seconds``."""

    service = bot.service

    async def busy_game() -> None:
        async with service.lock(game_id):
            await asyncio.sleep(seconds)

    holder = asyncio.create_task(busy_game())
    await asyncio.sleep(0)
    return holder


async def test_a_click_that_waits_long_for_its_game_is_acknowledged_in_time(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["goku"])
        record = await table.record()

        holder = await holding_the_game(bot, record.id, 2.6)
        state = await table.state()
        await table.play(state, passive(state, legal_actions(state, 0)))
        await holder

        assert (await table.record()).version == record.version + 1
        board = await table.board()
        assert any(f":{record.version + 1}:" in button["custom_id"] for button in board.buttons)


async def test_an_abandon_that_waits_long_for_its_game_is_acknowledged_in_time(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["goku"])
        record = await table.record()

        holder = await holding_the_game(bot, record.id, 3.5)
        answer = await fake.slash(fake.users.bob, "cell abandon", channel=table.channel)
        await holder

        assert answer.message is not None and "abandoned" in answer.message.content
        assert (await table.record()).status == "abandoned"


async def test_the_sweep_wakes_an_ai_whose_turn_was_dropped(tmp_path: Path, monkeypatch) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29, ai_sweep_interval=0.3)) as bot,
    ):
        table = await _cell_game_with_an_ai(fake, bot)
        failures = []
        real_act_as = bot.service.act_as

        async def failing_once(*args, **kwargs):
            if not failures:
                failures.append(args[1])
                raise RuntimeError("the AI tripped")
            return await real_act_as(*args, **kwargs)

        monkeypatch.setattr(bot.service, "act_as", failing_once)
        await _end_bobs_turn(table)
        state = await table.state()
        await table.play(state, passive(state, legal_actions(state, 0)))
        # Nothing but the sweep wakes the game now: no click, no command.
        for _ in range(50):
            await asyncio.sleep(0.1)
            await bot.autopilot.idle()
            if (await table.state()).active_seat == 0:
                break
        assert failures == [1]
        assert (await table.state()).active_seat == 0, "the sweep never woke the AI"
        await fake.settle()


async def test_a_read_sees_every_committed_save_while_other_reads_are_under_way(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    records = await _games(storage, 3)
    action = ActionRecord(actor_id=7, seat=0, action={"type": "roll"})

    async def save_and_read(record) -> int:
        await storage.save(record, record.version, action)
        return (await storage.game(record.id)).version

    for round_number in range(1, 6):
        seen = await asyncio.gather(
            *(save_and_read(record) for record in records),
            *(storage.running_game(100 + number) for number in range(3)),
        )
        assert seen[:3] == [round_number] * 3
    await storage.close()


async def test_a_saved_move_whose_board_cannot_be_posted_says_so(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot,
    ):
        channel = fake.guild.channels[0]
        table = CellTable(fake, bot, channel, [fake.users.bob])
        await table.open(["goku"])
        panel, confirm, moves = await _rolled_with_a_panel(table)
        version = (await table.record()).version
        # The board was deleted and the bot may no longer post in the channel.
        fake.inject_fault("PATCH", CHANNEL_MESSAGE, status=404, code=10008, message="Unknown Message")
        fake.inject_fault(
            "POST",
            CHANNEL_MESSAGES,
            status=403,
            code=MISSING_PERMISSIONS,
            message="Missing Permissions",
            times=2,
        )
        await fake.click(fake.users.bob, panel, confirm)

        assert (await table.record()).version == version + moves
        said = [message.content or "" for message in fake.channel_view(channel, as_user=fake.users.bob)]
        assert any(
            "Your move was saved, but I could not post the board: I lack a permission" in text
            for text in said
        ), said
