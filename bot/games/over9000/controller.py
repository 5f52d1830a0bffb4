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
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.service import Move, ServiceError, StaleBoard, seat_of
from bot.games.over9000.board import board_embed, board_view, call_line
from bot.games.over9000.guide import HELP_TEXT, RULE_PAGES
from bot.games.over9000.panel import (
    STALE_NOTE,
    PanelChoice,
    done_note,
    panel_message,
    panel_status,
    parse_code,
)
from bot.runtime import metrics
from bot.storage import GameRecord
from bot.table.controller import TableController
from bot.ui.components import ANOTHER_SEAT, UNKNOWN_CONTROL, Control
from bot.ui.messages import board_file
from bot.ui.replies import reply_error, send, update
from renderers.over9000 import render_over9000
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.over9000 import view
from rules.over9000.actions import Keep, Place
from rules.over9000.state import Over9000State

# The operations only a private panel's controls have: each is drawn for one seat.
PANEL_OPS = ("act", "choose")


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

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if await self.on_table_control(interaction, control):
            return
        record = await self.service.storage.game(control.game_id)
        if record is None or record.status != "active":
            await reply_error(interaction, "This game is over. Start a new one with `/over9000 start`.")
            return
        seat = seat_of(record, interaction.user.id)
        if seat is None:
            await reply_error(
                interaction,
                "You're not playing in this game. Start your own with `/over9000 start` in another channel!",
            )
            return
        if control.drawn_for_another(seat):
            await reply_error(interaction, ANOTHER_SEAT)
            return
        state: Over9000State = self.service.load_state(record)
        if (control.op in PANEL_OPS and control.seat is None) or (control.op == "act" and not control.shown):
            await self._show_panel(interaction, record, state, seat, PanelChoice(), STALE_NOTE)
            return
        if control.op == "act":
            if record.lobby["players"][seat].get("ai"):
                await reply_error(
                    interaction, "The AI is playing your seat. Use `/over9000 autoplay` to take it back."
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
        """Answers with the player's panel: in place when the click came from one, else a new one."""
        seat_moves = await self.service.storage.seat_moves(record.id, seat)
        panel = panel_message(record, state, seat, seat_moves, choice, note)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await update(interaction, **panel)
        else:
            await send(interaction, ephemeral=True, **panel)

    async def _open_duel(
        self, interaction: discord.Interaction[Any], record: GameRecord, state: Over9000State, seat: int
    ) -> None:
        prompt = state.prompt
        if prompt is None or prompt.kind == "place" or seat not in prompt.seats:
            waiting = panel_status(state, seat) if prompt is not None else "The game is over."
            await reply_error(interaction, f"It's not your move. {waiting} Press **My tokens** to see yours.")
            return
        await self._show_panel(interaction, record, state, seat, PanelChoice(), None)

    async def _choose(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: Over9000State,
        seat: int,
        control: Control,
    ) -> None:
        if control.version != await self.service.storage.seat_moves(record.id, seat):
            await self._show_panel(interaction, record, state, seat, PanelChoice(), STALE_NOTE)
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
            record = stale.record
            seat = seat_of(record, interaction.user.id)
            assert seat is not None
            state = self.service.load_state(record)
            await self._show_panel(interaction, record, state, seat, PanelChoice(), STALE_NOTE)
        except (ServiceError, IllegalAction) as error:
            await reply_error(interaction, error.message)

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The mover's panel is updated in place, and the board is redrawn in place when the move made
        public news or called someone anew (``publish`` then pings them). Placing a token is news only
        when it completes an arrangement, so the channel isn't redrawn for every token.
        ``interaction`` is None for the AI's moves."""
        record, state = move.record, move.state
        if interaction is not None and move.seat is not None:
            seat_moves = await self.service.storage.seat_moves(record.id, move.seat)
            note = done_note(move.action, move.events, move.seat)
            # The token menu stays on the kind just placed, as long as some are left.
            choice = (
                PanelChoice(kind=move.action.kind) if isinstance(move.action, Keep | Place) else PanelChoice()
            )
            panel = panel_message(record, state, move.seat, seat_moves, choice, note)
            await update(interaction, **panel)
        if move.ping or any(event.visible_to is None for event in move.events):
            await self.refresh_board(record.id, repost=False)

    def render_png(self, state: Over9000State) -> bytes:
        return render_over9000(view(state, None)).png

    async def board_message(
        self, record: GameRecord, state: Over9000State, events: list[Event]
    ) -> dict[str, Any]:
        public = view(state, None)
        board = await metrics.render("over9000", self.host.painter.draw(render_over9000, public))
        players = record.lobby["players"]
        embed = board_embed(public, players)
        embed.set_image(url="attachment://board.png")
        return {
            "content": call_line(public, players),
            "embed": embed,
            "files": [board_file(board)],
            "view": board_view(record, public),
        }
