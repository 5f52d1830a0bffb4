"""Perfect Cell's private panels as messages: the payment panel (see ``panels``) and the menu panel
(a menu of the board's, opened from a button), one ephemeral message each, edited in place by its own
controls and taken away once its decision is made."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.cell.board import choice_menu, option
from bot.games.cell.choices import Choice
from bot.games.cell.panels import PanelPlan
from bot.games.cell.speech import ENGLISH, Speaker
from bot.storage import GameRecord
from bot.ui.components import button, select, view_of
from bot.ui.text import clip

# The confirmations shown as buttons; more (Krillin's gifts and discards) go in a menu.
CONFIRM_BUTTONS = 4


def close_button(record: GameRecord, row: int, seat: int, speak: Speaker) -> discord.ui.Button[Any]:
    return button(
        record.id,
        record.version,
        "close",
        label=speak.pgettext("button", "Cancel"),
        style=discord.ButtonStyle.secondary,
        row=row,
        seat=seat,
    )


def payment_message(
    record: GameRecord, plan: PanelPlan, seat: int, speak: Speaker = ENGLISH
) -> dict[str, Any]:
    """The payment panel of ``seat``: what it is for, the dice picked so far, and its confirmations."""
    lines = [plan.title, plan.status, *plan.notes]
    if not plan.closers:
        lines.append(speak.gettext("Pick the dice above; the confirmation appears once they pay."))
    picks = [
        discord.SelectOption(label=clip(pick.label, 100), value=pick.code, default=pick.picked)
        for pick in plan.picks
    ]
    items: list[discord.ui.Item[Any]] = []
    if picks:
        items.append(
            select(
                record.id,
                record.version,
                "dice",
                picks,
                placeholder=speak.pgettext("placeholder", "Choose the dice…"),
                arg=plan.code,
                row=0,
                min_values=0,
                max_values=plan.max_picks,
                seat=seat,
            )
        )
    if len(plan.closers) > CONFIRM_BUTTONS:
        items.append(
            select(
                record.id,
                record.version,
                "pay",
                [option(closer) for closer in plan.closers],
                placeholder=speak.pgettext("placeholder", "Confirm…"),
                row=1,
                seat=seat,
            )
        )
    else:
        for closer in plan.closers:
            items.append(
                button(
                    record.id,
                    record.version,
                    "pay",
                    closer.value,
                    label=closer.label,
                    style=discord.ButtonStyle.success,
                    row=2,
                    seat=seat,
                )
            )
    items.append(close_button(record, 2, seat, speak))
    return {"content": clip("\n".join(lines), 1900), "embed": None, "view": view_of(items)}


def menu_message(
    record: GameRecord,
    title: str,
    choices: list[Choice],
    placeholder: str,
    seat: int,
    speak: Speaker = ENGLISH,
) -> dict[str, Any]:
    """A menu of the board's in ``seat``'s private panel: a pick is played, or opens its payment
    panel here."""
    return menus_message(record, title, [(choices, placeholder)], seat, speak)


def menus_message(
    record: GameRecord,
    title: str,
    menus: list[tuple[list[Choice], str]],
    seat: int,
    speak: Speaker = ENGLISH,
) -> dict[str, Any]:
    """``menu_message`` with up to four menus, each of its choices under its placeholder."""
    items: list[discord.ui.Item[Any]] = [
        choice_menu(record, choices, placeholder, f"menu{row or ''}", row, seat, speak)
        for row, (choices, placeholder) in enumerate(menus[:4])
    ]
    items.append(close_button(record, len(items), seat, speak))
    return {"content": title, "embed": None, "view": view_of(items)}
