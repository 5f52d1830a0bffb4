"""The close-up a private panel shows while an activation's choices are made on the battlefield:
the reach with the suggested cells lettered as the Move menu letters them, each suggestion's
reasons in words, and the targets joined to the attacker by range lines with their chances.

The letters, the menu's order and the reasons come from one list (``move_hints``), so the picture and
the menu never disagree."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.games.primetime.codes import action_code, cell_text, unit_name
from renderers.primetime import PrimeTimeBoard, PrimeTimeZoom, ZoomTarget
from renderers.primetime.inputs import letter
from rules.primetime import view
from rules.primetime.actions import Move, PrimeTimeAction, UseTechnique
from rules.primetime.ai import hit_chance
from rules.primetime.engine import legal_actions
from rules.primetime.move_hints import MoveHint, move_hints
from rules.primetime.move_words import inches_words
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import char
from rules.primetime.targeting import move_options
from rules.primetime.techniques import effective

ZOOM_FILE = "closeup.png"


def _names_list(state: PrimeTimeState, ids: tuple[str, ...]) -> str:
    return " and ".join(unit_name(state, unit_id) for unit_id in ids)


def hint_words(state: PrimeTimeState, hint: MoveHint, enemies: int) -> str:
    """Why a suggested cell is worth going to, in a menu description's few words."""
    parts = []
    if hint.objectives:
        parts.append(
            "objective zone" if len(hint.objectives) == 1 else f"{len(hint.objectives)} objective zones"
        )
    if hint.contact:
        parts.append(f"contact with {_names_list(state, hint.contact)}")
    if hint.cover_from:
        parts.append(f"Cover from {_names_list(state, hint.cover_from)}")
    if hint.hidden_from:
        every = len(hint.hidden_from) == enemies and enemies > 1
        parts.append(
            "out of every enemy's sight"
            if every
            else f"out of {_names_list(state, hint.hidden_from)}'s sight"
        )
    if hint.toward is not None:
        parts.append(f"toward the objective at {hint.toward[0]},{hint.toward[1]}")
    if hint.forward:
        parts.append("the farthest forward")
    return " · ".join(parts) or "in the open"


def move_hints_of(state: PrimeTimeState, seat: int, actions: list[PrimeTimeAction]) -> list[MoveHint]:
    """The suggested cells of the active model's Move, among the cells the engine offers."""
    assert state.activation is not None
    unit = state.unit(state.activation.unit)
    offered = {action.to for action in actions if isinstance(action, Move)}
    costs = {cell: cost for cell, cost in move_options(state, unit).items() if cell in offered}
    return move_hints(state, unit, costs, seat)


def move_menu_options(state: PrimeTimeState, seat: int, actions: list[PrimeTimeAction]) -> list[Any]:
    """One option per suggested cell, lettered as on the close-up, its path's length in the label and
    its reasons in the description."""
    enemies = sum(1 for unit in state.units if unit.seat != seat and not unit.dazed)
    return [
        discord.SelectOption(
            label=f"{letter(index)} · Move to {cell_text(hint.cell)} · {inches_words(hint.cost)}",
            value=action_code(Move(player=seat, to=hint.cell)),
            description=hint_words(state, hint, enemies)[:100],
        )
        for index, hint in enumerate(move_hints_of(state, seat, actions))
    ]


def _chances(state: PrimeTimeState, actions: list[PrimeTimeAction]) -> dict[str, list[float]]:
    """Each target the techniques reach, with the chance to hit of each technique that reaches it."""
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    found: dict[str, list[float]] = {}
    for action in actions:
        if isinstance(action, UseTechnique) and action.target is not None:
            technique = effective(state, attacker, char(attacker).technique(action.technique))
            found.setdefault(action.target, []).append(
                hit_chance(state, attacker, technique, state.unit(action.target))
            )
    return found


def chance_label(chances: list[float]) -> str:
    """One chance, or the range of the techniques' chances: "62%", "45 to 70%"."""
    low, high = min(chances), max(chances)
    return f"{low:.0%}" if round(low * 100) == round(high * 100) else f"{low * 100:.0f} to {high:.0%}"


def panel_zoom(state: PrimeTimeState, seat: int, step: str, names: tuple[str, str]) -> PrimeTimeZoom | None:
    """The close-up the panel's ``step`` of an activation shows: on its first screen the reach with
    the lettered suggestions and the targets the techniques reach now, each with its chances; on a
    further page of the Technique menu the targets alone; None for every other step."""
    prompt = state.prompt_for(seat)
    if prompt is None or prompt.kind != "action" or state.activation is None:
        return None
    kind = step.partition(".")[0]
    if kind in ("cards", "joint"):
        return None
    actions = legal_actions(state, seat)
    board = PrimeTimeBoard(view=view(state, None), names=names)
    targets = [
        ZoomTarget(unit=unit_id, label=chance_label(chances))
        for unit_id, chances in _chances(state, actions).items()
    ]
    if kind == "tech":
        return PrimeTimeZoom(board=board, targets=targets) if targets else None
    hints = move_hints_of(state, seat, actions)
    reach = frozenset(action.to for action in actions if isinstance(action, Move))
    if not reach and not targets:
        return None
    return PrimeTimeZoom(board=board, reach=reach, lettered=[hint.cell for hint in hints], targets=targets)


def zoom_file(rendered: Any) -> discord.File:
    """A rendered close-up as the panel's attachment, its alt text for screen readers."""
    return discord.File(io.BytesIO(rendered.png), filename=ZOOM_FILE, description=rendered.alt_text[:1024])
