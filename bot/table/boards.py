"""A game's board message in its channel: drawn after every saved move, posted again when someone new
must act (so the mention notifies them), and always brought up to date, whatever failed on the way.

``BoardKeeper`` is the half of a game's controller that owns the board; ``bot.table.controller`` adds the
commands and controls every game shares, and each game draws its own board (``board_message``) and
shows its own moves (``show_move``).

What the channel shows is recorded after it is shown, so a restart can tell what is missing (see
``bot.table.reconcile``): the version each board shows (``board_shown``), and for each call the
message that notified its player (``record_ping``). A notification is owed while its clock row has
none; it is posted with a nonce made from the calls it answers, so the same notification sent again
after a crash (Discord then returns the first message) notifies nobody twice.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core.game_module import GameModule
from bot.core.host import Host, channel_of
from bot.core.service import GameService, Move
from bot.storage import GameRecord, TurnClock
from bot.ui.messages import as_edit, mentions, problem_text
from bot.ui.replies import try_reply_private
from rules.core.events import Event

log = logging.getLogger("bot.boards")

Shower = Callable[[Move, "discord.Interaction[Any] | None"], Awaitable[None]]


def ping_nonce(game_id: int, clocks: Iterable[TurnClock]) -> str:
    """The nonce of the message that notifies these calls: the same calls always give the same one
    (Discord takes up to 25 characters)."""
    calls = sorted((clock.seat, clock.called_at) for clock in clocks)
    return hashlib.sha256(repr((game_id, calls)).encode()).hexdigest()[:25]


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
            await (show or self.show_move)(move, interaction)
            await self.notify_owed(game_id)
            if record.message_id is not None:
                # ``show_move`` returned: the board shows this move (or has nothing of it to show).
                await self.service.storage.board_shown(game_id, record.message_id, record.version)
            await self.retire_stale_pings(game_id)
        except Exception as error:
            log.warning("game %s: showing a saved move failed (%r); posting the board again", game_id, error)
            problem = await self._repost_after_failure(game_id)
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

    async def catch_up(self, game_id: int) -> None:
        """What reconciling does for the board (see ``GameController.catch_up``): the notifications
        owed are posted (the board again, which also redraws it), else a stale board is redrawn."""
        record = await self.service.storage.game(game_id)
        if record is None:
            return
        owed = await self.owed_people(game_id)
        if owed:
            await self.refresh_board(game_id, repost=True, ping=owed)
        elif record.board_version is None or record.board_version < record.version:
            log.info(
                "game %s: the board showed version %s of %s; redrawn",
                game_id,
                record.board_version,
                record.version,
            )
            await self.refresh_board(game_id, repost=False)
        await self.retire_stale_pings(game_id)

    async def owed_clocks(self, game_id: int) -> list[TurnClock]:
        """The game's calls whose player has not been notified yet."""
        return [
            clock for clock in await self.service.storage.clocks_of(game_id) if clock.ping_message_id is None
        ]

    async def owed_people(self, game_id: int) -> list[int]:
        return [clock.user_id for clock in await self.owed_clocks(game_id)]

    async def notify_owed(self, game_id: int) -> None:
        """Posts the board again, mentioning everyone whose call has no notification yet: Discord
        notifies nobody of an edit."""
        owed = await self.owed_people(game_id)
        if owed:
            await self.refresh_board(game_id, repost=True, ping=owed)

    async def retire_stale_pings(self, game_id: int) -> None:
        """Empties the game's outbox of notifications whose call has ended. Each notification today is
        a board posted again, which stays in the channel as the record of its turn (without controls,
        once a newer board is posted), so its message is kept."""
        stale = await self.service.storage.stale_pings(game_id)
        if stale:
            await self.service.storage.forget_stale_pings([ping.message_id for ping in stale])

    async def _repost_after_failure(self, game_id: int) -> str | None:
        try:
            await self.refresh_board(game_id, repost=True, ping=await self.owed_people(game_id))
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
                await self.service.storage.board_shown(game_id, record.message_id, record.version)
                return
        await self.post_board(record, message, ping)

    def channel_of(self, record: GameRecord) -> discord.PartialMessageable:
        return channel_of(self.host, record)

    async def post_board(self, record: GameRecord, message: dict[str, Any], ping: Iterable[int] = ()) -> None:
        """Posts a new board at the bottom of the channel, notifying only ``ping``; it becomes the only
        board with controls, and the notification of the calls of ``ping`` still owed one."""
        ping = set(ping)
        owed = [clock for clock in await self.owed_clocks(record.id) if clock.user_id in ping]
        nonce = ping_nonce(record.id, owed) if owed else None
        posted = await self.channel_of(record).send(**message, allowed_mentions=mentions(ping), nonce=nonce)
        if ping:
            await self.service.storage.record_ping(record.id, ping, posted.id)
        await self.adopt_board(record, posted.id)

    async def adopt_board(self, record: GameRecord, message_id: int) -> None:
        """Makes ``message_id`` (drawn from ``record``) the game's board and takes the controls off the
        one it replaces."""
        storage = self.service.storage
        previous = await storage.replace_message(record.id, message_id)
        record.message_id = message_id
        await storage.board_shown(record.id, message_id, record.version)
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
            await self.retire_stale_pings(game_id)
            with contextlib.suppress(discord.HTTPException):
                await self.channel_of(record).send(
                    content=(
                        f"🤖 The AI now plays <@{player['user_id']}>'s seat ({why}). "
                        f"Use `/{self.name} autoplay` to take it back."
                    ),
                    allowed_mentions=mentions([player["user_id"]]),
                )
        self.host.wake(game_id)
