"""Buttons and select menus that survive restarts.

Every game control's custom id carries the game id, the board version it was drawn for, an
operation and an argument: ``gb:<game>:<version>:<op>:<arg>`` for buttons and ``gs:…`` for selects.
discord.py's ``DynamicItem`` parses them on any click, whenever the message was sent, and hands the
click to the game's controller, which reloads the game from the database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.replies import reply_error

if TYPE_CHECKING:
    from bot.app import GameBot

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
    """The control a custom id names, or None when it is not one of ours."""
    match = _ANY_CONTROL.fullmatch(custom_id)
    return _control(match, values) if match else None


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gb:" + _ID):
    def __init__(self, button: discord.ui.Button[Any], control: Control) -> None:
        super().__init__(button)
        self.control = control

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: Any
    ) -> GameButton:
        return cls(item, _control(match))

    async def callback(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.dispatch_control(interaction, self.control)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"gs:" + _ID):
    def __init__(self, select: discord.ui.Select[Any], control: Control) -> None:
        super().__init__(select)
        self.control = control

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Select[Any], match: Any
    ) -> GameSelect:
        return cls(item, _control(match))

    async def callback(self, interaction: discord.Interaction[GameBot]) -> None:
        values = tuple((interaction.data or {}).get("values", ()))  # type: ignore[union-attr]
        offered = {option.value for option in self.item.options}
        if not set(values) <= offered or len(values) < self.item.min_values:
            # Discord only sends what the menu offers; anything else was forged or garbled on the way.
            await reply_error(interaction, "That choice is not on the menu, so nothing changed.")
            return
        control = self.control
        await interaction.client.dispatch_control(
            interaction, Control(control.game_id, control.version, control.op, control.arg, values)
        )


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
) -> GameButton:
    item: discord.ui.Button[Any] = discord.ui.Button(
        label=label[:80],
        style=style,
        emoji=emoji,
        disabled=disabled,
        row=row,
        custom_id=button_id(game_id, version, op, arg),
    )
    return GameButton(item, Control(game_id, version, op, str(arg)))


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
) -> GameSelect:
    item: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=select_id(game_id, version, op, arg),
        placeholder=placeholder[:150],
        options=options[:25],
        row=row,
        min_values=min_values,
        max_values=min(max_values, len(options[:25])),
    )
    # discord.py 2.7's selects keep their row in a slot that shadows Item.row, while DynamicItem
    # reads the row from ``_row``; without this a wrapped select lands in the first free row.
    item._row = row
    return GameSelect(item, Control(game_id, version, op, str(arg)))


def view_of(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    """A message's components; never listened to here, since the dynamic items handle every click."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    # Stopped before it is sent, so discord.py does not keep it: it would hold every control of
    # every message, and give each private panel a task that lives for 15 minutes, for nothing.
    view.stop()
    return view
