"""Moves and targets chosen on a picture, through the fake Discord: an activation's screen shows the
close-up with the suggested cells lettered as its Move menu letters them, each with its reasons,
and the targets with their chances beside its Technique menu; the panel stays one message whose
picture is redrawn after a move and taken away once there is nothing to choose on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.primetime.codes import action_code, parse_code
from bot.games.primetime.panel import ATTACK_MENU, MOVE_MENU
from bot.games.primetime.pictures import ZOOM_FILE, panel_zoom
from bot.games.primetime.speech import Speaker
from locales.languages import Language
from rules.primetime.actions import EndActivation, Move, UseTechnique
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, advance_until, find
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


async def test_the_activation_screen_shows_moves_and_targets_on_one_close_up(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        state = await advance_until(table, _can_move_and_attack)
        seat = state.prompts[0].who
        main = await table.open_panel(seat)
        _close_up(main)
        names = tuple(player["name"] for player in (await table.record()).lobby["players"])
        zoom = panel_zoom(state, seat, "main", (names[0], names[1]), Speaker(Language.ENGLISH))
        assert zoom is not None and zoom.lettered and zoom.reach and zoom.targets
        moves = next(select for select in main.selects if select["placeholder"] == str(MOVE_MENU))
        options = moves["options"]
        # The menu lists the lettered cells in the picture's order, each saying why it is offered.
        assert [option["label"][0] for option in options] == [chr(ord("A") + i) for i in range(len(options))]
        chosen = [parse_code(option["value"], state, seat) for option in options]
        assert [action.to for action in chosen if isinstance(action, Move)] == zoom.lettered
        assert all(option.get("description") for option in options)
        shown = main.attachments[0].description or ""
        assert "Suggested cells: A " in shown and "Targets: " in shown and "%" in shown
        # Beside it, the Technique menu: each technique and target with its chance, and what it costs.
        attacks = next(select for select in main.selects if select["placeholder"] == str(ATTACK_MENU))
        offered = attacks["options"]
        assert all(isinstance(parse_code(option["value"], state, seat), UseTechnique) for option in offered)
        assert all("%" in option["label"] and option.get("description") for option in offered)
        assert "DMG" in main.embeds[0]["description"]

        # Choosing a move applies it, and the same panel shows at once what the model may do next.
        await fake.select(table.people[seat], main, [options[0]["value"]], custom_id=moves["custom_id"])
        await table.settle()
        after = await table.state()
        assert after.unit(state.activation.unit).cell == chosen[0].to  # type: ignore[union-attr]
        panel = fake.world.find_message(main.id)
        assert panel is not None
        still = legal_actions(after, seat) if after.prompt_for(seat) is not None else []
        if any(isinstance(action, UseTechnique) for action in still):
            _close_up(panel)
            assert any(select["placeholder"] == str(ATTACK_MENU) for select in panel.selects)
        # Ending the activation takes the picture away: the panel has nothing to choose on it.
        end = EndActivation(player=seat)
        if end in still:
            await fake.click(table.people[seat], panel, find(panel, "pact", action_code(end))["custom_id"])
            await table.settle()
            ended = fake.world.find_message(main.id)
            assert ended is not None and not ended.attachments and "image" not in ended.embeds[0]
