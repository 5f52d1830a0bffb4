"""The lobby side of every game's table: opening a lobby (where the bot may post and the server
allows games), drawing it, a rematch's new lobby, and the first board.

``bot.table.controller.TableController`` builds on it; the clicks on a lobby are applied in
``bot.table.lobby``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.service import Move, ServiceError
from bot.storage import GameRecord
from bot.table.boards import BoardKeeper
from bot.table.lobby import lobby_embed, lobby_view
from bot.ui.messages import as_edit, mentions
from bot.ui.replies import in_time, reply_error, send, update

# What the bot must be allowed in a channel to run a game there, by the names Discord shows.
NEEDED_PERMISSIONS = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}
THREAD_PERMISSION = ("send_messages_in_threads", "Send Messages in Threads")


def missing_permissions(permissions: discord.Permissions, in_thread: bool) -> list[str]:
    needed = dict(NEEDED_PERMISSIONS)
    if in_thread:
        needed[THREAD_PERMISSION[0]] = THREAD_PERMISSION[1]
    return [label for flag, label in needed.items() if not getattr(permissions, flag)]


class LobbyDesk(BoardKeeper):
    """A game's lobby from its opening to its first board."""

    def lobby_buttons(self, record: GameRecord) -> list[discord.ui.Item[Any]]:
        """The game's own buttons on its lobby, beside Join, Leave, Start and the pick menus."""
        return []

    def lobby_message(self, record: GameRecord, news: str | None = None) -> dict[str, Any]:
        """The lobby; ``news`` (what the last click changed for everyone) above it, replacing any
        earlier news."""
        return {
            "content": news,
            "embed": lobby_embed(self.module, record),
            "view": lobby_view(self.module, record, self.lobby_buttons(record)),
        }

    async def open_lobby(
        self, interaction: discord.Interaction[Any], variant: str | None, ai_players: int
    ) -> None:
        """Opens a lobby, after checking the bot may post boards here and the server allows games here;
        ``variant`` None takes the server's default difficulty."""
        assert interaction.channel_id is not None
        missing = missing_permissions(
            interaction.app_permissions, isinstance(interaction.channel, discord.Thread)
        )
        if missing:
            await reply_error(
                interaction,
                f"I can't run a game in this channel: I lack {', '.join(missing)}. "
                "Ask a server admin to grant them to me here, or start the game in another channel.",
            )
            return
        settings = await self.host.server_settings.get(interaction.guild_id)
        if not settings.allows(interaction.channel_id):
            allowed = ", ".join(f"<#{channel}>" for channel in settings.game_channels)
            await reply_error(interaction, f"Games on this server are played in {allowed}.")
            return
        if variant is None:
            variant = (
                settings.default_difficulty
                if settings.default_difficulty in self.module.variants
                else next(iter(self.module.variants))
            )
        try:
            record = await in_time(
                interaction,
                self.service.open_lobby(
                    self.name,
                    interaction.guild_id,
                    interaction.channel_id,
                    interaction.user.id,
                    interaction.user.display_name,
                    variant,
                    ai_players,
                ),
                thinking=True,
            )
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        await self._post_lobby(interaction, record)

    async def _post_lobby(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        news: str | None = None,
        ping: Sequence[int] = (),
    ) -> None:
        """Posts a new lobby with ``news`` above it, notifying only ``ping`` (a rematch's players), and
        them once: the next change to the lobby replaces its news."""
        message_id = await send(
            interaction, **self.lobby_message(record, news), allowed_mentions=mentions(ping)
        )
        assert message_id is not None
        self.host.pacer.note(record.channel_id)
        await self.adopt_board(record, message_id)

    async def channel_game(self, interaction: discord.Interaction[Any]) -> GameRecord | None:
        """The channel's running game of this kind, or None after telling the user there is none."""
        record = await self.service.running_game(interaction.channel_id)
        if record is None or record.game != self.name:
            await reply_error(
                interaction,
                f"There is no {self.module.title} game in this channel. Start one with `/{self.name} start`.",
            )
            return None
        return record

    async def _show_start(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The lobby message becomes the game's first board."""
        assert interaction is not None
        state = move.state
        await update(interaction, **as_edit(await self.board_for(move.record, state, state.recent_events)))

    async def _rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        try:
            record = await self.service.open_rematch(
                game_id, interaction.user.id, interaction.user.display_name
            )
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        others = [
            player["user_id"]
            for player in record.lobby["players"]
            if player["user_id"] != interaction.user.id
        ]
        news = (
            f"🔁 {interaction.user.mention} opens a rematch. {', '.join(f'<@{user}>' for user in others)}: "
            "your seats are kept (press **Leave** if you're out)."
            if others
            else None
        )
        await self._post_lobby(interaction, record, news, others)
