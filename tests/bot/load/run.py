"""N channels, each running one game after another, against one bot process for a fixed time.

People click as fast as the board offers them a control (the drivers find it; the policies choose
it); AI seats play at zero delay. Afterwards the run counts what went wrong: interactions answered
late or with an error, the bot's error log lines, games where nothing happened for ``stuck_after``
seconds, and moves a player saw accepted that the action log lacks.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import os
import random
import resource
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tests.fakediscord import FakeDiscordError, InteractionNotAnswered
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser

from .bot_process import BotProcess
from .findings import LoadReport, MoveLedger, Stopwatch, StuckWatch, build_report
from .reader import DatabaseReader, GameRow, open_reader
from .tables import (
    LoadCellTable,
    LoadOver9000Table,
    cell_choice,
    humans_to_move,
    offers_a_move,
    over9000_choice,
)

T = TypeVar("T")

POLL_SECONDS = 0.05
READY_TIMEOUT = 30.0
CHANNELS_PER_GUILD = 20
# Collections of the middle generation between two full ones: more than a run ever makes.
FULL_COLLECTIONS_NEVER = 1 << 30


@dataclass(frozen=True)
class LoadOptions:
    channels: int
    seconds: float
    seed: int = 0
    channels_per_guild: int = CHANNELS_PER_GUILD
    stuck_after: float = 10.0
    database_url: str | None = None
    """A ``postgresql://`` database to play on; a temporary SQLite file when None."""
    processes: int = 1
    """Bot processes, each holding one shard of as many."""


@dataclass(frozen=True)
class TablePlan:
    """What a channel plays: the game, the people in seat order (the host first) and the AI seats."""

    game: str
    people: list[FakeUser]
    ai_players: int


def plan_for(index: int, people: list[FakeUser], rng: random.Random) -> TablePlan:
    """Channels take turns: Cell among people, Over 9000 among people, Cell and Over 9000 with AI seats."""
    kind = index % 4
    seated = people[index % len(people) :] + people[: index % len(people)]
    if kind == 0:
        return TablePlan("cell", seated[: rng.randint(2, 4)], 0)
    if kind == 1:
        return TablePlan("over9000", seated[: rng.randint(2, 3)], 0)
    if kind == 2:
        return TablePlan("cell", seated[:1], 3)
    return TablePlan("over9000", seated[:1], rng.randint(1, 3))


class ChannelRunner:
    """One channel: opens a game, plays every person's moves until it ends, then opens the next. A
    stuck game is abandoned by its host; a channel whose stuck game cannot be abandoned stops."""

    def __init__(self, run: LoadRun, channel: FakeChannel, plan: TablePlan, rng: random.Random) -> None:
        self.run = run
        self.fake = run.fake
        self.channel = channel
        self.plan = plan
        self.rng = rng
        self.games: list[int] = []

    async def play_games(self) -> None:
        while not self.run.stopping.is_set():
            game_id = await self._open_game()
            if game_id is None:
                await asyncio.sleep(POLL_SECONDS)
                continue
            if game_id in self.run.watch.stuck:
                return
            self.games.append(game_id)
            self.run.watch.watch(game_id)
            await self._play(game_id)
            self.run.watch.forget(game_id)

    async def _open_game(self) -> int | None:
        """The channel's running game, after opening a lobby, joining it and starting it if need be."""
        host = self.plan.people[0]
        row = self.run.reader.running_game(self.channel.id)
        if row is None:
            command = f"{self.plan.game} start"
            await self._act(
                self.fake.slash(host, command, channel=self.channel, ai_players=self.plan.ai_players)
            )
            row = self.run.reader.running_game(self.channel.id)
        if row is None or row.status == "active":
            return row.id if row is not None else None
        lobby = self.run.watch.board(row)
        if lobby is None:
            return None
        seated = {player["user_id"] for player in row.players}
        for person in self.plan.people[1:]:
            if person.id not in seated:
                await self._act(self.fake.click(person, lobby, "Join"))
        await self._act(self.fake.click(host, lobby, "Start"))
        started = self.run.reader.running_game(self.channel.id)
        return started.id if started is not None and started.status == "active" else None

    async def _play(self, game_id: int) -> None:
        people = self.plan.people
        table_type = LoadCellTable if self.plan.game == "cell" else LoadOver9000Table
        table = table_type(self.fake, self.run.reader, self.channel, people)
        while not self.run.stopping.is_set():
            row = self.run.reader.game(game_id)
            if row is None or row.status != "active":
                return
            if game_id in self.run.watch.stuck:
                await self._act(self.fake.slash(people[0], f"{row.game} abandon", channel=self.channel))
                return
            state = row.state()
            seats = humans_to_move(row, state)
            if not seats or not offers_a_move(row, self.run.watch.board(row)):
                await asyncio.sleep(POLL_SECONDS)
                continue
            await asyncio.gather(*self._moves(table, row, state, seats))

    def _moves(self, table: Any, row: GameRow, state: Any, seats: list[int]) -> list[Awaitable[None]]:
        """The clicks of every person who must act now: one in Cell, maybe several in Over 9000."""
        if row.game == "cell":
            return [self._cell_move(table, row, state, seats[0])]
        return [self._panel_move(table, row, state, seat) for seat in seats]

    async def _cell_move(self, table: LoadCellTable, row: GameRow, state: Any, seat: int) -> None:
        choice = await self.run.think(cell_choice, state, self.rng.getrandbits(64))
        await self._move(row.id, self.plan.people[seat], table.play(state, choice))

    async def _panel_move(self, table: LoadOver9000Table, row: GameRow, state: Any, seat: int) -> None:
        """An Over 9000 move from the seat's panel; a person whose panel let them down opens a new one."""
        choice = await self.run.think(over9000_choice, state, seat, self.rng.getrandbits(32))
        clicks = table.play(choice)
        if not await self._move(row.id, self.plan.people[seat], clicks):
            table.panels.pop(seat, None)

    async def _move(self, game_id: int, user: FakeUser, clicks: Awaitable[InteractionResult]) -> bool:
        result = await self._act(clicks)
        if result is None:
            return False
        self.run.ledger.click(self.plan.game, game_id, user.id, result.interaction.token)
        return True

    async def _act(self, action: Awaitable[InteractionResult]) -> InteractionResult | None:
        """One user action. A control that went away under the player (the board was redrawn, the
        message replaced) is looked for again on the next round; unanswered and failed interactions
        are counted from the fake's records at the end."""
        try:
            result = await action
            # A deferred click shows its player a loading state until the bot follows up: they
            # look at the game again once it has, not at the screen as it was before their click.
            await result.shown()
            return result
        except InteractionNotAnswered:
            return None
        except (FakeDiscordError, AssertionError) as missed:
            self.run.ledger.retry(missed)
            await asyncio.sleep(POLL_SECONDS)
            return None


class LoadRun:
    def __init__(self, options: LoadOptions, fake: FakeDiscord, reader: DatabaseReader) -> None:
        self.options = options
        self.fake = fake
        self.reader = reader
        self.stopping = asyncio.Event()
        self.watch = StuckWatch(reader, fake, options.stuck_after)
        self.ledger = MoveLedger()
        self.stopwatch = Stopwatch(fake)
        # People think in a process of their own: thinking on this event loop (some moves take the
        # heuristic player a few hundred milliseconds) would hold up the fake Discord's answers to the
        # bot and count against the bot's answer times.
        self.thinkers = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        rng = random.Random(f"players-{options.seed}")
        people = [user for user in fake.users if user is not fake.users.owner]
        channels = [channel for guild in fake.guilds for channel in guild.channels][: options.channels]
        self.runners = [
            ChannelRunner(self, channel, plan_for(index, people, rng), random.Random(rng.getrandbits(64)))
            for index, channel in enumerate(channels)
        ]

    async def think(self, choose: Callable[..., T], *arguments: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.thinkers, choose, *arguments)

    async def play(self) -> None:
        try:
            watching = asyncio.create_task(self.watch.run())
            playing = [asyncio.create_task(runner.play_games()) for runner in self.runners]
            await asyncio.sleep(self.options.seconds)
            self.stopping.set()
            await asyncio.gather(*playing)
            await self._last_look()
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
        finally:
            self.thinkers.shutdown(cancel_futures=True)

    async def _last_look(self) -> None:
        """Every game still running must soon either offer its person a move or see its AI move."""
        pending = {runner.games[-1] for runner in self.runners if runner.games}
        deadline = time.monotonic() + self.options.stuck_after
        while pending and time.monotonic() < deadline:
            for game_id in list(pending):
                if self._settled(game_id):
                    pending.discard(game_id)
            self.watch.check()
            await asyncio.sleep(POLL_SECONDS)
        for game_id in pending:
            row = self.reader.game(game_id)
            if row is not None and game_id not in self.watch.stuck:
                self.watch.mark(row, f"nothing to do for {self.options.stuck_after:.0f} s after the run")

    def _settled(self, game_id: int) -> bool:
        """Over, already counted as stuck, or waiting on a person the board offers a move."""
        row = self.reader.game(game_id)
        if row is None or row.status != "active" or game_id in self.watch.stuck:
            return True
        return bool(humans_to_move(row, row.state())) and offers_a_move(row, self.watch.board(row))


async def run_load(options: LoadOptions) -> LoadReport:
    """The whole load run: a fake Discord with enough channels, the bot in its own processes (one per
    shard, each shard with as many servers), the report."""
    guilds = -(-options.channels // options.channels_per_guild)
    guilds = -(-guilds // options.processes) * options.processes
    per_guild = -(-options.channels // guilds)
    with tempfile.TemporaryDirectory(prefix="dbz-load-") as folder:
        database = options.database_url or str(Path(folder) / "games.sqlite3")
        async with FakeDiscord(
            guilds=guilds,
            channels_per_guild=per_guild,
            settle_after_actions=False,
            check_own_payloads=False,
            shard_count=options.processes,
        ) as fake:
            bots: list[BotProcess] = []
            try:
                # One after the other: each process migrates the database before it connects.
                for shard_id in range(options.processes):
                    shard = (shard_id, options.processes) if options.processes > 1 else None
                    bot = await BotProcess.start(
                        fake.base_url, fake.gateway_url, database, fake.token, options.seed, shard
                    )
                    bots.append(bot)
                    await wait_until_ready(fake, bot, shard_id)
                reader = open_reader(database)
                run = LoadRun(options, fake, reader)
                started = time.monotonic(), resource.getrusage(resource.RUSAGE_SELF), _cpu(bots)
                with no_full_collections():
                    await run.play()
                rss_mb = max(bot.peak_rss_mb() for bot in bots)
                bot_cpu = _cpu(bots)
                cpu = cpu_note(started, bot_cpu)
            finally:
                bot_exits = [await bot.stop() for bot in bots]
            findings = (run.stopwatch, run.watch, run.ledger)
            report = build_report(len(run.runners), fake, bots, reader, findings, bot_exits, rss_mb)
            report.seconds = options.seconds
            report.bot_cpu_seconds = bot_cpu - started[2]
            report.notes.append(cpu)
            reader.close()
            # Counted in the report rather than raised when the fake closes.
            fake.failures.clear()
            return report


@contextlib.contextmanager
def no_full_collections() -> Iterator[None]:
    """This process makes no full garbage collections while people play. The fake Discord keeps every
    message and interaction of the run, so a full collection looks at more objects each time: 300 to
    460 ms each, every few seconds, in which the fake's event loop stood still and the bot's answers
    waited to be received, counted against the bot's answer times (its p99 most of all). Young objects
    are still collected; what cyclic garbage outlives them stays until the run is over."""
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], FULL_COLLECTIONS_NEVER)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def _cpu(bots: list[BotProcess]) -> float:
    return sum(bot.cpu_seconds() for bot in bots)


def cpu_note(started: tuple[float, resource.struct_rusage, float], bot_cpu: float) -> str:
    """How busy each side was during the run: on a shared machine the answer times depend on it."""
    wall = time.monotonic() - started[0]
    now = resource.getrusage(resource.RUSAGE_SELF)
    players_cpu = now.ru_utime + now.ru_stime - started[1].ru_utime - started[1].ru_stime
    bot_cpu -= started[2]
    return (
        f"cpu over {wall:.0f} s: bots {bot_cpu:.0f} s, fake Discord and players {players_cpu:.0f} s, "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


async def wait_until_ready(fake: FakeDiscord, bot: BotProcess, shard_id: int = 0) -> None:
    """The bot has connected on its shard and received its guilds (the process holding shard 0 has
    synced the commands before connecting)."""
    deadline = time.monotonic() + READY_TIMEOUT
    while shard_id not in fake.gateway.shards or not fake.synced_commands:
        if bot.exited or time.monotonic() > deadline:
            log = "\n".join(bot.log_tail)
            raise FakeDiscordError(f"the bot did not get ready; its log:\n{log}")
        await asyncio.sleep(POLL_SECONDS)
    # discord.py is ready once its short wait for more guilds after the last GUILD_CREATE is over.
    await asyncio.sleep(0.5)
