"""Seven Balls, registered from the tests beside the three games, played through the fake Discord as
people play: the lobby, every move on the board's buttons, the final board, /stats and the replay;
and once with a seat handed to the AI, whose move its module makes in the AI's worker process."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.games.registry import GAMES
from rules.core.errors import IllegalAction
from tests.bot.driver import make_bot
from tests.bot.features.finished_games import answer_of
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage
from tests.fourth_game.registry import SEVEN_BALLS
from tests.fourth_game.rules import RULES, SevenBallsOptions, Take


def test_the_rules_alone() -> None:
    state = RULES.new_game(SevenBallsOptions(names=["Goku", "Vegeta"]), seed=5)
    assert RULES.load_state(RULES.dump_state(state)) == state
    first = state.active_seat
    assert RULES.legal_actions(state, 1 - first) == []
    with pytest.raises(IllegalAction):
        RULES.apply(state, Take(player=1 - first, count=1))
    for _ in range(3):
        state, _events = RULES.apply(state, Take(player=state.active_seat, count=2))
    assert state.left == 1 and RULES.legal_actions(state, state.active_seat) == [
        Take(player=state.active_seat, count=1)
    ]
    last = state.active_seat
    state, events = RULES.apply(state, Take(player=last, count=1))
    assert state.outcome is not None and state.outcome.winners == [last]
    assert events[-1].text.endswith("wins!")


async def board_of(fake: FakeDiscord, bot: object, channel_id: int) -> StoredMessage:
    record = await bot.service.storage.latest_game(channel_id)  # type: ignore[attr-defined]
    message = fake.world.find_message(record.message_id)
    assert message is not None
    return message


async def test_a_whole_game_from_the_lobby_to_the_replay(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet_period=0.02, settle_timeout=40) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5, games=(*GAMES, SEVEN_BALLS))) as bot,
    ):
        alice, bob, channel = fake.users.alice, fake.users.bob, fake.guild.channels[0]
        lobby = await fake.slash(alice, "sevenballs start", channel=channel)
        assert lobby.message is not None and lobby.message.embeds[0]["title"] == "Seven Balls — lobby"
        await fake.click(bob, lobby, "Join")
        await fake.click(alice, await board_of(fake, bot, channel.id), "Start")

        people = [alice, bob]
        for _ in range(10):
            record = await bot.service.storage.latest_game(channel.id)
            state = bot.service.load_state(record)
            if state.outcome is not None:
                break
            board = await board_of(fake, bot, channel.id)
            waiting = people[1 - state.active_seat]
            refused = await fake.click(waiting, board, "Take 1")
            assert refused.message is not None and "can't take" in refused.message.content
            await fake.click(people[state.active_seat], board, "Take 2" if state.left > 1 else "Take 1")
        assert state.outcome is not None
        winner = people[state.outcome.winners[0]]

        final = await board_of(fake, bot, channel.id)
        assert final.embeds[0]["title"] == "Seven Balls — 0 left"
        assert final.button_labels == ["Rematch"]
        assert "won" in final.attachments[0].description

        stats = answer_of(await fake.slash(winner, "stats", channel=channel)).embeds[0]
        field = next(field for field in stats["fields"] if field["name"] == "Seven Balls")
        assert "**1** game · **1** win · **0** losses" in field["value"]

        replay = answer_of(await fake.slash(bob, "sevenballs replay", channel=channel))
        assert replay.attachments[0].filename == f"sevenballs-{record.id}-replay.gif"
        with Image.open(io.BytesIO(replay.attachments[0].data)) as gif:
            # The first board, one frame a move, and the last held.
            assert gif.n_frames == len(await bot.service.storage.actions(record.id)) + 1


async def test_the_ai_plays_a_seat_handed_to_it(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet_period=0.02) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=6, games=(*GAMES, SEVEN_BALLS))) as bot,
    ):
        alice, bob, channel = fake.users.alice, fake.users.bob, fake.guild.channels[0]
        lobby = await fake.slash(alice, "sevenballs start", channel=channel)
        await fake.click(bob, lobby, "Join")
        await fake.click(alice, await board_of(fake, bot, channel.id), "Start")
        await fake.slash(bob, "sevenballs autoplay", channel=channel)
        for _ in range(10):
            await bot.autopilot.idle()
            await fake.settle()
            record = await bot.service.storage.latest_game(channel.id)
            state = bot.service.load_state(record)
            if state.outcome is not None:
                break
            await fake.click(alice, await board_of(fake, bot, channel.id), "Take 1")
        assert state.outcome is not None
        actors = {logged.actor_id for logged in await bot.service.storage.actions(record.id)}
        assert actors == {alice.id, 0}, "the AI (actor 0) played Bob's seat"
