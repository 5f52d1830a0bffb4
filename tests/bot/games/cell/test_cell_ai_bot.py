"""Perfect Cell's AI on Discord: a win driven by clicks, AI teammates, autoplay and hints."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rules.cell.engine import CellOptions, apply, legal_actions, new_game
from tests.bot.driver import lobby_select, make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import heuristic, passive
from tests.bot.games.cell.test_cell_bot import LINE_UPS
from tests.fakediscord.fake import FakeDiscord

MAX_ACTIONS = 3000


def winning_seed(fighters: list[str], variant: str) -> int:
    """A seed whose game the heuristic policy wins, found by playing it with the engine alone."""
    for seed in range(60):
        state = new_game(CellOptions(fighters=fighters, variant=variant), seed)  # type: ignore[arg-type]
        for _ in range(MAX_ACTIONS):
            if state.outcome is not None:
                break
            actions = legal_actions(state, state.active_seat)
            state, _ = apply(state, actions[heuristic(state, actions)])
        if state.outcome is not None and state.outcome.result == "win":
            return seed
    raise AssertionError("no winning seed among the first 60")


@pytest.mark.parametrize("players", [1, 2, 4])
async def test_a_game_from_start_to_a_win(tmp_path: Path, players: int) -> None:
    seed = winning_seed(LINE_UPS[players], "easy")
    # Only this test's own clicks run here, so a short quiet period is enough to catch every edit.
    async with (
        FakeDiscord(quiet_period=0.02) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=seed)) as bot,
    ):
        people = [fake.users.bob, fake.users.carol, fake.users.dave, fake.users.erin][:players]
        table = CellTable(fake, bot, fake.guild.channels[0], people)
        await table.open(LINE_UPS[players], difficulty="easy")
        final = await table.play_out(heuristic)
        assert final.outcome is not None and final.outcome.result == "win" and final.cell_hp == 0
        board = await table.board()
        assert "Victory" in board.embeds[0]["title"]
        record = await table.record()
        assert record.status == "finished" and record.outcome == "win:cell_defeated"
        assert len(await bot.service.storage.actions(record.id)) == final.actions_taken


async def test_ai_teammates_fill_the_empty_seats_and_play_their_turns(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=29)) as bot:
        channel = fake.guild.channels[0]
        table = CellTable(fake, bot, channel, [fake.users.bob])
        lobby = await fake.slash(fake.users.bob, "cell start", channel=channel, ai_players=3)
        picks = lobby_select(await table.board(), "pick")
        await fake.select(fake.users.bob, lobby, ["goku"], custom_id=picks)
        await fake.click(fake.users.bob, await table.board(), "Start")
        record = await table.record()
        assert [p.get("ai", False) for p in record.lobby["players"]] == [False, True, True, True]
        state = await table.state()
        assert state.players == 4 and state.active_seat == 0
        for _ in range(2):
            await table.play(state, passive(state, legal_actions(state, 0)))
            await bot.autopilot.idle()
            state = await table.state()
        await table.play(state, passive(state, legal_actions(state, 0)))
        await bot.autopilot.idle()
        state = await table.state()
        assert state.round == 2 or state.outcome is not None
        actors = {entry.actor_id for entry in await bot.service.storage.actions(record.id)}
        assert actors == {fake.users.bob.id, 0}
        ai_names = {fighter.name for fighter in state.fighters[1:]}
        assert any(name in str(event.text) for event in state.recent_events for name in ai_names)


async def test_autoplay_hands_a_seat_to_the_ai_and_back(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=31)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["piccolo", "gohan"])
        answer = await fake.slash(users.carol, "cell autoplay", channel=table.channel)
        assert answer.message is not None and "AI now plays your seat" in answer.message.content
        state = await table.state()
        await table.play(state, passive(state, legal_actions(state, 0)))
        await table.play(
            await table.state(), passive(await table.state(), legal_actions(await table.state(), 0))
        )
        await bot.autopilot.idle()
        state = await table.state()
        assert state.round == 2 and state.active_seat == 0
        assert any(
            entry.seat == 1 and entry.actor_id == 0
            for entry in await bot.service.storage.actions((await table.record()).id)
        )
        back = await fake.slash(users.carol, "cell autoplay", channel=table.channel)
        assert back.message is not None and "yours again" in back.message.content
        assert not (await table.record()).lobby["players"][1]["ai"]


async def test_a_hint_is_private_quick_and_only_for_the_active_player(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=37)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["vegeta", "krillin"])
        await fake.click(users.bob, await table.board(), "Roll dice")
        before = await table.record()
        started = time.perf_counter()
        answer = await fake.slash(users.bob, "cell hint", channel=table.channel)
        assert time.perf_counter() - started < 2.0
        shown = answer.followups[-1] if answer.followups else answer.message
        assert (
            shown is not None
            and shown.ephemeral
            and "Suggestion:" in shown.content
            and "Why:" in shown.content
        )
        assert not any(
            "Suggestion:" in m.content for m in fake.channel_view(table.channel, as_user=users.carol)
        )
        refused = await fake.slash(users.carol, "cell hint", channel=table.channel)
        assert refused.message is not None and "your own turn" in refused.message.content
        after = await table.record()
        assert (after.version, after.state_json) == (before.version, before.state_json)
