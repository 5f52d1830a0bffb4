"""The turn clock: a reminder for a player who keeps everyone waiting, the AI taking the seat over
after a longer wait, and lobbies that close when nobody uses them.

The clock lives in the database (``turn_clocks``, ``games.updated_at``), so a restart neither loses
nor repeats a reminder; each step is claimed with a conditional update before it fires. Delays are each
game's own (``GameModule.clock_minutes``) unless the server's ``/settings`` chose them, and are
multiplied by ``TURN_CLOCK_SCALE`` (tests make them short).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta

import discord

from bot.core.game_module import DEFAULT_CLOCK_MINUTES
from bot.core.host import GameController, Host, channel_of
from bot.core.service import ServiceError
from bot.core.speech import table_language
from bot.storage import GameRecord
from bot.storage import TurnClock as ClockRow
from bot.ui.components import button, view_of
from bot.ui.messages import mentions
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number
from rules.core.text import Text

log = logging.getLogger("bot.turnclock")

REMINDED, HANDED_OFF = 1, 2
# How often the clock looks, before scaling: a reminder is at most this late.
TICK_SECONDS = 15.0
MIN_TICK_SECONDS = 0.05


def minutes_text(minutes: float, language: Language) -> str:
    """A wait as people read it: "45 s", "2.5 min" (the units read the same in every language)."""
    if minutes < 1:
        return f"{format_number(round(minutes * 60), language)} s"
    return f"{format_number(minutes, language)} min"


class TurnClock:
    def __init__(self, host: Host, scale: float) -> None:
        self.host = host
        self.scale = scale
        self._task: asyncio.Task[None] | None = None

    @property
    def tick(self) -> float:
        return max(MIN_TICK_SECONDS, TICK_SECONDS * self.scale)

    def seconds(self, minutes: float) -> float:
        return minutes * 60 * self.scale

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="turn clock")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.check()
            except Exception:
                log.exception("the turn clock failed")

    async def check(self) -> None:
        """Fires every reminder, hand-off and lobby expiry that is due in this process's servers."""
        storage = self.host.service.storage
        owns = self.host.scope.owns
        moment = datetime.now(UTC)
        for clock in [clock for clock in await storage.turn_clocks() if owns(clock.guild_id)]:
            settings = await self.host.server_settings.get(clock.guild_id)
            module = self.host.service.modules.get(await self.host.service.game_name(clock.game_id) or "")
            game_clock = module.clock_minutes if module is not None else DEFAULT_CLOCK_MINUTES
            reminder, handoff = settings.clock_minutes(game_clock)
            waited = (moment - datetime.fromisoformat(clock.called_at)).total_seconds()
            if clock.stage < HANDED_OFF and waited >= self.seconds(handoff):
                await self._hand_off(clock, handoff)
            elif clock.stage < REMINDED and waited >= self.seconds(reminder):
                await self._remind(clock, reminder, handoff)
        for lobby in [lobby for lobby in await storage.lobbies() if owns(lobby.guild_id)]:
            settings = await self.host.server_settings.get(lobby.guild_id)
            expiry = timedelta(seconds=self.seconds(settings.lobby_expiry_minutes))
            if datetime.fromisoformat(lobby.updated_at) + expiry <= moment:
                await self._expire_lobby(lobby.id, settings.lobby_expiry_minutes)

    async def _claim(self, clock: ClockRow, stage: int) -> tuple[GameRecord, GameController] | None:
        """The game and its controller, once this process has moved the clock to ``stage``; None
        when the player moved meanwhile or the step was already taken."""
        storage = self.host.service.storage
        if not await storage.advance_clock(clock.game_id, clock.seat, clock.called_at, stage):
            return None
        record = await storage.game(clock.game_id)
        return None if record is None else (record, self.host.controllers[record.game])

    async def _remind(self, clock: ClockRow, reminder: float, handoff: float) -> None:
        claimed = await self._claim(clock, REMINDED)
        if claimed is None:
            return
        record, controller = claimed
        language = await table_language(self.host, record.guild_id)
        words = translations(BOT, language)
        handoff_button = button(
            record.id,
            0,
            "handoff",
            clock.seat,
            label=words.pgettext("button", "Let the AI play for them"),
            emoji="🤖",
        )
        reminded = words.gettext(
            "⏰ {player}, the {game} game has waited {waited} for your move. Away? Another player can let "
            "the AI play for you, and after {handoff} it takes over by itself."
        )
        try:
            posted = await self.host.pacer.send(
                channel_of(self.host, record),
                record.channel_id,
                content=reminded.format(
                    player=f"<@{clock.user_id}>",
                    game=controller.module.title,
                    waited=minutes_text(reminder, language),
                    handoff=minutes_text(handoff, language),
                ),
                view=view_of([handoff_button]),
                allowed_mentions=mentions([clock.user_id]),
            )
        except discord.HTTPException:
            return
        # The reminder becomes the call's notification, deleted once the player acts; the one it
        # replaces is deleted now.
        storage = self.host.service.storage
        await storage.replace_ping(record.id, clock.seat, clock.called_at, posted.id)
        async with self.host.service.lock(record.id):
            await controller.catch_up(record.id)

    async def _hand_off(self, clock: ClockRow, handoff: float) -> None:
        claimed = await self._claim(clock, HANDED_OFF)
        if claimed is None:
            return
        record, controller = claimed
        language = await table_language(self.host, record.guild_id)
        why = Text("after {waited} away", waited=minutes_text(handoff, language))
        with contextlib.suppress(ServiceError):
            await controller.hand_to_ai(record.id, clock.seat, why)

    async def _expire_lobby(self, game_id: int, expiry: float) -> None:
        service = self.host.service
        try:
            record = await service.expire_lobby(game_id)
        except ServiceError:
            return
        language = await table_language(self.host, record.guild_id)
        note = (
            translations(BOT, language)
            .gettext("This lobby closed after {waited} without activity. Start a new one any time!")
            .format(waited=minutes_text(expiry, language))
        )
        if record.message_id is not None:
            # Drawn closed: without the footer that asks people to join, and without its controls.
            closed = self.host.controllers[record.game].lobby_message(record, language=language)["embed"]
            with contextlib.suppress(discord.HTTPException):
                await (
                    channel_of(self.host, record, record.message_id)
                    .get_partial_message(record.message_id)
                    .edit(content=note, embed=closed, view=None)
                )
        if record.parent_channel_id is not None:
            # The lobby's own thread is closed with it (reconciling a game does that).
            async with service.lock(game_id):
                await self.host.controllers[record.game].catch_up(game_id)
