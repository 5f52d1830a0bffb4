"""The coordinates box: a cell (or a terrain edit) typed by the player instead of picked from a menu."""

from __future__ import annotations

import discord

from bot.games.primetime.speech import Speaker
from bot.ui.components import Control, modal_id

TYPED_OP = "cell"
"""The op of the coordinates modal's answer."""


def coordinates_modal(control: Control, words: Speaker) -> discord.ui.Modal:
    """One field, ``x,y`` (or a terrain edit), in the clicking player's language (``words``). The
    modal's custom id carries what its answer needs (the game, the move count it was opened at, the
    step it was opened for and the panel's seat), so the answer reaches the controller like a click,
    with the typed text as its value, even after a restart. The examples keep the words a player
    types (the terrain kinds' and ``remove``), which are read in English."""
    terrain = control.arg == "terrain"
    modal = discord.ui.Modal(
        title=words.gettext("Edit the terrain") if terrain else words.gettext("Coordinates"),
        custom_id=modal_id(control.game_id, control.version, TYPED_OP, control.arg, control.seat),
    )
    modal.add_item(
        discord.ui.TextInput(
            label=words.gettext("Piece to add (type x y w h), or remove N")
            if terrain
            else words.gettext("Cell (x,y)"),
            placeholder=words.gettext("{example}  or  {removal}").format(
                example="spire 4 10 2 2", removal="remove 3"
            )
            if terrain
            else words.gettext("{first}  or  {second}  or  {third}").format(
                first="14,9", second="14 9", third="x14 y9"
            ),
            max_length=30,
            custom_id="cell",
        )
    )
    return modal


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
