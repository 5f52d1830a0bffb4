"""Buttons and select menus that survive restarts.

Every game control's custom id carries the game id, the board version it was drawn for, an
operation and an argument: ``gb:<game>:<version>:<op>:<arg>`` for buttons and ``gs:…`` for selects.
The bot reads them from any click, whenever the message was sent (``GameBot.on_interaction``), and
hands the click to the game's controller, which reloads the game from the database. Nothing about a
message is kept in memory, so controls work the same before and after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import discord

_ID = r"(?P<game>\d+):(?P<version>\d+):(?P<op>[a-z_]+):(?P<arg>[\w.-]*)"


@dataclass(frozen=True)
class Control:
    """A parsed click: which game, drawn at which version, what to do, and the chosen values."""

    game_id: int
    version: int
    op: str
    arg: str
    values: tuple[str, ...] = ()


def button_id(game_id: int, version: int, op: str, arg: str | int = "") -> str:
    return f"gb:{game_id}:{version}:{op}:{arg}"


def select_id(game_id: int, version: int, op: str, arg: str | int = "") -> str:
    return f"gs:{game_id}:{version}:{op}:{arg}"


def _control(match: Any, values: tuple[str, ...] = ()) -> Control:
    return Control(int(match["game"]), int(match["version"]), match["op"], match["arg"], values)


_ANY_CONTROL = re.compile(r"g[bs]:" + _ID)


def control_of(custom_id: str, values: tuple[str, ...] = ()) -> Control | None:
    """The control a custom id names, or None when it is not one of ours. Only a select menu carries
    chosen values; any sent with a button are dropped."""
    match = _ANY_CONTROL.fullmatch(custom_id)
    if match is None:
        return None
    return _control(match, values if custom_id.startswith("gs:") else ())


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
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label[:80],
        style=style,
        emoji=emoji,
        disabled=disabled,
        row=row,
        custom_id=button_id(game_id, version, op, arg),
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
) -> discord.ui.Select[Any]:
    return discord.ui.Select(
        custom_id=select_id(game_id, version, op, arg),
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
    offers, so anything else was forged or garbled on the way."""
    offered = {option.value for option in getattr(menu, "options", ())}
    return set(values) <= offered and len(values) >= getattr(menu, "min_values", 1)
