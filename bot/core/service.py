"""The game service: every change to a game goes through here, one at a time per game.

load → check → apply → save (conditional on the version) happens under a per-game lock; the
Discord layer only parses interactions, calls one method and renders the result.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.core.game_module import GameModule
from bot.core.results import result_rows
from bot.core.state_cache import StateCache
from bot.storage import ActionRecord, ChannelBusy, GameRecord, Storage, now
from bot.ui.text import echo
from rules.core.errors import IllegalAction
from rules.core.events import Event

log = logging.getLogger("bot.games")

# Game ids whose kind of game is remembered (a few bytes each; the oldest seen are forgotten first).
KNOWN_GAME_NAMES = 10_000


class ServiceError(Exception):
    """A request the service refuses; ``message`` is said to the player as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleBoard(ServiceError):
    """The click came from an older version of the board."""

    def __init__(self, record: GameRecord) -> None:
        super().__init__("This board is out of date, so nothing changed. Here is the current one.")
        self.record = record


@dataclass
class Move:
    record: GameRecord
    state: Any
    events: list[Event] = field(default_factory=list)
    seat: int | None = None
    action: Any = None
    ping: frozenset[int] = frozenset()
    """The people this move calls to act who were not called before: the board that shows it must
    notify them (and only them)."""


Publisher = Callable[[Move], Awaitable[None]]
"""Shows a saved move in Discord; it runs under the game's lock, so moves appear in the order they
were saved and nothing else touches the game's board meanwhile. It must not raise."""


def random_seed() -> int:
    return secrets.randbits(63)


def seat_of(record: GameRecord, user_id: int) -> int | None:
    for seat, player in enumerate(record.lobby["players"]):
        if player["user_id"] == user_id:
            return seat
    return None


def controlled_seats(record: GameRecord, user_id: int) -> list[int]:
    """The seat a user sits in; AI seats are driven by the bot itself."""
    seat = seat_of(record, user_id)
    return [] if seat is None else [seat]


class GameService:
    def __init__(
        self,
        storage: Storage,
        modules: dict[str, GameModule],
        new_seed: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.modules = modules
        self.new_seed = new_seed or random_seed
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

    # Lobby.

    async def open_lobby(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        variant: str,
        ai_players: int = 0,
    ) -> GameRecord:
        module = self.modules[game]
        if variant not in module.variants:
            raise ServiceError(f"Unknown difficulty {echo(variant)}.")
        if not 0 <= ai_players < module.max_players:
            raise ServiceError(f"Choose between 0 and {module.max_players - 1} AI players.")
        lobby = {
            "variant": variant,
            "ai_players": ai_players,
            "players": [{"user_id": host_id, "name": host_name, "character": None}],
        }
        try:
            record = await self.storage.create_lobby(
                game, guild_id, channel_id, host_id, lobby, self.new_seed()
            )
        except ChannelBusy as busy:
            raise ServiceError(self._busy_message(busy.existing)) from None
        log.info("game %s (%s) lobby opened in channel %s by %s", record.id, game, channel_id, host_id)
        return record

    def _busy_message(self, existing: GameRecord) -> str:
        title = self.modules[existing.game].title
        where = (
            f" (see https://discord.com/channels/{existing.guild_id or '@me'}/{existing.channel_id}/"
            f"{existing.message_id})"
            if existing.message_id
            else ""
        )
        stage = "lobby" if existing.status == "lobby" else "game"
        article = "an" if title[0] in "AEIOU" else "a"
        return (
            f"This channel already has {article} {title} {stage} running{where}. Finish it, or ask the host "
            f"to end it with `/{existing.game} abandon`, before starting another."
        )

    async def update_lobby(
        self, game_id: int, version: int | None, change: Callable[[GameRecord], None]
    ) -> GameRecord:
        """Applies ``change`` to a lobby under the game's lock; ``change`` raises ServiceError to refuse.
        A change that leaves the lobby as it was is not saved: the lobby's version stays."""
        async with self.lock(game_id):
            record = await self._require(game_id, "lobby")
            if version is not None and version != record.version:
                raise StaleBoard(record)
            loaded, before = record.version, copy.deepcopy(record.lobby)
            change(record)
            if record.lobby == before:
                return record
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            return record

    async def start_game(self, game_id: int, user_id: int, publish: Publisher | None = None) -> Move:
        async with self.lock(game_id):
            record = await self._require(game_id, "lobby")
            if user_id != record.host_id:
                raise ServiceError("Only the host can start the game.")
            module = self.module(record)
            self._seat_ai_players(record, module)
            players = record.lobby["players"]
            if not module.min_players <= len(players) <= module.max_players:
                raise ServiceError(
                    f"{module.title} needs {module.min_players} to {module.max_players} players."
                )
            self._assign_free_characters(record, module)
            try:
                options = module.options(record.lobby)
            except ValueError as error:
                raise ServiceError(f"The lobby can't start: {error}") from None
            state = module.rules.new_game(options, record.seed)
            loaded = record.version
            record.status = "active"
            record.state_json = module.rules.dump_state(state)
            record.schema_version = module.rules.schema_version
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            self._states.put(record, state)
            log.info(
                "game %s (%s) started in channel %s with %d players",
                game_id,
                record.game,
                record.channel_id,
                len(players),
            )
            move = Move(record=record, state=state, events=list(state.recent_events))
            if publish is not None:
                await publish(move)
            return move

    @staticmethod
    def _seat_ai_players(record: GameRecord, module: GameModule) -> None:
        """AI players fill the empty seats the host asked for; their ids are negative, never a user's."""
        players = record.lobby["players"]
        wanted = min(record.lobby.get("ai_players", 0), module.max_players - len(players))
        for number in range(1, wanted + 1):
            players.append({"user_id": -number, "name": "AI", "character": None, "ai": True})

    @staticmethod
    def _assign_free_characters(record: GameRecord, module: GameModule) -> None:
        taken = {player["character"] for player in record.lobby["players"]}
        free = [character for character in module.characters if character not in taken]
        for player in record.lobby["players"]:
            if player["character"] is None:
                player["character"] = free.pop(0)
            if player.get("ai") and player["user_id"] < 0 and not module.secret_picks:
                player["name"] = f"{module.characters[player['character']]} (AI)"

    # Moves.

    async def act(
        self,
        game_id: int,
        user_id: int,
        version: int | None,
        choose: Callable[[Any, int], Any],
        seat_moves: int | None = None,
        publish: Publisher | None = None,
    ) -> Move:
        """Applies the action ``choose(state, seat)`` returns for the user's seat, then ``publish``es it.

        ``version`` is the board version the click came from (None for commands, which always act on
        the current board); ``seat_moves``, when given, is how many moves the seat had made when its
        control was drawn. Either one out of date raises StaleBoard. An IllegalAction from ``choose``
        or the engine is raised unchanged.
        """
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            if version is not None and version != record.version:
                raise StaleBoard(record)
            seat = seat_of(record, user_id)
            if seat is None:
                raise ServiceError("You are not playing in this game. Start your own with a slash command!")
            await self._check_seat_moves(record, seat, seat_moves)
            move = await self._apply(record, user_id, seat, choose)
            if publish is not None:
                await publish(move)
            return move

    async def act_as(
        self,
        game_id: int,
        seat: int,
        version: int | None,
        action: Any,
        seat_moves: int | None = None,
        publish: Publisher | None = None,
    ) -> Move:
        """A move by the bot itself for an AI-controlled seat, chosen on board ``version`` or after the
        seat's ``seat_moves`` moves."""
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            if version is not None and version != record.version:
                raise StaleBoard(record)
            await self._check_seat_moves(record, seat, seat_moves)
            move = await self._apply(record, 0, seat, lambda _state, _seat: action)
            if publish is not None:
                await publish(move)
            return move

    async def _check_seat_moves(self, record: GameRecord, seat: int, seat_moves: int | None) -> None:
        if seat_moves is not None and seat_moves != await self.storage.seat_moves(record.id, seat):
            raise StaleBoard(record)

    async def _apply(
        self, record: GameRecord, actor_id: int, seat: int, choose: Callable[[Any, int], Any]
    ) -> Move:
        module = self.module(record)
        state = self.load_state(record)
        action = choose(state, seat)
        new_state, events = module.rules.apply(state, action)
        loaded = record.version
        record.state_json = module.rules.dump_state(new_state)
        outcome = module.rules.outcome(new_state)
        results = None
        if outcome is not None:
            record.status = "finished"
            record.outcome = f"{outcome.result}:{outcome.reason}"
            results = result_rows(record, outcome, now())
        saved = await self.storage.save(
            record,
            loaded,
            ActionRecord(actor_id=actor_id, seat=seat, action=action.model_dump(mode="json")),
            results,
        )
        if not saved:
            raise StaleBoard(record)
        self._states.put(record, new_state)
        if outcome is not None:
            log.info(
                "game %s (%s) in channel %s ended: %s",
                record.id,
                record.game,
                record.channel_id,
                record.outcome,
            )
        return Move(record=record, state=new_state, events=events, seat=seat, action=action)

    async def set_seat_option(self, game_id: int, user_id: int, key: str, value: Any) -> None:
        """Keeps a player's own choice for a running game beside their seat (Prime Time's auto-pass)."""
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            seat = seat_of(record, user_id)
            if seat is None:
                raise ServiceError("You are not playing in this game.")
            record.lobby["players"][seat][key] = value
            loaded = record.version
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)

    async def toggle_autoplay(self, game_id: int, user_id: int) -> bool:
        """Hands the user's seat to the AI, or takes it back; returns whether the AI now plays it."""
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            seat = seat_of(record, user_id)
            if seat is None:
                raise ServiceError("You are not playing in this game.")
            player = record.lobby["players"][seat]
            player["ai"] = not player.get("ai", False)
            loaded = record.version
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            log.info("game %s: seat %d autoplay %s", game_id, seat, "on" if player["ai"] else "off")
            return bool(player["ai"])

    async def open_rematch(self, game_id: int, user_id: int, user_name: str) -> GameRecord:
        """A new lobby in the finished game's channel with the same people (the one asking hosts it),
        characters, difficulty and number of AI players."""
        finished = await self.storage.game(game_id)
        if finished is None or finished.status != "finished":
            raise ServiceError("Only a finished game can be played again.")
        players = finished.lobby["players"]
        people = [dict(player) for player in players if player["user_id"] > 0]
        if user_id not in {player["user_id"] for player in people}:
            raise ServiceError("Only the players of that game can ask for a rematch. Start your own!")
        for player in people:
            player.pop("ai", None)
            if player["user_id"] == user_id:
                player["name"] = user_name
        people.sort(key=lambda player: player["user_id"] != user_id)
        lobby = {
            "variant": finished.lobby["variant"],
            "ai_players": len(players) - len(people),
            "players": people,
        }
        try:
            record = await self.storage.create_lobby(
                finished.game, finished.guild_id, finished.channel_id, user_id, lobby, self.new_seed()
            )
        except ChannelBusy as busy:
            raise ServiceError(self._busy_message(busy.existing)) from None
        log.info("game %s (%s) opened as a rematch of game %s", record.id, record.game, game_id)
        return record

    async def hand_to_ai(self, game_id: int, seat: int) -> GameRecord:
        """The AI takes over an absent player's seat; they take it back with autoplay."""
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            player = record.lobby["players"][seat]
            if player.get("ai"):
                raise ServiceError("The AI already plays that seat.")
            player["ai"] = True
            loaded = record.version
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            log.info("game %s: seat %d handed to the AI", game_id, seat)
            return record

    async def expire_lobby(self, game_id: int) -> GameRecord:
        async with self.lock(game_id):
            record = await self._require(game_id, "lobby")
            loaded = record.version
            record.status = "abandoned"
            record.outcome = "expired"
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            log.info("game %s (%s) lobby in channel %s expired", game_id, record.game, record.channel_id)
            return record

    async def abandon(self, game_id: int, user_id: int, can_manage_channel: bool) -> GameRecord:
        async with self.lock(game_id):
            record = await self.storage.game(game_id)
            if record is None or record.status not in ("lobby", "active"):
                raise ServiceError("There is no running game here to abandon.")
            if user_id != record.host_id and not can_manage_channel:
                raise ServiceError(
                    "Only the host or someone who can manage this channel can abandon the game. "
                    "Ask them, or keep fighting!"
                )
            loaded = record.version
            record.status = "abandoned"
            record.outcome = "abandoned"
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            log.info(
                "game %s (%s) in channel %s abandoned by %s", game_id, record.game, record.channel_id, user_id
            )
            return record

    async def _require(self, game_id: int, status: str) -> GameRecord:
        record = await self.storage.game(game_id)
        if record is None:
            raise ServiceError("I can't find that game any more.")
        if record.status != status:
            raise ServiceError(
                {
                    "lobby": "This game has already started.",
                    "active": "This game is not running.",
                }[status]
                if record.status in ("lobby", "active")
                else "This game is over. Start a new one with a slash command!"
            )
        return record


__all__ = ["GameService", "IllegalAction", "Move", "ServiceError", "StaleBoard"]
