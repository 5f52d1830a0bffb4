"""The game service: every change to a game goes through here, one at a time per game.

load → check → apply → save (conditional on the version) happens under a per-game lock; the
Discord layer only parses interactions, calls one method and renders the result. Every save that can
change who must act writes their turn clocks with it (``ServiceBase._save``); the lobby's side is in
``bot.core.lobby_service``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.core.lobby_service import LobbyService
from bot.core.results import result_rows
from bot.core.service_base import (
    Move,
    Publisher,
    ServiceError,
    StaleBoard,
    people_to_act,
    seat_of,
)
from bot.storage import ActionRecord, GameRecord, now
from rules.core.errors import IllegalAction
from rules.core.game import Applied
from rules.core.text import Text

log = logging.getLogger("bot.games")


class GameService(LobbyService):
    # Moves.

    async def act(
        self,
        game_id: int,
        user_id: int,
        version: int | None,
        choose: Callable[[Any, int], Any],
        seat_moves: int | None = None,
        publish: Publisher | None = None,
        applied: Applied | None = None,
    ) -> Move:
        """Applies the action ``choose(state, seat)`` returns for the user's seat, then ``publish``es it.

        ``version`` is the board version the click came from (None for commands, which always act on
        the current board); ``seat_moves``, when given, is how many moves the seat had made when its
        control was drawn. Either one out of date raises StaleBoard. An IllegalAction from ``choose``
        or the engine is raised unchanged. ``applied`` is the move as the caller worked it out: taken
        as it is when the state loaded is its ``before`` (the same parsed state, so the same move),
        rather than choosing and applying it again.
        """
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            if version is not None and version != record.version:
                raise StaleBoard(record)
            seat = seat_of(record, user_id)
            if seat is None:
                raise ServiceError(
                    Text("You are not playing in this game. Start your own with a slash command!")
                )
            await self._check_seat_moves(record, seat, seat_moves)
            move = await self._apply(record, user_id, seat, choose, applied)
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
        self,
        record: GameRecord,
        actor_id: int,
        seat: int,
        choose: Callable[[Any, int], Any],
        applied: Applied | None = None,
    ) -> Move:
        module = self.module(record)
        state = self.load_state(record)
        if applied is not None and applied.before is state:
            action, new_state, events = applied.action, applied.after, list(applied.events)
        else:
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
        called = await self._save(
            record,
            loaded,
            new_state,
            ActionRecord(actor_id=actor_id, seat=seat, action=action.model_dump(mode="json")),
            results,
        )
        if outcome is not None:
            log.info(
                "game %s (%s) in channel %s ended: %s",
                record.id,
                record.game,
                record.channel_id,
                record.outcome,
            )
        return Move(record=record, state=new_state, events=events, seat=seat, action=action, ping=called)

    async def set_seat_option(self, game_id: int, user_id: int, key: str, value: Any) -> None:
        """Keeps a player's own choice for a running game beside their seat (Prime Time's auto-pass)."""
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            seat = seat_of(record, user_id)
            if seat is None:
                raise ServiceError(Text("You are not playing in this game."))
            record.lobby["players"][seat][key] = value
            loaded = record.version
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)

    async def toggle_autoplay(self, game_id: int, user_id: int) -> Move:
        """Hands the user's seat to the AI, or takes it back; the returned move (no action, the same
        state) calls the user anew when they must act at once in the seat they took back."""
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            seat = seat_of(record, user_id)
            if seat is None:
                raise ServiceError(Text("You are not playing in this game."))
            player = record.lobby["players"][seat]
            player["ai"] = not player.get("ai", False)
            called = await self._save(record, record.version)
            log.info("game %s: seat %d autoplay %s", game_id, seat, "on" if player["ai"] else "off")
            return Move(record=record, state=self.load_state(record), ping=called)

    async def hand_to_ai(self, game_id: int, seat: int) -> GameRecord:
        """The AI takes over an absent player's seat; they take it back with autoplay."""
        async with self.lock(game_id):
            record = await self._require(game_id, "active")
            player = record.lobby["players"][seat]
            if player.get("ai"):
                raise ServiceError(Text("The AI already plays that seat."))
            player["ai"] = True
            await self._save(record, record.version)
            log.info("game %s: seat %d handed to the AI", game_id, seat)
            return record

    async def abandon(
        self, game_id: int, user_id: int, can_manage_channel: bool, outcome: str = "abandoned"
    ) -> GameRecord:
        """Ends a running game unfinished; ``outcome`` says why (a player abandoned it, or its thread
        was archived or deleted)."""
        async with self.lock(game_id):
            record = await self.storage.game(game_id)
            if record is None or record.status not in ("lobby", "active"):
                raise ServiceError(Text("There is no running game here to abandon."))
            if user_id != record.host_id and not can_manage_channel:
                raise ServiceError(
                    Text(
                        "Only the host or someone who can manage this channel can abandon the game. Ask "
                        "them, or keep fighting!"
                    )
                )
            loaded = record.version
            record.status = "abandoned"
            record.outcome = outcome
            await self._save(record, loaded)
            log.info(
                "game %s (%s) in channel %s ended unfinished (%s, %s)",
                game_id,
                record.game,
                record.channel_id,
                outcome,
                user_id,
            )
            return record


__all__ = [
    "GameService",
    "IllegalAction",
    "Move",
    "Publisher",
    "ServiceError",
    "StaleBoard",
    "people_to_act",
    "seat_of",
]
