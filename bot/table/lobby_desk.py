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
from bot.core.speech import table_language
from bot.storage import GameRecord
from bot.table.boards import BoardKeeper
from bot.table.lobby import lobby_embed, lobby_view
from bot.table.threads import archive_thread, missing_thread_permissions, open_thread, thread_refusal
from bot.ui.messages import as_edit, mentions, message_link
from bot.ui.replies import acknowledge, in_time, reply_error, reply_private, send, update
from bot.ui.text import Said, private_language, spoken
from locales.catalogues import BOT, N_, translations
from locales.languages import Language
from locales.translate import command
from rules.core.text import Text

# What the bot must be allowed in a channel to run a game there, by the names Discord shows.
NEEDED_PERMISSIONS = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "embed_links": N_("Embed Links"),
    "attach_files": N_("Attach Files"),
}
THREAD_PERMISSION = ("send_messages_in_threads", N_("Send Messages in Threads"))


def missing_permissions(permissions: discord.Permissions, in_thread: bool) -> list[str]:
    """The permissions the bot lacks, by their English names (looked up where they are said)."""
    needed = dict(NEEDED_PERMISSIONS)
    if in_thread:
        needed[THREAD_PERMISSION[0]] = THREAD_PERMISSION[1]
    return [label for flag, label in needed.items() if not getattr(permissions, flag)]


class LobbyDesk(BoardKeeper):
    """A game's lobby from its opening to its first board."""

    def lobby_buttons(self, record: GameRecord, language: Language) -> list[discord.ui.Item[Any]]:
        """The game's own buttons on its lobby, beside Join, Leave, Start and the pick menus, in the
        table's ``language``."""
        return []

    def lobby_message(
        self, record: GameRecord, news: Said | None = None, language: Language = Language.ENGLISH
    ) -> dict[str, Any]:
        """The lobby in the table's ``language``; ``news`` (what the last click changed for everyone)
        above it, replacing any earlier news."""
        return {
            "content": None if news is None else spoken(news, language),
            "embed": lobby_embed(self.module, record, language),
            "view": lobby_view(self.module, record, language, self.lobby_buttons(record, language)),
        }

    async def open_lobby(
        self, interaction: discord.Interaction[Any], variant: str | None, ai_players: int
    ) -> None:
        """Opens a lobby, after checking the bot may post boards here and the server allows games here;
        ``variant`` None takes the server's default difficulty."""
        assert interaction.channel_id is not None
        in_thread = isinstance(interaction.channel, discord.Thread)
        missing = missing_permissions(interaction.app_permissions, in_thread)
        if missing:
            words = translations(BOT, private_language(interaction))
            lacking = ", ".join(words.gettext(permission) for permission in missing)
            await reply_error(
                interaction,
                words.gettext(
                    "I can't run a game in this channel: I lack {permissions}. Ask a server admin to grant "
                    "them to me here, or start the game in another channel."
                ).format(permissions=lacking),
            )
            return
        settings = await self.host.server_settings.get(interaction.guild_id)
        # A game started in a thread already is played there: threads hold no threads.
        threaded = settings.games_in_threads and not in_thread
        if threaded and (missing := missing_thread_permissions(interaction.app_permissions)):
            await reply_error(interaction, thread_refusal(missing, private_language(interaction)))
            return
        if not settings.allows(interaction.channel_id):
            allowed = ", ".join(f"<#{channel}>" for channel in settings.game_channels)
            await reply_error(
                interaction, Text("Games on this server are played in {channels}.", channels=allowed)
            )
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
                    # Until its thread exists, a lobby is kept under the id of the interaction
                    # that opened it (see bot.table.threads).
                    interaction.id if threaded else interaction.channel_id,
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
        await self._post_lobby(interaction, record, interaction.channel_id if threaded else None)

    async def _post_lobby(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        thread_parent: int | None = None,
        news: str | None = None,
        ping: Sequence[int] = (),
    ) -> None:
        """Posts a new lobby as the answer with ``news`` above it, notifying only ``ping`` (a rematch's
        players), and them once: the next change to the lobby replaces its news. With
        ``thread_parent`` (the channel it is posted in), opens the game's thread on it."""
        language = await table_language(self.host, record.guild_id)
        message_id = await send(
            interaction, **self.lobby_message(record, news, language), allowed_mentions=mentions(ping)
        )
        assert message_id is not None
        self.host.pacer.note(record.channel_id if thread_parent is None else thread_parent)
        if thread_parent is not None:
            opened = await open_thread(self.host, self.module, record, thread_parent, message_id)
            if opened is None:
                return
        await self.adopt_board(record, message_id)

    async def channel_game(self, interaction: discord.Interaction[Any]) -> GameRecord | None:
        """The channel's running game of this kind, or None after telling the user there is none."""
        record = await self.service.running_game(interaction.channel_id)
        if record is None or record.game != self.name:
            await reply_error(
                interaction,
                Text(
                    "There is no {game} game in this channel. Start one with `{start}`.",
                    game=self.module.title,
                    start=command(f"{self.name} start"),
                ),
            )
            return None
        return record

    async def _show_start(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The lobby message becomes the game's first board; the lobby a thread was opened on stays in
        the parent channel, so the first board is posted in the thread instead."""
        assert interaction is not None
        state = move.state
        record, lobby = move.record, move.record.message_id
        board = await self.board_for(record, state, state.recent_events)
        if lobby is not None and record.channel_of_message(lobby) != record.channel_id:
            await acknowledge(interaction)
            await self.post_board(record, board)
            return
        await update(interaction, **as_edit(board))

    async def _rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """A new lobby where ``/… start`` would open it, mentioning the other players once: the rematch
        of a game played in a thread goes back to the channel the thread was opened in (the finished
        game's thread is closed)."""
        finished = await self.service.storage.game(game_id)
        parent = None if finished is None else finished.parent_channel_id
        settings = await self.host.server_settings.get(interaction.guild_id)
        threaded = settings.games_in_threads and (
            parent is not None or not isinstance(interaction.channel, discord.Thread)
        )
        if threaded and (missing := missing_thread_permissions(interaction.app_permissions)):
            await reply_error(interaction, thread_refusal(missing, private_language(interaction)))
            return
        try:
            record = await self.service.open_rematch(
                game_id,
                interaction.user.id,
                interaction.user.display_name,
                channel_id=interaction.id if threaded else parent,
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
            Text(
                "🔁 {host} opens a rematch. {players}: your seats are kept (press **Leave** if you're out).",
                host=interaction.user.mention,
                players=", ".join(f"<@{user}>" for user in others),
            )
            if others
            else None
        )
        if parent is None:
            thread_parent = interaction.channel_id if threaded else None
            await self._post_lobby(interaction, record, thread_parent, news, others)
            return
        assert finished is not None
        channel = self.host.get_partial_messageable(parent, guild_id=record.guild_id)
        language = await table_language(self.host, record.guild_id)
        posted = await self.host.pacer.send(
            channel, parent, **self.lobby_message(record, news, language), allowed_mentions=mentions(others)
        )
        if threaded and await open_thread(self.host, self.module, record, parent, posted.id) is None:
            await reply_private(
                interaction, Text("I couldn't open a thread for the rematch, so nothing started.")
            )
            return
        await self.adopt_board(record, posted.id)
        await reply_private(
            interaction, Text("Your rematch lobby is open → {link}", link=message_link(record))
        )
        if isinstance(interaction.channel, discord.Thread) and interaction.channel_id == finished.channel_id:
            # Answering in the finished game's thread brought it back from the archive.
            await archive_thread(self.host, finished.channel_id)
