"""What every game's Discord side shares: opening a lobby, the board message's plumbing, the status,
log and abandon commands, and paged rules.

A game's controller extends ``TableController`` and draws its own board with ``board_message``; the
commands here work on whichever game the channel runs, named by the controller's module.
"""

from __future__ import annotations

import io
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.components import Control, button, view_of
from bot.lobby import LOBBY_OPS, handle_lobby_control, lobby_embed, lobby_view
from bot.replies import reply_error, reply_private
from bot.service import GameModule, ServiceError
from bot.storage import GameRecord
from rules.core.events import Event

if TYPE_CHECKING:
    from bot.app import GameBot


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def board_file(board: Any) -> discord.File:
    """A rendered board as an attachment, its alt text as the description screen readers read."""
    return discord.File(io.BytesIO(board.png), filename="board.png", description=board.alt_text[:1024])


def as_edit(message: dict[str, Any]) -> dict[str, Any]:
    """A new-message payload as an edit: the new image replaces every old attachment."""
    edit = dict(message)
    edit["attachments"] = edit.pop("files")
    return edit


def message_link(record: GameRecord) -> str:
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}"


def player_tag(player: dict[str, Any]) -> str:
    return "AI" if player.get("ai") else f"<@{player['user_id']}>"


@dataclass(frozen=True)
class RulePages:
    """A game's rules as short pages with Previous/Next buttons that belong to no game (id 0)."""

    game: str
    title: str
    pages: list[tuple[str, str]]

    def embed(self, page: int) -> discord.Embed:
        page = self._bounded(page)
        heading, text = self.pages[page]
        embed = discord.Embed(
            title=f"{self.title} rules — {heading}", description=text, colour=discord.Colour.gold()
        )
        embed.set_footer(text=f"Page {page + 1}/{len(self.pages)}")
        return embed

    def view(self, page: int) -> discord.ui.View:
        page = self._bounded(page)
        last = len(self.pages) - 1
        return view_of(
            [
                button(
                    0, 0, "rules", f"{self.game}.{max(page - 1, 0)}", label="Previous", disabled=page == 0
                ),
                button(
                    0, 0, "rules", f"{self.game}.{min(page + 1, last)}", label="Next", disabled=page >= last
                ),
            ]
        )

    @staticmethod
    def page_of(control: Control) -> int:
        page_text = control.arg.partition(".")[2]
        return int(page_text) if page_text.isdigit() else 0

    def _bounded(self, page: int) -> int:
        return max(0, min(page, len(self.pages) - 1))


class TableController(ABC):
    """The commands and controls every game has; subclasses draw the board and handle moves."""

    rule_pages: RulePages

    def __init__(self, bot: GameBot, module: GameModule) -> None:
        self.bot = bot
        self.module = module
        self.name = module.name

    @property
    def service(self) -> Any:
        return self.bot.service

    def add_table_commands(self, group: app_commands.Group, help_text: str) -> None:
        """The commands every game has: status, rules, log, abandon and help."""
        title = self.module.title

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
            await interaction.response.send_message(help_text, ephemeral=True)

    @abstractmethod
    async def board_message(self, record: GameRecord, state: Any, events: list[Event]) -> dict[str, Any]:
        """The board as a new-message payload: content, embed, files and view."""

    async def show_rules(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            embed=self.rule_pages.embed(0), view=self.rule_pages.view(0), ephemeral=True
        )

    async def open_lobby(self, interaction: discord.Interaction[Any], variant: str, ai_players: int) -> None:
        assert interaction.channel_id is not None
        try:
            record = await self.service.open_lobby(
                self.name,
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                interaction.user.display_name,
                variant,
                ai_players,
            )
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        await interaction.response.send_message(
            embed=lobby_embed(self.module, record), view=lobby_view(self.module, record)
        )
        message = await interaction.original_response()
        await self.service.storage.set_message(record.id, message.id)

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
        if record.status == "lobby":
            await interaction.response.send_message(
                embed=lobby_embed(self.module, record), view=lobby_view(self.module, record)
            )
        else:
            state = self.service.load_state(record)
            await interaction.response.send_message(**await self.board_message(record, state, []))
        await self.retire_message(interaction, record)
        message = await interaction.original_response()
        await self.service.storage.set_message(record.id, message.id)

    async def retire_message(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """The previous board keeps its picture but loses its controls, so only one board is live."""
        if record.message_id is None or interaction.channel is None:
            return
        try:
            await interaction.channel.get_partial_message(record.message_id).edit(view=None)  # type: ignore[union-attr]
        except discord.NotFound:
            return

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
            record = await self.service.abandon(record.id, interaction.user.id, permissions.manage_channels)
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        await interaction.response.send_message(
            f"The {self.module.title} game was abandoned by {interaction.user.mention}."
        )
        await self.retire_message(interaction, record)

    async def on_table_control(self, interaction: discord.Interaction[Any], control: Control) -> bool:
        """Handles a rules page or a lobby click; returns False for the game's own controls."""
        if control.op == "rules":
            page = RulePages.page_of(control)
            await interaction.response.edit_message(
                embed=self.rule_pages.embed(page), view=self.rule_pages.view(page)
            )
            return True
        if control.op not in LOBBY_OPS:
            return False
        record = await handle_lobby_control(self.service, self.module, interaction, control)
        if record is not None:
            state = self.service.load_state(record)
            await interaction.response.edit_message(
                **as_edit(await self.board_message(record, state, state.recent_events))
            )
            self.bot.autopilot.wake(record.id)
        return True
