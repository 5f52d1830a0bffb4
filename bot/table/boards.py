"""A game's board message in its channel: drawn after every saved move, posted again when someone new
must act (so the mention notifies them), and always brought up to date, whatever failed on the way.

``BoardKeeper`` is the half of a game's controller that owns the board; ``bot.table.controller`` adds the
commands and controls every game shares, and each game draws its own board (``board_message``) and
shows its own moves (``show_move``).
"""

from __future__ import annotations

import contextlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core.game_module import GameModule
from bot.core.host import Host, channel_of
from bot.core.service import GameService, Move
from bot.storage import GameRecord
from bot.ui.messages import as_edit, mentions, problem_text
from bot.ui.replies import try_reply_private
from rules.core.events import Event

log = logging.getLogger("bot.boards")

Shower = Callable[[Move, "discord.Interaction[Any] | None"], Awaitable[None]]


def people_to_act(module: GameModule, record: GameRecord, state: Any) -> dict[int, int]:
    """The seats a person (not the AI) must act in now, with their user ids."""
    if record.status != "active":
        return {}
    players = record.lobby["players"]
    return {
        seat: players[seat]["user_id"] for seat in module.seats_to_move(state) if not players[seat].get("ai")
    }


@dataclass
class _Redraw:
    needed: bool
    repost: bool
    ping: set[int] = field(default_factory=set)


class BoardKeeper(ABC):
    def __init__(self, host: Host, module: GameModule) -> None:
        self.host = host
        self.module = module
        self.name = module.name
        self._redraws: dict[int, _Redraw] = {}

    @property
    def service(self) -> GameService:
        return self.host.service

    @abstractmethod
    async def board_message(self, record: GameRecord, state: Any, events: list[Event]) -> dict[str, Any]:
        """The board as a new-message payload: content, embed, files and view."""

    @abstractmethod
    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """Shows a saved move: answers the mover's interaction (None for the AI) and updates the board.
        It may raise: ``publish`` then brings the board up to date another way. A board it posts anew
        goes through ``post_board(…, ping=move.ping)``; otherwise ``publish`` reposts the board itself
        when the move calls someone new."""

    async def publish(
        self, move: Move, interaction: discord.Interaction[Any] | None = None, show: Shower | None = None
    ) -> None:
        """Runs after every saved move (``show`` defaults to ``show_move``), under the game's lock.
        Whatever happens to the reply or to the board message, the board ends up showing the saved
        state (edited, or posted again), whoever must act next is notified once, the AI is woken, and
        the mover is told the truth when only the showing failed."""
        record = move.record
        game_id = record.id
        try:
            move.ping = frozenset(await self.call_players(record, move.state, move.seat))
            board_before = record.message_id
            await (show or self.show_move)(move, interaction)
            if move.ping and record.message_id == board_before:
                await self.refresh_board(game_id, repost=True, ping=move.ping)
        except Exception as error:
            log.warning("game %s: showing a saved move failed (%r); posting the board again", game_id, error)
            problem = await self._repost_after_failure(game_id, move.ping)
            if interaction is not None:
                await try_reply_private(
                    interaction,
                    "Your move was saved, and I posted the board again below."
                    if problem is None
                    else f"Your move was saved, but I could not post the board: {problem}. "
                    f"Use `/{self.name} status` once that is fixed.",
                )
        finally:
            self.host.wake(game_id)

    async def call_players(self, record: GameRecord, state: Any, acted_seat: int | None) -> set[int]:
        """Starts the turn clock of everyone who must act now; returns the user ids called anew."""
        calls = people_to_act(self.module, record, state)
        seats = await self.service.storage.call_seats(record.id, calls, acted_seat)
        return {calls[seat] for seat in seats}

    async def _repost_after_failure(self, game_id: int, ping: frozenset[int]) -> str | None:
        try:
            await self.refresh_board(game_id, repost=True, ping=ping)
        except Exception as error:
            log.warning("game %s: posting the board failed too (%r)", game_id, error)
            return problem_text(error)
        return None

    async def refresh_board(self, game_id: int, repost: bool, ping: Iterable[int] = ()) -> None:
        """Redraws the board from the latest saved state: in place, or posted again at the bottom (and
        when the old one was deleted), notifying ``ping``. Requests that arrive while a redraw is under
        way are folded into one more redraw, so a burst of moves costs a couple of edits rather than
        one each: Discord rate-limits edits per channel."""
        pending = self._redraws.get(game_id)
        if pending is not None:
            pending.needed = True
            pending.repost |= repost
            pending.ping.update(ping)
            return
        pending = _Redraw(needed=True, repost=repost, ping=set(ping))
        self._redraws[game_id] = pending
        try:
            while pending.needed:
                repost, pending.needed, pending.repost = pending.repost, False, False
                called, pending.ping = pending.ping, set()
                await self._draw_board(game_id, repost, called)
        finally:
            del self._redraws[game_id]

    async def _draw_board(self, game_id: int, repost: bool, ping: set[int]) -> None:
        record = await self.service.storage.game(game_id)
        if record is None or record.status == "abandoned" or record.state_json is None:
            return
        message = await self.board_message(record, self.service.load_state(record), [])
        if record.message_id is not None and not repost:
            board = self.channel_of(record).get_partial_message(record.message_id)
            # A board someone deleted is simply posted again below.
            with contextlib.suppress(discord.NotFound):
                await board.edit(**as_edit(message))
                return
        await self.post_board(record, message, ping)

    def channel_of(self, record: GameRecord) -> discord.PartialMessageable:
        return channel_of(self.host, record)

    async def post_board(self, record: GameRecord, message: dict[str, Any], ping: Iterable[int] = ()) -> None:
        """Posts a new board at the bottom of the channel, notifying only ``ping``; it becomes the only
        board with controls."""
        posted = await self.channel_of(record).send(**message, allowed_mentions=mentions(ping))
        await self.adopt_board(record, posted.id)

    async def adopt_board(self, record: GameRecord, message_id: int) -> None:
        """Makes ``message_id`` the game's board and takes the controls off the one it replaces."""
        previous = await self.service.storage.replace_message(record.id, message_id)
        record.message_id = message_id
        if previous is None:
            return
        # The old board keeps its picture. Gone already, or not ours to edit: either way not live.
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await self.channel_of(record).get_partial_message(previous).edit(view=None)

    async def hand_to_ai(self, game_id: int, seat: int, why: str) -> None:
        """The AI takes an absent player's seat; the channel is told, and the player reminded how to
        take it back."""
        record = await self.service.hand_to_ai(game_id, seat)
        player = record.lobby["players"][seat]
        async with self.service.lock(game_id):
            await self.refresh_board(game_id, repost=False)
            with contextlib.suppress(discord.HTTPException):
                await self.channel_of(record).send(
                    content=(
                        f"🤖 The AI now plays <@{player['user_id']}>'s seat ({why}). "
                        f"Use `/{self.name} autoplay` to take it back."
                    ),
                    allowed_mentions=mentions([player["user_id"]]),
                )
        self.host.wake(game_id)
