"""What a load run measures and finds: answer times, stuck games, moves players saw accepted, and the
report that sums them up with the fake Discord's and the bot's records of what went wrong."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import PendingInteraction
from tests.fakediscord.rest import RecordedRequest
from tests.fakediscord.world import StoredMessage

from .bot_process import BotProcess
from .reader import DatabaseReader, GameRow
from .tables import acknowledged, answers_by_token, board_controls, humans_to_move

ERROR_REPLIES = ("Something went wrong",)
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE = 4, 5
WATCH_SECONDS = 1.0
EXAMPLES_PER_KIND = 5


class Stopwatch:
    """Times every interaction from its dispatch to the bot's first answer."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.by_interaction: dict[int, float] = {}
        dispatch = fake.gateway.dispatch

        async def timed(event: str, data: dict[str, Any], **routing: Any) -> None:
            if event == "INTERACTION_CREATE":
                started = time.perf_counter()
                interaction_id = int(data["id"])

                def answered(_: object) -> None:
                    self.by_interaction[interaction_id] = time.perf_counter() - started

                fake.interactions[interaction_id].answered.add_done_callback(answered)
            await dispatch(event, data, **routing)

        fake.gateway.dispatch = timed  # type: ignore[method-assign]

    def milliseconds(self) -> list[float]:
        return [seconds * 1000 for seconds in self.by_interaction.values()]


class StuckWatch:
    """Notes when each game's version last moved; a game idle for ``stuck_after`` seconds is stuck."""

    def __init__(self, reader: DatabaseReader, fake: FakeDiscord, stuck_after: float) -> None:
        self.reader = reader
        self.fake = fake
        self.stuck_after = stuck_after
        self.stuck: dict[int, str] = {}
        self._seen: dict[int, tuple[int, float]] = {}

    def watch(self, game_id: int) -> None:
        self._seen.setdefault(game_id, (-1, time.monotonic()))

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
    """The moves each simulated player clicked, and clicks that found their control gone (the board
    was redrawn under the player) and were tried again. Which moves the bot acknowledged is read from
    its answers at the end, when the late ones have arrived too."""

    clicked: list[tuple[str, int, int, str]] = field(default_factory=list)
    retries: Counter[str] = field(default_factory=Counter)
    retry_examples: list[str] = field(default_factory=list)

    def retry(self, missed: Exception) -> None:
        self.retries[type(missed).__name__] += 1
        if len(self.retry_examples) < EXAMPLES_PER_KIND:
            self.retry_examples.append(f"{type(missed).__name__}: {str(missed)[:300]}")

    def click(self, game: str, game_id: int, user_id: int, token: str) -> None:
        self.clicked.append((game, game_id, user_id, token))

    def accepted(self, requests: list[RecordedRequest]) -> Counter[tuple[int, int]]:
        """How many moves each (game, user) saw acknowledged."""
        answers = answers_by_token(requests)
        return Counter(
            (game_id, user_id)
            for game, game_id, user_id, token in self.clicked
            if acknowledged(game, answers.get(token, []))
        )


def lost_moves(accepted: Counter[tuple[int, int]], logged: Counter[tuple[int, int]]) -> tuple[int, list[str]]:
    """How many acknowledged moves the log lacks, and a line for each player who lost some."""
    missing = {key: count - logged[key] for key, count in accepted.items() if logged[key] < count}
    lines = [
        f"game {game_id}: user {user_id} saw {accepted[game_id, user_id]} moves accepted, "
        f"the log has {logged[game_id, user_id]}"
        for game_id, user_id in sorted(missing)
    ]
    return sum(missing.values()), lines


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
    moves: int = 0
    """Moves the players saw accepted."""
    seconds: float = 0.0
    bot_cpu_seconds: float = 0.0
    """CPU time the bot processes and their painter and AI workers used during the run."""
    problems: dict[str, list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def moves_per_bot_cpu_second(self) -> float:
        """Moves per second of CPU the bots got: on a shared machine, what the bots did with the CPU
        they were given, where moves per second also measure how much of it they were given."""
        return self.moves / self.bot_cpu_seconds if self.bot_cpu_seconds else 0.0

    def last_line(self) -> str:
        return (
            f"channels={self.channels} interactions={self.interactions} errors={self.errors} "
            f"stuck={self.stuck} lost={self.lost} p99_ms={self.p99_ms:.0f} rss_mb={self.rss_mb:.0f} "
            f"moves_per_s={self.moves_per_second:.1f}"
        )

    def summary(self, examples: int = EXAMPLES_PER_KIND) -> list[str]:
        """Each kind of problem with its count and a few examples, then the notes."""
        lines = []
        for kind, found in self.problems.items():
            lines.append(f"{kind}: {len(found)}")
            lines += [f"  {example}" for example in found[:examples]]
        return [*lines, *self.notes]


def build_report(
    channels: int,
    fake: FakeDiscord,
    bots: list[BotProcess],
    reader: DatabaseReader,
    findings: tuple[Stopwatch, StuckWatch, MoveLedger],
    bot_exits: list[int],
    rss_mb: float,
) -> LoadReport:
    """Everything that went wrong, from the fake's interactions, the bots' logs and the database."""
    stopwatch, watch, ledger = findings
    interactions = list(fake.interactions.values())
    accepted = ledger.accepted(fake.requests)
    lost, lost_lines = lost_moves(accepted, reader.logged_moves())
    causes = Counter(cause for bot in bots for cause in bot.error_causes if cause)
    errors = {
        "not answered within 3 s": [
            i.description for i in interactions if i.expired or not i.answered.done()
        ],
        "error replies": [i.description for i in interactions if _replied_with_error(fake, i)],
        "bot error log lines": [
            f"{line} ({cause})" if cause else line for bot in bots for line, cause in _log(bot)
        ],
        "broken Discord rules": [f"{type(failure).__name__}: {failure}" for failure in fake.failures],
        "bot exit code": [str(code) for code in bot_exits if code],
    }
    milliseconds = stopwatch.milliseconds() or [0.0]
    notes = [
        f"bot errors by exception: {dict(causes)}" if causes else "",
        f"moves clicked: {len(ledger.clicked)}, seen accepted: {sum(accepted.values())}; clicks tried "
        f"again because their control had gone: {sum(ledger.retries.values())} {dict(ledger.retries)}",
        *(f"  {example}" for example in ledger.retry_examples),
        answer_times(stopwatch, interactions),
        f"p50_ms={statistics.median(milliseconds):.0f}",
    ]
    return LoadReport(
        channels=channels,
        interactions=len(interactions),
        errors=sum(len(found) for found in errors.values()),
        stuck=len(watch.stuck),
        lost=lost,
        p50_ms=statistics.median(milliseconds),
        p99_ms=percentile(milliseconds, 0.99),
        rss_mb=rss_mb,
        moves=sum(accepted.values()),
        problems={
            **{kind: found for kind, found in errors.items() if found},
            **({"stuck games": list(watch.stuck.values())} if watch.stuck else {}),
            **({"lost moves": lost_lines} if lost_lines else {}),
        },
        notes=[note for note in notes if note],
    )


ANSWER_KINDS = {4: "message", 5: "deferred message", 6: "deferred update", 7: "update", 9: "modal"}


def answer_times(stopwatch: Stopwatch, interactions: list[PendingInteraction]) -> str:
    """Answer times by the kind of first answer: a click whose work outlasts the bot's short wait is
    acknowledged first (a deferred answer), so the two kinds show where the time goes."""
    by_kind: dict[str, list[float]] = {}
    for interaction in interactions:
        seconds = stopwatch.by_interaction.get(interaction.id)
        if seconds is not None:
            kind = ANSWER_KINDS.get(interaction.response_type or 0, str(interaction.response_type))
            by_kind.setdefault(kind, []).append(seconds * 1000)
    return "answers: " + ", ".join(
        f"{kind} {len(times)} (p50 {statistics.median(times):.0f} ms, p99 {percentile(times, 0.99):.0f} ms)"
        for kind, times in sorted(by_kind.items(), key=lambda item: -len(item[1]))
    )


def _log(bot: BotProcess) -> list[tuple[str, str]]:
    return list(zip(bot.error_lines, bot.error_causes, strict=True))


def _replied_with_error(fake: FakeDiscord, interaction: PendingInteraction) -> bool:
    ids = list(interaction.followup_ids)
    answered_with_message = interaction.response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)
    if answered_with_message and interaction.response_message_id is not None:
        ids.append(interaction.response_message_id)
    for message_id in ids:
        message = fake.world.find_message(message_id)
        if message is not None and any(phrase in message.content for phrase in ERROR_REPLIES):
            return True
    return False


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]
