"""Does a long game answer a move as fast as a fresh one? For each game, two tables with the same seed
start side by side; one gets 5,000 actions in its log first. Then both play the same moves with clicks,
taking turns at going first, and the answer times of the moves are compared.

The long log is written through ``Storage.save`` before the bot starts, as copies of an opening legal
action spread over the seats: the bot never replays the log to make a move, so what a long log can
slow down is the database work of each move (Over 9000 counts each seat's moves for its panels), and
that is what this measures. The state stays the opening's, which keeps both tables on the same moves.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.core.service import GameService
from bot.games.cell.module import CellModule
from bot.games.over9000.module import Over9000Module, ai_seed
from bot.storage import ActionRecord, GameRecord, SqliteStorage, Storage
from rules.cell.engine import legal_actions as cell_actions
from rules.over9000.ai import choose_action
from rules.over9000.engine import legal_actions as over9000_actions
from tests.bot.games.cell.policies import decision, heuristic
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser

from .bot_process import BotProcess
from .findings import Stopwatch
from .reader import DatabaseReader, SqliteReader
from .run import wait_until_ready
from .tables import LoadCellTable, LoadOver9000Table, acknowledged, answers_by_token

LONG_LOG = 5000
GAME_SEED = 7
MODULES: dict[str, Any] = {"cell": CellModule(), "over9000": Over9000Module()}
VARIANTS = {"cell": "normal", "over9000": "standard"}
BOARD_TIMEOUT = 30.0


@dataclass(frozen=True)
class LongGameTiming:
    game: str
    moves: int
    fresh_ms: float
    long_ms: float

    @property
    def ratio(self) -> float:
        return self.long_ms / self.fresh_ms

    def last_line(self) -> str:
        return f"fresh_ms={self.fresh_ms:.1f} long_ms={self.long_ms:.1f} ratio={self.ratio:.2f}"


async def prepare_games(
    database: Path, game: str, players: list[FakeUser], channels: list[FakeChannel]
) -> None:
    """A started game in each channel, all from the same seed; the last one gets the long log."""
    storage = await SqliteStorage.open(database)
    try:
        service = GameService(storage, {game: MODULES[game]}, new_seed=lambda: GAME_SEED)
        for channel in channels:
            host = players[0]
            lobby = await service.open_lobby(
                game, channel.guild_id, channel.id, host.id, host.username, VARIANTS[game]
            )
            for player in players[1:]:
                await service.update_lobby(lobby.id, None, _joining(player))
            move = await service.start_game(lobby.id, host.id)
        await _pad_log(storage, game, move.record, move.state, len(players))
    finally:
        await storage.close()


def _joining(player: FakeUser) -> Any:
    def join(record: GameRecord) -> None:
        record.lobby["players"].append({"user_id": player.id, "name": player.username, "character": None})

    return join


async def _pad_log(storage: Storage, game: str, record: GameRecord, state: Any, seats: int) -> None:
    legal = cell_actions if game == "cell" else over9000_actions
    for number in range(LONG_LOG):
        seat = number % seats
        action = legal(state, seat)[0].model_dump(mode="json")
        actor = record.lobby["players"][seat]["user_id"]
        saved = await storage.save(record, record.version, ActionRecord(actor, seat, action))
        assert saved, "nothing else writes to this database yet"


async def measure_long_game(game: str, moves: int, seed: int) -> LongGameTiming:
    """Median answer times of the same ``moves`` moves in a fresh game and in one with a long log."""
    with tempfile.TemporaryDirectory(prefix="dbz-long-game-") as folder:
        database = Path(folder) / "games.sqlite3"
        async with FakeDiscord(quiet_period=0.05) as fake:
            # Over 9000 at four, so that one game lasts the moves timed.
            users = fake.users
            players = [users.bob] if game == "cell" else [users.bob, users.carol, users.dave, users.erin]
            channels = [fake.guild.channel("general"), fake.guild.channel("games")]
            await prepare_games(database, game, players, channels)
            stopwatch = Stopwatch(fake)
            bot = await BotProcess.start(fake.base_url, fake.gateway_url, database, fake.token, seed)
            try:
                await wait_until_ready(fake, bot)
                reader = SqliteReader(database)
                table_type = LoadCellTable if game == "cell" else LoadOver9000Table
                tables = [table_type(fake, reader, channel, players) for channel in channels]
                for channel in channels:
                    await fake.slash(players[0], f"{game} status", channel=channel)
                await boards_posted(reader, channels)
                fresh, long = await _play_side_by_side(fake, game, tables, stopwatch, moves)
                reader.close()
            finally:
                await bot.stop()
    if bot.error_lines:
        logged = zip(bot.error_lines, bot.error_causes, strict=True)
        raise AssertionError(
            "the bot logged errors:\n" + "\n".join(f"{line} ({cause})" for line, cause in logged)
        )
    return LongGameTiming(game, len(fresh), statistics.median(fresh) * 1000, statistics.median(long) * 1000)


async def boards_posted(reader: DatabaseReader, channels: list[FakeChannel]) -> None:
    """A status command that took long was acknowledged first and posts its board after: the moves
    start once every table has one."""
    deadline = time.monotonic() + BOARD_TIMEOUT
    while any(_board_id(reader, channel) is None for channel in channels):
        assert time.monotonic() < deadline, f"no board was posted within {BOARD_TIMEOUT:.0f} s"
        await asyncio.sleep(0.05)


def _board_id(reader: DatabaseReader, channel: FakeChannel) -> int | None:
    row = reader.latest_game(channel.id)
    return row.message_id if row is not None else None


async def _play_side_by_side(
    fake: FakeDiscord, game: str, tables: list[Any], stopwatch: Stopwatch, moves: int
) -> tuple[list[float], list[float]]:
    """The same move in both games, taking turns at going first so neither gains from a warmer cache."""
    samples: tuple[list[float], list[float]] = ([], [])
    for number in range(moves):
        states = [await table.state() for table in tables]
        if any(state.outcome is not None for state in states):
            break
        assert states[0] == states[1], "the two games drifted apart"
        for which in [0, 1] if number % 2 == 0 else [1, 0]:
            result = await _play_one(game, tables[which], states[which])
            answers = answers_by_token(fake.requests)[result.interaction.token]
            assert acknowledged(game, answers), f"move {number} was not accepted in game {which}"
            samples[which].append(stopwatch.by_interaction[result.interaction.id])
    return samples


async def _play_one(game: str, table: Any, state: Any) -> InteractionResult:
    if game == "cell":
        return await table.play(state, decision(state, heuristic))
    seat = state.prompt.seats[0]
    return await table.play(choose_action(state, seat, seed=ai_seed(state, seat)))
