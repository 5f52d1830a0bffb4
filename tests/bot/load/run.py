"""N channels, each running one game after another, against one bot process for a fixed time.

People click as fast as the board offers them a control (the drivers find it; the policies choose
it); AI seats play at zero delay. Afterwards the run counts what went wrong: interactions answered
late or with an error, the bot's error log lines, games where nothing happened for ``stuck_after``
seconds, and moves a player saw accepted that the action log lacks.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fakediscord import FakeDiscordError, InteractionNotAnswered
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage

from .bot_process import BotProcess
from .reader import DatabaseReader, GameRow
from .tables import (
    LoadCellTable,
    LoadOver9000Table,
    accepted,
    board_controls,
    cell_choice,
    humans_to_move,
    offers_a_move,
    over9000_choice,
)

ERROR_REPLIES = ("Something went wrong",)
POLL_SECONDS = 0.05
WATCH_SECONDS = 1.0
READY_TIMEOUT = 30.0
CHANNELS_PER_GUILD = 20


@dataclass(frozen=True)
class LoadOptions:
    channels: int
    seconds: float
    seed: int = 0
    channels_per_guild: int = CHANNELS_PER_GUILD
    stuck_after: float = 10.0


@dataclass(frozen=True)
class TablePlan:
    """What a channel plays: the game, the people in seat order (the host first) and the AI seats."""

    game: str
    people: list[FakeUser]
    ai_players: int

    @property
    def start_options(self) -> dict[str, Any]:
        return {"ai_players": self.ai_players}


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


@dataclass
class LoadReport:
    channels: int
    interactions: int
    errors: int
    stuck: int
    lost: int
    p50_ms: float
    p99_ms: float
    rss_mb: float
    details: list[str] = field(default_factory=list)

    def last_line(self) -> str:
        return (
            f"channels={self.channels} interactions={self.interactions} errors={self.errors} "
            f"stuck={self.stuck} lost={self.lost} p99_ms={self.p99_ms:.0f} rss_mb={self.rss_mb:.0f}"
        )


class Stopwatch:
    """Times every interaction from its dispatch to the bot's first answer."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.by_interaction: dict[int, float] = {}
        dispatch = fake.gateway.dispatch

        async def timed(event: str, data: dict[str, Any]) -> None:
            if event == "INTERACTION_CREATE":
                started = time.perf_counter()
                interaction_id = int(data["id"])

                def answered(_: object) -> None:
                    self.by_interaction[interaction_id] = time.perf_counter() - started

                fake.interactions[interaction_id].answered.add_done_callback(answered)
            await dispatch(event, data)

        fake.gateway.dispatch = timed  # type: ignore[method-assign]


class StuckWatch:
    """Notes when each game's version last moved; a game idle for ``stuck_after`` seconds is stuck."""

    def __init__(self, reader: DatabaseReader, fake: FakeDiscord, stuck_after: float) -> None:
        self.reader = reader
        self.fake = fake
        self.stuck_after = stuck_after
        self.stuck: dict[int, str] = {}
        self._seen: dict[int, tuple[int, float]] = {}

    def watch(self, game_id: int) -> None:
        self._seen[game_id] = (-1, time.monotonic())

    def forget(self, game_id: int) -> None:
        self._seen.pop(game_id, None)

    def board(self, row: GameRow) -> StoredMessage | None:
        return self.fake.world.find_message(row.message_id) if row.message_id else None

    def check(self) -> None:
        now = time.monotonic()
        for game_id, (version, since) in list(self._seen.items()):
            row = self.reader.game(game_id)
            if row is None or row.status != "active":
                continue
            if row.version != version:
                self._seen[game_id] = (row.version, now)
            elif now - since >= self.stuck_after and game_id not in self.stuck:
                self.mark(row, f"idle {now - since:.0f} s")

    def mark(self, row: GameRow, why: str) -> None:
        people = humans_to_move(row, row.state())
        who = f"the person in seat {people[0]}" if people else "an AI seat"
        controls = sorted({f"{op}@{version}" for version, op in board_controls(self.board(row))})
        self.stuck[row.id] = (
            f"game {row.id} ({row.game}) in channel {row.channel_id} at version {row.version}: {who} "
            f"to move, {why}; the board's controls: {', '.join(controls) or 'none'}"
        )

    async def run(self) -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            self.check()


@dataclass
class MoveLedger:
    """Moves each simulated player saw accepted, by (game, user)."""

    accepted: Counter[tuple[int, int]] = field(default_factory=Counter)

    def lost(self, logged: Counter[tuple[int, int]]) -> tuple[int, list[str]]:
        """How many accepted moves the log lacks, and a line for each player who lost some."""
        missing = {key: count - logged[key] for key, count in self.accepted.items() if logged[key] < count}
        lines = [
            f"game {game_id}: user {user_id} saw {self.accepted[game_id, user_id]} moves accepted, "
            f"the log has {logged[game_id, user_id]}"
            for game_id, user_id in sorted(missing)
        ]
        return sum(missing.values()), lines


class ChannelRunner:
    """One channel: opens a game, plays every person's moves until it ends, then opens the next."""

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
            self.games.append(game_id)
            self.run.watch.watch(game_id)
            await self._play(game_id)
            self.run.watch.forget(game_id)

    async def _open_game(self) -> int | None:
        host = self.plan.people[0]
        running = self.run.reader.running_game(self.channel.id)
        if running is not None and running.status == "active":
            return running.id
        if running is None:
            command = f"{self.plan.game} start"
            lobby = await self._act(
                self.fake.slash(host, command, channel=self.channel, **self.plan.start_options)
            )
            if lobby is None or lobby.message is None:
                return None
            for person in self.plan.people[1:]:
                await self._act(self.fake.click(person, lobby, "Join"))
        board = self.run.reader.running_game(self.channel.id)
        message = self.fake.world.find_message(board.message_id) if board and board.message_id else None
        if message is None:
            return None
        await self._act(self.fake.click(host, message, "Start"))
        started = self.run.reader.running_game(self.channel.id)
        return started.id if started is not None and started.status == "active" else None

    async def _play(self, game_id: int) -> None:
        people = self.plan.people
        if self.plan.game == "cell":
            table: Any = LoadCellTable(self.fake, self.run.reader, self.channel, people)
        else:
            table = LoadOver9000Table(self.fake, self.run.reader, self.channel, people)
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
            if row.game == "cell":
                moves = [
                    self._move(game_id, people[seats[0]], table.play(state, cell_choice(state, self.rng)))
                ]
            else:
                moves = [
                    self._move(game_id, people[seat], table.play(over9000_choice(state, seat, self.rng)))
                    for seat in seats
                ]
            await asyncio.gather(*moves)

    async def _move(self, game_id: int, user: FakeUser, clicks: Any) -> None:
        result = await self._act(clicks)
        if accepted(self.plan.game, result):
            self.run.ledger.accepted[game_id, user.id] += 1

    async def _act(self, action: Any) -> InteractionResult | None:
        """One user action; a control that moved away under the player (the board was redrawn, the
        message replaced) is simply tried again on the next look. Unanswered and failed interactions
        are counted from the fake's records at the end."""
        try:
            return await action
        except (InteractionNotAnswered, FakeDiscordError, AssertionError):
            await asyncio.sleep(POLL_SECONDS)
            return None


class LoadRun:
    def __init__(
        self, options: LoadOptions, fake: FakeDiscord, bot: BotProcess, reader: DatabaseReader
    ) -> None:
        self.options = options
        self.fake = fake
        self.bot = bot
        self.reader = reader
        self.stopping = asyncio.Event()
        self.watch = StuckWatch(reader, fake, options.stuck_after)
        self.ledger = MoveLedger()
        self.stopwatch = Stopwatch(fake)
        rng = random.Random(f"players-{options.seed}")
        people = [user for user in fake.users if user is not fake.users.owner]
        channels = [channel for guild in fake.guilds for channel in guild.channels][: options.channels]
        self.runners = [
            ChannelRunner(self, channel, plan_for(index, people, rng), random.Random(rng.getrandbits(64)))
            for index, channel in enumerate(channels)
        ]

    async def play(self) -> None:
        watching = asyncio.create_task(self.watch.run())
        playing = [asyncio.create_task(runner.play_games()) for runner in self.runners]
        await asyncio.sleep(self.options.seconds)
        self.stopping.set()
        await asyncio.gather(*playing)
        await self._last_look()
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching

    async def _last_look(self) -> None:
        """Every game still running must either offer its person a move or see its AI move soon."""
        pending = {runner.games[-1] for runner in self.runners if runner.games}
        deadline = time.monotonic() + self.options.stuck_after
        while pending and time.monotonic() < deadline:
            for game_id in list(pending):
                row = self.reader.game(game_id)
                if row is None or row.status != "active" or game_id in self.watch.stuck:
                    pending.discard(game_id)
                    continue
                if humans_to_move(row, row.state()) and offers_a_move(row, self.watch.board(row)):
                    pending.discard(game_id)
            self.watch.check()
            await asyncio.sleep(POLL_SECONDS)
        for game_id in pending:
            row = self.reader.game(game_id)
            if row is not None and game_id not in self.watch.stuck:
                self.watch.mark(row, f"nothing to do for {self.options.stuck_after:.0f} s after the run")

    def report(self, rss_mb: float, bot_exit: int) -> LoadReport:
        details: list[str] = []
        unanswered = [i for i in self.fake.interactions.values() if i.expired or not i.answered.done()]
        error_replies = [i for i in self.fake.interactions.values() if _replied_with_error(self.fake, i)]
        failures = self.fake.failures
        details += [f"not answered in time: {i.description}" for i in unanswered]
        details += [f"error reply: {i.description}" for i in error_replies]
        details += [
            f"bot log: {line}" + (f" ({cause})" if cause else "")
            for line, cause in zip(self.bot.error_lines, self.bot.error_causes, strict=True)
        ]
        details += [f"fake Discord: {type(f).__name__}: {f}" for f in failures]
        if bot_exit != 0:
            details.append(f"the bot exited with code {bot_exit}")
        errors = len(unanswered) + len(error_replies) + len(self.bot.error_lines) + len(failures)
        errors += bot_exit != 0
        details.append(
            f"errors: {len(unanswered)} not answered in time, {len(error_replies)} error replies, "
            f"{len(self.bot.error_lines)} bot error log lines, {len(failures)} broken Discord rules"
        )
        lost, lost_lines = self.ledger.lost(self.reader.logged_moves())
        details += [f"stuck: {text}" for text in self.watch.stuck.values()]
        details += [f"lost: {text}" for text in lost_lines]
        milliseconds = [seconds * 1000 for seconds in self.stopwatch.by_interaction.values()] or [0.0]
        games = [game_id for runner in self.runners for game_id in runner.games]
        details.append(
            f"games played: {len(games)}, moves seen accepted: {sum(self.ledger.accepted.values())}, "
            f"p50_ms={statistics.median(milliseconds):.0f}"
        )
        return LoadReport(
            channels=len(self.runners),
            interactions=len(self.fake.interactions),
            errors=errors,
            stuck=len(self.watch.stuck),
            lost=lost,
            p50_ms=statistics.median(milliseconds),
            p99_ms=percentile(milliseconds, 0.99),
            rss_mb=rss_mb,
            details=details,
        )


def _replied_with_error(fake: FakeDiscord, interaction: Any) -> bool:
    ids = [*interaction.followup_ids]
    if interaction.response_type in (4, 5) and interaction.response_message_id is not None:
        ids.append(interaction.response_message_id)
    for message_id in ids:
        message = fake.world.find_message(message_id)
        if message is not None and any(phrase in message.content for phrase in ERROR_REPLIES):
            return True
    return False


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def run_load(options: LoadOptions) -> LoadReport:
    """The whole load run: a fake Discord with enough channels, the bot in its own process, the report."""
    guilds = -(-options.channels // options.channels_per_guild)
    per_guild = -(-options.channels // guilds)
    with tempfile.TemporaryDirectory(prefix="dbz-load-") as folder:
        database = Path(folder) / "games.sqlite3"
        async with FakeDiscord(
            guilds=guilds, channels_per_guild=per_guild, settle_after_actions=False, check_own_payloads=False
        ) as fake:
            bot = await BotProcess.start(fake.base_url, fake.gateway_url, database, fake.token, options.seed)
            try:
                await wait_until_ready(fake, bot)
                reader = DatabaseReader(database)
                run = LoadRun(options, fake, bot, reader)
                await run.play()
                rss_mb = bot.peak_rss_mb()
            finally:
                bot_exit = await bot.stop()
            report = run.report(rss_mb, bot_exit)
            reader.close()
            fake.failures.clear()
            return report


async def wait_until_ready(fake: FakeDiscord, bot: BotProcess) -> None:
    """The bot has synced its commands (before connecting) and received every guild."""
    deadline = time.monotonic() + READY_TIMEOUT
    while not (fake.gateway.ready.is_set() and fake.synced_commands):
        if bot.exited or time.monotonic() > deadline:
            log = "\n".join(bot.log_tail)
            raise FakeDiscordError(f"the bot did not get ready; its log:\n{log}")
        await asyncio.sleep(POLL_SECONDS)
    # discord.py is ready once its short wait for more guilds after the last GUILD_CREATE is over.
    await asyncio.sleep(0.5)
