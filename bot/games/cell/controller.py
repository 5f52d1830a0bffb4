"""Perfect Cell on Discord: the /cell commands and the handling of the board's controls.

Every control is drawn from ``legal_actions`` of the board version it belongs to, and carries that
version; an action control's argument is the action's index in that list, which identifies the
action exactly as long as the version matches.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.core.service import Move, ServiceError, StaleBoard, seat_of
from bot.games.cell.board import (
    FACE_EMOJI,
    TOKEN_EMOJI,
    activation_embed,
    board_embed,
    board_view,
    die_of,
    die_source,
    done_text,
    menu_label,
    turn_call,
)
from bot.games.cell.guide import HELP_TEXT, RULE_PAGES
from bot.games.cell.module import VARIANTS
from bot.runtime import metrics
from bot.storage import GameRecord
from bot.table.controller import TableController
from bot.ui.components import ANOTHER_SEAT, UNKNOWN_CONTROL, Control, index_in, select, view_of
from bot.ui.messages import as_edit, board_file, message_link
from bot.ui.replies import in_time, reply_error, reply_private, send, update
from bot.ui.text import clip
from renderers.cell import render_cell
from rules.cell.actions import CellAction, Spend
from rules.cell.ai import hint
from rules.cell.content import TOKEN_NAMES
from rules.cell.describe import describe, source_label
from rules.cell.engine import legal_actions, twin_dice
from rules.cell.state import CellState
from rules.cell.view import view
from rules.core.errors import IllegalAction
from rules.core.events import Event

log = logging.getLogger("bot.cell")


def _action_at(index_text: str) -> Any:
    """The chooser for an action control: the action at that index of the current legal actions."""

    def choose(state: CellState, seat: int) -> CellAction:
        actions = legal_actions(state, seat)
        index = index_in(index_text, len(actions))
        if index is None:
            raise IllegalAction("stale_choice", "That choice isn't available any more.")
        return actions[index]

    return choose


class CellController(TableController):
    rule_pages = RULE_PAGES

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
        seat = seat_of(record, interaction.user.id)
        if record.status != "active" or seat is None:
            await reply_error(interaction, "Hints are for players of the running game.")
            return
        state = self.service.load_state(record)
        if seat != state.active_seat or state.outcome is not None:
            await reply_error(interaction, "Hints are for your own turn: ask again when it comes.")
            return
        suggestion = await in_time(
            interaction,
            asyncio.to_thread(hint, state, seat, state.actions_taken),
            thinking=True,
            ephemeral=True,
        )
        if suggestion is None:
            await reply_private(interaction, "I have no suggestion right now.")
            return
        steps = " → ".join(describe(state, action) for action in suggestion.plan[:8])
        await reply_private(
            interaction,
            clip(
                f"**Suggestion:** {describe(state, suggestion.action)}\n*Why:* {suggestion.reason}\n"
                f"*The rest of the plan:* {steps}",
                1900,
            ),
        )

    # Controls.

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if await self.on_table_control(interaction, control):
            return
        record = await self.service.storage.game(control.game_id)
        refusal = self._refusal(record, interaction.user.id, control)
        if refusal is not None:
            await self._refuse(interaction, record, refusal)
            return
        if control.op in ("die", "token"):
            await self._source_menu(interaction, record, control)
        elif control.op == "act":
            index = control.values[0] if control.values else control.arg
            await self._act(interaction, control, index)
        else:
            await reply_error(interaction, UNKNOWN_CONTROL)

    def _refusal(self, record: GameRecord | None, user_id: int, control: Control) -> str | None:
        if record is None or record.status != "active":
            return "This game is over. Start a new one with `/cell start`."
        if control.version != record.version or not control.shown:
            return "stale"
        seat = seat_of(record, user_id)
        if seat is None:
            return "You're not playing in this game. Start your own with `/cell start` in another channel!"
        if control.drawn_for_another(seat):
            return ANOTHER_SEAT
        if record.lobby["players"][seat].get("ai"):
            return "The AI is playing your seat. Use `/cell autoplay` to take it back."
        state = self.service.load_state(record)
        if seat != state.active_seat:
            return f"It's {state.fighters[state.active_seat].name}'s turn. Wait for yours!"
        return None

    async def _refuse(
        self, interaction: discord.Interaction[Any], record: GameRecord | None, refusal: str
    ) -> None:
        if refusal != "stale" or record is None:
            await reply_error(interaction, refusal)
            return
        state = self.service.load_state(record)
        board = await metrics.render("cell", self.host.painter.draw(render_cell, view(state, None)))
        await reply_private(
            interaction,
            "This board is out of date, so nothing changed. Here is the current one"
            + (f": {message_link(record)}" if record.message_id else "."),
            file=board_file(board),
        )

    async def _source_menu(
        self, interaction: discord.Interaction[Any], record: GameRecord, control: Control
    ) -> None:
        state = self.service.load_state(record)
        actions = legal_actions(state, state.active_seat)
        if control.op == "die":
            die = index_in(control.arg, len(state.dice))
            if die is None:
                await reply_error(interaction, "There is no such die.")
                return
            twins = set(twin_dice(state, die))
            chosen = [(i, a) for i, a in enumerate(actions) if die_of(a) in twins]
            title = f"{FACE_EMOJI.get(state.dice[die].face or '', '')} {source_label(state, die_source(die))}"
        else:
            chosen = [
                (i, a)
                for i, a in enumerate(actions)
                if isinstance(a, Spend) and a.source.token == control.arg
            ]
            title = f"{TOKEN_EMOJI.get(control.arg, '')} {TOKEN_NAMES.get(control.arg, control.arg)} token"
        if not chosen:
            await reply_error(interaction, "That can't be used for anything right now.")
            return
        options = [
            discord.SelectOption(label=clip(menu_label(state, action), 100), value=str(index))
            for index, action in chosen
        ]
        menu = select(
            record.id,
            record.version,
            "act",
            options,
            placeholder=f"Spend {title} on…",
            seat=state.active_seat,
        )
        await send(
            interaction, ephemeral=True, content=f"**{title}** — what should it do?", view=view_of([menu])
        )

    async def _act(self, interaction: discord.Interaction[Any], control: Control, index: str) -> None:
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                control.version,
                _action_at(index),
                publish=lambda move: self.publish(move, interaction),
            )
        except StaleBoard as stale:
            await self._refuse(interaction, stale.record, "stale")
        except (ServiceError, IllegalAction) as error:
            await reply_error(interaction, error.message)

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The board message is redrawn in place; after Cell's activation a fresh board goes to the
        bottom of the channel, and the old one becomes the round's summary with a link to it.
        ``interaction`` is None for the AI's moves."""
        record, state, events = move.record, move.state, move.events
        activated = any(event.kind == "cell_activates" for event in events)
        message = await self.board_message(record, state, events)
        board_update = {"view": None, "content": None} if activated else as_edit(message)
        from_board = (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == record.message_id
        )
        if interaction is not None:
            await update(
                interaction, **(board_update if from_board else {"content": done_text(events), "view": None})
            )
        if activated:
            await self.post_board(record, message, superseded=[activation_embed(events)])
        elif not from_board and record.message_id is not None:
            await self.channel_of(record).get_partial_message(record.message_id).edit(**board_update)

    def render_png(self, state: CellState) -> bytes:
        return render_cell(view(state, None)).png

    async def board_message(
        self, record: GameRecord, state: CellState, events: list[Event]
    ) -> dict[str, Any]:
        board = await metrics.render("cell", self.host.painter.draw(render_cell, view(state, None)))
        player = record.lobby["players"][state.active_seat]
        embed = board_embed(state, events, player)
        embed.set_image(url="attachment://board.png")
        return {
            "content": None if state.outcome else turn_call(player),
            "embed": embed,
            "files": [board_file(board)],
            "view": board_view(record, state),
        }
