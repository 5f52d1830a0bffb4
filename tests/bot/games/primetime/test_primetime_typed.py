"""Prime Time's typed cells through the fake Discord: a typed cell is previewed on the close-up with
Confirm and Back, garbage and illegal cells are refused with the reason, a coordinates modal is
answered after a restart of the bot, and forged or out-of-date modal ids change nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.primetime.pictures import ZOOM_FILE
from rules.primetime.actions import Deploy, PlaceObjective
from rules.primetime.engine import legal_actions
from rules.primetime.geometry import distance
from rules.primetime.state import PrimeTimeState
from rules.primetime.targeting import move_options
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import (
    PrimeTimeTable,
    advance_until,
    can_move,
    find,
    logged_actions,
    preview_of,
    said,
)
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import StoredMessage


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def _open_coordinates(table: PrimeTimeTable, seat: int) -> tuple[StoredMessage, InteractionResult]:
    """The mover's panel at the activation's screen, and the coordinates modal opened from it."""
    panel = await table.open_panel(seat)
    opened = await table.fake.click(table.people[seat], panel, find(panel, "coords")["custom_id"])
    assert opened.modal is not None
    return panel, opened


def _reachable(state: PrimeTimeState) -> tuple[int, int]:
    assert state.activation is not None
    unit = state.unit(state.activation.unit)
    return next(cell for cell in sorted(move_options(state, unit)) if cell != unit.cell)


def _embed_text(message: StoredMessage) -> str:
    return " ".join(embed.get("description", "") for embed in message.embeds)


async def _typed(
    table: PrimeTimeTable, seat: int, panel: StoredMessage, text: str
) -> tuple[InteractionResult, StoredMessage]:
    """The answer to ``text`` typed in the panel's coordinates modal, and the panel it left."""
    opened = await table.fake.click(table.people[seat], panel, find(panel, "coords")["custom_id"])
    answered = await table.fake.submit_modal(table.people[seat], opened, {"cell": text})
    # The panel is one message, updated in place.
    assert answered.response_type in (6, 7) and answered.message is not None
    assert answered.message.id == panel.id
    return answered, answered.message


async def test_a_typed_cell_is_previewed_and_played_only_once_confirmed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "ginyu_force"])
        state = await advance_until(table, can_move)
        seat = state.prompts[0].who
        user = table.people[seat]
        assert state.activation is not None
        unit = state.unit(state.activation.unit)
        version = (await table.record()).version
        panel = await table.open_panel(seat)

        garbage, panel = await _typed(table, seat, panel, "behind the rock")
        assert "is not a cell" in said(garbage) and "Nothing changed" in said(garbage)
        assert panel.visible_to is user and find(panel, "coords") is not None
        off, panel = await _typed(table, seat, panel, "31,5")
        assert "off the board" in said(off) and "Nothing changed" in said(off)
        reachable = move_options(state, unit)
        far = max(
            ((x, y) for x in range(1, 31) for y in range(1, 31) if (x, y) not in reachable),
            key=lambda cell: distance(cell, unit.cell),
        )
        illegal, panel = await _typed(table, seat, panel, f"x{far[0]} y{far[1]}")
        assert "away" in said(illegal) and "MOV" in said(illegal) and "Nothing changed" in said(illegal)
        assert (await table.record()).version == version
        # The refusal draws the activation's screen again, with its own close-up, not a preview.
        assert "Confirm" not in [button["label"] for button in panel.buttons]
        assert find(panel, "coords") is not None

        target = _reachable(state)
        _, panel = await _typed(table, seat, panel, f"{target[0]} {target[1]}")
        words = _embed_text(panel)
        assert f"from {unit.cell[0]},{unit.cell[1]} to {target[0]},{target[1]}, marked A" in words
        assert "MOV" in words and [attachment.filename for attachment in panel.attachments] == ["board.png"]
        assert panel.attachments[0].description and "Suggested cells: A " in panel.attachments[0].description
        assert [button["label"] for button in panel.buttons] == ["Confirm", "Back"]
        assert (await table.record()).version == version, "a preview plays nothing"

        await fake.click(user, panel, "Back")
        panel = fake.world.find_message(panel.id)  # type: ignore[assignment]
        # Back to the activation's screen, with its own close-up of the suggested cells.
        assert find(panel, "coords") is not None and "Confirm" not in [b["label"] for b in panel.buttons]
        assert [attachment.filename for attachment in panel.attachments] == [ZOOM_FILE]
        assert (await table.record()).version == version

        _, panel = await _typed(table, seat, panel, f"{target[0]},{target[1]}")
        confirm = find(panel, "pact")["custom_id"]
        count = len(await logged_actions(table))
        await fake.click(user, panel, "Confirm")
        await table.settle()
        assert (await logged_actions(table))[count:] == [{"type": "move", "player": seat, "to": list(target)}]
        assert (await table.state()).unit(unit.id).cell == target
        panel = fake.world.find_message(panel.id)  # type: ignore[assignment]
        # The preview's picture is gone: the panel shows what the model may do next, if anything.
        assert "✅" in panel.content and [a.filename for a in panel.attachments] in ([], [ZOOM_FILE])

        # The preview's Confirm sent again, from a tampered client, is out of date.
        version = (await table.record()).version
        again = await fake.forge(user, panel, confirm)
        await table.settle()
        assert "nothing changed" in said(again).lower() and (await table.record()).version == version
        assert len(await logged_actions(table)) == count + 1


async def test_a_coordinates_modal_opened_before_a_restart_is_answered_after_it(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "games.sqlite3"
    async with fake.running(make_bot(fake, database, seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "ginyu_force"])
        state = await advance_until(table, can_move)
        seat = state.prompts[0].who
        _, opened = await _open_coordinates(table, seat)
        count = len(await logged_actions(table))
        assert opened.modal is not None
        # The modal says what its answer needs: the game, the seat's move count, the step and the seat.
        game, version, op, step, drawn_for = opened.modal["custom_id"].split(":")[1:]
        assert (game, op, step, drawn_for) == (str((await table.record()).id), "cell", "move", str(seat))
        assert version == str(await bot.service.storage.seat_moves(int(game), seat))

    async with fake.running(make_bot(fake, database, seed=3)) as bot:
        table.bot = bot
        target = _reachable(state)
        preview = await fake.submit_modal(table.people[seat], opened, {"cell": f"{target[0]},{target[1]}"})
        assert preview.message is not None and (await logged_actions(table))[count:] == []
        await fake.click(table.people[seat], preview.message, "Confirm")
        await table.settle()
        logged = await logged_actions(table)
        assert logged[count] == {"type": "move", "player": seat, "to": list(target)}
        assert (await table.state()).unit(state.activation.unit).cell == target  # type: ignore[union-attr]


async def test_forged_and_out_of_date_modal_ids_change_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "ginyu_force"])
        state = await advance_until(table, can_move)
        seat = state.prompts[0].who
        user = table.people[seat]
        panel, opened = await _open_coordinates(table, seat)
        assert opened.modal is not None
        real = opened.modal["custom_id"]
        game, version, op, step, drawn_for = real.split(":")[1:]
        target = _reachable(state)
        typed = {"cell": f"{target[0]},{target[1]}"}
        record = await table.record()

        answers = {
            f"gm:{game}:{version}:{op}:{step}:{1 - seat}": "drawn for another player",
            f"gm:{int(game) + 1}:{version}:{op}:{step}:{drawn_for}": "can't find that game",
            f"gm:{game}²:{version}:{op}:{step}:{drawn_for}": "don't know that control",
            f"gm:{2**63}:{version}:{op}:{step}:{drawn_for}": "don't know that control",
            f"gm:{game}:{version}:pact:pass:{drawn_for}": "don't know that control",
            f"gm:{game}:{version}:choose:main:{drawn_for}": "don't know that control",
            f"gb:{game}:{version}:{op}:{step}:{drawn_for}": "don't know that control",
            f"gm:{game}:{version}:{op}:{step}:{drawn_for}:0": "don't know that control",
            f"gm:{game}:{version}:{op}:nowhere:{drawn_for}": "don't know that choice",
        }
        for custom_id, answer in answers.items():
            result = await fake.submit_modal(user, opened, typed, custom_id=custom_id)
            assert answer in said(result), custom_id
            assert (await table.record()).version == record.version, custom_id
        # The modal's id sent as a click, with or without the typed text, names no control either.
        for values in (None, [typed["cell"]]):
            clicked = await fake.forge(user, panel, real, 2 if values is None else 3, values)
            assert "don't know that control" in said(clicked)
        assert (await table.record()).version == record.version

        # The seat moves on before the modal is answered again: the modal is out of date.
        moved = await fake.submit_modal(user, opened, typed)
        assert moved.message is not None
        await fake.click(user, moved.message, "Confirm")
        await table.settle()
        assert (await logged_actions(table))[-1] == {"type": "move", "player": seat, "to": list(target)}
        count, version_now = len(await logged_actions(table)), (await table.record()).version
        late = await fake.submit_modal(user, opened, typed)
        await table.settle()
        assert "moved on" in said(late) and "nothing changed" in said(late)
        assert len(await logged_actions(table)) == count and (await table.record()).version == version_now
        assert moved.message is not None and moved.message.visible_to is user


async def test_typed_setup_cells_are_previewed_too(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "ginyu_force"], setup="full")

        # An objective, typed from the board: the preview comes privately, as a message of its own.
        state = await advance_until(table, lambda s: bool(s.prompts) and s.prompts[0].kind == "objective")
        seat = state.prompts[0].who
        point = next(a.point for a in legal_actions(state, seat) if isinstance(a, PlaceObjective))
        board = await table.board()
        opened = await fake.click(table.people[seat], board, find(board, "coords")["custom_id"])
        typed = await fake.submit_modal(table.people[seat], opened, {"cell": f"{point[0]},{point[1]}"})
        preview = preview_of(typed)
        assert preview is not None and preview.visible_to is table.people[seat]
        assert f"objective** on the grid point {point[0]},{point[1]}" in _embed_text(preview)
        assert len(preview.attachments) == 1 and board.id != preview.id
        count = len(await logged_actions(table))
        await fake.click(table.people[seat], preview, "Confirm")
        await table.settle()
        assert (await logged_actions(table))[count] == {
            "type": "place_objective",
            "player": seat,
            "point": list(point),
        }

        # A model's deployment cell, typed in the panel.
        state = await advance_until(table, lambda s: bool(s.prompts) and s.prompts[0].kind == "deploy")
        seat = state.prompts[0].who
        deploy = next(a for a in legal_actions(state, seat) if isinstance(a, Deploy) and a.level == 0)
        panel = await table.open_panel(seat)
        menu = find(panel, "choose", "dep")
        await fake.select(table.people[seat], panel, [deploy.unit], custom_id=menu["custom_id"])
        panel = fake.world.find_message(panel.id)  # type: ignore[assignment]
        _, panel = await _typed(table, seat, panel, f"{deploy.to[0]},{deploy.to[1]}")
        assert f"on {deploy.to[0]},{deploy.to[1]}, marked A" in _embed_text(panel)
        await fake.click(table.people[seat], panel, "Back")
        panel = fake.world.find_message(panel.id)  # type: ignore[assignment]
        assert find(panel, "coords", f"dep.{deploy.unit}.0") is not None and not panel.attachments
        _, panel = await _typed(table, seat, panel, f"{deploy.to[0]},{deploy.to[1]}")
        count = len(await logged_actions(table))
        await fake.click(table.people[seat], panel, "Confirm")
        await table.settle()
        assert (await logged_actions(table))[count] == deploy.model_dump(mode="json")
