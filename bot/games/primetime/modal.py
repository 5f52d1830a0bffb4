"""The coordinates box: a cell (or a terrain edit) typed by the player instead of picked from a menu."""

from __future__ import annotations

from typing import Any

import discord

from bot.core.host import Host
from bot.ui.components import Control


class CoordinatesModal(discord.ui.Modal):
    """One field, ``x,y``; its answer goes to the controller like a click, with the text as its value."""

    def __init__(self, host: Host, control: Control) -> None:
        terrain = control.arg == "terrain"
        super().__init__(title="Edit the terrain" if terrain else "Coordinates", timeout=600)
        self.host = host
        self.control = control
        self.cell: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Piece to add (type x y w h), or remove N" if terrain else "Cell (x,y)",
            placeholder="spire 4 10 2 2  or  remove 3" if terrain else "14,9  or  14 9  or  x14 y9",
            max_length=30,
            custom_id="cell",
        )
        self.add_item(self.cell)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        control = self.control
        await self.host.dispatch_control(
            interaction,
            Control(control.game_id, control.version, "cell", control.arg, (self.cell.value,), control.seat),
        )


def cell_code(purpose: str, cell: tuple[int, int]) -> str:
    """The action a coordinates modal opened for ``purpose`` plays at ``cell``; an empty code, which
    names no action, for a purpose no control of the bot's has."""
    where = f"{cell[0]}_{cell[1]}"
    kind, *rest = purpose.split(".")
    if kind == "dep" and len(rest) == 2:
        unit, level = rest
        return f"deploy.{unit}.{where}.{level}"
    action = {"move": "move", "evade": "evade_move", "objective": "place_objective"}.get(purpose)
    return "" if action is None else f"{action}.{where}"
