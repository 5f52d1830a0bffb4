"""The only things the parts of the bot know of the bot itself: ``Host`` and ``GameController``.

``bot.app.GameBot`` builds every part and satisfies ``Host``; the parts (the features, the table, the
games' controllers) are given a ``Host`` and never import the bot, so nothing imports back up into
the module that builds it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.server_settings import ServerSettingsStore
from bot.core.service import GameService, Move
from bot.runtime.config import Settings
from bot.runtime.painter import Painter
from bot.runtime.sharding import ShardScope
from bot.storage import GameRecord
from bot.ui.components import Control
from bot.ui.pacing import ChannelPacer
from bot.ui.text import Said
from locales.languages import Language


class GameController(Protocol):
    """One game's Discord side: its command group, its handling of clicks on its controls, and
    showing its saved moves."""

    name: str
    module: GameModule
    typed_ops: tuple[str, ...]
    """The ops of the game's modals: a modal's answer with any other op is no control of the game's."""

    def command_group(self) -> app_commands.Group: ...

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None: ...

    async def publish(self, move: Move, interaction: discord.Interaction[Any] | None = None) -> None:
        """Shows a saved move (the board, whoever must act next), whoever made it."""
        ...

    async def hand_to_ai(self, game_id: int, seat: int, why: Said) -> None:
        """The AI takes an absent player's seat, and the channel is told why."""
        ...

    def lobby_message(
        self, record: GameRecord, news: Said | None = None, language: Language = Language.ENGLISH
    ) -> dict[str, Any]:
        """The lobby as a message payload (content, embed, view), drawn as its status stands: a closed
        lobby asks nobody to join."""
        ...

    async def catch_up(self, game_id: int) -> None:
        """Brings the channel up to date with the saved game (under the game's lock): a board that
        shows an older version redrawn, every call without a notification notified, the stale
        notifications retired."""
        ...


GlobalControl = Callable[[discord.Interaction[Any], Control], Awaitable[None]]
"""Handles a control that belongs to no game (game id 0), such as /forget-me's confirmation."""


class Host(Protocol):
    """The bot as its parts see it."""

    settings: Settings
    scope: ShardScope
    """The servers this process looks after."""
    painter: Painter
    pacer: ChannelPacer
    """Every message the bot creates in a channel waits for its turn here (5 in 5 seconds at most)."""

    @property
    def service(self) -> GameService:
        """The game service; there once the storage is open (before any command or click arrives)."""
        ...

    @property
    def server_settings(self) -> ServerSettingsStore: ...

    @property
    def controllers(self) -> Mapping[str, GameController]:
        """Each game's controller, by the game's name."""
        ...

    def wake(self, game_id: int) -> None:
        """Something changed in the game: whatever acts by itself (the AI, the deadlines) looks again."""
        ...

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None:
        """The channel or active thread from discord.py's cache, None when not cached (an archived
        thread is not)."""
        ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> discord.abc.GuildChannel | discord.abc.PrivateChannel | discord.Thread:
        """The channel or thread as Discord has it now; raises discord.NotFound once it is deleted."""
        ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    def get_guild(self, id: int, /) -> discord.Guild | None:
        """The server from discord.py's cache (it holds every server this process looks after)."""
        ...

    async def dispatch_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """Routes a click (or a modal's answer) to the game, or the feature, it belongs to."""
        ...


def channel_of(host: Host, record: GameRecord, message_id: int | None = None) -> discord.PartialMessageable:
    """The channel a game is played in, for sending its messages; with ``message_id``, the channel
    that message lives in, for editing it (a thread's lobby lives in the channel it was opened in)."""
    channel_id = record.channel_id if message_id is None else record.channel_of_message(message_id)
    return host.get_partial_messageable(channel_id, guild_id=record.guild_id)
