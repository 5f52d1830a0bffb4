"""Over 9000 on Discord: the /over9000 commands and the handling of clicks (the public board is drawn
in ``bot.games.over9000.board``, the private panels in ``bot.games.over9000.panel``).

Secrets never leave a private panel. The board (embed, image, alt text and buttons) is drawn from
``view(state, None)`` alone; a player's own tokens appear only in the ephemeral panel that the board's
"My tokens" button opens for them, built from ``view(state, seat)``.

Everyone arranges tokens at once, so a board version in the panels would outdate every panel at each
token anyone placed. A panel's controls instead carry the action itself (``place.kick.2``) and, as their
version, how many moves that player had made when it was drawn: a double click or a click on an older
panel of the same player is out of date, another player's move is not, and the engine rejects, with
its reason, whatever is no longer legal. They also carry the seat they were drawn for, and play for
nobody else; a panel drawn before panels carried it is out of date.

Each player has one panel (``bot.table.open_panels``): its own clicks update it in place,
a refused move included, and every move redraws the open panels whose picture changed.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import discord
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.core.service import Move, ServiceError, StaleBoard, seat_of
from bot.core.speech import private_language, table_language
from bot.games.over9000.board import board_embed, board_view, call_line
from bot.games.over9000.guide import HELP_TEXT, RULE_PAGES
from bot.games.over9000.panel import (
    STALE_NOTE,
    PanelChoice,
    done_note,
    panel_message,
    parse_code,
    refused_note,
)
from bot.runtime import metrics
from bot.storage import GameRecord
from bot.table.controller import TableController
from bot.table.open_panels import OpenPanel, OpenPanels, fingerprint
from bot.ui.components import ANOTHER_SEAT, UNKNOWN_CONTROL, Control
from bot.ui.messages import board_file
from bot.ui.replies import reply_error, send, update
from locales.languages import Language
from renderers.over9000 import Over9000Board, render_over9000
from renderers.over9000.words import Over9000Words, over9000_words
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import N_
from rules.over9000 import view
from rules.over9000.actions import Keep, Place
from rules.over9000.state import Over9000State

# The operations only a private panel's controls have: each is drawn for one seat.
PANEL_OPS = ("act", "choose")
GAME_OVER_NOTE = N_("This game is over, so nothing changed. Start a new one with `{command}`.")
AI_PLAYS_NOTE = N_("The AI is playing your seat, so nothing changed. Use `{command}` to take it back.")
DUEL_NOTE = N_("**{attack}** and **{reveal}** are for the player whose duel it is: here are your tokens.")


def _words(interaction: discord.Interaction[Any]) -> Over9000Words:
    """The words of the one person who clicked: a panel and a reply to them speak their language."""
    return over9000_words(private_language(interaction))


def _from_panel(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click came from a private panel (the only ephemeral messages with game controls)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def _answered_at_once(record: GameRecord, state: Over9000State) -> bool:
    """Whether the AI must now reveal: it answers an attack at once, and that answer redraws the
    board with the attack and its result together."""
    prompt = state.prompt
    return (
        state.outcome is None
        and prompt is not None
        and prompt.kind == "reveal"
        and bool(record.lobby["players"][prompt.seats[0]].get("ai"))
    )


class Over9000Controller(TableController):
    rule_pages = RULE_PAGES

    def command_group(self) -> app_commands.Group:
        group = app_commands.Group(
            name="over9000", description="Over 9000: a bluffing duel game of hidden tokens", guild_only=True
        )

        @group.command(name="start", description="Open an Over 9000 lobby in this channel")
        @app_commands.describe(ai_players="Empty seats the AI fills when the game starts")
        async def start(
            interaction: discord.Interaction[Any], ai_players: app_commands.Range[int, 0, 5] = 0
        ) -> None:
            await self.open_lobby(interaction, "standard", ai_players)

        self.add_table_commands(group, HELP_TEXT)
        return group

    # Controls.

    def __init__(self, host: Host, module: GameModule) -> None:
        super().__init__(host, module)
        self.panels = OpenPanels()

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if await self.on_table_control(interaction, control):
            return
        record = await self.service.storage.game(control.game_id)
        seat = None if record is None else seat_of(record, interaction.user.id)
        words = _words(interaction)
        if record is None or (record.status != "active" and (seat is None or not _from_panel(interaction))):
            await reply_error(
                interaction,
                words.gettext("This game is over. Start a new one with `{command}`.").format(
                    command=words.command("over9000", "start")
                ),
            )
            return
        if seat is None:
            await reply_error(
                interaction,
                words.gettext(
                    "You're not playing in this game. Start your own with `{command}` in another channel!"
                ).format(command=words.command("over9000", "start")),
            )
            return
        if control.drawn_for_another(seat):
            await reply_error(interaction, ANOTHER_SEAT)
            return
        state: Over9000State = self.service.load_state(record)
        if record.status != "active":
            await self._show_panel(
                interaction,
                record,
                state,
                seat,
                PanelChoice(),
                words.gettext(GAME_OVER_NOTE).format(command=words.command("over9000", "start")),
            )
            return
        if (control.op in PANEL_OPS and control.seat is None) or (control.op == "act" and not control.shown):
            await self._show_panel(interaction, record, state, seat, PanelChoice(), words.gettext(STALE_NOTE))
            return
        if control.op == "act":
            if record.lobby["players"][seat].get("ai"):
                await self._show_panel(
                    interaction,
                    record,
                    state,
                    seat,
                    PanelChoice(),
                    words.gettext(AI_PLAYS_NOTE).format(command=words.command("over9000", "autoplay")),
                )
                return
            await self._act(interaction, control)
            return
        if control.op == "mine":
            await self._show_panel(interaction, record, state, seat, PanelChoice(), None)
        elif control.op == "duel":
            await self._open_duel(interaction, record, state, seat)
        elif control.op == "choose":
            await self._choose(interaction, record, state, seat, control)
        else:
            await reply_error(interaction, UNKNOWN_CONTROL)

    async def _show_panel(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: Over9000State,
        seat: int,
        choice: PanelChoice,
        note: str | None,
    ) -> None:
        """Answers with the player's panel, in their language: in place when the click came from one,
        else a new one, which replaces the panel they had open. ``note`` is already in their language."""
        seat_moves = await self.service.storage.seat_moves(record.id, seat)
        panel = panel_message(record, state, seat, seat_moves, choice, note, _words(interaction))
        message = interaction.message
        opened: OpenPanel | None = None
        if message is not None and _from_panel(interaction):
            # The panel clicked may have been replaced, and deleted, meanwhile: then a new one answers.
            with contextlib.suppress(discord.NotFound):
                await update(interaction, **panel)
                opened = OpenPanel(interaction, message.id, original=True)
        if opened is None:
            sent = await send(interaction, ephemeral=True, **panel)
            if sent is not None:
                opened = OpenPanel(interaction, sent, original=False)
            else:
                try:
                    answer = await interaction.original_response()
                except discord.HTTPException:
                    return
                opened = OpenPanel(interaction, answer.id, original=True)
        opened.choice, opened.shown = choice, fingerprint(panel)
        await self.panels.opened(record.id, seat, opened)

    async def _open_duel(
        self, interaction: discord.Interaction[Any], record: GameRecord, state: Over9000State, seat: int
    ) -> None:
        """The board's duel button opens the attacker's or defender's panel; anyone else pressing it
        (the duel moved on, or they misread the board) gets their own panel, told whose move it is."""
        prompt = state.prompt
        note = None
        if prompt is None or prompt.kind == "place" or seat not in prompt.seats:
            words = _words(interaction)
            note = words.gettext(DUEL_NOTE).format(
                attack=words.pgettext("button", "Attack…"), reveal=words.pgettext("button", "Reveal…")
            )
        await self._show_panel(interaction, record, state, seat, PanelChoice(), note)

    async def _choose(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: Over9000State,
        seat: int,
        control: Control,
    ) -> None:
        if control.version != await self.service.storage.seat_moves(record.id, seat):
            note = _words(interaction).gettext(STALE_NOTE)
            await self._show_panel(interaction, record, state, seat, PanelChoice(), note)
            return
        value = control.values[0] if control.values else ""
        choice = PanelChoice(kind=value) if control.arg == "token" else PanelChoice(aim=value)
        await self._show_panel(interaction, record, state, seat, choice, None)

    async def _act(self, interaction: discord.Interaction[Any], control: Control) -> None:
        code = control.values[0] if control.values else control.arg
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                None,
                lambda _state, seat: parse_code(code, seat),
                seat_moves=control.version,
                publish=lambda move: self.publish(move, interaction),
            )
        except StaleBoard as stale:
            await self._redraw_refused(interaction, stale.record, _words(interaction).gettext(STALE_NOTE))
        except IllegalAction as error:
            # Nothing changed: the panel is drawn again, saying why.
            record = await self.service.storage.game(control.game_id)
            assert record is not None
            words = _words(interaction)
            await self._redraw_refused(interaction, record, refused_note(words.said(error.words), words))
        except ServiceError as error:
            await reply_error(interaction, error.message)

    async def _redraw_refused(
        self, interaction: discord.Interaction[Any], record: GameRecord, note: str
    ) -> None:
        seat = seat_of(record, interaction.user.id)
        assert seat is not None
        await self._show_panel(
            interaction, record, self.service.load_state(record), seat, PanelChoice(), note
        )

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The mover's panel is updated in place, every other open panel whose picture changed is
        redrawn, and the board is redrawn in place when the move made public news or called someone
        anew (``publish`` then pings them). Placing a token is news only when it completes an
        arrangement, so the channel isn't redrawn for every token; an attack the AI must answer is
        shown with its answer, which follows at once, in one redraw.
        ``interaction`` is None for the AI's moves."""
        record, state = move.record, move.state
        if interaction is not None and move.seat is not None:
            # The token menu stays on the kind just placed, as long as some are left.
            choice = (
                PanelChoice(kind=move.action.kind) if isinstance(move.action, Keep | Place) else PanelChoice()
            )
            note = done_note(move.action, move.events, move.seat, _words(interaction))
            await self._show_panel(interaction, record, state, move.seat, choice, note)
        await self._follow(record, state, None if interaction is None else move.seat)
        # The final board goes to the bottom of the channel, where everyone sees it.
        public_news = any(event.visible_to is None for event in move.events)
        if (move.ping or public_news) and not _answered_at_once(record, state):
            await self.refresh_board(record.id, repost=state.outcome is not None)

    async def _follow(self, record: GameRecord, state: Over9000State, answered: int | None) -> None:
        """Redraws each open panel but the one just answered, so it shows the game as it now is. The
        panels are separate messages, so they are redrawn together: the board waits for one edit,
        not one per player."""
        redraws = []
        for seat, panel in list(self.panels.open_in(record.id)):
            if seat == answered:
                continue
            seat_moves = await self.service.storage.seat_moves(record.id, seat)
            words = _words(panel.interaction)
            drawn = panel_message(record, state, seat, seat_moves, panel.choice, None, words)
            redraws.append(self.panels.redraw(record.id, seat, panel, drawn))
        await asyncio.gather(*redraws)
        if state.outcome is not None:
            self.panels.close_game(record.id)

    def render_png(self, state: Over9000State, language: Language = Language.ENGLISH) -> bytes:
        return render_over9000(Over9000Board.of(view(state, None), language)).png

    async def board_message(
        self, record: GameRecord, state: Over9000State, events: list[Event]
    ) -> dict[str, Any]:
        public = view(state, None)
        language = await table_language(self.host, record.guild_id)
        drawn = Over9000Board.of(public, language)
        board = await metrics.render("over9000", self.host.painter.draw(render_over9000, drawn))
        players = record.lobby["players"]
        words = over9000_words(language)
        embed = board_embed(public, players, words)
        embed.set_image(url="attachment://board.png")
        return {
            "content": call_line(public, players, words),
            "embed": embed,
            "files": [board_file(board)],
            "view": board_view(record, public, words),
        }
