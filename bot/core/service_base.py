"""What every part of the game service shares: its errors, the ``Move`` it hands the publisher, the
per-game locks and parsed states, and ``_save``, the one way a game's change is written.

``_save`` works out from the state being saved who must act now (the people's seats among
``seats_to_move``, the AI's aside) and has the storage write their turn clocks in the move's own
transaction: no crash between a move and its clocks can leave a player waiting on a clock that never
runs, or a clock running for a player who already moved.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.core.game_module import GameModule
from bot.core.state_cache import StateCache
from bot.storage import ActionRecord, GameRecord, ResultRow, Storage
from bot.ui.text import Said
from rules.core.events import Event
from rules.core.text import Text

# Game ids whose kind of game is remembered (a few bytes each; the oldest seen are forgotten first).
KNOWN_GAME_NAMES = 10_000


GAME_GONE = Text("I can't find that game any more.")


class ServiceError(Exception):
    """A request the service refuses; ``message`` is said to the player: a ``Text`` of the ``bot``
    catalogue, said in their language (``bot.ui.replies.reply_error``), or words already theirs."""

    def __init__(self, message: Said) -> None:
        super().__init__(str(message))
        self.message = message


class StaleBoard(ServiceError):
    """The click came from an older version of the board."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__(Text("This board is out of date, so nothing changed. Here is the current one."))
        self.record = record


@dataclass
class Move:
    record: GameRecord
    state: Any
    events: list[Event] = field(default_factory=list)
    seat: int | None = None
    action: Any = None
    ping: frozenset[int] = frozenset()
    """The people this move calls to act who were not called before (their turn clocks were written
    with the move): the board that shows it must notify them, and only them."""


Publisher = Callable[[Move], Awaitable[None]]
"""Shows a saved move in Discord; it runs under the game's lock, so moves appear in the order they
were saved and nothing else touches the game's board meanwhile. It must not raise."""


def seat_of(record: GameRecord, user_id: int) -> int | None:
    for seat, player in enumerate(record.lobby["players"]):
        if player["user_id"] == user_id:
            return seat
    return None


def people_to_act(module: GameModule, record: GameRecord, state: Any) -> dict[int, int]:
    """The seats a person (not the AI) must act in now, with their user ids: the game's calls, whose
    turn clocks run."""
    if record.status != "active" or state is None:
        return {}
    players = record.lobby["players"]
    return {
        seat: players[seat]["user_id"] for seat in module.seats_to_move(state) if not players[seat].get("ai")
    }


class ServiceBase:
    def __init__(self, storage: Storage, modules: dict[str, GameModule]) -> None:
        self.storage = storage
        self.modules = modules
        # A game's lock lives while someone holds it or waits for it, and no longer.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._states = StateCache()
        self._game_names: dict[int, str] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def module(self, record: GameRecord) -> GameModule:
        return self.modules[record.game]

    def load_state(self, record: GameRecord) -> Any:
        """The game's state as ``record`` holds it, parsed once per saved version: callers share it and
        must not change it (the reducers never do)."""
        assert record.state_json is not None
        state = self._states.get(record)
        if state is None:
            state = self.module(record).rules.load_state(record.state_json)
            self._states.put(record, state)
        return state

    def calls(self, record: GameRecord) -> dict[int, int]:
        """Who must act in the game as ``record`` holds it (see ``people_to_act``)."""
        if record.status != "active" or record.state_json is None:
            return {}
        return people_to_act(self.module(record), record, self.load_state(record))

    async def _save(
        self,
        record: GameRecord,
        loaded: int,
        state: Any = None,
        action: ActionRecord | None = None,
        results: list[ResultRow] | None = None,
    ) -> frozenset[int]:
        """Saves ``record`` (its new state ``state``, already dumped into it, or else the state it
        holds) over version ``loaded``, with the turn clocks of everyone it calls; returns the people
        called anew. Raises StaleBoard when someone else saved first."""
        if state is None and record.state_json is not None:
            state = self.load_state(record)
        calls = people_to_act(self.module(record), record, state)
        saved = await self.storage.save(record, loaded, action, results, calls=calls)
        if saved is None:
            raise StaleBoard(record)
        if state is not None:
            # Cached under the version just saved, so the board that shows it parses nothing.
            self._states.put(record, state)
        return frozenset(calls[seat] for seat in saved.called)

    async def game_name(self, game_id: int) -> str | None:
        """Which game ``game_id`` is ("cell", …), or None if there is no such game. A game never
        changes kind, so a click needs the database for this only the first time its game is seen."""
        name = self._game_names.get(game_id)
        if name is None:
            record = await self.storage.game(game_id)
            if record is None:
                return None
            name = self._game_names[game_id] = record.game
            while len(self._game_names) > KNOWN_GAME_NAMES:
                self._game_names.pop(next(iter(self._game_names)))
        return name

    async def running_game(self, channel_id: int) -> GameRecord | None:
        return await self.storage.running_game(channel_id)

    async def _require(self, game_id: int, status: str) -> GameRecord:
        record = await self.storage.game(game_id)
        if record is None:
            raise ServiceError(GAME_GONE)
        if record.status != status:
            raise ServiceError(
                {
                    "lobby": Text("This game has already started."),
                    "active": Text("This game is not running."),
                }[status]
                if record.status in ("lobby", "active")
                else Text("This game is over. Start a new one with a slash command!")
            )
        return record
