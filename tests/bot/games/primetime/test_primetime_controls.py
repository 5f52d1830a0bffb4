"""Prime Time's controls through the fake Discord: double and simultaneous clicks, clicks by people
who may not make the decision, and a Z-Reaction whose deadline runs out across a restart of the bot
(the coordinates modal is tested in ``test_primetime_typed``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest

from bot.app import GameBot
from bot.games.primetime.module import AUTO_PASS, AUTO_READY, PrimeTimeModule
from bot.runtime.config import Settings
from rules.primetime import RULES
from rules.primetime.actions import Timeout
from rules.primetime.ai import choose_action
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import (
    PrimeTimeTable,
    advance_until,
    find,
    human_policy,
    logged_actions,
    said,
)
from tests.bot.games.primetime.secrets import replay
from tests.fakediscord.fake import FakeDiscord

SHORT_CLOCK = 0.2


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


def _reaction(state: PrimeTimeState) -> bool:
    return (
        bool(state.prompts)
        and state.prompts[0].kind == "reaction"
        and "z_evasion" in state.prompts[0].options
    )


async def test_double_clicks_apply_once_and_others_are_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        state = await advance_until(table, _reaction)
        defender = state.prompts[0].who
        board = await table.board()
        version = (await table.record()).version
        evade = find(board, "act", "react.z_evasion.-")["custom_id"]

        outsider = await fake.click(fake.users.dave, board, evade)
        assert "not playing" in said(outsider)
        attacker = await fake.click(table.people[1 - defender], board, evade)
        assert "not yours" in said(attacker)
        assert (await table.record()).version == version

        count = len(await logged_actions(table))
        await fake.together(
            fake.click(table.people[defender], board, evade), fake.click(table.people[defender], board, evade)
        )
        await table.settle()
        logged = await logged_actions(table)
        assert len(logged) == count + 1 and logged[-1]["type"] == "react"

        version = (await table.record()).version
        late = await fake.click_late(table.people[defender], board, evade)
        assert said(late) and (await table.record()).version == version

        # A panel clicked twice: the second click finds the panel already moved on.
        state = await advance_until(table, lambda s: bool(s.prompts) and s.prompts[0].kind == "activation")
        seat = state.prompts[0].who
        panel = await table.open_panel(seat)
        pass_button = find(panel, "pact", "pass")["custom_id"]
        count = len(await logged_actions(table))
        await fake.together(
            fake.click(table.people[seat], panel, pass_button),
            fake.click(table.people[seat], panel, pass_button),
        )
        await table.settle()
        assert len(await logged_actions(table)) == count + 1

        # The same button from that panel, clicked again later: the panel is out of date.
        version = (await table.record()).version
        stale = await fake.click_late(table.people[seat], panel, pass_button)
        assert "nothing changed" in said(stale)
        assert (await table.record()).version == version


def _scaled_bot(fake: FakeDiscord, database: Path, scale: float) -> GameBot:
    settings = Settings(
        discord_token=fake.token,
        database_path=database,
        dev_guild_id=fake.guild.id,
        ai_turn_delay=0,
        turn_clock_scale=scale,
    )
    return GameBot(settings, new_seed=lambda: 5)


async def test_an_expired_z_reaction_evades_across_a_restart_and_old_buttons_still_work(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord(quiet_period=0.02) as fake:
        async with fake.running(_scaled_bot(fake, database, 1.0)) as bot:
            table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
            await table.open(["z_fighters", "frieza_force"])
            state = await advance_until(table, _reaction)
            defender = state.prompts[0].who
            old_board = await table.board()
            count = len(await logged_actions(table))
            clock = await bot.service.storage.turn_clock((await table.record()).id, defender)
            assert clock is not None
            deadline = datetime.fromisoformat(clock.called_at).timestamp() + 60 * SHORT_CLOCK
        # Back with every deadline five times shorter: the 60 s Z-Reaction now ends 12 s after the call.
        async with fake.running(_scaled_bot(fake, database, SHORT_CLOCK)) as bot:
            table.bot = bot
            assert time.time() < deadline, "the restart took longer than the deadline"
            my_hand = find(old_board, "panel", "hand")["custom_id"]
            opened = await fake.click(table.people[defender], old_board, my_hand)
            assert opened.message is not None and opened.message.visible_to is table.people[defender]
            for _ in range(400):
                if len(await logged_actions(table)) > count:
                    break
                await asyncio.sleep(0.05)
            assert time.time() >= deadline - 0.5, "the default came too early"
            await table.settle()
            logged = await logged_actions(table)
            assert logged[count] == Timeout(player=defender).model_dump(mode="json")
            texts = [str(event.text) for event in (await table.state()).recent_events]
            assert any("ran out of time" in text for text in texts)
            assert any(
                " evades " in text or "fails to evade" in text or "Z-Evasion" in text for text in texts
            )

        # The next reaction is answered with the board's button from before another restart.
        async with fake.running(_scaled_bot(fake, database, 1.0)) as bot:
            table.bot = bot
            # The bot stopped with a default of the short clock perhaps just applied: the board is
            # posted again from the saved game.
            await fake.slash(table.people[0], "primetime status", channel=table.channel)
            await advance_until(table, _reaction)
            board = await table.board()
            count = len(await logged_actions(table))
        async with fake.running(_scaled_bot(fake, database, 1.0)) as bot:
            table.bot = bot
            defender = (await table.state()).prompts[0].who
            await fake.click(table.people[defender], board, find(board, "act", "react.brace.-")["custom_id"])
            await table.settle()
            assert (await logged_actions(table))[count] == {
                "type": "react",
                "player": defender,
                "choice": "brace",
                "technique": None,
            }


async def test_a_player_may_pass_every_on_hit_prompt_at_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        outsider = await fake.slash(
            fake.users.dave, "primetime settings", channel=table.channel, auto_pass_on_hit=True
        )
        assert "not playing" in said(outsider)
        chosen = await fake.slash(
            fake.users.bob, "primetime settings", channel=table.channel, auto_pass_on_hit=True
        )
        assert "passed for you" in said(chosen) and chosen.message is not None
        assert chosen.message.visible_to is fake.users.bob
        record = await table.record()
        assert record.lobby["players"][0][AUTO_PASS] is True and AUTO_PASS not in record.lobby["players"][1]

    hit = RULES.new_game(PrimeTimeOptions(), 5)
    while not any(prompt.kind == "on_hit" for prompt in hit.prompts):
        hit, _ = RULES.apply(hit, choose_action(hit, hit.prompts[0].who, seed=2))
    seat = hit.prompts[0].who
    lobby = {"players": [{}, {}]}
    assert PrimeTimeModule().prompt_deadlines(hit, lobby) == {seat: 15}
    lobby["players"][seat][AUTO_PASS] = True
    assert PrimeTimeModule().prompt_deadlines(hit, lobby) == {seat: 0}


async def test_a_player_may_answer_every_phase_start_with_ready_at_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Bob answers every Phase Start Ready at once (auto_ready): he is never called for one and never
    clicks one, while Carol answers hers with the board's Ready; the log shows Bob's as his Ready, not
    as time run out."""
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        chosen = await fake.slash(
            fake.users.bob, "primetime settings", channel=table.channel, auto_ready=True
        )
        assert "Ready for you at once" in said(chosen) and "asked at every On Hit" in said(chosen)
        shown = await fake.slash(fake.users.bob, "primetime settings", channel=table.channel)
        assert said(shown) == said(chosen)
        record = await table.record()
        assert record.lobby["players"][0][AUTO_READY] is True

        for _ in range(600):
            state = await table.state()
            if state.round == 2 and state.phase == "activation":
                break
            wanted = [
                prompt for prompt in state.prompts if not (prompt.who == 0 and prompt.kind == "phase_start")
            ]
            if not wanted:
                await asyncio.sleep(0.02)
                await table.settle()
                continue
            # The game opened at round 1's Power Phase Start, before Bob chose.
            if wanted[0].kind == "phase_start" and (state.round, state.phase_start) != (1, "power"):
                board = await table.board()
                assert "<@" + str(fake.users.bob.id) + ">" not in (board.content or "")
            await table.play(human_policy(state, wanted[0].who))
            await table.settle()
        else:
            raise AssertionError("round 2 never came")

        states = await replay(table)
        logged = await bot.service.storage.actions(record.id)
        answers = [
            (entry.seat, entry.actor_id, entry.action["type"])
            for before, entry in zip(states, logged, strict=False)
            if before.phase == "phase_start"
        ]
    bob, carol = fake.users.bob.id, fake.users.carol.id
    assert len([answer for answer in answers if answer[0] == 0]) >= 5
    assert all(answer[1:] == (0, "pass_window") for answer in answers if answer[0] == 0)
    assert {answer[1] for answer in answers if answer[0] == 1} == {carol} and bob not in {
        a[1] for a in answers
    }
    texts = [str(event.text) for state in states for event in state.recent_events]
    assert not [text for text in texts if "ran out of time" in text]
