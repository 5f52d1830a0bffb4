"""What every game's Discord side shares: opening a lobby, the board message's plumbing, the status,
log and abandon commands, and paged rules.

A game's controller extends ``TableController`` and draws its own board with ``board_message``; the
commands here work on whichever game the channel runs, named by the controller's module.
"""

from __future__ import annotations

import contextlib
import io
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.components import Control, button, view_of
from bot.lobby import LOBBY_OPS, handle_lobby_control, lobby_embed, lobby_view
from bot.replay import post_replay
from bot.replies import in_time, reply_error, reply_private, send, try_reply_private, update
from bot.service import GameModule, Move, ServiceError
from bot.storage import GameRecord
from bot.text import clip
from rules.core.events import Event

if TYPE_CHECKING:
    from bot.app import GameBot


log = logging.getLogger("bot.table")

REPLAY_HELP = "\n**/{name} replay** — an animated replay of a finished game (the last here, or by number)"


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


def problem_text(error: BaseException) -> str:
    """What went wrong with Discord, in a few words for the player."""
    if isinstance(error, discord.Forbidden):
        return "I lack a permission in this channel (View Channel, Send Messages, Embed Links, Attach Files)"
    if isinstance(error, discord.NotFound):
        return "the board message is gone"
    if isinstance(error, discord.HTTPException):
        return f"Discord answered {error.status}"
    return "something went wrong on my side"


Shower = Callable[[Move, "discord.Interaction[Any] | None"], Awaitable[None]]


@dataclass
class _Redraw:
    needed: bool
    repost: bool


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
        self._redraws: dict[int, _Redraw] = {}

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
            await reply_private(interaction, help_text + REPLAY_HELP.format(name=self.name))

        @group.command(name="replay", description=f"An animated replay of a finished {title} game")
        @app_commands.describe(game="The game's number from /history; this channel's last game if left out")
        async def replay(interaction: discord.Interaction[Any], game: int | None = None) -> None:
            await post_replay(interaction, self.service.storage, self.module, self.render_png, game)

    @abstractmethod
    def render_png(self, state: Any) -> bytes:
        """The public board of ``state`` as PNG bytes, as the live board shows it (used by replays)."""

    @abstractmethod
    async def board_message(self, record: GameRecord, state: Any, events: list[Event]) -> dict[str, Any]:
        """The board as a new-message payload: content, embed, files and view."""

    @abstractmethod
    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """Shows a saved move: answers the mover's interaction (None for the AI) and updates the board.
        It may raise: ``publish`` then brings the board up to date another way."""

    async def publish(
        self, move: Move, interaction: discord.Interaction[Any] | None = None, show: Shower | None = None
    ) -> None:
        """Runs after every saved move (``show`` defaults to ``show_move``), under the game's lock.
        Whatever happens to the reply or to the board message, the board ends up showing the saved
        state (edited, or posted again), the AI is woken, and the mover is told the truth when only
        the showing failed."""
        game_id = move.record.id
        try:
            await (show or self.show_move)(move, interaction)
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
            self.bot.autopilot.wake(game_id)

    async def _repost_after_failure(self, game_id: int) -> str | None:
        try:
            await self.refresh_board(game_id, repost=True)
        except Exception as error:
            log.warning("game %s: posting the board failed too (%r)", game_id, error)
            return problem_text(error)
        return None

    async def refresh_board(self, game_id: int, repost: bool) -> None:
        """Redraws the board from the latest saved state: in place, or posted again at the bottom (and
        when the old one was deleted). Requests that arrive while a redraw is under way are folded into
        one more redraw, so a burst of moves costs a couple of edits rather than one each: Discord
        rate-limits edits per channel."""
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
        message = await self.board_message(record, self.service.load_state(record), [])
        if record.message_id is not None and not repost:
            board = self.channel_of(record).get_partial_message(record.message_id)
            # A board someone deleted is simply posted again below.
            with contextlib.suppress(discord.NotFound):
                await board.edit(**as_edit(message))
                return
        await self.post_board(record, message)

    def channel_of(self, record: GameRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    async def post_board(self, record: GameRecord, message: dict[str, Any]) -> None:
        """Posts a new board at the bottom of the channel; it becomes the only board with controls."""
        posted = await self.channel_of(record).send(**message)
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

    async def show_rules(self, interaction: discord.Interaction[Any]) -> None:
        await send(interaction, ephemeral=True, embed=self.rule_pages.embed(0), view=self.rule_pages.view(0))

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
        message_id = await send(
            interaction, embed=lobby_embed(self.module, record), view=lobby_view(self.module, record)
        )
        assert message_id is not None
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
                message = {"embed": lobby_embed(self.module, record), "view": lobby_view(self.module, record)}
            else:
                message = await self.board_message(record, self.service.load_state(record), [])
            message_id = await send(interaction, **message)
            assert message_id is not None
            await self.adopt_board(record, message_id)
        self.bot.autopilot.wake(game_id)

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
        await send(
            interaction, content=f"The {self.module.title} game was abandoned by {interaction.user.mention}."
        )
        if record.message_id is not None:
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                await self.channel_of(record).get_partial_message(record.message_id).edit(view=None)

    async def on_table_control(self, interaction: discord.Interaction[Any], control: Control) -> bool:
        """Handles a rules page or a lobby click; returns False for the game's own controls."""
        if control.op == "rules":
            page = RulePages.page_of(control)
            await update(interaction, embed=self.rule_pages.embed(page), view=self.rule_pages.view(page))
            return True
        if control.op not in LOBBY_OPS:
            return False
        await handle_lobby_control(
            self.service,
            self.module,
            interaction,
            control,
            lambda move: self.publish(move, interaction, show=self._show_start),
        )
        return True

    async def _show_start(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The lobby message becomes the game's first board."""
        assert interaction is not None
        state = move.state
        await update(
            interaction, **as_edit(await self.board_message(move.record, state, state.recent_events))
        )
