"""The lobby's side of Prime Time's roster builder: its button on the lobby and the handling of the
builder's menus and buttons (``bot.games.primetime.roster`` draws the builder itself). The draft is
changed in the lobby, beside its player, and seen only in their ephemeral builder."""

from __future__ import annotations

from typing import Any

import discord

from bot.core.service import ServiceError, seat_of
from bot.core.speech import private_language, table_language
from bot.games.primetime.module import CUSTOM
from bot.games.primetime.roster import builder_message, change_draft, draft_of, pick_cards, roster_from
from bot.games.primetime.speech import Speaker
from bot.storage import GameRecord
from bot.table.controller import TableController
from bot.ui.components import UNKNOWN_CONTROL, Control, button, number_of
from bot.ui.replies import reply_error, send, update
from locales.languages import Language
from rules.primetime.roster import roster_problem

ROSTER_OP = "roster"


def roster_button(record: GameRecord, language: Language) -> discord.ui.Item[Any]:
    """The lobby's Build roster… button, in the table's ``language``: it opens the presser's builder."""
    label = Speaker(language).pgettext("button", "Build roster…")
    return button(record.id, 0, ROSTER_OP, "open", label=label, emoji="🛠️", row=0)


async def build_roster(
    table: TableController, interaction: discord.Interaction[Any], control: Control
) -> None:
    """The lobby's roster builder: each menu changes the player's secret draft; **Use this roster**
    makes it their pick, and the lobby shows them ready. The builder and its refusals speak the
    clicking player's language, the lobby its table's."""
    user_id = interaction.user.id
    speak = Speaker(private_language(interaction))
    note = None
    menu_part = control.arg in ("aff", "models", "unlocks") or control.arg.startswith("pick.")
    if control.version != 0 or control.seat is not None or control.menu != menu_part:
        await reply_error(interaction, UNKNOWN_CONTROL)
        return

    def change(record: GameRecord) -> None:
        seat = seat_of(record, user_id)
        if seat is None:
            raise ServiceError(speak.gettext("Join the lobby first, then build your roster."))
        player = record.lobby["players"][seat]
        draft = draft_of(player)
        if control.arg in ("aff", "models", "unlocks"):
            draft = change_draft(draft, control.arg, control.values)
        elif control.arg.startswith("pick.") and control.values:
            draft = pick_cards(draft, control.arg.split(".")[1], control.values[0])
        elif control.arg == "done":
            roster = roster_from(draft)
            problem = roster_problem(roster)
            if problem is not None:
                raise ServiceError(speak.say(problem.words))
            player["character"] = CUSTOM
            player["roster"] = roster.model_dump(mode="json")
        player["draft"] = draft

    try:
        record = await table.service.update_lobby(control.game_id, None, change)
    except ServiceError as error:
        await reply_error(interaction, error.message)
        return
    seat = seat_of(record, user_id)
    assert seat is not None
    if control.arg == "done":
        note = "✅ " + speak.gettext(
            "Your roster is in. The lobby shows you ready; nobody sees it before the reveal."
        )
        if record.message_id is not None:
            lobby = table.channel_of(record, record.message_id).get_partial_message(record.message_id)
            language = await table_language(table.host, record.guild_id)
            await lobby.edit(**table.lobby_message(record, language=language))
    # The card pages carry their page last: ``cards.<page>`` and ``pick.<group>.<page>``.
    page = control.arg.rpartition(".")[2] if control.arg.startswith(("cards.", "pick.")) else ""
    card_page = number_of(page)
    draft = draft_of(record.lobby["players"][seat])
    panel = builder_message(record, draft, note, card_page, speak.language)
    if _from_panel(interaction):
        await update(interaction, **panel)
    else:
        await send(interaction, ephemeral=True, **panel)


def _from_panel(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral
