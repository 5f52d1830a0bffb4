"""Prime Time's typed cells through the fake Discord: a coordinates modal answered after a restart of
the bot, and forged or out-of-date modal ids, which change nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from rules.primetime.actions import Move, PrimeTimeAction
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from rules.primetime.targeting import move_options
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, advance_until, find, said
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import StoredMessage


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


def _can_move(state: PrimeTimeState) -> bool:
    return (
        bool(state.prompts)
        and state.prompts[0].kind == "action"
        and any(isinstance(action, Move) for action in legal_actions(state, state.prompts[0].who))
    )


async def _actions(table: PrimeTimeTable) -> list[PrimeTimeAction]:
    storage = table.bot.service.storage
    return [logged.action for logged in await storage.actions((await table.record()).id)]


async def _open_coordinates(table: PrimeTimeTable, seat: int) -> tuple[StoredMessage, InteractionResult]:
    """The mover's panel at the Move step, and the coordinates modal opened from it."""
    panel = await table.step(seat, await table.open_panel(seat), "move")
    opened = await table.fake.click(table.people[seat], panel, find(panel, "coords")["custom_id"])
    assert opened.modal is not None
    return panel, opened


def _reachable(state: PrimeTimeState) -> tuple[int, int]:
    assert state.activation is not None
    unit = state.unit(state.activation.unit)
    return next(cell for cell in sorted(move_options(state, unit)) if cell != unit.cell)


async def test_a_coordinates_modal_opened_before_a_restart_is_answered_after_it(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "games.sqlite3"
    async with fake.running(make_bot(fake, database, seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "ginyu_force"])
        state = await advance_until(table, _can_move)
        seat = state.prompts[0].who
        _, opened = await _open_coordinates(table, seat)
        count = len(await _actions(table))
        assert opened.modal is not None
        # The modal says what its answer needs: the game, the seat's move count, the step and the seat.
        game, version, op, step, drawn_for = opened.modal["custom_id"].split(":")[1:]
        assert (game, op, step, drawn_for) == (str((await table.record()).id), "cell", "move", str(seat))
        assert version == str(await bot.service.storage.seat_moves(int(game), seat))

    async with fake.running(make_bot(fake, database, seed=3)) as bot:
        table.bot = bot
        target = _reachable(state)
        await fake.submit_modal(table.people[seat], opened, {"cell": f"{target[0]},{target[1]}"})
        await table.settle()
        logged = await _actions(table)
        assert logged[count] == {"type": "move", "player": seat, "to": list(target)}
        assert (await table.state()).unit(state.activation.unit).cell == target  # type: ignore[union-attr]


async def test_forged_and_out_of_date_modal_ids_change_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "ginyu_force"])
        state = await advance_until(table, _can_move)
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

        # The seat moves on (another way) before the modal is answered: it is out of date.
        moved = await fake.submit_modal(user, opened, typed)
        await table.settle()
        assert (await _actions(table))[-1] == {"type": "move", "player": seat, "to": list(target)}
        count, version_now = len(await _actions(table)), (await table.record()).version
        late = await fake.submit_modal(user, opened, typed)
        await table.settle()
        assert "moved on" in said(late) and "nothing changed" in said(late)
        assert len(await _actions(table)) == count and (await table.record()).version == version_now
        assert moved.message is not None and moved.message.visible_to is user
