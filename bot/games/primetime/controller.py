"""Prime Time on Discord: the /primetime commands and the handling of its controls (the board is
drawn in ``bot.games.primetime.messages``, the controls built in ``bot.games.primetime.panel``).

Secrets never leave an ephemeral message. The board (embed, image, alt text and controls) is drawn
from ``view(state, None)`` and from prompts whose choices are public; a player's hand, card lists,
Ascension plan and activation steps appear only in the panel that "My hand" or "Act…" opens for
them. Each player has one panel (``bot.table.open_panels``): its own buttons update it in place,
and every move redraws the other open panels whose picture changed, so a card window that opens or
a decision that becomes theirs shows without a Refresh. Every prompt with a 2.9 default has a
deadline (``module.PROMPT_SECONDS``), measured from the moment its player was called (the turn
clock's row, kept in the database) and fired by ``bot.features.deadlines``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from datetime import datetime
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.core.game_module import GameModule
from bot.core.host import Host
from bot.core.replay import RenderPng
from bot.core.service import Move, ServiceError, StaleBoard, seat_of
from bot.core.speech import private_language, table_language
from bot.games.primetime.codes import parse_cell, parse_code, terrain_edit_code
from bot.games.primetime.commands import primetime_group
from bot.games.primetime.controls import Controls
from bot.games.primetime.messages import (
    board_embed,
    board_items,
    board_names,
    board_prompt,
    call_line,
    done_note,
    panel_message,
)
from bot.games.primetime.modal import TYPED_OP, coordinates_modal
from bot.games.primetime.module import PrimeTimeModule
from bot.games.primetime.panel import PUBLIC_KINDS
from bot.games.primetime.panel_step import PanelStep
from bot.games.primetime.pictures import ZOOM_FILE, panel_zoom, zoom_file
from bot.games.primetime.roster_desk import ROSTER_OP, build_roster, roster_button
from bot.games.primetime.rule_pages import RULE_PAGES
from bot.games.primetime.speech import Speaker
from bot.games.primetime.typed import back_step, preview_message, preview_zoom, typed_action
from bot.runtime import metrics
from bot.storage import GameRecord
from bot.table.controller import TableController, finished_view
from bot.table.open_panels import OpenPanel, OpenPanels, fingerprint
from bot.ui.components import ANOTHER_SEAT, UNKNOWN_CONTROL, Control, button, index_in, view_of
from bot.ui.messages import as_edit, board_file
from bot.ui.replies import open_modal, reply_error, send, update
from bot.ui.text import clip
from locales.catalogues import N_
from locales.languages import Language
from locales.translate import command_words
from renderers.primetime import PrimeTimeBoard, render_primetime, render_primetime_zoom
from renderers.primetime.inputs import DEFAULT_NAMES, PrimeTimeZoom
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Text
from rules.primetime import view
from rules.primetime.actions import PassWindow
from rules.primetime.state import PrimeTimeState

STALE_NOTE = N_("The game moved on since this was drawn, so nothing changed. Here is your current panel.")


class PrimeTimeController(TableController):
    rule_pages = RULE_PAGES
    module: PrimeTimeModule
    typed_ops = (TYPED_OP,)

    def __init__(self, host: Host, module: GameModule) -> None:
        super().__init__(host, module)
        self.panels = OpenPanels()

    def lobby_buttons(self, record: GameRecord, language: Language) -> list[discord.ui.Item[Any]]:
        return [roster_button(record, language)]

    def command_group(self) -> app_commands.Group:
        return primetime_group(self)

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if control.typed != (control.op == TYPED_OP):
            # Only the coordinates modal answers with typed text, and nothing else answers as it.
            await reply_error(interaction, UNKNOWN_CONTROL)
            return
        if control.op == "coords":
            # A modal must be the first answer, before anything is awaited.
            await open_modal(interaction, coordinates_modal(control, Speaker(private_language(interaction))))
            return
        if control.op == ROSTER_OP:
            await build_roster(self, interaction, control)
            return
        if await self.on_table_control(interaction, control):
            return
        speak = Speaker(private_language(interaction))
        record = await self.service.storage.game(control.game_id)
        if record is None or record.status != "active":
            over = speak.gettext("This game is over. Start a new one with `{start}`.")
            await reply_error(
                interaction, over.format(start=command_words("primetime start", speak.language))
            )
            return
        seat = seat_of(record, interaction.user.id)
        if seat is None:
            not_playing = speak.gettext(
                "You're not playing in this game. Start your own with `{start}` in another channel!"
            )
            start = command_words("primetime start", speak.language)
            await reply_error(interaction, not_playing.format(start=start))
            return
        if control.drawn_for_another(seat):
            await reply_error(interaction, ANOTHER_SEAT)
            return
        old_panel = control.seat is None and (
            control.op == "pact" or (control.op == "choose" and _from_panel(interaction))
        )
        if old_panel or (control.op in ("act", "pact") and not control.shown):
            # A panel drawn before panels carried their seat, or a move its message no longer shows.
            await self._show_panel(
                interaction, record, self.service.load_state(record), seat, "main", speak.gettext(STALE_NOTE)
            )
            return
        if control.op in ("act", "pact", TYPED_OP, "ready") and record.lobby["players"][seat].get("ai"):
            taken = speak.gettext("The AI is playing your seat. Use `{autoplay}` to take it back.")
            await reply_error(
                interaction, taken.format(autoplay=command_words("primetime autoplay", speak.language))
            )
            return
        if control.op == "act" and not _prompted_publicly(self.service.load_state(record), seat):
            await reply_error(
                interaction, speak.gettext("This decision is not yours to make, so nothing changed.")
            )
            return
        if control.op == "ready":
            await self._ready(interaction, control)
        elif control.op in ("act", "pact"):
            await self._act(interaction, control, control.values[0] if control.values else control.arg)
        elif control.op == TYPED_OP:
            await self._cell(interaction, record, seat, control)
        elif control.op in ("panel", "choose"):
            state = self.service.load_state(record)
            step = control.arg if control.op == "choose" and control.arg != "main" else "main"
            if control.op == "panel" and control.arg == "cards":
                step = "cards.0"
            stale = (
                control.op == "choose"
                and _from_panel(interaction)
                and control.version != await self.service.storage.seat_moves(record.id, seat)
            )
            if control.values and step.startswith("asc."):
                step = _ascension_step(step, control.values[0])
            elif control.values and step == "dep":
                step = f"dep.{control.values[0]}.0"
            note = speak.gettext(STALE_NOTE) if stale else None
            await self._show_panel(interaction, record, state, seat, "main" if stale else step, note)
        else:
            await reply_error(interaction, UNKNOWN_CONTROL)

    async def _show_panel(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: PrimeTimeState,
        seat: int,
        step: str,
        note: str | None,
    ) -> None:
        """Answers with the player's panel: in place when the click came from one, else as a new
        ephemeral message, which replaces the panel they had open (``bot.table.open_panels``); it
        speaks the clicking player's language."""
        panel = await self.panel(record, state, seat, step, note, private_language(interaction))
        message = interaction.message
        opened: OpenPanel | None = None
        if message is not None and _from_panel(interaction):
            # The panel clicked may have been replaced, and deleted, meanwhile: then a new one answers.
            with contextlib.suppress(discord.NotFound):
                await update(interaction, **as_edit(panel))
                opened = OpenPanel(interaction, message.id, original=True)
        if opened is None:
            files = panel.pop("files")
            sent = await send(interaction, ephemeral=True, **panel, **({"files": files} if files else {}))
            if sent is not None:
                opened = OpenPanel(interaction, sent, original=False)
            else:
                try:
                    answer = await interaction.original_response()
                except discord.HTTPException:
                    return
                opened = OpenPanel(interaction, answer.id, original=True)
        opened.choice, opened.shown = PanelStep.drawn(step, state, seat), fingerprint(panel)
        await self.panels.opened(record.id, seat, opened)

    async def panel(
        self,
        record: GameRecord,
        state: PrimeTimeState,
        seat: int,
        step: str,
        note: str | None,
        language: Language,
    ) -> dict[str, Any]:
        """The player's panel at ``step`` in their ``language``, as a new message's fields; its
        ``files`` hold the close-up of a step chosen on the battlefield (Move, Technique) and nothing
        otherwise, so an edit to another step takes the old picture away."""
        seat_moves = await self.service.storage.seat_moves(record.id, seat)
        words = Speaker(language)
        panel = panel_message(record, state, seat, seat_moves, step, note, words)
        zoom = panel_zoom(state, seat, step, board_names(record), words)
        panel["files"] = []
        if zoom is not None:
            drawn = await metrics.render(
                "primetime", self.host.painter.draw(render_primetime_zoom, _in_language(zoom, language))
            )
            panel["embed"].set_image(url=f"attachment://{ZOOM_FILE}")
            panel["files"].append(zoom_file(drawn))
        return panel

    async def _panel_redraws(
        self, record: GameRecord, state: PrimeTimeState, answered: int | None
    ) -> list[Awaitable[None]]:
        """The redraws of each open panel but the one just answered, drawn and ready to send, so it
        shows the game as it now is: a card window that opened, a decision that became theirs. A
        panel keeps its step (a card page, the Technique menu) while its player's decision is the
        same kind."""
        redraws = []
        for seat, panel in list(self.panels.open_in(record.id)):
            if seat == answered:
                continue
            kept: PanelStep = panel.choice
            panel.choice = kept.followed(state, seat)
            language = private_language(panel.interaction)
            drawn = await self.panel(record, state, seat, panel.choice.step, None, language)
            redraws.append(self.panels.redraw(record.id, seat, panel, as_edit(drawn)))
        return redraws

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        control: Control,
        code: str,
        from_modal: bool = False,
    ) -> None:
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                None,
                lambda state, seat: parse_code(code, state, seat),
                seat_moves=control.version,
                publish=lambda move: self.publish(move, interaction),
            )
        except StaleBoard as stale:
            seat = seat_of(stale.record, interaction.user.id)
            assert seat is not None
            state = self.service.load_state(stale.record)
            note = Speaker(private_language(interaction)).gettext(STALE_NOTE)
            await self._show_panel(interaction, stale.record, state, seat, "main", note)
        except IllegalAction as error:
            refusal = Speaker(private_language(interaction)).say(error.words)
            if not from_modal:
                await reply_error(interaction, refusal)
                return
            await self._refuse(interaction, control, refusal)
        except ServiceError as error:
            await reply_error(interaction, error.message)

    async def _ready(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """The board's Ready for the Phase Start its argument names (``<round>.<phase>``), for whoever
        pressed it; a later Phase Start, or one the presser already answered, changes nothing."""

        def ready(state: PrimeTimeState, seat: int) -> PassWindow:
            if state.phase != "phase_start" or control.arg != f"{state.round}.{state.phase_start}":
                raise IllegalAction("window_closed", Text("That Phase Start is over, so nothing changed."))
            prompt = state.prompt_for(seat)
            if prompt is None or prompt.kind != "phase_start":
                raise IllegalAction("already_ready", Text("You have already answered this Phase Start."))
            return PassWindow(player=seat)

        if control.version != 0 or control.values:
            await reply_error(interaction, UNKNOWN_CONTROL)
            return
        speak = Speaker(private_language(interaction))
        if not control.shown:
            await reply_error(
                interaction, speak.gettext("That Ready is no longer on this message, so nothing changed.")
            )
            return
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                None,
                ready,
                publish=lambda move: self.publish(move, interaction),
            )
        except IllegalAction as error:
            await reply_error(interaction, speak.say(error.words))
        except ServiceError as error:
            await reply_error(interaction, error.message)

    async def _cell(
        self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, control: Control
    ) -> None:
        """A modal's answer: a terrain edit is played at once; a cell is shown on the close-up with
        Confirm and Back. Garbage, an out-of-date modal or an illegal choice is answered with the
        reason, and nothing changes."""
        speak = Speaker(private_language(interaction))
        text = control.values[0]
        purpose = control.arg
        if purpose == "terrain":
            code = terrain_edit_code(text)
            if code is None:
                no_edit = speak.gettext("`{typed}` is no edit. Type `spire 4 10 2 2` or `remove 3`.")
                await self._refuse(interaction, control, no_edit.format(typed=clip(text, 30)))
                return
            await self._act(interaction, control, code, from_modal=True)
            return
        cell = parse_cell(text)
        if cell is None:
            no_cell = speak.gettext("`{typed}` is not a cell. Type it like `14,9`, `14 9` or `x14 y9`.")
            await self._refuse(interaction, control, no_cell.format(typed=clip(text, 20)))
            return
        state = self.service.load_state(record)
        if control.version != await self.service.storage.seat_moves(record.id, seat):
            await self._show_panel(interaction, record, state, seat, "main", speak.gettext(STALE_NOTE))
            return
        try:
            action = typed_action(state, seat, purpose, cell)
        except IllegalAction as error:
            await self._refuse(interaction, control, speak.say(error.words))
            return
        zoom = _in_language(preview_zoom(record, state, seat, action), speak.language)
        picture = await metrics.render("primetime", self.host.painter.draw(render_primetime_zoom, zoom))
        controls = Controls(record.id, control.version, "pact", seat, words=speak)
        preview = preview_message(record, state, seat, controls, action, picture, back_step(purpose))
        if _from_panel(interaction):
            await update(interaction, **as_edit(preview))
        else:
            await send(interaction, ephemeral=True, **preview)

    async def _refuse(self, interaction: discord.Interaction[Any], control: Control, reason: str) -> None:
        """A typed answer refused: the panel it came from shows the step again with the reason (its
        Coordinates… button tries again); a modal opened from the board gets the reason and a Try
        again button privately, in the typing player's language (``reason`` is in it already)."""
        speak = Speaker(private_language(interaction))
        note = "⚠️ " + speak.gettext("{reason} Nothing changed.").format(reason=reason)
        if control.seat is not None and _from_panel(interaction):
            record = await self.service.storage.game(control.game_id)
            assert record is not None
            state = self.service.load_state(record)
            await self._show_panel(interaction, record, state, control.seat, back_step(control.arg), note)
            return
        again = button(
            control.game_id,
            control.version,
            "coords",
            control.arg,
            label=speak.pgettext("button", "Try again"),
            emoji="🔁",
            seat=control.seat,
        )
        await send(interaction, ephemeral=True, content=note, view=view_of([again]))

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The mover's panel is updated in place (or the board they clicked), and the board is redrawn
        in place when the move made public news or called someone anew (``publish`` then pings them),
        unless the AI answers it at once; each round starts a new board at the bottom of the channel."""
        record, state = move.record, move.state
        seat = move.seat
        in_panel = interaction is not None and seat is not None and _from_panel(interaction)
        on_board = (
            interaction is not None
            and not in_panel
            and interaction.message is not None
            and interaction.message.id == record.message_id
        )
        new_round = any(event.kind == "round_started" for event in move.events)
        # Everything is drawn first, then the panels go out at once with the mover's answer: nobody's
        # panel shows the game later than the answer does. A new round's board goes to the bottom of
        # the channel: the board clicked only loses its controls, and becomes a line once it is up.
        board: dict[str, Any] | None = None
        if on_board:
            board = {"view": None} if new_round else as_edit(await self.board_for(record, state, move.events))
        sends: list[Awaitable[Any]] = [*await self._panel_redraws(record, state, seat if in_panel else None)]
        mover_words = Speaker(private_language(interaction)) if interaction is not None else None
        if interaction is not None and mover_words is not None and seat is not None and in_panel:
            note = done_note(record, move.events, seat, mover_words)
            sends.append(self._show_panel(interaction, record, state, seat, "main", note))
        elif interaction is not None and board is not None:
            sends.append(update(interaction, **board))
        elif interaction is not None and mover_words is not None and seat is not None:
            done = done_note(record, move.events, seat, mover_words)
            sends.append(send(interaction, ephemeral=True, content=done))
        await asyncio.gather(*sends)
        if state.outcome is not None:
            self.panels.close_game(record.id)
        if on_board and not new_round:
            return
        public_news = any(event.visible_to is None for event in move.events)
        # What the AI answers at once is shown with its answer, in one redraw: an attack on the AI,
        # its Z-Reaction and its On Hit card are one update of the board. A new round's board is
        # posted at once all the same (the answer would only edit it).
        at_once = self.module.answered_at_once(state, record.lobby)
        if (move.ping or public_news) and (new_round or not at_once):
            await self.refresh_board(record.id, repost=new_round)

    def render_png(self, state: PrimeTimeState, language=Language.ENGLISH, names=DEFAULT_NAMES) -> bytes:
        return render_primetime(PrimeTimeBoard(view=view(state, None), names=names, language=language)).png

    def replay_png(self, record: GameRecord, language: Language) -> RenderPng:
        return partial(self.render_png, language=language, names=board_names(record))

    async def deadlines_of(self, record: GameRecord, state: PrimeTimeState) -> dict[int, float]:
        """When each person's pending prompt gets its default, as Unix times."""
        found: dict[int, float] = {}
        for seat, seconds in self.module.prompt_deadlines(state, record.lobby).items():
            if record.lobby["players"][seat].get("ai"):
                continue
            clock = await self.service.storage.turn_clock(record.id, seat)
            if clock is not None:
                called = datetime.fromisoformat(clock.called_at).timestamp()
                found[seat] = called + seconds * self.host.settings.turn_clock_scale
        return found

    async def board_message(
        self, record: GameRecord, state: PrimeTimeState, events: list[Event]
    ) -> dict[str, Any]:
        language = await table_language(self.host, record.guild_id)
        words = Speaker(language)
        public = PrimeTimeBoard(view=view(state, None), names=board_names(record), language=language)
        board = await metrics.render("primetime", self.host.painter.draw(render_primetime, public))
        embed = board_embed(state, record, await self.deadlines_of(record, state), words)
        embed.set_image(url="attachment://board.png")
        items = None
        if state.outcome is None:
            prompt = board_prompt(record, state)
            seat = 0 if prompt is None else prompt.who
            seat_moves = await self.service.storage.seat_moves(record.id, seat)
            items = board_items(record, state, seat_moves, words)
        return {
            "content": call_line(state, record, words),
            "embed": embed,
            "files": [board_file(board)],
            "view": view_of(items) if items is not None else finished_view(record, language),
        }


def _in_language(zoom: PrimeTimeZoom, language: Language) -> PrimeTimeZoom:
    """A close-up drawn with its words in its reader's ``language``."""
    return zoom.model_copy(update={"board": zoom.board.model_copy(update={"language": language})})


def _prompted_publicly(state: PrimeTimeState, seat: int) -> bool:
    prompt = state.prompt_for(seat)
    return prompt is not None and prompt.kind in PUBLIC_KINDS


def _from_panel(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


def _ascension_step(step: str, letter: str) -> str:
    """``asc.<letters>.<page>.<index>`` with the model at ``index`` set to ``letter``."""
    _, letters, page, index = [*step.split("."), "", "", ""][:4]
    at = index_in(index, len(letters))
    if at is None:
        return f"asc.{letters}.{page}"
    return f"asc.{letters[:at]}{letter[:1]}{letters[at + 1 :]}.{page}"
