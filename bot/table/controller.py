"""What every game's Discord side shares: opening a lobby, the status, log, autoplay and abandon
commands, paged rules, and the controls of table life (hand-offs of absent players, rematches).

A game's controller extends ``TableController``, draws its own board with ``board_message`` and
shows its moves with ``show_move`` (see ``bot.table.boards``); the commands here work on whichever game
the channel runs, named by the controller's module.
"""

from __future__ import annotations

import contextlib
from abc import abstractmethod
from typing import Any

import discord
from discord import app_commands

from bot.core.service import Move, ServiceError, seat_of
from bot.storage import GameRecord
from bot.table.boards import BoardKeeper
from bot.table.lobby import LOBBY_MENUS, LOBBY_OPS, change_lobby, lobby_embed, lobby_view
from bot.table.pages import RulePages
from bot.table.replay import post_replay
from bot.ui.components import UNKNOWN_CONTROL, Control, button, index_in, view_of
from bot.ui.messages import as_edit
from bot.ui.replies import in_time, reply_error, reply_private, send, update
from bot.ui.text import clip

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


REPLAY_HELP = "\n**/{name} replay** — an animated replay of a finished game (the last here, or by number)"


# The controls every game's table has, beside the game's own.
TABLE_OPS = ("rules", "handoff", "rematch", *LOBBY_OPS)


def _as_drawn(control: Control) -> bool:
    """Whether a table control's version and argument are ones the bot draws (a rules page's and a
    hand-off's argument are read where they are handled)."""
    if control.op in LOBBY_OPS:
        return control.arg == "" and control.menu == (control.op in LOBBY_MENUS)
    return control.version == 0 and (control.op != "rematch" or control.arg == "")


def finished_view(record: GameRecord) -> discord.ui.View:
    """The final board's one control: a new lobby with the same players, characters and settings."""
    return view_of(
        [button(record.id, 0, "rematch", label="Rematch", emoji="🔁", style=discord.ButtonStyle.success)]
    )


class TableController(BoardKeeper):
    """The commands and controls every game has; subclasses draw the board and handle moves."""

    rule_pages: RulePages

    def add_table_commands(self, group: app_commands.Group, help_text: str) -> None:
        """The commands every game has: status, rules, log, autoplay, abandon and help."""
        title = self.module.title

        @group.command(name="autoplay", description="Hand your seat to the AI, or take it back")
        async def autoplay(interaction: discord.Interaction[Any]) -> None:
            await self.autoplay(interaction)

        @group.command(name="status", description="Post the current board again")
        async def status(interaction: discord.Interaction[Any]) -> None:
            await self.status(interaction)

        @group.command(name="rules", description=f"The rules of {title} in short pages")
        async def rules(interaction: discord.Interaction[Any]) -> None:
            await self.show_rules(interaction)

        @group.command(name="log", description="The recent public events of this channel's game")
        async def log_command(interaction: discord.Interaction[Any]) -> None:
            await self.show_log(interaction)

        @group.command(name="abandon", description="End this channel's game (host or channel managers)")
        async def abandon(interaction: discord.Interaction[Any]) -> None:
            await self.abandon(interaction)

        @group.command(name="help", description=f"List the {title} commands")
        async def help_command(interaction: discord.Interaction[Any]) -> None:
            await reply_private(interaction, help_text + REPLAY_HELP.format(name=self.name))

        @group.command(name="replay", description=f"An animated replay of a finished {title} game")
        @app_commands.describe(game="The game's number from /history; this channel's last game if left out")
        async def replay(
            interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
        ) -> None:
            await post_replay(interaction, self.service.storage, self.module, self.render_png, game)

    def lobby_buttons(self, record: GameRecord) -> list[discord.ui.Item[Any]]:
        """The game's own buttons on its lobby, beside Join, Leave, Start and the pick menus."""
        return []

    def lobby_message(self, record: GameRecord) -> dict[str, Any]:
        return {
            "embed": lobby_embed(self.module, record),
            "view": lobby_view(self.module, record, self.lobby_buttons(record)),
        }

    @abstractmethod
    def render_png(self, state: Any) -> bytes:
        """The public board of ``state`` as PNG bytes, as the live board shows it (used by replays)."""

    async def show_rules(self, interaction: discord.Interaction[Any]) -> None:
        await send(interaction, ephemeral=True, embed=self.rule_pages.embed(0), view=self.rule_pages.view(0))

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

    async def _post_lobby(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        message_id = await send(interaction, **self.lobby_message(record))
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

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        await in_time(interaction, self._post_status(interaction, record.id), thinking=True)

    async def _post_status(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Posts the board again at the bottom. Under the game's lock, so two at once (or one during a
        move) still leave exactly one live board, drawn from the latest state."""
        async with self.service.lock(game_id):
            record = await self.service.storage.game(game_id)
            if record is None or record.status not in ("lobby", "active"):
                await reply_error(interaction, "This game has just ended.")
                return
            if record.status == "lobby":
                message = self.lobby_message(record)
            else:
                message = await self.board_message(record, self.service.load_state(record), [])
            message_id = await send(interaction, **message)
            assert message_id is not None
            self.host.pacer.note(record.channel_id)
            await self.adopt_board(record, message_id)
        self.host.wake(game_id)

    async def show_log(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        if record.state_json is None:
            await reply_private(interaction, "The game hasn't started yet: nothing has happened.")
            return
        state = self.service.load_state(record)
        public = self.module.rules.view(state, None)
        lines = [event.text for event in public.recent_events][-20:]  # type: ignore[attr-defined]
        embed = discord.Embed(
            title=f"{self.module.title} — recent events (round {state.round})",
            description=clip("\n".join(lines), 4000),
            colour=discord.Colour.dark_teal(),
        )
        await reply_private(interaction, "", embed=embed)

    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        permissions = interaction.permissions
        try:
            # The game's lock may be held by a move still being shown: the answer must not wait for it.
            record = await in_time(
                interaction,
                self.service.abandon(record.id, interaction.user.id, permissions.manage_channels),
                thinking=True,
            )
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        await send(
            interaction, content=f"The {self.module.title} game was abandoned by {interaction.user.mention}."
        )
        self.host.pacer.note(record.channel_id)
        if record.message_id is not None:
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                await self.channel_of(record).get_partial_message(record.message_id).edit(view=None)
        await self.retire_stale_pings(record.id)

    async def autoplay(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        if record.status != "active":
            await reply_error(interaction, "Autoplay is for a running game; start it first.")
            return
        try:
            move = await in_time(
                interaction,
                self.service.toggle_autoplay(record.id, interaction.user.id),
                thinking=True,
                ephemeral=True,
            )
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        seat = seat_of(move.record, interaction.user.id)
        playing = seat is not None and bool(move.record.lobby["players"][seat].get("ai"))
        await reply_private(
            interaction,
            f"The AI now plays your seat. Use `/{self.name} autoplay` again to take it back."
            if playing
            else "Your seat is yours again.",
        )
        # The seats changed hands, so the board's controls (and their version) are drawn again. A
        # player taking their seat back when it must act is at the table: the answer above tells them.
        self.presence.saw(record.id, interaction.user.id)
        async with self.service.lock(record.id):
            await self.refresh_board(record.id, repost=False)
            await self.notify_owed(record.id)
            await self.retire_stale_pings(record.id)
        self.host.wake(record.id)

    async def on_table_control(self, interaction: discord.Interaction[Any], control: Control) -> bool:
        """Handles a rules page, a lobby click, a hand-off or a rematch; returns False for the game's
        own controls. Each is read only as the bot draws it: none is a private panel's, and only the
        lobby's carry a version other than 0 (any version the lobby has had: a late click on a lobby
        changed meanwhile still counts)."""
        if control.game_id != 0 and control.op not in LOBBY_OPS:
            # A click in the running game: its player watches the board (see bot.table.presence).
            self.presence.saw(control.game_id, interaction.user.id)
        if control.op not in TABLE_OPS:
            return False
        if control.seat is not None or not _as_drawn(control):
            await reply_error(interaction, UNKNOWN_CONTROL)
            return True
        if control.op == "rules":
            page = RulePages.page_of(control)
            await update(interaction, embed=self.rule_pages.embed(page), view=self.rule_pages.view(page))
            return True
        if control.op == "handoff":
            await self._hand_off_clicked(interaction, control)
            return True
        if control.op == "rematch":
            await self._rematch(interaction, control.game_id)
            return True
        lobby = await change_lobby(
            self.service,
            self.module,
            interaction,
            control,
            lambda move: self.publish(move, interaction, show=self._show_start),
        )
        if lobby is not None:
            await update(interaction, **self.lobby_message(lobby))
        return True

    async def _show_start(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The lobby message becomes the game's first board."""
        assert interaction is not None
        state = move.state
        await update(
            interaction, **as_edit(await self.board_message(move.record, state, state.recent_events))
        )

    async def _hand_off_clicked(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """Another player (or the host) lets the AI play for someone the clock reminded."""
        record = await self.service.storage.game(control.game_id)
        seat = None if record is None else index_in(control.arg, len(record.lobby["players"]))
        if record is None or record.status != "active" or seat is None:
            await reply_error(interaction, "That game is not running any more.")
            return
        absent = record.lobby["players"][seat]
        clicker = seat_of(record, interaction.user.id)
        if interaction.user.id == absent["user_id"]:
            await reply_error(interaction, "That's your own seat: just make your move, or use autoplay.")
            return
        if clicker is None and interaction.user.id != record.host_id:
            await reply_error(interaction, "Only the other players of this game can hand a seat to the AI.")
            return
        clock = await self.service.storage.turn_clock(record.id, seat)
        if absent.get("ai") or clock is None or clock.stage == 0:
            await reply_error(
                interaction, f"{absent['name']} is back (or no longer has to act): nothing changed."
            )
            return
        await reply_private(interaction, f"The AI takes over {absent['name']}'s seat.")
        if await self.service.storage.advance_clock(record.id, seat, clock.called_at, 2):
            with contextlib.suppress(ServiceError):
                await self.hand_to_ai(record.id, seat, f"handed over by {interaction.user.display_name}")

    async def _rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        try:
            record = await self.service.open_rematch(
                game_id, interaction.user.id, interaction.user.display_name
            )
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        await self._post_lobby(interaction, record)
