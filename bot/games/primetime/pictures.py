"""The close-up a private panel shows while an activation's choices are made on the battlefield:
the reach with the suggested cells lettered as the Move menu letters them, each suggestion's
reasons in words, and the targets joined to the attacker by range lines with their chances.

The letters, the menu's order and the reasons come from one list (``move_hints``), so the picture and
the menu never disagree."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.games.primetime.codes import action_code, cell_text
from bot.games.primetime.speech import Speaker
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
from rules.primetime.texts import MENU_ROOM

ZOOM_FILE = "closeup.png"


def _names_list(state: PrimeTimeState, ids: tuple[str, ...], words: Speaker) -> str:
    """The models ``ids`` by name, "A, B and C" in ``words``' language."""
    names = [words.unit(state, unit_id) for unit_id in ids]
    if len(names) == 1:
        return names[0]
    return words.gettext("{first} and {second}").format(first=", ".join(names[:-1]), second=names[-1])


def hint_words(state: PrimeTimeState, hint: MoveHint, enemies: int, words: Speaker) -> str:
    """Why a suggested cell is worth going to, in a menu description's few words of ``words``'
    language."""
    pgettext = words.pgettext
    parts = []
    if hint.objectives:
        zones = words.catalogue.npgettext(
            "menu option", "{count} objective zone", "{count} objective zones", len(hint.objectives)
        )
        parts.append(
            pgettext("menu option", "objective zone")
            if len(hint.objectives) == 1
            else zones.format(count=words.number(len(hint.objectives)))
        )
    if hint.contact:
        contact = pgettext("menu option", "contact with {models}")
        parts.append(contact.format(models=_names_list(state, hint.contact, words)))
    if hint.cover_from:
        cover = pgettext("menu option", "Cover from {models}")
        parts.append(cover.format(models=_names_list(state, hint.cover_from, words)))
    if hint.hidden_from:
        every = len(hint.hidden_from) == enemies and enemies > 1
        hidden = pgettext("menu option", "out of {models}'s sight")
        parts.append(
            pgettext("menu option", "out of every enemy's sight")
            if every
            else hidden.format(models=_names_list(state, hint.hidden_from, words))
        )
    if hint.toward is not None:
        toward = pgettext("menu option", "toward the objective at {cell}")
        parts.append(toward.format(cell=cell_text(hint.toward)))
    if hint.forward:
        parts.append(pgettext("menu option", "the farthest forward"))
    return _fitting(parts, MENU_ROOM) or pgettext("menu option", "in the open")


def _fitting(parts: list[str], room: int) -> str:
    """The reasons joined, as many as fit in ``room`` (a language's words may run longer than the
    English): a reason is left out whole rather than cut."""
    shown = ""
    for part in parts:
        longer = f"{shown} · {part}" if shown else part
        if len(longer) > room:
            break
        shown = longer
    return shown


def move_hints_of(state: PrimeTimeState, seat: int, actions: list[PrimeTimeAction]) -> list[MoveHint]:
    """The suggested cells of the active model's Move, among the cells the engine offers."""
    assert state.activation is not None
    unit = state.unit(state.activation.unit)
    offered = {action.to for action in actions if isinstance(action, Move)}
    costs = {cell: cost for cell, cost in move_options(state, unit).items() if cell in offered}
    return move_hints(state, unit, costs, seat)


def move_menu_options(
    state: PrimeTimeState, seat: int, actions: list[PrimeTimeAction], words: Speaker
) -> list[Any]:
    """One option per suggested cell, lettered as on the close-up, its path's length in the label and
    its reasons in the description, in ``words``' language (the panel's reader's)."""
    enemies = sum(1 for unit in state.units if unit.seat != seat and not unit.dazed)
    label = words.pgettext("menu option", "{letter} · Move to {cell} · {distance}")
    return [
        discord.SelectOption(
            label=label.format(
                letter=letter(index), cell=cell_text(hint.cell), distance=words.say(inches_words(hint.cost))
            ),
            value=action_code(Move(player=seat, to=hint.cell)),
            description=hint_words(state, hint, enemies, words),
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


def chance_label(chances: list[float], words: Speaker) -> str:
    """One chance, or the range of the techniques' chances: "62%", "45 to 70%"."""
    low, high = min(chances), max(chances)
    if round(low * 100) == round(high * 100):
        return f"{low:.0%}"
    return words.gettext("{low} to {high}").format(low=f"{low * 100:.0f}", high=f"{high:.0%}")


def panel_zoom(
    state: PrimeTimeState, seat: int, step: str, names: tuple[str, str], words: Speaker
) -> PrimeTimeZoom | None:
    """The close-up the panel's ``step`` of an activation shows: on its first screen the reach with
    the lettered suggestions and the targets the techniques reach now, each with its chances; on a
    further page of the Technique menu the targets alone; None for every other step. The chances
    are labelled in ``words``' language (the panel's reader's)."""
    prompt = state.prompt_for(seat)
    if prompt is None or prompt.kind != "action" or state.activation is None:
        return None
    kind = step.partition(".")[0]
    if kind in ("cards", "joint"):
        return None
    actions = legal_actions(state, seat)
    board = PrimeTimeBoard(view=view(state, None), names=names)
    targets = [
        ZoomTarget(unit=unit_id, label=chance_label(chances, words))
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
