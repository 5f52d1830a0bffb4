"""What every game's Discord side shares: the status, log, autoplay, leave and abandon commands, paged
rules, the lobby (``bot.table.lobby_desk``), and the controls of table life (hand-offs of absent
players, leaving a game, rematches).

A game's controller extends ``TableController``, draws its own board with ``board_message`` and
shows its moves with ``show_move`` (see ``bot.table.boards``); the commands here work on whichever game
the channel runs, named by the controller's module.
"""

from __future__ import annotations

import contextlib
from abc import abstractmethod
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.core.game_module import SeatWordedEvents
from bot.core.replay import RenderPng
from bot.core.service import ServiceError, seat_of
from bot.core.speech import game_words, table_language
from bot.storage import GameRecord
from bot.table.lobby import LOBBY_MENUS, LOBBY_OPS, change_lobby
from bot.table.lobby_desk import LobbyDesk
from bot.table.pages import RulePages
from bot.table.replay import post_replay
from bot.ui.components import UNKNOWN_CONTROL, Control, button, index_in, view_of
from bot.ui.replies import in_time, reply_error, reply_private, send, update
from bot.ui.text import Said, clip, private_language, spoken
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import command, command_words
from rules.core.events import Event
from rules.core.text import Text

# The controls every game's table has, beside the game's own.
TABLE_OPS = ("rules", "handoff", "rematch", "quit", *LOBBY_OPS)
QUIT_CHOICES = ("confirm", "cancel")


def _as_drawn(control: Control) -> bool:
    """Whether a table control's version and argument are ones the bot draws (a rules page's and a
    hand-off's argument are read where they are handled)."""
    if control.op in LOBBY_OPS:
        return control.arg == "" and control.menu == (control.op in LOBBY_MENUS)
    if control.op == "quit":
        return control.version == 0 and control.arg in QUIT_CHOICES and not control.menu
    return control.version == 0 and (control.op != "rematch" or control.arg == "")


def table_help(name: str, language: Language) -> str:
    """The lines every game's ``/<game> help`` ends with: the commands of its table."""
    _ = translations(BOT, language).gettext
    leave = _("**{leave}** — leave the running game (after a confirmation): the AI plays your seat")
    replay = _("**{replay}** — an animated replay of a finished game (the last here, or by number)")
    return (
        "\n"
        + leave.format(leave=command_words(f"{name} leave", language))
        + "\n"
        + replay.format(replay=command_words(f"{name} replay", language))
    )


def finished_view(record: GameRecord, language: Language = Language.ENGLISH) -> discord.ui.View:
    """The final board's one control: a new lobby with the same players, characters and settings;
    ``language`` is the table's."""
    label = translations(BOT, language).pgettext("button", "Rematch")
    return view_of(
        [button(record.id, 0, "rematch", label=label, emoji="🔁", style=discord.ButtonStyle.success)]
    )


class TableController(LobbyDesk):
    """The commands and controls every game has; subclasses draw the board and handle moves."""

    rule_pages: RulePages
    typed_ops: tuple[str, ...] = ()
    """The ops of the game's modals (none unless the game has some)."""

    def add_table_commands(self, group: app_commands.Group, help_text: Said) -> None:
        """The commands every game has: status, rules, log, autoplay, leave, abandon, help and replay;
        ``help_text`` is the game's own part of its help (a ``Text`` of its catalogue)."""
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

        @group.command(name="leave", description="Leave this channel's game: the AI plays your seat")
        async def leave(interaction: discord.Interaction[Any]) -> None:
            await self.ask_to_leave(interaction)

        @group.command(name="abandon", description="End this channel's game (host or channel managers)")
        async def abandon(interaction: discord.Interaction[Any]) -> None:
            await self.abandon(interaction)

        @group.command(name="help", description=f"List the {title} commands")
        async def help_command(interaction: discord.Interaction[Any]) -> None:
            language = private_language(interaction)
            words = game_words(self.module, help_text, language) + table_help(self.name, language)
            await reply_private(interaction, words)

        @group.command(name="replay", description=f"An animated replay of a finished {title} game")
        @app_commands.describe(game="The game's number from /history; this channel's last game if left out")
        async def replay(
            interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
        ) -> None:
            language = await table_language(self.host, interaction.guild_id)
            await post_replay(interaction, self.service.storage, self.module, self.replay_png, game, language)

    @abstractmethod
    def render_png(self, state: Any, language: Language = Language.ENGLISH) -> bytes:
        """The public board of ``state`` as PNG bytes, as the live board shows it, its words in
        ``language`` (used by replays)."""

    def replay_png(self, record: GameRecord, language: Language) -> RenderPng:
        """How the replay of ``record`` draws its frames, in the table's ``language``: ``render_png``,
        unless the board needs more of the record than the state (Prime Time's players' names)."""
        return partial(self.render_png, language=language)

    async def show_rules(self, interaction: discord.Interaction[Any]) -> None:
        language = private_language(interaction)
        pages = {"embed": self.rule_pages.embed(0, language), "view": self.rule_pages.view(0, language)}
        await send(interaction, ephemeral=True, **pages)

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
                await reply_error(interaction, Text("This game has just ended."))
                return
            if record.status == "lobby":
                message = self.lobby_message(
                    record, language=await table_language(self.host, record.guild_id)
                )
            else:
                message = await self.board_for(record, self.service.load_state(record), [])
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
            await reply_private(interaction, Text("The game hasn't started yet: nothing has happened."))
            return
        language = private_language(interaction)
        state = self.service.load_state(record)
        public = self.module.rules.view(state, None)
        events = public.recent_events[-20:]  # type: ignore[attr-defined]
        lines = [self._log_line(event, record, language) for event in events]
        title = translations(BOT, language).gettext("{game} — recent events (round {round})")
        embed = discord.Embed(
            title=title.format(game=self.module.title, round=format_number(state.round, language)),
            description=clip("\n".join(lines), 4000),
            colour=discord.Colour.dark_teal(),
        )
        await reply_private(interaction, "", embed=embed)

    def _log_line(self, event: Event, record: GameRecord, language: Language) -> str:
        """An event as the reader of the log reads it: in their ``language``, and, for a game whose
        events name players by seat, with the players' names in them."""
        words = game_words(self.module, event.text, language)
        if isinstance(self.module, SeatWordedEvents):
            return self.module.event_text(event.model_copy(update={"text": words}), record.lobby)
        return words

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
        abandoned = translations(BOT, await table_language(self.host, record.guild_id)).gettext(
            "The {game} game was abandoned by {player}."
        )
        await send(
            interaction, content=abandoned.format(game=self.module.title, player=interaction.user.mention)
        )
        self.host.pacer.note(record.channel_id)
        if record.message_id is not None:
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                board = self.channel_of(record, record.message_id).get_partial_message(record.message_id)
                await board.edit(view=None)
        await self.retire_stale_pings(record.id)
        async with self.service.lock(record.id):
            await self.close_thread(record.id)

    async def autoplay(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        if record.status != "active":
            await reply_error(interaction, Text("Autoplay is for a running game; start it first."))
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
            Text(
                "The AI now plays your seat. Use `{autoplay}` again to take it back.",
                autoplay=command(f"{self.name} autoplay"),
            )
            if playing
            else Text("Your seat is yours again."),
        )
        # The seats changed hands, so the board's controls (and their version) are drawn again. A
        # player taking their seat back when it must act is at the table: the answer above tells them.
        self.presence.saw(record.id, interaction.user.id)
        async with self.service.lock(record.id):
            await self.refresh_board(record.id, repost=False)
            await self.notify_owed(record.id)
            await self.retire_stale_pings(record.id)
        self.host.wake(record.id)

    async def ask_to_leave(self, interaction: discord.Interaction[Any]) -> None:
        """``/<game> leave``: the confirmation, privately, before the AI takes the player's seat."""
        record = await self.channel_game(interaction)
        if record is None:
            return
        seat = seat_of(record, interaction.user.id)
        if record.status != "active" or seat is None:
            await reply_error(
                interaction,
                Text("Leaving is for players of a running game (in a lobby, press **Leave** on it)."),
            )
            return
        if record.lobby["players"][seat].get("ai"):
            await reply_error(
                interaction,
                Text(
                    "The AI already plays your seat. `{autoplay}` takes it back.",
                    autoplay=command(f"{self.name} autoplay"),
                ),
            )
            return
        words = translations(BOT, private_language(interaction))
        choices = [
            button(
                record.id,
                0,
                "quit",
                "confirm",
                label=words.pgettext("button", "Leave game"),
                style=discord.ButtonStyle.danger,
            ),
            button(record.id, 0, "quit", "cancel", label=words.pgettext("button", "Stay")),
        ]
        await reply_private(
            interaction,
            Text(
                "Leave this {game} game? The AI plays your seat to the end, and the channel is told.",
                game=self.module.title,
            ),
            view=view_of(choices),
        )

    async def _leave_clicked(self, interaction: discord.Interaction[Any], control: Control) -> None:
        language = private_language(interaction)
        if control.arg == "cancel":
            await update(interaction, content=spoken(Text("You stay in the game."), language), view=None)
            return
        record = await self.service.storage.game(control.game_id)
        seat = None if record is None else seat_of(record, interaction.user.id)
        if record is None or record.status != "active" or seat is None:
            gone = Text("That game is not running any more: nothing changed.")
            await update(interaction, content=spoken(gone, language), view=None)
            return
        if record.lobby["players"][seat].get("ai"):
            played = Text("The AI already plays your seat: nothing changed.")
            await update(interaction, content=spoken(played, language), view=None)
            return
        left = Text(
            "You left the game: the AI plays your seat now. `{autoplay}` takes it back.",
            autoplay=command(f"{self.name} autoplay"),
        )
        await update(interaction, content=spoken(left, language), view=None)
        with contextlib.suppress(ServiceError):
            await self.hand_to_ai(record.id, seat, Text("they left the game"))

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
            language = private_language(interaction)
            pages = {
                "embed": self.rule_pages.embed(page, language),
                "view": self.rule_pages.view(page, language),
            }
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                await update(interaction, **pages)
            else:
                # The lobby's How to play: the pages open privately, the lobby stays.
                await send(interaction, ephemeral=True, **pages)
            return True
        if control.op == "handoff":
            await self._hand_off_clicked(interaction, control)
            return True
        if control.op == "rematch":
            await self._rematch(interaction, control.game_id)
            return True
        if control.op == "quit":
            await self._leave_clicked(interaction, control)
            return True
        lobby = await change_lobby(
            self.service,
            self.module,
            interaction,
            control,
            lambda move: self.publish(move, interaction, show=self._show_start),
        )
        if lobby is not None:
            record, news = lobby
            language = await table_language(self.host, record.guild_id)
            await update(interaction, **self.lobby_message(record, news, language))
        return True

    async def _hand_off_clicked(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """Another player (or the host) lets the AI play for someone the clock reminded."""
        record = await self.service.storage.game(control.game_id)
        seat = None if record is None else index_in(control.arg, len(record.lobby["players"]))
        if record is None or record.status != "active" or seat is None:
            await reply_error(interaction, Text("That game is not running any more."))
            return
        absent = record.lobby["players"][seat]
        clicker = seat_of(record, interaction.user.id)
        if interaction.user.id == absent["user_id"]:
            await reply_error(
                interaction, Text("That's your own seat: just make your move, or use autoplay.")
            )
            return
        if clicker is None and interaction.user.id != record.host_id:
            await reply_error(
                interaction, Text("Only the other players of this game can hand a seat to the AI.")
            )
            return
        clock = await self.service.storage.turn_clock(record.id, seat)
        if absent.get("ai") or clock is None or clock.stage == 0:
            await reply_error(
                interaction,
                Text("{player} is back (or no longer has to act): nothing changed.", player=absent["name"]),
            )
            return
        await reply_private(interaction, Text("The AI takes over {player}'s seat.", player=absent["name"]))
        if await self.service.storage.advance_clock(record.id, seat, clock.called_at, 2):
            with contextlib.suppress(ServiceError):
                why = Text("handed over by {player}", player=interaction.user.display_name)
                await self.hand_to_ai(record.id, seat, why)
