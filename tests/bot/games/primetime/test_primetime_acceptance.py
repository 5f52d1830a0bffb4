"""Issue 28's acceptance, through the fake Discord: a whole game of two people in which the Move and
Technique menus show the close-up, every card a panel names comes with its text, a declined Deflect
leaves the attack simply evaded, and a player who chose auto-Ready is never asked at a Phase Start."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.games.primetime.panel import ATTACK_MENU, MOVE_MENU
from bot.games.primetime.pictures import ZOOM_FILE
from rules.primetime.actions import Deflect, PrimeTimeAction, React
from rules.primetime.cards import cards
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from rules.primetime.texts import card_text
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, human_policy
from tests.bot.games.primetime.secrets import replay
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage

BOLD = re.compile(r"\*\*([^*]+)\*\*")
CARD_NAMES = {card.name: card_id for card_id, card in cards().items()}


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


class WatchedTable(PrimeTimeTable):
    """The players' table, reading every panel they open or step through as they use it."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.pictures: dict[str, int] = {"move": 0, "tech": 0}
        self.cards_explained = 0

    async def open_panel(self, seat: int) -> StoredMessage:
        panel = await super().open_panel(seat)
        self._read(panel, "main")
        return panel

    async def step(self, seat: int, panel: StoredMessage, step: str) -> StoredMessage:
        shown = await super().step(seat, panel, step)
        self._read(shown, step)
        return shown

    def _read(self, panel: StoredMessage, step: str) -> None:
        menus = {select["placeholder"].partition(" (page")[0] for select in panel.selects}
        if menus & {str(MOVE_MENU), str(ATTACK_MENU)}:
            # An activation's screen, or a page of its Technique menu: the close-up shows the choices.
            assert [attachment.filename for attachment in panel.attachments] == [ZOOM_FILE], step
            assert panel.embeds[0]["image"]["url"] == f"attachment://{ZOOM_FILE}"
            shown = panel.attachments[0].description or ""
            self.pictures["move"] += str(MOVE_MENU) in menus and "Suggested cells: A " in shown
            self.pictures["tech"] += str(ATTACK_MENU) in menus and "Targets: " in shown
        else:
            assert not panel.attachments, f"a picture left on the {step} step"
        description = panel.embeds[0]["description"]
        for line in description.splitlines():
            for name in BOLD.findall(line):
                card_id = CARD_NAMES.get(name.split(" x")[0])
                if card_id is not None:
                    text = card_text(card_id)
                    assert text.summary in line or text.text in line, line
                    self.cards_explained += 1
        for select in panel.selects:
            for option in select["options"]:
                card_id = CARD_NAMES.get(option["label"].split(" (")[0])
                if card_id is not None:
                    assert option.get("description") == card_text(card_id).summary, option
                    self.cards_explained += 1


def evading_policy(state: PrimeTimeState, seat: int) -> PrimeTimeAction:
    """The people play as the AI would, but always Z-Evade when they may (so critical evasions
    come) and decline every Deflect."""
    prompt = state.prompt_for(seat)
    if prompt is not None and prompt.kind == "deflect":
        return Deflect(player=seat, unit=None)
    if prompt is not None and prompt.kind == "reaction":
        evade = React(player=seat, choice="z_evasion")
        if evade in legal_actions(state, seat):
            return evade
    return human_policy(state, seat)


async def test_a_whole_game_learned_on_pictures_and_texts(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    bob = fake.users.bob
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = WatchedTable(fake, bot, fake.guild.channels[0], [bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        await fake.slash(bob, "primetime settings", channel=table.channel, auto_ready=True)
        # Nobody counts as at the table, so every call that needs a notification gets one.
        bot.controllers["primetime"].presence.away_after = 0
        called_at_phase_start: list[str] = []
        forward = fake.gateway.dispatch_message_event

        async def watch(event: str, data: dict[str, Any]) -> None:
            content = data.get("content", "")
            if event == "MESSAGE_CREATE" and f"<@{bob.id}>" in content and ", your move in" in content:
                now = await table.state()
                if {prompt.kind for prompt in now.prompts if prompt.who == 0} == {"phase_start"}:
                    called_at_phase_start.append(f"round {now.round} {now.phase_start}")
            await forward(event, data)

        fake.gateway.dispatch_message_event = watch  # type: ignore[method-assign]
        declined: list[tuple[str, int]] = []
        declines = phase_starts_called = 0
        for _ in range(4000):
            state = await table.state()
            if state.outcome is not None:
                break
            attack = state.attack
            for unit_id, hp in list(declined):
                if attack is None or attack.evader != unit_id:
                    # The declined attack is over: the defender took nothing from it.
                    assert state.unit(unit_id).hp == hp
                    declined.remove((unit_id, hp))
            wanted = [
                prompt for prompt in state.prompts if not (prompt.who == 0 and prompt.kind == "phase_start")
            ]
            if not wanted:
                await asyncio.sleep(0.02)
                await table.settle()
                continue
            if wanted[0].kind == "phase_start" and (state.round, state.phase_start) != (1, "power"):
                phase_starts_called += 1
                assert f"<@{bob.id}>" not in ((await table.board()).content or "")
            action = evading_policy(state, wanted[0].who)
            if isinstance(action, Deflect) and attack is not None and attack.evader is not None:
                declined.append((attack.evader, state.unit(attack.evader).hp))
                declines += 1
            await table.play(action)
            await table.settle()
        else:
            raise AssertionError("the game did not end")

        record = await table.record()
        states = await replay(table)
        logged = await bot.service.storage.actions(record.id)
    assert table.pictures["move"] > 0 and table.pictures["tech"] > 0
    assert table.cards_explained > 0
    events = [event for state in states for event in state.recent_events]
    assert declines > 0 and len({event.text for event in events if event.kind == "deflect_declined"}) > 0
    assert not [entry for entry in logged if entry.action["type"] == "deflect" and entry.action.get("unit")]
    # Carol was asked at every Phase Start after the first; Bob, who chose auto-Ready, never: each of
    # his answers is the bot's Ready, none a click of his.
    assert phase_starts_called > 0
    bobs = [
        (entry.actor_id, entry.action["type"])
        for before, entry in zip(states, logged, strict=False)
        if before.phase == "phase_start" and entry.seat == 0
    ]
    assert len(bobs) >= 4 * 4 - 1 and set(bobs) == {(0, "pass_window")}
    assert called_at_phase_start == []
