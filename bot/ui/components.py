"""Buttons and select menus that survive restarts.

Every game control's custom id carries the game id, the board version it was drawn for, an
operation and an argument: ``gb:<game>:<version>:<op>:<arg>`` for buttons and ``gs:…`` for selects.
A private panel's controls end with the seat they were drawn for (``gb:…:<arg>:<seat>``): a click on
one is refused unless the clicker sits in that seat, so nobody plays through another player's panel.
The bot reads them from any click, whenever the message was sent (``GameBot.on_interaction``), and
hands the click to the game's controller, which reloads the game from the database. Nothing about a
message is kept in memory, so controls work the same before and after a restart.

Ids are read strictly, since a tampered client can send any text: ASCII only, numbers written as the
bot writes them (no signs, spaces, leading zeros or other scripts' digits), and no larger than the
database holds. Anything else is no control of ours, and is refused as an unknown one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import discord

# The largest number a database column holds (SQLite's integers, PostgreSQL's bigint).
STORED_NUMBER_LIMIT = 2**63 - 1
# Discord's limit: no control of ours is longer, so nothing longer is read at all.
CUSTOM_ID_LIMIT = 100
UNKNOWN_CONTROL = "I don't know that control, so nothing changed."
NOT_ON_THE_MENU = "That choice is not on the menu, so nothing changed."
ANOTHER_SEAT = "That panel was drawn for another player, so nothing changed. Open your own from the board."

_NUMBER = r"(?:0|[1-9][0-9]{0,18})"
_ID = (
    rf"(?P<game>{_NUMBER}):(?P<version>{_NUMBER}):(?P<op>[a-z_]+):(?P<arg>[A-Za-z0-9_.-]*)"
    r"(?::(?P<seat>0|[1-9][0-9]?))?"
)


def number_of(text: str, limit: int = STORED_NUMBER_LIMIT) -> int | None:
    """``text`` as a number from 0 to ``limit``, written as the bot writes numbers (ASCII digits, no
    sign, space or leading zero); None for anything else."""
    if not 0 < len(text) <= 19 or not (text.isascii() and text.isdigit()):
        return None
    if text.startswith("0") and text != "0":
        return None
    number = int(text)
    return number if number <= limit else None


def index_in(text: str, length: int) -> int | None:
    """``text`` as an index into a list of ``length`` items, or None when it names none."""
    return None if length <= 0 else number_of(text, length - 1)


@dataclass(frozen=True)
class Control:
    """A parsed click: which game, drawn at which version, what to do, and the chosen values."""

    game_id: int
    version: int
    op: str
    arg: str
    values: tuple[str, ...] = ()
    seat: int | None = None
    """The seat a private panel's control was drawn for; None on the public board."""
    menu: bool = False
    """Whether the control is a select menu (else a button)."""
    shown: bool = True
    """Whether the message clicked still shows this control. Discord sends only what a message shows,
    so a control it no longer shows is a late click (the message changed meanwhile), or a forged one:
    either way out of date, for whatever would change a game."""

    def drawn_for_another(self, seat: int | None) -> bool:
        """Whether this control belongs to another seat's private panel than ``seat``."""
        return self.seat is not None and self.seat != seat


def _custom_id(kind: str, game_id: int, version: int, op: str, arg: str | int, seat: int | None) -> str:
    return f"{kind}:{game_id}:{version}:{op}:{arg}" + ("" if seat is None else f":{seat}")


def button_id(game_id: int, version: int, op: str, arg: str | int = "", seat: int | None = None) -> str:
    return _custom_id("gb", game_id, version, op, arg, seat)


def select_id(game_id: int, version: int, op: str, arg: str | int = "", seat: int | None = None) -> str:
    return _custom_id("gs", game_id, version, op, arg, seat)


_ANY_CONTROL = re.compile(r"(?P<kind>g[bs]):" + _ID)


def control_of(custom_id: str, values: tuple[str, ...] = ()) -> Control | None:
    """The control a custom id names, or None when it is not one of ours (or not written as the bot
    writes them). Only a select menu carries chosen values; any sent with a button are dropped."""
    match = _ANY_CONTROL.fullmatch(custom_id) if len(custom_id) <= CUSTOM_ID_LIMIT else None
    if match is None:
        return None
    game_id, version = int(match["game"]), int(match["version"])
    if max(game_id, version) > STORED_NUMBER_LIMIT:
        return None
    seat = None if match["seat"] is None else int(match["seat"])
    return Control(
        game_id,
        version,
        match["op"],
        match["arg"],
        values if match["kind"] == "gs" else (),
        seat,
        menu=match["kind"] == "gs",
    )


def is_select(custom_id: str) -> bool:
    """Whether ``custom_id`` names a select menu (else a button)."""
    return custom_id.startswith("gs:")


def button(
    game_id: int,
    version: int,
    op: str,
    arg: str | int = "",
    *,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    disabled: bool = False,
    row: int | None = None,
    seat: int | None = None,
) -> discord.ui.Button[Any]:
    """A button; ``seat`` for one on that seat's private panel."""
    return discord.ui.Button(
        label=label[:80],
        style=style,
        emoji=emoji,
        disabled=disabled,
        row=row,
        custom_id=button_id(game_id, version, op, arg, seat),
    )


def select(
    game_id: int,
    version: int,
    op: str,
    options: list[discord.SelectOption],
    *,
    placeholder: str,
    arg: str | int = "",
    row: int | None = None,
    min_values: int = 1,
    max_values: int = 1,
    seat: int | None = None,
) -> discord.ui.Select[Any]:
    """A select menu; ``seat`` for one on that seat's private panel."""
    return discord.ui.Select(
        custom_id=select_id(game_id, version, op, arg, seat),
        placeholder=placeholder[:150],
        options=options[:25],
        row=row,
        min_values=min_values,
        max_values=min(max_values, len(options[:25])),
    )


def view_of(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    """A message's components; never listened to: ``GameBot.on_interaction`` reads every click."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    # Stopped before it is sent, so discord.py does not keep it: it would hold every control of
    # every message, and give each private panel a task that lives for 15 minutes, for nothing.
    view.stop()
    return view


def find_component(components: Iterable[Any], custom_id: str) -> Any | None:
    """The control with ``custom_id`` among a parsed message's components, however deeply nested,
    or None when the message no longer shows it. Read straight from the parsed message: building a
    ``discord.ui.View`` from it for every click costs far more."""
    for component in components:
        if getattr(component, "custom_id", None) == custom_id:
            return component
        found = find_component(getattr(component, "children", ()), custom_id)
        if found is not None:
            return found
    return None


def offers(menu: Any, values: tuple[str, ...]) -> bool:
    """Whether a select menu shown on a message offers ``values``: Discord only sends what it
    offers, each once and as many as the menu takes, so anything else was forged or garbled on the
    way."""
    offered = {option.value for option in getattr(menu, "options", ())}
    return (
        set(values) <= offered
        and len(set(values)) == len(values)
        and getattr(menu, "min_values", 1) <= len(values) <= getattr(menu, "max_values", 1)
    )
