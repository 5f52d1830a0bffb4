"""Prime Time on Discord, whole games: two people (with the full setup), and one person against the AI
(the quick setup), from /primetime start to the final score. The fake checks every request against
Discord's spec and that every interaction is answered within 3 s; the secret scan then reads every
public message state and every log line of the game, and no public message names a player by seat
number where people read it."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from rules.primetime import RULES
from rules.primetime.ai import choose_action
from rules.primetime.cards import cards
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.seat_words import SEAT
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable
from tests.bot.games.primetime.secrets import PublicMessages, check_secrets, replay, texts
from tests.fakediscord.fake import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def test_two_people_play_a_whole_game_with_the_full_setup_and_no_secret_shows(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    caplog.set_level(logging.DEBUG, logger="bot")
    public = PublicMessages(fake)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"], setup="full")
        final = await table.play_out()
        assert final.outcome is not None and (await table.record()).status == "finished"
        board = await table.board()
        assert board.button_labels == ["Rematch"] and "game over" in board.embeds[0]["title"]
        assert fake.image(board).width >= 800 and board.attachments[0].description
        assert table.modals_used > 0
        states = await replay(table)
    assert check_secrets(public.snapshots, states, caplog.records) > 100
    assert by_seat_number(public) == []
    assert any("Bob" in text and "Carol" in text for text in public_texts(public))


async def test_one_person_plays_a_whole_game_against_the_ai(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    # The fake's own payloads are checked by the game above; every request of the bot still is here.
    async with (
        FakeDiscord(quiet_period=0.02, check_own_payloads=False) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=9)) as bot,
    ):
        public = PublicMessages(fake)
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["cell_games"], ai_opponent=True)
        final = await table.play_out()
        assert final.outcome is not None
        record = await table.record()
        assert record.lobby["players"][1]["ai"] and record.status == "finished"
        storage = bot.service.storage
        assert await storage.seat_moves(record.id, 1) > 20
        states = await replay(table)
    assert check_secrets(public.snapshots, states, caplog.records) > 50
    assert by_seat_number(public) == []


def public_texts(public: PublicMessages) -> list[str]:
    return [text for snapshot in public.snapshots for text in texts(snapshot)]


def by_seat_number(public: PublicMessages) -> list[str]:
    """The public texts that call a player "Seat 1" or "seat 2" rather than by name."""
    return sorted({text for text in public_texts(public) if SEAT.search(text)})


def test_the_secret_scan_catches_a_card_in_hand_named_in_public() -> None:
    state = RULES.new_game(PrimeTimeOptions(), 1)
    while not state.players[0].hand:
        state, _ = RULES.apply(state, choose_action(state, state.prompts[0].who, seed=1))
    in_hand = cards()[state.players[0].hand[0]].name
    record = logging.LogRecord("bot", logging.INFO, __file__, 1, "game 1 started", None, None)
    leak = {"content": "", "embeds": [{"title": "Prime Time", "description": f"Bob holds {in_hand}"}]}
    with pytest.raises(AssertionError):
        check_secrets([leak], [state], [record])
    plan = {
        "content": "",
        "components": [{"type": 2, "label": "Lock in", "custom_id": "gb:1:2:act:lock_ascension.a"}],
    }
    with pytest.raises(AssertionError):
        check_secrets([plan], [state], [record])
    assert check_secrets([{"content": "fine"}], [state], [record]) == 1
