"""Moves and targets chosen on a picture, through the fake Discord: the Move step's panel shows the
close-up with the suggested cells lettered as its menu letters them, each with its reasons; the
Technique step shows the targets with their chances; the panel stays one message whose picture is
replaced or taken away as its step changes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.primetime.codes import parse_code
from bot.games.primetime.pictures import ZOOM_FILE, panel_zoom
from rules.primetime.actions import Move, UseTechnique
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, advance_until
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


def _acting(state: PrimeTimeState) -> bool:
    return bool(state.prompts) and state.prompts[0].kind == "action"


def _can_move_and_attack(state: PrimeTimeState) -> bool:
    if not _acting(state):
        return False
    actions = legal_actions(state, state.prompts[0].who)
    return any(isinstance(action, Move) for action in actions) and any(
        isinstance(action, UseTechnique) and action.target is not None for action in actions
    )


def _close_up(panel: StoredMessage) -> None:
    assert [attachment.filename for attachment in panel.attachments] == [ZOOM_FILE]
    assert panel.has_image and panel.attachments[0].image().width == 864
    assert panel.embeds[0]["image"]["url"] == f"attachment://{ZOOM_FILE}"


async def test_the_move_and_technique_steps_show_the_close_up_and_back_takes_it_away(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        state = await advance_until(table, _can_move_and_attack)
        seat = state.prompts[0].who
        main = await table.open_panel(seat)
        assert not main.attachments

        moving = await table.step(seat, main, "move")
        assert moving.id == main.id
        _close_up(moving)
        names = tuple(player["name"] for player in (await table.record()).lobby["players"])
        zoom = panel_zoom(state, seat, "move", (names[0], names[1]))
        assert zoom is not None and zoom.lettered
        menu = next(select for select in moving.selects if select["placeholder"] == "Move to…")
        options = menu["options"]
        # The menu lists the lettered cells in the picture's order, each saying why it is offered.
        assert [option["label"][0] for option in options] == [chr(ord("A") + i) for i in range(len(options))]
        chosen = [parse_code(option["value"], state, seat) for option in options]
        assert [action.to for action in chosen if isinstance(action, Move)] == zoom.lettered
        assert all(option.get("description") for option in options)
        assert "Suggested cells: A " in (moving.attachments[0].description or "")

        await fake.click(table.people[seat], moving, "Back")
        back = fake.world.find_message(main.id)
        assert back is not None
        assert back.id == main.id and not back.attachments and "image" not in back.embeds[0]

        aiming = await table.step(seat, back, "tech.0")
        _close_up(aiming)
        assert "Targets: " in (aiming.attachments[0].description or "") and "%" in (
            aiming.attachments[0].description or ""
        )
        # Choosing a move from the lettered menu applies it, and the panel returns without a picture.
        await fake.click(table.people[seat], aiming, "Back")
        again = await table.step(seat, fake.world.find_message(main.id) or main, "move")
        await fake.select(table.people[seat], again, [options[0]["value"]])
        await table.settle()
        after = await table.state()
        assert after.unit(state.activation.unit).cell == chosen[0].to  # type: ignore[union-attr]
        panel = fake.world.find_message(main.id)
        assert panel is not None and not panel.attachments
