"""The controls of Prime Time's setup prompts (SU-1…9): the terrain (Accept, Reroll, and every edit
through one modal), objective placement and deployment (a model, then a suggested cell at Ground or
L1, or typed coordinates)."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.primetime.codes import action_code
from bot.games.primetime.controls import PAGE, SUGGESTIONS, Controls, back, move_suggestions, option
from rules.primetime import placement
from rules.primetime.actions import (
    AcceptTerrain,
    Deploy,
    PlaceObjective,
    PlaceTerrain,
    PrimeTimeAction,
    RemoveTerrain,
    RerollTerrain,
)
from rules.primetime.state import PrimeTimeState


def terrain_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    """Accept and Reroll as buttons; every legal edit through one modal (``type x y w h`` or
    ``remove N``), since the placements run to hundreds."""
    items: list[Any] = [
        controls.play(action, state, row=0, style=discord.ButtonStyle.success)
        for action in actions
        if isinstance(action, AcceptTerrain | RerollTerrain)
    ]
    if any(isinstance(action, PlaceTerrain | RemoveTerrain) for action in actions):
        items.append(
            controls.button("coords", "terrain", label=controls.words.pgettext("button", "Edit…"), row=0)
        )
    return items


def objective_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    prompt = state.prompts[0]
    offered = {action_code(action) for action in actions}
    options = []
    for point_text in prompt.options[:SUGGESTIONS]:
        x, y = (int(part) for part in point_text.split(","))
        action = PlaceObjective(player=prompt.who, point=(x, y))
        if action_code(action) in offered:
            options.append(option(state, action, controls.words))
    return [
        controls.menu(options, controls.words.pgettext("placeholder", "Place the objective at…"), row=0),
        controls.coordinates("objective", row=1),
    ]


def deploy_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    units = list(dict.fromkeys(action.unit for action in actions if isinstance(action, Deploy)))
    words = controls.words
    options = [discord.SelectOption(label=words.unit(state, unit), value=unit) for unit in units[:PAGE]]
    return [
        controls.select(
            "choose",
            options,
            placeholder=words.pgettext("placeholder", "Deploy which model?"),
            arg="dep",
            row=0,
        )
    ]


def deploy_cells_items(
    state: PrimeTimeState,
    seat: int,
    controls: Controls,
    actions: list[PrimeTimeAction],
    unit: str,
    level: int,
) -> list[Any]:
    cells = [
        action.to
        for action in actions
        if isinstance(action, Deploy) and action.unit == unit and action.level == level
    ]
    suggested = [cell for cell in placement.deploy_suggestions(state, seat, unit) if cell in cells]
    chosen = (
        list(dict.fromkeys([*suggested, *move_suggestions(state, seat, cells, cells[0])]))[:SUGGESTIONS]
        if cells
        else []
    )
    words = controls.words
    options = [option(state, Deploy(player=seat, unit=unit, to=cell, level=level), words) for cell in chosen]
    items: list[Any] = []
    if options:
        deploy_at = words.pgettext("placeholder", "Deploy {model} at…").format(model=words.unit(state, unit))
        items.append(controls.menu(options, deploy_at, row=0))
    if any(
        isinstance(action, Deploy) and action.unit == unit and action.level != level for action in actions
    ):
        other = 1 - level
        label = words.pgettext("button", "At L1 (Fly)") if other else words.pgettext("button", "At Ground")
        items.append(controls.step(f"dep.{unit}.{other}", label, row=1))
    items.append(controls.coordinates(f"dep.{unit}.{level}", row=1))
    items.append(back(controls))
    return items
