"""Buttons and select menus that survive restarts.

Every game control's custom id carries the game id, the board version it was drawn for, an
operation and an argument: ``gb:<game>:<version>:<op>:<arg>`` for buttons, ``gs:…`` for selects and
``gm:…`` for a modal, whose answer is the text typed in its one field. A private panel's controls
end with the seat they were drawn for (``gb:…:<arg>:<seat>``): a click on one is refused unless the
clicker sits in that seat, so nobody plays through another player's panel. The bot reads them from
any click or modal answer, whenever the message or the modal was sent (``GameBot.on_interaction``),
and hands it to the game's controller, which reloads the game from the database. Nothing about a
message or a modal is kept in memory, so controls work the same before and after a restart.

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

from rules.core.text import Text

# The largest number a database column holds (SQLite's integers, PostgreSQL's bigint).
STORED_NUMBER_LIMIT = 2**63 - 1
# Discord's limit: no control of ours is longer, so nothing longer is read at all.
CUSTOM_ID_LIMIT = 100
# The refusals of a click that is no control of ours, said in the clicker's language.
UNKNOWN_CONTROL = Text("I don't know that control, so nothing changed.")
NOT_ON_THE_MENU = Text("That choice is not on the menu, so nothing changed.")
ANOTHER_SEAT = Text(
    "That panel was drawn for another player, so nothing changed. Open your own from the board."
)

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
    typed: bool = False
    """Whether the control is a modal's answer: its one value was typed by the player, where every
    other control's values are among those the bot offered."""
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


def modal_id(game_id: int, version: int, op: str, arg: str | int = "", seat: int | None = None) -> str:
    return _custom_id("gm", game_id, version, op, arg, seat)


_ANY_CONTROL = re.compile(r"(?P<kind>g[bsm]):" + _ID)


def control_of(custom_id: str, values: tuple[str, ...] = ()) -> Control | None:
    """The control a custom id names, or None when it is not one of ours (or not written as the bot
    writes them). Only a select menu carries chosen values and a modal its typed text; any sent with
    a button are dropped."""
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
        values if match["kind"] in ("gs", "gm") else (),
        seat,
        menu=match["kind"] == "gs",
        typed=match["kind"] == "gm",
    )


TEXT_INPUT = 4
TYPED_LIMIT = 4000
"""Discord's limit on a text field's answer: no modal of ours takes more."""


def typed_answer(components: Any) -> str | None:
    """The text typed in a modal's one field, from the components of its answer as Discord sends them
    (the field in a row or under a label); None unless there is exactly one text field, answered with
    text no longer than Discord allows."""
    if not isinstance(components, list):
        return None
    fields: list[Any] = []
    for component in components:
        if not isinstance(component, dict):
            return None
        inner = component.get("components", [component.get("component")])
        if not isinstance(inner, list):
            return None
        fields.extend(field for field in inner if isinstance(field, dict) and field.get("type") == TEXT_INPUT)
    if len(fields) != 1:
        return None
    value = fields[0].get("value")
    return value if isinstance(value, str) and len(value) <= TYPED_LIMIT else None


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
