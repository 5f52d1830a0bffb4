"""Perfect Cell on Discord: the /cell commands and the handling of the board's controls and panels.

Every control is drawn from ``legal_actions`` of the board version it belongs to, and carries that
version; what it plays is a path through those actions (see ``paths``), which identifies the moves
exactly as long as the version matches.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.core.service import Move, ServiceError, StaleBoard, seat_of
from bot.core.speech import private_language, table_language
from bot.games.cell.board import (
    activation_embed,
    board_embed,
    board_view,
    done_text,
    more_placeholder,
    turn_call,
)
from bot.games.cell.choices import WILD_TOKEN, dice_kinds, more_choices, wild_choices
from bot.games.cell.guide import HELP_TEXT, RULE_PAGES
from bot.games.cell.module import VARIANTS
from bot.games.cell.panel_view import menu_message, menus_message, payment_message
from bot.games.cell.panels import is_panel_code, panel_plan
from bot.games.cell.paths import FACE_EMOJI, Explorer, choice_path, follow_steps
from bot.games.cell.speech import Speaker, speaker
from bot.games.cell.views_ahead import ViewsAhead
from bot.runtime import metrics
from bot.storage import GameRecord
from bot.table.controller import TableController
from bot.ui.components import ANOTHER_SEAT, UNKNOWN_CONTROL, Control, index_in
from bot.ui.messages import as_edit, board_file, message_link
from bot.ui.replies import in_time, reply_error, reply_private, send, update
from bot.ui.text import clip
from locales.languages import Language
from locales.translate import command_words
from renderers.cell import render_cell
from renderers.cell.language import in_language
from renderers.common import RenderedBoard
from rules.cell.actions import CellAction
from rules.cell.ai import hint
from rules.cell.content import Face
from rules.cell.describe import describe
from rules.cell.engine import apply
from rules.cell.state import CellState
from rules.cell.view import view
from rules.core.errors import IllegalAction
from rules.core.events import Event

log = logging.getLogger("bot.cell")

STALE = "stale"
"""The refusal of a click on an out-of-date board, which is answered with the current board."""


def _playing(action: CellAction) -> Any:
    """The chooser of a move already looked up on this very version (the engine still checks it)."""
    return lambda _state, _seat: action


def _from_panel(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click came from a private panel (an ephemeral message) rather than the board."""
    return interaction.message is not None and interaction.message.flags.ephemeral


def _more_title(speak: Speaker) -> str:
    return speak.gettext("**Several dice at once** — threats, Power Ups and more:")


def _wild_title(speak: Speaker) -> str:
    return speak.gettext("**🌟 Wild token** — spend it as any face:")


def _wild_placeholder(face: Face, speak: Speaker) -> str:
    return f"{FACE_EMOJI[face]} " + speak.pgettext("placeholder", "Spend it as {face}…").format(
        face=speak.face(face)
    )


def _plan_words(state: CellState, plan: list[CellAction], speak: Speaker) -> list[str]:
    """Each planned action described where the plan has got to ("2 of 4 toward…" after the first
    die on a threat); a step the plan names loosely (a die it expects elsewhere) as it reads now."""
    words = []
    planned = state
    for action in plan:
        try:
            after, _ = apply(planned, action)
        except IllegalAction:
            words.append(speak.say(describe(state, action)))
            continue
        words.append(speak.say(describe(planned, action)))
        planned = after
    return words


class CellController(TableController):
    rule_pages = RULE_PAGES

    def __init__(self, host: Host, module: GameModule) -> None:
        super().__init__(host, module)
        self._views_ahead = ViewsAhead(host)

    # Commands.

    def command_group(self) -> app_commands.Group:
        group = app_commands.Group(
            name="cell", description="Perfect Cell: a cooperative dice game against Cell", guild_only=True
        )

        @group.command(name="start", description="Open a Perfect Cell lobby in this channel")
        @app_commands.describe(
            difficulty="How hard Cell fights (the server's default if left out)",
            ai_players="Empty seats the AI fills when the game starts",
        )
        @app_commands.choices(difficulty=[app_commands.Choice(name=n, value=v) for v, n in VARIANTS.items()])
        async def start(
            interaction: discord.Interaction[Any],
            difficulty: str | None = None,
            ai_players: app_commands.Range[int, 0, 3] = 0,
        ) -> None:
            await self.open_lobby(interaction, difficulty, ai_players)

        @group.command(name="hint", description="Privately: what the AI would do with the rest of your turn")
        async def hint_command(interaction: discord.Interaction[Any]) -> None:
            await self.hint(interaction)

        self.add_table_commands(group, HELP_TEXT)
        return group

    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        speak = speaker(private_language(interaction))
        seat = seat_of(record, interaction.user.id)
        if record.status != "active" or seat is None:
            await reply_error(interaction, speak.gettext("Hints are for players of the running game."))
            return
        state = self.service.load_state(record)
        if seat != state.active_seat or state.outcome is not None:
            await reply_error(
                interaction, speak.gettext("Hints are for your own turn: ask again when it comes.")
            )
            return
        suggestion = await in_time(
            interaction,
            asyncio.to_thread(hint, state, seat, state.actions_taken),
            thinking=True,
            ephemeral=True,
        )
        if suggestion is None:
            await reply_private(interaction, speak.gettext("I have no suggestion right now."))
            return
        steps = " → ".join(_plan_words(state, suggestion.plan[:8], speak))
        text = speak.gettext("**Suggestion:** {action}\n*Why:* {reason}\n*The rest of the plan:* {steps}")
        action = speak.say(describe(state, suggestion.action))
        await reply_private(
            interaction, clip(text.format(action=action, reason=suggestion.reason, steps=steps), 1900)
        )

    # Controls.

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if await self.on_table_control(interaction, control):
            return
        speak = speaker(private_language(interaction))
        if control.op == "close":
            # Only a panel that shows its Cancel button may be taken away by it.
            if control.shown and _from_panel(interaction):
                await self._take_away(interaction, speak.gettext("Nothing was spent."))
            else:
                await reply_error(interaction, UNKNOWN_CONTROL)
            return
        record = await self.service.storage.game(control.game_id)
        refusal = self._refusal(record, interaction.user.id, control, speak)
        if refusal is not None:
            await self._refuse(interaction, record, refusal)
            return
        assert record is not None
        state = self.service.load_state(record)
        chosen = control.values[0] if control.values else control.arg
        try:
            if control.op == "act":
                await self._choose(interaction, record, state, control, chosen)
            elif control.op == "dice":
                plan = panel_plan(state, state.active_seat, control.arg, list(control.values), speak)
                await update(interaction, **payment_message(record, plan, state.active_seat, speak))
            elif control.op == "pay":
                await self._play(interaction, record, state, control, chosen)
            elif control.op == "more":
                choices = more_choices(Explorer(state, state.active_seat), speak)
                message = menu_message(
                    record, _more_title(speak), choices, more_placeholder(speak), state.active_seat, speak
                )
                await self._show_panel(interaction, message)
            elif control.op in ("die", "token"):
                await self._old_die_menu(interaction, record, state, control)
            else:
                await reply_error(interaction, UNKNOWN_CONTROL)
        except IllegalAction as error:
            await reply_error(interaction, speak.say(error.words))

    def _refusal(
        self, record: GameRecord | None, user_id: int, control: Control, speak: Speaker
    ) -> str | None:
        if record is None or record.status != "active":
            over = speak.gettext("This game is over. Start a new one with `{start}`.")
            return over.format(start=command_words("cell start", speak.language))
        if control.version != record.version or not control.shown:
            return STALE
        seat = seat_of(record, user_id)
        if seat is None:
            return speak.gettext(
                "You're not playing in this game. Start your own with `{start}` in another channel!"
            ).format(start=command_words("cell start", speak.language))
        if control.drawn_for_another(seat):
            return ANOTHER_SEAT
        if record.lobby["players"][seat].get("ai"):
            taken = speak.gettext("The AI is playing your seat. Use `{autoplay}` to take it back.")
            return taken.format(autoplay=command_words("cell autoplay", speak.language))
        state = self.service.load_state(record)
        if seat != state.active_seat:
            turn = speak.gettext("It's {fighter}'s turn. Wait for yours!")
            return turn.format(fighter=speak.fighter(state, state.active_seat))
        return None

    async def _refuse(
        self, interaction: discord.Interaction[Any], record: GameRecord | None, refusal: str
    ) -> None:
        """Says why nothing happened; an out-of-date click is shown the current board, in the panel
        itself when it came from one."""
        if refusal != STALE or record is None:
            await reply_error(interaction, refusal)
            return
        state = self.service.load_state(record)
        language = private_language(interaction)
        speak = speaker(language)
        board = await metrics.render(
            "cell", self.host.painter.draw(render_cell, in_language(view(state, None), language))
        )
        text = (
            speak.gettext(
                "This board is out of date, so nothing changed. Here is the current one: {link}"
            ).format(link=message_link(record))
            if record.message_id
            else speak.gettext("This board is out of date, so nothing changed. Here is the current one.")
        )
        if _from_panel(interaction):
            await update(interaction, content=text, embed=None, view=None, attachments=[board_file(board)])
        else:
            await reply_private(interaction, text, file=board_file(board))

    async def _choose(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: CellState,
        control: Control,
        chosen: str,
    ) -> None:
        """A menu pick or a button of the board or a menu panel: played, or its panel opened."""
        seat = state.active_seat
        speak = speaker(private_language(interaction))
        if chosen == WILD_TOKEN:
            await self._show_panel(interaction, _wild_panel(record, state, speak))
        elif is_panel_code(chosen):
            plan = panel_plan(state, seat, chosen, speak=speak)
            await self._show_panel(interaction, payment_message(record, plan, seat, speak))
        else:
            await self._play(interaction, record, state, control, chosen)

    async def _show_panel(self, interaction: discord.Interaction[Any], message: dict[str, Any]) -> None:
        """A panel opened from a panel replaces it; one opened from the board is a new private message."""
        if _from_panel(interaction):
            await update(interaction, **message)
        else:
            await send(interaction, ephemeral=True, **message)

    async def _old_die_menu(
        self, interaction: discord.Interaction[Any], record: GameRecord, state: CellState, control: Control
    ) -> None:
        """A die or token button of a board drawn before one menu per kind of die: the menu of its
        face, in a private panel."""
        explorer = Explorer(state, state.active_seat)
        speak = speaker(private_language(interaction))
        if control.op == "token" and control.arg == "wild":
            await self._show_panel(interaction, _wild_panel(record, state, speak))
            return
        if control.op == "die":
            die = index_in(control.arg, len(state.dice))
            face = state.dice[die].face if die is not None else None
        else:
            face = control.arg
        kind = next((kind for kind in dice_kinds(explorer, speak) if kind.face == face), None)
        if kind is None or not kind.choices:
            await reply_error(interaction, speak.gettext("That can't be used for anything right now."))
            return
        title = f"**{FACE_EMOJI[kind.face]} {speak.face(kind.face)}** — " + speak.gettext(
            "what should it do?"
        )
        message = menu_message(record, title, kind.choices, kind.placeholder(speak), state.active_seat, speak)
        await self._show_panel(interaction, message)

    async def _play(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: CellState,
        control: Control,
        chosen: str,
    ) -> None:
        """Plays a path: each move through the service on the version the last one left, the board
        shown once at the end with every move's events. The whole path is checked first on the state
        it was drawn for; the engine is deterministic, so the real moves follow it exactly."""
        speak = speaker(private_language(interaction))
        path = choice_path(state, state.active_seat, chosen)
        if path is None:
            await reply_error(interaction, speak.gettext("I don't know that choice."))
            return
        # Every step is checked here, and a path cannot go on past the end of the game (nothing is
        # legal then), so the moves are played as found, with the state they lead to.
        steps = follow_steps(state, state.active_seat, path)
        after = steps[-1].after
        # The board these moves lead to is drawn while they are saved: the engine is deterministic, so
        # it is the one shown once they are (a move refused meanwhile only leaves a board unused).
        language = await table_language(self.host, record.guild_id)
        self._views_ahead.work_out(record, control.version, path, after, language)
        # Each move is saved as the next version: the boards of the moves after these are listed now.
        self.foresee(record, after, language, control.version + len(path))
        events: list[Event] = []
        version = control.version
        for number, step in enumerate(steps):
            last = number == len(steps) - 1

            async def show(move: Move) -> None:
                move.events = [*events, *move.events]
                await self.publish(move, interaction)

            try:
                move = await self.service.act(
                    control.game_id,
                    interaction.user.id,
                    version,
                    _playing(step.action),
                    publish=show if last else None,
                    # Worked out by ``follow_steps`` on the very state the service loads.
                    applied=step,
                )
            except StaleBoard as stale:
                await self._partly_played(record.id, number)
                await self._refuse(interaction, stale.record, STALE)
                return
            except ServiceError as error:
                await self._partly_played(record.id, number)
                await reply_error(interaction, error.message)
                return
            except IllegalAction as error:
                await self._partly_played(record.id, number)
                await reply_error(interaction, speak.say(error.words))
                return
            events.extend(move.events)
            version = move.record.version

    async def _partly_played(self, game_id: int, played: int) -> None:
        """When something else changed the game in the middle of a path, the board shows the moves that
        were played (whoever changed it showed their own)."""
        if played:
            async with self.service.lock(game_id):
                await self.refresh_board(game_id, repost=False)
            self.host.wake(game_id)

    async def _take_away(self, interaction: discord.Interaction[Any], text: str) -> None:
        """A private panel whose decision is made or dropped goes away (a public message only loses
        its controls)."""
        await update(interaction, content=text, embed=None, view=None, attachments=[])
        if _from_panel(interaction):
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The board message is redrawn in place; after Cell's activation a fresh board goes to the
        bottom of the channel, and the old one becomes the round's summary with a link to it.
        ``interaction`` is None for the AI's moves; a move made from a private panel takes the panel
        away."""
        record, state, events = move.record, move.state, move.events
        activated = any(event.kind == "cell_activates" for event in events)
        message = await self.board_for(record, state, events)
        public = speaker(await table_language(self.host, record.guild_id))
        board_update = {"view": None, "content": None} if activated else as_edit(message)
        from_board = (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == record.message_id
        )
        if interaction is not None:
            if from_board:
                await update(interaction, **board_update)
            else:
                await self._take_away(interaction, done_text(events, speaker(private_language(interaction))))
        if activated:
            await self.post_board(record, message, superseded=[activation_embed(events, public)])
        elif not from_board and record.message_id is not None:
            board = self.channel_of(record, record.message_id).get_partial_message(record.message_id)
            await board.edit(**board_update)

    def board_renderer(self) -> Callable[[Any], RenderedBoard]:
        return render_cell

    def render_png(self, state: CellState, language: Language = Language.ENGLISH) -> bytes:
        return render_cell(in_language(view(state, None), language)).png

    async def board_message(
        self, record: GameRecord, state: CellState, events: list[Event]
    ) -> dict[str, Any]:
        # The controls are worked out while the worker draws the image.
        language = await table_language(self.host, record.guild_id)
        public, menus_ahead = self._views_ahead.take(record, state, language)
        drawing = self.host.painter.begin(render_cell, public)
        speak = speaker(language)
        player = record.lobby["players"][state.active_seat]
        embed = board_embed(state, events, player, speak)
        embed.set_image(url="attachment://board.png")
        menus = None
        if menus_ahead is not None:
            # A worker that failed leaves them to be worked out here.
            with contextlib.suppress(Exception):
                menus = await menus_ahead
        controls = board_view(record, state, speak, menus)
        board = await metrics.render("cell", drawing)
        return {
            "content": None if state.outcome else turn_call(player, speak),
            "embed": embed,
            "files": [board_file(board)],
            "view": controls,
        }


def _wild_panel(record: GameRecord, state: CellState, speak: Speaker) -> dict[str, Any]:
    """One menu per face the Wild token can be spent as, each under its face."""
    uses = wild_choices(Explorer(state, state.active_seat), speak)
    menus = [(choices, _wild_placeholder(face, speak)) for face, choices in uses.items()] or [
        ([], speak.pgettext("placeholder", "Spend the Wild token as…"))
    ]
    return menus_message(record, _wild_title(speak), menus, state.active_seat, speak)
