"""Real finished games, played with clicks through the fake Discord, for the records and privacy tests."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.app import GameBot
from bot.games.over9000.module import ai_seed
from rules.cell.engine import CellOptions, apply, legal_actions, new_game
from rules.over9000.actions import Over9000Action
from rules.over9000.ai import choose_action
from rules.over9000.state import Over9000State
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import heuristic, passive
from tests.bot.games.over9000.driver import Over9000Table
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage


def winning_seed(fighters: list[str], variant: str) -> int:
    """A seed whose game the heuristic policy wins, found with the engine alone."""
    for seed in range(60):
        state = new_game(CellOptions(fighters=fighters, variant=variant), seed)  # type: ignore[arg-type]
        while state.outcome is None:
            actions = legal_actions(state, state.active_seat)
            state, _ = apply(state, actions[heuristic(state, actions)])
        if state.outcome.result == "win":
            return seed
    raise AssertionError("no winning seed among the first 60")


def over9000_policy(state: Over9000State, seat: int) -> Over9000Action:
    return choose_action(state, seat, seed=ai_seed(state, seat))


async def cell_game(
    fake: FakeDiscord,
    bot: GameBot,
    channel: FakeChannel,
    people: list[FakeUser],
    fighters: list[str],
    difficulty: str,
    win: bool,
) -> int:
    """Plays a Perfect Cell game to a win (on a seed the heuristic wins) or to a loss (rolling and
    passing); returns its id."""
    bot.service.new_seed = lambda: winning_seed(fighters, difficulty) if win else 7
    table = CellTable(fake, bot, channel, people)
    await table.open(fighters, difficulty=difficulty)
    final = await table.play_out(heuristic if win else passive)
    assert final.outcome is not None and (final.outcome.result == "win") == win
    return int((await table.record()).id)


async def over9000_game(
    fake: FakeDiscord, bot: GameBot, channel: FakeChannel, people: list[FakeUser], characters: list[str]
) -> tuple[int, list[int]]:
    """Plays an Over 9000 game between ``people``; returns its id and its winning seats."""
    bot.service.new_seed = lambda: 5
    table = Over9000Table(fake, bot, channel, people)
    await table.open(characters)
    final = await table.play_out(over9000_policy)
    assert final.outcome is not None
    return int((await table.record()).id), list(final.outcome.winners)


def answer_of(result: InteractionResult) -> StoredMessage:
    """The message that answered a command: the follow-up after an acknowledgement, else the reply."""
    message = result.followups[-1] if result.followups else result.message
    assert message is not None, f"{result.interaction.description} got no message"
    return message


def stored_values(database: Path) -> Iterator[tuple[str, str, Any]]:
    """Every value of every column of every table of the database: (table, column, value)."""
    connection = sqlite3.connect(database)
    try:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            cursor = connection.execute(f'SELECT * FROM "{table}"')
            columns = [description[0] for description in cursor.description]
            for row in cursor:
                yield from ((table, column, value) for column, value in zip(columns, row, strict=True))
    finally:
        connection.close()
