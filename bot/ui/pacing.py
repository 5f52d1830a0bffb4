"""Never more than 5 bot messages in 5 seconds in one channel: every message the bot creates in a
channel waits for its turn here, so a burst is delayed, never dropped.

Discord limits a bot's new channel messages per channel (its headers say 5 per 5 s, a fixed window
that opens with the first message). A sliding window kept here is stricter: if no 5 s stretch ever
holds more than 5 of the bot's messages, no window of Discord's can either, and the channel never
floods a reader's screen. Each message counts from the moment Discord answered its request (it was
created before that moment), and the next one is sent only once the 5th before it is 5 s old, so the
count holds at Discord's end too, whatever the network's delays. A 429 that still comes (a limit
shared with another process, an outage) is waited out by discord.py and the same request sent
again; a notification also carries a nonce, so a repeat never creates a second message.

Public answers to interactions create messages too; they are counted as they happen (``note``) but
not delayed, because a player is waiting for them and Discord limits them per interaction, not per
channel.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

MESSAGES_PER_WINDOW = 5
WINDOW_SECONDS = 5.0
# Channels quiet for longer than a window are forgotten once this many are kept.
KEPT_CHANNELS = 1_000

T = TypeVar("T")


class _Channel:
    def __init__(self) -> None:
        self.turn = asyncio.Lock()
        self.created: deque[float] = deque()


class ChannelPacer:
    def __init__(
        self,
        limit: int = MESSAGES_PER_WINDOW,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._channels: dict[int, _Channel] = {}

    async def send(self, channel: discord.abc.Messageable, channel_id: int, **fields: Any) -> discord.Message:
        """``channel.send(**fields)`` once the channel has room for one more message."""
        return await self.paced(channel_id, lambda: channel.send(**fields))

    async def paced(self, channel_id: int, create: Callable[[], Awaitable[T]]) -> T:
        """Runs ``create`` (which creates one message in the channel) in the channel's turn: messages
        of one channel go out one at a time, in order, at most ``limit`` within any ``window``."""
        paced = self._channel(channel_id)
        async with paced.turn:
            while True:
                self._forget_old(paced)
                if len(paced.created) < self.limit:
                    break
                await asyncio.sleep(paced.created[0] + self.window - self.clock())
            try:
                return await create()
            finally:
                # Counted even when the request failed: Discord may have created the message.
                paced.created.append(self.clock())

    def note(self, channel_id: int) -> None:
        """A message was just created in the channel without waiting here (an interaction's answer)."""
        self._channel(channel_id).created.append(self.clock())

    def recent(self, channel_id: int) -> int:
        """How many messages the channel holds within the last window."""
        paced = self._channels.get(channel_id)
        if paced is None:
            return 0
        self._forget_old(paced)
        return len(paced.created)

    def _channel(self, channel_id: int) -> _Channel:
        paced = self._channels.get(channel_id)
        if paced is None:
            if len(self._channels) >= KEPT_CHANNELS:
                self._forget_quiet_channels()
            paced = self._channels[channel_id] = _Channel()
        return paced

    def _forget_old(self, paced: _Channel) -> None:
        expired = self.clock() - self.window
        while paced.created and paced.created[0] <= expired:
            paced.created.popleft()

    def _forget_quiet_channels(self) -> None:
        for channel_id, paced in list(self._channels.items()):
            self._forget_old(paced)
            if not paced.created and not paced.turn.locked():
                del self._channels[channel_id]
