"""One game played to the end by purposeful people, and the clicks each of their turns took.

At each decision of a person the game's own AI (its module's ``ai_action``, reading the saved state
from the bot's database) chooses the move, and the game's flow presses the controls that make it. The
people wait for the bot as a person waits for the screen: until the game's row stops changing, the
fake Discord has been quiet for its quiet period (and the answer that follows a click the bot
acknowledged first has come, ``screen``), and the flow sees the controls drawn for the saved state.

A click is an interaction from a button, a menu or a modal; slash commands are not clicks. The clicks
of a decision are those its flow made, counted from the fake's interactions. Each flow says which turn
(Perfect Cell, Over 9000) or activation (Prime Time) a decision belongs to; decisions outside any turn
(an Over 9000 reveal, a Prime Time Phase Start) are not counted in turns.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games.registry import game_modules
from tests.bot.load.reader import DatabaseReader, GameRow
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import MESSAGE_COMPONENT, MODAL_SUBMIT
from tests.fakediscord.world import FakeChannel, FakeUser

POLL_SECONDS = 0.05
STUCK_SECONDS = 60.0
"""A game whose state has not changed for this long is stuck."""
MISSES_ALLOWED = 3
"""Presses in a row that leave the game unchanged before the flow is taken to be broken."""
READY_PATIENCE = 5.0
"""How long a person waits for the screen to show the saved state before acting on what it shows."""
FINAL_QUIET_SECONDS = 1.0
"""How long the bot must be quiet after the last move before the channel is counted."""
MODULES = game_modules()


def state_of(row: GameRow) -> Any:
    assert row.state_json is not None, f"game {row.id} has not started"
    return MODULES[row.game].rules.load_state(row.state_json)


class GameFlow(Protocol):
    """One game's way of being played with clicks; ``people`` sit in seat order, the host first."""

    game: str
    turn_name: str
    """What its turns are called: "turn", or "activation" in Prime Time."""

    async def open(self) -> None:
        """From the slash command to the started game: the lobby, its joins and picks, Start."""

    def ready(self, row: GameRow, state: Any, seat: int) -> bool:
        """Whether ``seat``'s person sees the controls for the saved state now."""

    def choose(self, state: Any, seat: int) -> Any:
        """The move a person in ``seat`` makes: the game's AI's choice, as a person would click it."""

    async def press(self, state: Any, seat: int, action: Any) -> Any:
        """Makes ``action`` with the visible controls of the board and of the player's own panels;
        returns the move made, another one when the controls do not offer ``action``."""

    def turn_of(self, state: Any, seat: int, action: Any) -> Hashable | None:
        """The turn or activation this decision belongs to (None: outside any)."""

    def samples(self, log: GameLog) -> dict[str, list[int]]:
        """Click counts of the game's own, by name, from its turns."""


@dataclass(frozen=True)
class Decision:
    seat: int
    action: Any
    clicks: int


@dataclass
class Turn:
    """A person's turn or activation: whose it is, and every decision made in it (in an activation, the
    other player's replies too)."""

    key: Hashable
    """What its game's flow calls it (``turn_of``)."""
    seat: int
    decisions: list[Decision] = field(default_factory=list)

    @property
    def clicks(self) -> int:
        """The clicks of the player whose turn it is."""
        return sum(decision.clicks for decision in self.decisions if decision.seat == self.seat)


@dataclass
class GameLog:
    game_id: int
    turns: list[Turn] = field(default_factory=list)
    clicks_by_seat: dict[int, int] = field(default_factory=dict)
    decisions: int = 0
    not_offered: int = 0
    """Decisions whose chosen move the controls did not offer (the person made another)."""
    seconds: float = 0.0


class ClickCounter:
    """How many clicks each person has made so far, read from the fake's interactions."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._seen = 0
        self._clicks: dict[int, int] = {}

    def of(self, user: FakeUser) -> int:
        interactions = list(self.fake.interactions.values())
        for interaction in interactions[self._seen :]:
            if interaction.kind in (MESSAGE_COMPONENT, MODAL_SUBMIT):
                user_id = interaction.user.id
                self._clicks[user_id] = self._clicks.get(user_id, 0) + 1
        self._seen = len(interactions)
        return self._clicks.get(user.id, 0)


class StuckGame(AssertionError):
    """A game that no longer moves: its state unchanged for too long, or press after press changing
    nothing."""


async def settled_row(fake: FakeDiscord, reader: DatabaseReader, game_id: int) -> GameRow:
    """The game's row once the bot has finished with it: unchanged across a quiet period of the fake."""
    while True:
        before = reader.game(game_id)
        await fake.settle()
        after = reader.game(game_id)
        assert before is not None and after is not None, f"game {game_id} is gone"
        if (before.version, before.status, before.message_id) == (
            after.version,
            after.status,
            after.message_id,
        ):
            return after


async def play_game(
    flow: GameFlow,
    fake: FakeDiscord,
    reader: DatabaseReader,
    channel: FakeChannel,
    people: list[FakeUser],
    max_decisions: int | None = None,
) -> GameLog:
    """Opens the game, then plays every person's decision until it ends (or, with ``max_decisions``,
    until that many were made: the game is then left as it stands)."""
    started = time.monotonic()
    await flow.open()
    opened = reader.latest_game(channel.id)
    assert opened is not None and opened.status == "active", f"the {flow.game} game did not start"
    game = _Game(flow, fake, GameLog(opened.id), people)
    while max_decisions is None or game.log.decisions < max_decisions:
        row = await settled_row(fake, reader, opened.id)
        if row.status != "active":
            break
        game.check_progress(row)
        state = state_of(row)
        seats = [seat for seat in MODULES[flow.game].seats_to_move(state) if not row.is_ai(seat)]
        if not seats or not game.shows(row, state, seats[0]):
            await asyncio.sleep(POLL_SECONDS)
            continue
        await game.decide(row, state, seats[0])
    await fake.activity.settled(FINAL_QUIET_SECONDS, fake.settle_timeout)
    game.log.seconds = time.monotonic() - started
    return game.log


class _Game:
    """The bookkeeping of ``play_game``: the turns, the clicks, and whether the game still moves."""

    def __init__(self, flow: GameFlow, fake: FakeDiscord, log: GameLog, people: list[FakeUser]) -> None:
        self.flow = flow
        self.log = log
        self.people = people
        self.counter = ClickCounter(fake)
        self.turns: dict[Hashable, Turn] = {}
        self.changed_at, self.version = time.monotonic(), -1
        self.waiting_since: float | None = None
        self.pressed_at_version: int | None = None
        self.misses = 0

    def check_progress(self, row: GameRow) -> None:
        """Fails a game that stopped moving, or whose presses keep leaving it as it was."""
        if row.version != self.version:
            self.changed_at, self.version, self.waiting_since = time.monotonic(), row.version, None
        elif time.monotonic() - self.changed_at > STUCK_SECONDS:
            raise StuckGame(f"game {row.id} ({self.flow.game}) has not moved for {STUCK_SECONDS:.0f} s")
        if self.pressed_at_version is not None:
            self.misses = self.misses + 1 if row.version == self.pressed_at_version else 0
            self.pressed_at_version = None
        if self.misses >= MISSES_ALLOWED:
            raise StuckGame(f"{self.flow.game}: {self.misses} presses in a row left game {row.id} as it was")

    def shows(self, row: GameRow, state: Any, seat: int) -> bool:
        """Whether the person sees the controls for the saved state; after ``READY_PATIENCE`` seconds
        they go ahead with what they see."""
        if self.flow.ready(row, state, seat):
            return True
        if self.waiting_since is None:
            self.waiting_since = time.monotonic()
        return time.monotonic() - self.waiting_since > READY_PATIENCE

    async def decide(self, row: GameRow, state: Any, seat: int) -> None:
        action = await asyncio.to_thread(self.flow.choose, state, seat)
        key = self.flow.turn_of(state, seat, action)
        person = self.people[seat]
        before = self.counter.of(person)
        made = await self.flow.press(state, seat, action)
        clicks = self.counter.of(person) - before
        self.pressed_at_version = row.version
        log = self.log
        log.decisions += 1
        log.not_offered += made != action
        log.clicks_by_seat[seat] = log.clicks_by_seat.get(seat, 0) + clicks
        if key is None:
            return
        if key not in self.turns:
            self.turns[key] = Turn(key, seat)
            log.turns.append(self.turns[key])
        self.turns[key].decisions.append(Decision(seat, made, clicks))
