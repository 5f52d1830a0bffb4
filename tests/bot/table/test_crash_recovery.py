"""A crash at each step after a move's save, for every game: the bot process is killed (SIGKILL) while
the fake Discord holds the request of that step, then started again on the same database.

The turn clocks are written in the move's own transaction, so no crash can come between the two: the
dead bot's database already holds the new calls (and no longer the old ones). After the restart the
board shows the saved state with its controls, the players who must act are notified exactly once
(a notification posted just before the crash is found again by its nonce, not posted twice, and
deleted once its player has acted, whether or not the bot died in between), the turn
clock reminds and hands off the right player, a deadline that passed meanwhile fires, and the action
log has every move once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import people_to_act as calls_of
from bot.games.registry import game_modules
from bot.storage import Storage, open_storage
from rules.cell.engine import legal_actions as cell_actions
from rules.over9000.ai import choose_action as over9000_choice
from rules.primetime.actions import Timeout
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import passive
from tests.bot.games.over9000.driver import Over9000Table
from tests.bot.games.primetime.driver import PrimeTimeTable, human_policy
from tests.bot.table.crashing import (
    BOARD,
    CALLBACK,
    CHANNEL_MESSAGES,
    ORIGINAL,
    UPDATE_MESSAGE,
    BotProcess,
    Onlooker,
    board_versions,
    crash_while,
    mentions_of,
    notifications,
    until,
)
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel

MODULES = game_modules()
# Three minutes of reminder become 6 s, ten minutes of hand-off 20 s.
REMINDING_CLOCK = 1 / 30
# Prime Time's 60 s Z-Reaction becomes 2 s.
DEADLINE_CLOCK = 1 / 30
HAND_OFF_WAIT = 180.0
# Two minutes away from the table become 2 s.
AWAY_CLOCK = 1 / 60
AWAY_SECONDS = 120 * AWAY_CLOCK + 0.5


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.3, answer_deadline=10.0, settle_timeout=30.0) as fake:
        yield fake


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path / "games.sqlite3", tmp_path / "bot.log", seed=29)
    await process.start()
    try:
        yield process
    finally:
        if process.process is not None and process.process.returncode is None:
            assert await process.stop() == 0
    assert process.errors() == [], process.log.read_text()


@pytest.fixture
async def storage(bot: BotProcess) -> AsyncIterator[Storage]:
    opened = await open_storage(bot.database)
    yield opened
    await opened.close()


def people_to_act(record: Any, state: Any) -> dict[int, int]:
    """Who must act in ``state``, as the bot works it out for the clocks it saves."""
    return calls_of(MODULES[record.game], record, state)


async def calls_in_database(storage: Storage, game_id: int) -> dict[int, tuple[int, int | None]]:
    return {clock.seat: (clock.user_id, clock.ping_message_id) for clock in await storage.clocks_of(game_id)}


async def recovered(fake: FakeDiscord, storage: Storage, channel: FakeChannel) -> Any:
    """The game once the bot has shown its saved version on the board, notified every call, and
    emptied its outbox: after a restart, or after any move (a busy bot may go quiet for longer than
    the fake's quiet period while it draws a board)."""
    record: Any = None

    async def caught_up() -> bool:
        nonlocal record
        record = await storage.latest_game(channel.id)
        clocks = await storage.clocks_of(record.id)
        return (
            record.board_version == record.version
            and all(clock.ping_message_id is not None for clock in clocks)
            and await storage.stale_pings(record.id) == []
        )

    await until(caught_up, "the restarted bot caught up with the saved game")
    await fake.settle()
    return record


async def test_cell_recovers_from_a_crash_before_the_ping_and_before_the_board_edit(
    fake: FakeDiscord, bot: BotProcess, storage: Storage
) -> None:
    bob, carol = fake.users.bob, fake.users.carol
    channel = fake.guild.channels[0]
    table = CellTable(fake, Onlooker(storage), channel, [bob, carol])  # type: ignore[arg-type]
    await table.open(["goku", "vegeta"])
    await recovered(fake, storage, channel)
    moves = len(await storage.actions((await table.record()).id))

    # Bob ends his turn; the ping that notifies Carol is posted, and the bot dies before it hears
    # the new message's id.
    index, moves = await _play_to_turn_end(fake, storage, table, moves)
    since = fake.snowflakes.next()
    held = fake.hold("POST", CHANNEL_MESSAGES, mentions_of(carol.id), after_handling=True)
    await crash_while(fake, bot, [held], table.play(await table.state(), index))
    moves += 1
    record = await table.record()
    assert len(await storage.actions(record.id)) == moves
    assert await calls_in_database(storage, record.id) == {1: (carol.id, None)}, (
        "Bob's clock went with his move"
    )

    await bot.start()
    record = await recovered(fake, storage, channel)
    assert notifications(channel, carol.id, since) == 1, "the nonce found the ping posted before the crash"
    assert notifications(channel, bob.id, since) == 0
    [(ping_id, _)] = [notice for notice in channel.history.notifications if notice[0] > since]
    assert (await calls_in_database(storage, record.id))[1][1] == ping_id
    board = await table.board()
    assert channel.messages[ping_id].content.endswith(f"/{board.id}"), "the ping links to the board"
    assert board_versions(board) == {record.version}

    # Carol ends her turn; the bot dies before the board she clicked is edited.
    index, moves = await _play_to_turn_end(fake, storage, table, moves)
    since = fake.snowflakes.next()
    holds = [
        fake.hold("POST", CALLBACK, lambda body: body.get("type") == UPDATE_MESSAGE),
        fake.hold("PATCH", ORIGINAL),
    ]
    await crash_while(fake, bot, holds, table.play(await table.state(), index))
    moves += 1
    record = await table.record()
    assert await calls_in_database(storage, record.id) == {0: (bob.id, None)}, "Carol's clock did not survive"

    # Back with a fast turn clock: Bob, whose turn it is, is notified once, reminded, then handed to
    # the AI; Carol, who already moved, never is.
    await bot.start(turn_clock_scale=REMINDING_CLOCK)
    record = await recovered(fake, storage, channel)
    assert notifications(channel, bob.id, since) == 1 and notifications(channel, carol.id, since) == 0
    assert board_versions(await table.board()) == {record.version}
    assert ping_id not in channel.messages, "Carol's ping went once she had played"

    async def handed_off() -> bool:
        return bool((await table.record()).lobby["players"][0].get("ai"))

    def said_since() -> list[str]:
        return [message.content or "" for message in channel.messages.values() if message.id > since]

    async def told_the_channel() -> bool:
        return any("The AI now plays" in text and str(bob.id) in text for text in said_since())

    await until(handed_off, "Bob's seat went to the AI", HAND_OFF_WAIT)
    await until(told_the_channel, "the channel was told the AI plays for Bob")
    reminders = [
        request.body.get("content") or ""
        for request in fake.requests
        if request.method == "POST" and request.template == CHANNEL_MESSAGES and "⏰" in str(request.body)
    ]
    assert [text for text in reminders if str(bob.id) in text], "Bob was reminded"
    assert not [text for text in reminders if str(carol.id) in text]
    assert not [text for text in said_since() if "⏰" in text], "the reminder went with Bob's call"
    await until(lambda: _active_seat_is(table, 1), "the AI played Bob's turn")
    logged = await storage.actions(record.id)
    assert len(logged) > moves and [entry.seq for entry in logged] == list(range(1, len(logged) + 1))
    assert all(entry.actor_id == 0 for entry in logged[moves:]), "only the AI moved since"


async def _play_to_turn_end(
    fake: FakeDiscord, storage: Storage, table: CellTable, moves: int
) -> tuple[int, int]:
    """Plays the active player's passive moves up to the one that ends the turn, which it returns
    (unplayed) with the number of moves logged."""
    rules = MODULES["cell"].rules
    while True:
        await recovered(fake, storage, table.channel)
        state = await table.state()
        actions = cell_actions(state, state.active_seat)
        index = passive(state, actions)
        after, _ = rules.apply(state, actions[index])
        if after.active_seat != state.active_seat and after.outcome is None:
            return index, moves
        assert after.outcome is None, "the game ended before the turn did"
        await table.play(state, index)
        moves += 1


async def _active_seat_is(table: CellTable, seat: int) -> bool:
    return (await table.state()).active_seat == seat


async def test_over9000_recovers_from_a_crash_before_the_ping_and_before_the_board_edit(
    fake: FakeDiscord, bot: BotProcess, storage: Storage
) -> None:
    bob, carol = fake.users.bob, fake.users.carol
    channel = fake.guild.channels[0]
    # Players leave the table after 2 s without a click; the server's reminder waits an hour (1 min).
    await bot.kill()
    await bot.start(turn_clock_scale=AWAY_CLOCK)
    await fake.slash(fake.users.owner, "settings", reminder_minutes=60.0, handoff_minutes=120.0)
    table = Over9000Table(fake, Onlooker(storage), channel, [bob, carol])  # type: ignore[arg-type]
    await table.open(["goku", "vegeta"])
    rules = MODULES["over9000"].rules

    for step in ("before the ping", "after posting the ping", "before the board edit"):
        # The people play until a move calls someone anew (or, for the board, makes public news
        # without calling anyone), and the bot dies at that step.
        while True:
            await recovered(fake, storage, channel)
            record, state = await table.record(), await table.state()
            assert state.outcome is None, "the game ended first"
            seat = next(seat for seat in state.prompt.seats if seat < 2)
            action = over9000_choice(state, seat, seed=state.rng.seed + seat)
            after, events = rules.apply(state, action)
            new = set(people_to_act(record, after).items()) - set(people_to_act(record, state).items())
            public = any(event.visible_to is None for event in events)
            if after.outcome is None and (
                bool(new) if step != "before the board edit" else public and not new
            ):
                break
            await table.play(action)
        called = dict(new)
        moves = len(await storage.actions(record.id)) + 1
        if called:
            # Whoever the move calls has been away from the table long enough to be pinged.
            await asyncio.sleep(AWAY_SECONDS)
        since = fake.snowflakes.next()
        if called:
            person = next(iter(called.values()))
            held = fake.hold(
                "POST", CHANNEL_MESSAGES, mentions_of(person), after_handling=step != "before the ping"
            )
        else:
            held = fake.hold("PATCH", BOARD, lambda body: bool(body.get("embeds")))
        await crash_while(fake, bot, [held], table.play(action))
        saved = await calls_in_database(storage, record.id)
        assert {seat for seat, (_, ping) in saved.items() if ping is None} >= set(called)
        assert {seat: user for seat, (user, _) in saved.items()} == people_to_act(record, after)
        crashed = await table.record()
        if called:
            assert crashed.board_version == crashed.version, "the board is drawn before the ping links to it"
        else:
            assert crashed.board_version < crashed.version, "the dead bot recorded no board it did not show"

        await bot.start(turn_clock_scale=AWAY_CLOCK)
        record = await recovered(fake, storage, channel)
        assert len(await storage.actions(record.id)) == moves
        for user in called.values():
            assert notifications(channel, user, since) == 1
        board = await table.board()
        assert board.enabled_controls > 0
        if not called:
            assert held.request is not None and board.id == int(held.request.path.rsplit("/", 1)[1])
            assert board.edited_timestamp is not None, "the board was edited in place"
        table.panels.clear()


async def test_prime_time_recovers_its_board_and_a_deadline_that_passed_while_the_bot_was_down(
    fake: FakeDiscord, bot: BotProcess, storage: Storage
) -> None:
    bob, carol = fake.users.bob, fake.users.carol
    channel = fake.guild.channels[0]
    table = PrimeTimeTable(fake, Onlooker(storage), channel, [bob, carol])  # type: ignore[arg-type]
    await table.open(["z_fighters", "frieza_force"])
    rules = MODULES["primetime"].rules

    # A move that makes public news without calling anyone anew: the bot dies before the board edit.
    while True:
        await recovered(fake, storage, channel)
        record, state = await table.record(), await table.state()
        action = human_policy(state, state.prompts[0].who)
        after, events = rules.apply(state, action)
        new = set(people_to_act(record, after).items()) - set(people_to_act(record, state).items())
        news = any(event.visible_to is None for event in events)
        if news and not new and not any(event.kind == "round_started" for event in events):
            break
        await table.play(action)
        await table.settle()
    held = fake.hold("PATCH", BOARD, lambda body: bool(body.get("embeds")))
    await crash_while(fake, bot, [held], table.play(action))
    crashed = await table.record()
    assert crashed.board_version < crashed.version
    await bot.start()
    record = await recovered(fake, storage, channel)
    board = await table.board()
    assert held.request is not None and board.id == int(held.request.path.rsplit("/", 1)[1])
    assert board.edited_timestamp is not None and board.enabled_controls > 0

    # The people play until an attack leaves its target a Z-Reaction, and the bot dies before it
    # shows the attack.
    while True:
        await recovered(fake, storage, channel)
        state = await table.state()
        assert state.outcome is None, "the game ended first"
        action = human_policy(state, state.prompts[0].who)
        after, _ = rules.apply(state, action)
        if after.prompts and after.prompts[0].kind == "reaction" and "z_evasion" in after.prompts[0].options:
            break
        await table.play(action)
        await table.settle()
    defender = after.prompts[0].who
    record = await table.record()
    moves = len(await storage.actions(record.id)) + 1
    assert defender not in people_to_act(record, state), "the attack calls the defender anew"
    # The defender is at the table (they just played), so the board is all that shows the call.
    held = fake.hold("PATCH", BOARD, lambda body: bool(body.get("embeds")))
    await crash_while(fake, bot, [held], table.play(action))
    saved = await calls_in_database(storage, record.id)
    assert saved[defender] == (table.people[defender].id, None), "the deadline's clock came with the attack"

    # Back with deadlines thirty times shorter: the Z-Reaction ends 2 s after the call, before the
    # bot is up again.
    await bot.start(turn_clock_scale=DEADLINE_CLOCK)

    async def defaulted() -> bool:
        return len(await storage.actions(record.id)) > moves

    await until(defaulted, "the Z-Reaction's default was applied")
    logged = await storage.actions(record.id)
    assert len(logged) >= moves + 1
    assert logged[moves].action == Timeout(player=defender).model_dump(mode="json")
    assert [entry.seq for entry in logged] == list(range(1, len(logged) + 1)), "nothing doubled"
    await recovered(fake, storage, channel)
