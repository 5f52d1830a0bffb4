"""Seven Balls on Discord: ``/sevenballs``, its board and its two buttons. Everything every game's
table has (the lobby, status, log, rules, autoplay, abandon, replay, rematch) comes from
``TableController``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.service import Move, ServiceError, StaleBoard
from bot.storage import GameRecord
from bot.table.controller import TableController, finished_view
from bot.table.pages import RulePages
from bot.ui.components import UNKNOWN_CONTROL, Control, button, number_of, view_of
from bot.ui.messages import as_edit, board_file
from bot.ui.replies import reply_error, update
from locales.languages import Language
from rules.core.errors import IllegalAction
from rules.core.events import Event
from tests.fourth_game.renderer import render_sevenballs
from tests.fourth_game.rules import RULES, SevenBallsState, Take

RULE_PAGES = RulePages(
    "sevenballs",
    "Seven Balls",
    [("The goal", "Take one or two Dragon Balls on your turn. Whoever takes the last one wins.")],
)
HELP_TEXT = (
    "**/sevenballs start** — open a lobby in this channel (`/sevenballs autoplay` lets the AI play your seat)"
)


class SevenBallsController(TableController):
    rule_pages = RULE_PAGES

    def command_group(self) -> app_commands.Group:
        group = app_commands.Group(name="sevenballs", description="Seven Balls: take the last Dragon Ball")

        @group.command(name="start", description="Open a Seven Balls lobby in this channel")
        async def start(interaction: discord.Interaction[Any]) -> None:
            await self.open_lobby(interaction, "standard", ai_players=0)

        self.add_table_commands(group, HELP_TEXT)
        return group

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if await self.on_table_control(interaction, control):
            return
        count = number_of(control.arg)
        if control.op != "take" or count is None:
            await reply_error(interaction, UNKNOWN_CONTROL)
            return
        if not control.shown:
            await reply_error(interaction, "This board is out of date, so nothing changed.")
            return
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                control.version,
                lambda _state, seat: Take(player=seat, count=count),
                publish=lambda move: self.publish(move, interaction),
            )
        except StaleBoard:
            await reply_error(interaction, "This board is out of date, so nothing changed.")
        except (ServiceError, IllegalAction) as error:
            await reply_error(interaction, error.message)

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        message = as_edit(await self.board_for(move.record, move.state, move.events))
        if interaction is not None:
            await update(interaction, **message)
        elif move.record.message_id is not None:
            await self.channel_of(move.record).get_partial_message(move.record.message_id).edit(**message)

    def render_png(self, state: SevenBallsState, language: Language = Language.ENGLISH) -> bytes:
        return render_sevenballs(RULES.view(state, None)).png

    async def board_message(
        self, record: GameRecord, state: SevenBallsState, events: list[Event]
    ) -> dict[str, Any]:
        board = await self.host.painter.draw(render_sevenballs, RULES.view(state, None))
        embed = discord.Embed(
            title=f"Seven Balls — {state.left} left",
            description="\n".join(event.text for event in state.recent_events[-4:]),
        )
        embed.set_image(url="attachment://board.png")
        if state.outcome is not None:
            controls = finished_view(record)
        else:
            controls = view_of(
                [
                    button(record.id, record.version, "take", action.count, label=f"Take {action.count}")
                    for action in RULES.legal_actions(state, state.active_seat)
                ]
            )
        player = record.lobby["players"][state.active_seat]
        call = (
            None if state.outcome is not None or player.get("ai") else f"<@{player['user_id']}>, your turn."
        )
        return {"content": call, "embed": embed, "files": [board_file(board)], "view": controls}
