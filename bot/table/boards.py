"""A game's board message in its channel: one message, edited in place after every saved move, and
the short notifications (pings) that call players to it and vanish once answered.

``BoardKeeper`` is the half of a game's controller that owns the board; ``bot.table.controller`` adds the
commands and controls every game shares, and each game draws its own board (``board_message``) and
shows its own moves (``show_move``).

The board stays where it is: Discord notifies nobody of an edit, so whoever is called to act anew
gets a ping instead, a short message with their mention and a jump link to the board (one message
for everyone the same move calls), unless they are at the table (``bot.table.presence``: they
clicked in the game within the last two minutes and see the board change), or their standing choice
answers the call at once (a deadline of 0). Once they act, the ping is deleted. A board is posted
anew only when it must be (its message is gone, a game starts a new round at the bottom of the
channel, a player asks with ``/… status``); the board it replaces is edited down to one line with a
link to the new one in the same step, so the channel shows one board image per running game. A
finished game keeps its final board.

What the channel shows is recorded after it is shown, so a restart can tell what is missing (see
``bot.table.reconcile``): the version each board shows (``board_shown``), and for each call the
message that notified its player (``record_ping``). A notification is owed while its clock row has
none; it is posted with a nonce made from the calls it answers, so the same notification sent again
after a crash or a 429 (Discord then returns the first message) notifies nobody twice. A call's
notification goes to the outbox of stale pings in the transaction that ends the call (or restarts
it, when its player acts), and is deleted from there. Every message goes out through the channel's
pacer (``bot.ui.pacing``): never more than 5 in 5 seconds.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.core.game_module import ForeseenMoves, GameModule, TimedPrompts
from bot.core.host import Host, channel_of
from bot.core.service import GameService, Move
from bot.core.speech import table_language
from bot.storage import AT_THE_TABLE, GameRecord, TurnClock
from bot.table.first_game import MovedSeats, with_first_turn_line
from bot.table.presence import AWAY_AFTER_SECONDS, Presence
from bot.table.threads import close_thread, ready_to_close
from bot.ui.messages import (
    as_edit,
    mentions,
    message_link,
    moved_line,
    ping_text,
    problem_text,
    thread_line,
)
from bot.ui.replies import try_reply_private
from bot.ui.text import Said
from locales.catalogues import BOT
from locales.languages import Language
from locales.translate import command, translate
from renderers.common import RenderedBoard
from rules.core.events import Event
from rules.core.text import Text

UNKNOWN_MESSAGE = 10008
"""Discord's error code for a message that no longer exists."""

log = logging.getLogger("bot.boards")

Shower = Callable[[Move, "discord.Interaction[Any] | None"], Awaitable[None]]


def foreseen_position(record: GameRecord, language: Language, version: int | None = None) -> Hashable:
    """The name of the board of ``record`` at ``version`` (its own by default), shown in ``language``,
    among the positions the painter draws boards ahead for (``Painter.foresee``)."""
    return (record.id, record.version if version is None else version, language)


def ping_nonce(game_id: int, clocks: Iterable[TurnClock]) -> str:
    """The nonce of the message that notifies these calls: the same calls always give the same one
    (Discord takes up to 25 characters)."""
    calls = sorted((clock.seat, clock.called_at) for clock in clocks)
    return hashlib.sha256(repr((game_id, calls)).encode()).hexdigest()[:25]


@dataclass
class _Redraw:
    needed: bool
    repost: bool


class BoardKeeper(ABC):
    def __init__(self, host: Host, module: GameModule) -> None:
        self.host = host
        self.module = module
        self.name = module.name
        self.presence = Presence(AWAY_AFTER_SECONDS * host.settings.turn_clock_scale)
        self._redraws: dict[int, _Redraw] = {}
        self.moved_seats = MovedSeats()

    @property
    def service(self) -> GameService:
        return self.host.service

    @abstractmethod
    async def board_message(self, record: GameRecord, state: Any, events: list[Event]) -> dict[str, Any]:
        """The board as a new-message payload: content, embed, files and view. Shown through
        ``board_for``, which adds what every game's board says."""

    async def board_for(self, record: GameRecord, state: Any, events: list[Event]) -> dict[str, Any]:
        """The board as it is shown: ``board_message``, with the line that tells the newcomers it
        calls to their first move what to do."""
        language = await table_language(self.host, record.guild_id)
        self.foresee(record, state, language)
        message = await self.board_message(record, state, events)
        return await with_first_turn_line(
            self.service.storage, self.module, record, state, message, language, self.moved_seats
        )

    @abstractmethod
    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """Shows a saved move: answers the mover's interaction (None for the AI) and brings the board
        up to date, in place (``refresh_board``), or posted anew only where the game starts a new
        board (``post_board``). It may raise: ``publish`` then brings the board up to date another
        way. Whoever the move calls is notified by ``publish`` afterwards, with a link to the board."""

    async def publish(
        self, move: Move, interaction: discord.Interaction[Any] | None = None, show: Shower | None = None
    ) -> None:
        """Runs after every saved move (``show`` defaults to ``show_move``), under the game's lock.
        Whatever happens to the reply or to the board message, the board ends up showing the saved
        state (edited, or posted again), whoever must act next is notified once, the notifications
        the move answered are deleted, the AI is woken, and the mover is told the truth when only the
        showing failed."""
        record = move.record
        game_id = record.id
        try:
            await (show or self.show_move)(move, interaction)
            if record.message_id is not None:
                # ``show_move`` returned: the board shows this move (or has nothing of it to show).
                await self.service.storage.board_shown(game_id, record.message_id, record.version)
            await self.notify_owed(game_id)
            await self.retire_stale_pings(game_id)
        except Exception as error:
            log.warning("game %s: showing a saved move failed (%r); drawing the board again", game_id, error)
            # A board that is gone (deleted by someone) is posted again rather than edited.
            gone = isinstance(error, discord.NotFound) and error.code == UNKNOWN_MESSAGE
            problem = await self._redraw_after_failure(game_id, repost=gone)
            if interaction is not None:
                await try_reply_private(
                    interaction,
                    Text("Your move was saved, and the board is up to date again.")
                    if problem is None
                    else Text(
                        "Your move was saved, but I could not post the board: {problem}. Use `{status}` "
                        "once that is fixed.",
                        problem=problem,
                        status=command(f"{self.name} status"),
                    ),
                )
        finally:
            if record.status != "active":
                self.presence.forget(game_id)
            self.host.wake(game_id)
        if record.status != "active":
            # Once the final board is shown; a bot stopped in between leaves it to reconciling.
            await self.close_thread(game_id)

    def board_renderer(self) -> Callable[[Any], RenderedBoard] | None:
        """The module-level function that draws the board from its public view, for the boards drawn
        ahead (``foresee``); None for a game that draws none ahead."""
        return None

    def foresee(self, record: GameRecord, state: Any, language: Language, version: int | None = None) -> None:
        """While the people to act think over the board, the boards of the moves it offers them are
        drawn in the table's ``language`` (for a game that lists them, ``ForeseenMoves``): not for the
        AI, which does not wait.
        ``version`` is the one the game has at ``state`` (its record's by default): a game may ask as
        soon as it knows the state its move leads to, before the move is saved."""
        render = self.board_renderer()
        if render is None or not isinstance(self.module, ForeseenMoves) or record.status != "active":
            return
        seats = self.module.seats_to_move(state)
        if seats and not any(record.lobby["players"][seat].get("ai") for seat in seats):
            position = foreseen_position(record, language, version)
            next_boards = functools.partial(self.module.next_boards, language=language)
            controls = functools.partial(self.module.board_controls, language=language)
            self.host.painter.foresee(render, next_boards, state, position, controls)

    async def catch_up(self, game_id: int) -> None:
        """What reconciling does for the board (see ``GameController.catch_up``): a stale board is
        redrawn (posted again when its message is gone), the notifications owed are posted, the
        stale ones deleted, and the thread of an ended game closed."""
        record = await self.service.storage.game(game_id)
        if record is None:
            return
        if record.board_version is None or record.board_version < record.version:
            log.info(
                "game %s: the board showed version %s of %s; redrawn",
                game_id,
                record.board_version,
                record.version,
            )
            await self.refresh_board(game_id, repost=False)
        await self.notify_owed(game_id)
        await self.retire_stale_pings(game_id)
        await self.close_thread(game_id)

    async def close_thread(self, game_id: int) -> None:
        """Closes the thread of a game played in one once it has ended (``bot.table.threads``); a
        failure is left to the next reconciling."""
        record = await self.service.storage.game(game_id)
        if record is None or not ready_to_close(record):
            return
        try:
            await close_thread(self.host, self.module, record)
        except discord.HTTPException as error:
            log.warning("game %s: closing its thread failed (%r); left to reconciling", game_id, error)

    async def owed_clocks(self, game_id: int) -> list[TurnClock]:
        """The game's calls whose player has not been notified yet."""
        return [
            clock for clock in await self.service.storage.clocks_of(game_id) if clock.ping_message_id is None
        ]

    async def notify_owed(self, game_id: int) -> None:
        """Notifies every call that has no notification yet: a player at the table needs none (the
        board they watch changed); everyone else called is mentioned in one short message that links
        to the board."""
        owed = await self.owed_clocks(game_id)
        if not owed:
            return
        storage = self.service.storage
        record = await storage.game(game_id)
        if record is None or record.status != "active" or record.message_id is None:
            return
        present = {clock.user_id for clock in owed if self.presence.at_table(game_id, clock.user_id)}
        present |= self._answered_at_once(record, owed)
        if present:
            await storage.record_ping(game_id, present, AT_THE_TABLE)
        away = [clock for clock in owed if clock.user_id not in present]
        if away:
            await self.post_ping(record, away)

    def _answered_at_once(self, record: GameRecord, owed: list[TurnClock]) -> set[int]:
        """The called players whose standing choice answers their decision at once (a deadline of 0,
        such as Prime Time's auto-Ready): their answer follows without them, so a notification would
        call them for nothing."""
        if not isinstance(self.module, TimedPrompts):
            return set()
        deadlines = self.module.prompt_deadlines(self.service.load_state(record), record.lobby)
        return {clock.user_id for clock in owed if deadlines.get(clock.seat) == 0}

    async def post_ping(self, record: GameRecord, calls: Sequence[TurnClock]) -> None:
        """One message that notifies the players of ``calls``, and only them, with a jump link to the
        board; its nonce makes a repeat (after a crash, or a request retried) the same message."""
        people = list(dict.fromkeys(clock.user_id for clock in calls))
        posted = await self.host.pacer.send(
            self.channel_of(record),
            record.channel_id,
            content=ping_text(
                people,
                self.module.title,
                message_link(record),
                await table_language(self.host, record.guild_id),
            ),
            allowed_mentions=mentions(people),
            nonce=ping_nonce(record.id, calls),
        )
        await self.service.storage.record_ping(record.id, people, posted.id)

    async def retire_stale_pings(self, game_id: int) -> None:
        """Deletes the game's notifications whose call has ended (or whose player has acted), then
        empties its outbox of them. A message that cannot be deleted now stays in the outbox for the
        next reconciling; the game's board is never deleted (a notification of older versions of the
        bot was the board itself)."""
        storage = self.service.storage
        stale = await storage.stale_pings(game_id)
        if not stale:
            return
        record = await storage.game(game_id)
        board = None if record is None else record.message_id
        guild_id = None if record is None else record.guild_id
        done = []
        for ping in stale:
            if ping.message_id != board:
                channel = self.host.get_partial_messageable(ping.channel_id, guild_id=guild_id)
                try:
                    await channel.get_partial_message(ping.message_id).delete()
                except (discord.NotFound, discord.Forbidden):
                    pass  # Gone already, or no longer ours to delete: either way it notifies nobody.
                except discord.HTTPException as error:
                    log.warning(
                        "game %s: deleting notification %s failed (%r)", game_id, ping.message_id, error
                    )
                    continue
            done.append(ping.message_id)
        await storage.forget_stale_pings(done)

    async def _redraw_after_failure(self, game_id: int, repost: bool) -> Text | None:
        try:
            await self.refresh_board(game_id, repost=repost)
            await self.notify_owed(game_id)
            await self.retire_stale_pings(game_id)
        except Exception as error:
            log.warning("game %s: drawing the board failed too (%r)", game_id, error)
            return problem_text(error)
        return None

    async def refresh_board(self, game_id: int, repost: bool) -> None:
        """Redraws the board from the latest saved state: in place, or posted anew at the bottom
        (``repost``, and when the old one was deleted). Requests that arrive while a redraw is under
        way are folded into one more redraw, so a burst of moves costs a couple of edits rather than
        one each: Discord rate-limits edits per channel."""
        pending = self._redraws.get(game_id)
        if pending is not None:
            pending.needed = True
            pending.repost |= repost
            return
        pending = _Redraw(needed=True, repost=repost)
        self._redraws[game_id] = pending
        try:
            while pending.needed:
                repost, pending.needed, pending.repost = pending.repost, False, False
                await self._draw_board(game_id, repost)
        finally:
            del self._redraws[game_id]

    async def _draw_board(self, game_id: int, repost: bool) -> None:
        record = await self.service.storage.game(game_id)
        if record is None or record.status == "abandoned" or record.state_json is None:
            return
        message = await self.board_for(record, self.service.load_state(record), [])
        if record.message_id is not None and not repost:
            board = self.channel_of(record, record.message_id).get_partial_message(record.message_id)
            # A board someone deleted is simply posted again below.
            with contextlib.suppress(discord.NotFound):
                await board.edit(**as_edit(message))
                await self.service.storage.board_shown(game_id, record.message_id, record.version)
                return
        await self.post_board(record, message)

    def channel_of(self, record: GameRecord, message_id: int | None = None) -> discord.PartialMessageable:
        """Where the game's messages are sent, or where the message ``message_id`` lives."""
        return channel_of(self.host, record, message_id)

    async def post_board(
        self, record: GameRecord, message: dict[str, Any], superseded: Sequence[discord.Embed] = ()
    ) -> None:
        """Posts a new board at the bottom of the channel (notifying nobody: pings do that); it
        becomes the only board, and the one it replaces becomes a line that links to it, above
        ``superseded`` (what the old board's place in the channel should keep, such as a summary of
        the round that ended there)."""
        posted = await self.host.pacer.send(self.channel_of(record), record.channel_id, **message)
        await self.adopt_board(record, posted.id, superseded)

    async def adopt_board(
        self, record: GameRecord, message_id: int, superseded: Sequence[discord.Embed] = ()
    ) -> None:
        """Makes ``message_id`` (drawn from ``record``) the game's board and collapses the one it
        replaces."""
        storage = self.service.storage
        previous = await storage.replace_message(record.id, message_id)
        record.message_id = message_id
        await storage.board_shown(record.id, message_id, record.version)
        if previous is not None and previous != message_id:
            await self.collapse_board(record, previous, superseded)

    async def collapse_board(
        self, record: GameRecord, message_id: int, superseded: Sequence[discord.Embed] = ()
    ) -> None:
        """Edits a board that is no longer the game's down to one line with a link to the current
        board: no image, no controls. Gone already, or not ours to edit: either way not live."""
        round_number = None
        if record.state_json is not None:
            round_number = getattr(self.service.load_state(record), "round", None)
        language = await table_language(self.host, record.guild_id)
        if record.channel_of_message(message_id) != record.channel_id:
            # The lobby a thread was opened on, in the parent channel: the game went into the thread.
            line = thread_line(self.module.title, message_link(record), language)
        else:
            line = moved_line(self.module.title, round_number, message_link(record), language)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await (
                self.channel_of(record, message_id)
                .get_partial_message(message_id)
                .edit(content=line, embeds=list(superseded), attachments=[], view=None)
            )

    async def hand_to_ai(self, game_id: int, seat: int, why: Said) -> None:
        """The AI takes an absent player's seat; the channel is told, and the player reminded how to
        take it back."""
        record = await self.service.hand_to_ai(game_id, seat)
        player = record.lobby["players"][seat]
        async with self.service.lock(game_id):
            await self.refresh_board(game_id, repost=False)
            await self.retire_stale_pings(game_id)
            with contextlib.suppress(discord.HTTPException):
                await self.host.pacer.send(
                    self.channel_of(record),
                    record.channel_id,
                    content=translate(
                        Text(
                            "🤖 The AI now plays {player}'s seat ({why}). Use `{autoplay}` to take it back.",
                            player=f"<@{player['user_id']}>",
                            why=why,
                            autoplay=command(f"{self.name} autoplay"),
                        ),
                        BOT,
                        await table_language(self.host, record.guild_id),
                    ),
                    allowed_mentions=mentions([player["user_id"]]),
                )
        self.host.wake(game_id)
