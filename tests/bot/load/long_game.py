"""Does a long game answer a move as fast as a fresh one? Two solo Perfect Cell games with the same seed
start side by side; one gets 5,000 actions in its log first. Then both play the same moves with clicks,
taking turns, and the answer times are compared.

The long log is written through ``Storage.save`` before the bot starts, as copies of the opening's
first legal action: the bot never replays the log to make a move, so what a long log can slow down is
the database work of each move, and that is what this measures. The state stays the opening's, which
keeps both games on the same moves.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bot.games.cell import CellModule
from bot.service import GameService
from bot.storage import ActionRecord, Storage
from rules.cell.engine import legal_actions
from tests.bot.policies import heuristic
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser

from .bot_process import BotProcess
from .findings import Stopwatch
from .reader import DatabaseReader
from .run import wait_until_ready
from .tables import LoadCellTable, accepted

LONG_LOG = 5000
GAME_SEED = 7


@dataclass(frozen=True)
class LongGameTiming:
    fresh_ms: float
    long_ms: float

    @property
    def ratio(self) -> float:
        return self.long_ms / self.fresh_ms

    def last_line(self) -> str:
        return f"fresh_ms={self.fresh_ms:.1f} long_ms={self.long_ms:.1f} ratio={self.ratio:.2f}"


async def prepare_games(database: Path, player: FakeUser, channels: list[FakeChannel]) -> list[int]:
    """A started solo game in each channel, all from the same seed; the last one gets the long log."""
    storage = await Storage.open(database)
    try:
        service = GameService(storage, {"cell": CellModule()}, new_seed=lambda: GAME_SEED)
        game_ids = []
        for channel in channels:
            lobby = await service.open_lobby(
                "cell", channel.guild_id, channel.id, player.id, player.username, "normal"
            )
            move = await service.start_game(lobby.id, player.id)
            game_ids.append(lobby.id)
        opening = legal_actions(move.state, 0)[0].model_dump(mode="json")
        record = move.record
        for _ in range(LONG_LOG):
            saved = await storage.save(record, record.version, ActionRecord(player.id, 0, opening))
            assert saved, "nothing else writes to this database yet"
        return game_ids
    finally:
        await storage.close()


async def measure_long_game(moves: int, seed: int) -> LongGameTiming:
    with tempfile.TemporaryDirectory(prefix="dbz-long-game-") as folder:
        database = Path(folder) / "games.sqlite3"
        async with FakeDiscord(quiet_period=0.05) as fake:
            player = fake.users.bob
            channels = [fake.guild.channel("general"), fake.guild.channel("games")]
            await prepare_games(database, player, channels)
            stopwatch = Stopwatch(fake)
            bot = await BotProcess.start(fake.base_url, fake.gateway_url, database, fake.token, seed)
            try:
                await wait_until_ready(fake, bot)
                reader = DatabaseReader(database)
                tables = [LoadCellTable(fake, reader, channel, [player]) for channel in channels]
                for channel in channels:
                    await fake.slash(player, "cell status", channel=channel)
                samples = await _play_side_by_side(tables, stopwatch, moves)
                reader.close()
            finally:
                await bot.stop()
    if bot.error_lines:
        raise AssertionError("the bot logged errors:\n" + "\n".join(bot.error_lines))
    fresh, long = samples
    return LongGameTiming(statistics.median(fresh) * 1000, statistics.median(long) * 1000)


async def _play_side_by_side(
    tables: list[LoadCellTable], stopwatch: Stopwatch, moves: int
) -> tuple[list[float], list[float]]:
    """The same move in both games, taking turns at going first so neither gains from a warmer cache."""
    samples: tuple[list[float], list[float]] = ([], [])
    for number in range(moves):
        order = [0, 1] if number % 2 == 0 else [1, 0]
        states = [await table.state() for table in tables]
        if any(state.outcome is not None for state in states):
            break
        assert states[0] == states[1], "the two games drifted apart"
        index = heuristic(states[0], legal_actions(states[0], 0))
        for which in order:
            result = await tables[which].play(states[which], index)
            assert accepted("cell", result), f"move {number} was not accepted in game {which}"
            samples[which].append(stopwatch.by_interaction[result.interaction.id])
        await asyncio.sleep(0)
    return samples
