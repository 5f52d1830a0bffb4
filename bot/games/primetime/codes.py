"""Prime Time actions as the short codes the controls carry, and their words for people.

A code names an action without its player (the clicker's seat is added when it is parsed), e.g.
``technique.kamehameha.frieza-1.-`` or ``move.14_9``; fields are joined with dots, a cell is
``x_y``, a list of cards ``a+b`` (select values only), a missing value ``-``. The fields are the
action's own, in declaration order, so an action the engine adds gets a code with no change here.
An Ascension plan is one letter per deciding model in roster order (``lock_ascension.ahd``), so it
fits in a button.
"""

from __future__ import annotations

import re
from types import UnionType
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from bot.games.primetime.speech import Speaker
from rules.core.errors import IllegalAction
from rules.core.text import Text
from rules.primetime import parse_action
from rules.primetime.actions import (
    AcceptTerrain,
    Activate,
    ChangeAltitude,
    ChooseFirstPlayer,
    ChooseInitiative,
    ChooseSide,
    Deflect,
    Deploy,
    Discard,
    EndActivation,
    EvadeMove,
    Intercept,
    JointAttack,
    LockAscension,
    Move,
    Pass,
    PassWindow,
    PlaceObjective,
    PlaceTerrain,
    PlayCard,
    PowerUp,
    PrimeTimeAction,
    React,
    RemoveTerrain,
    RerollTerrain,
    Seize,
    UseTechnique,
)
from rules.primetime.ascension import deciding_units
from rules.primetime.cards import joint_attacks
from rules.primetime.geometry import Cell
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import char


def _action_classes() -> dict[str, type[BaseModel]]:
    union = get_args(PrimeTimeAction)[0]
    return {cls.model_fields["type"].default: cls for cls in get_args(union)}


_CLASSES = _action_classes()
"""Every action by its ``type``: a code's fields are the action's own, in declaration order, so a new
action needs no entry here."""
_NONE = "-"
PLAN_LETTERS = {"ascend": "a", "hold": "h", "descend": "d", "stay": "s"}
_PLAN_CHOICES = {letter: choice for choice, letter in PLAN_LETTERS.items()}
UNKNOWN = IllegalAction("unknown_choice", Text("I don't know that choice."))


def _encode(value: Any) -> str:
    if value is None:
        return _NONE
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, tuple | list):
        if len(value) == 2 and all(isinstance(part, int) for part in value):
            return f"{value[0]}_{value[1]}"
        return "+".join(str(part) for part in value)
    return str(value)


def plan_letters(plan: tuple[tuple[str, str], ...] | list[tuple[str, str]]) -> str:
    return "".join(PLAN_LETTERS[choice] for _, choice in plan)


def _fields(kind: str) -> list[str]:
    return [name for name in _CLASSES[kind].model_fields if name not in ("type", "player")]


def action_code(action: PrimeTimeAction) -> str:
    if isinstance(action, LockAscension):
        return f"lock_ascension.{plan_letters(action.plan)}"
    values = [getattr(action, name) for name in _fields(action.type)]
    return ".".join([action.type, *(_encode(value) for value in values)])


def _is_cell(annotation: Any) -> bool:
    return get_args(annotation) == (int, int)


def _decode(annotation: Any, text: str) -> Any:
    """A field's text as its annotation wants it: ``x_y`` for a cell or point, ``a+b`` for a list of
    names, ``-`` for none; pydantic reads numbers and flags from the rest."""
    if text == _NONE:
        return None
    union = get_origin(annotation) in (Union, UnionType)
    options = (
        [option for option in get_args(annotation) if option is not type(None)] if union else [annotation]
    )
    if any(_is_cell(option) for option in options):
        x, _, y = text.partition("_")
        return (int(x), int(y))
    if any(get_args(option)[-1:] == (Ellipsis,) for option in options):
        return tuple(text.split("+"))
    return text


def parse_code(code: str, state: PrimeTimeState, seat: int) -> PrimeTimeAction:
    """The action ``code`` names for ``seat``; IllegalAction when it names none. Only a code written as
    ``action_code`` writes it names one: ``move.+3_09`` is no code, though it reads as a cell."""
    kind, *values = code.split(".")
    if kind == "lock_ascension" and len(values) == 1:
        units = deciding_units(state, seat)
        letters = values[0]
        if len(letters) != len(units) or any(letter not in _PLAN_CHOICES for letter in letters):
            raise UNKNOWN
        plan = tuple((unit.id, _PLAN_CHOICES[letter]) for unit, letter in zip(units, letters, strict=True))
        return LockAscension(player=seat, plan=plan)
    if kind not in _CLASSES or kind == "timeout" or len(values) != len(_fields(kind)):
        raise UNKNOWN
    fields = _CLASSES[kind].model_fields
    data: dict[str, Any] = {"type": kind, "player": seat}
    try:
        data.update(
            {
                name: _decode(fields[name].annotation, value)
                for name, value in zip(_fields(kind), values, strict=True)
            }
        )
        action = parse_action(data)
    except (ValidationError, ValueError):
        raise UNKNOWN from None
    if action_code(action) != code:
        raise UNKNOWN
    return action


# Coordinates typed by a player: ASCII digits only, as everywhere an id or a number is read.

_COORDINATES = re.compile(r"\s*x?\s*(\d{1,2})\s*(?:,|\s)\s*y?\s*(\d{1,2})\s*", re.IGNORECASE | re.ASCII)


def parse_cell(text: str) -> Cell | None:
    """``14,9``, ``14 9`` or ``x14 y9`` as a cell; None for anything else."""
    found = _COORDINATES.fullmatch(text)
    return (int(found.group(1)), int(found.group(2))) if found else None


_TERRAIN_EDIT = re.compile(r"\s*([a-z]+)\s+(\d{1,2})\s+(\d{1,2})\s+(\d)\s+(\d)\s*", re.IGNORECASE | re.ASCII)
_REMOVE = re.compile(r"\s*remove\s+(\d{1,2})\s*", re.IGNORECASE | re.ASCII)


def terrain_edit_code(text: str) -> str | None:
    """SU-1's edit, typed as ``type x y w h`` (e.g. ``spire 4 10 2 2``) or ``remove N`` (N as
    listed, from 1), as an action code; None when it is neither."""
    removed = _REMOVE.fullmatch(text)
    if removed:
        return f"remove_terrain.{int(removed.group(1)) - 1}"
    placed = _TERRAIN_EDIT.fullmatch(text)
    if placed:
        kind, x, y, width, height = placed.groups()
        return f"place_terrain.{kind.lower()}.{int(x)}.{int(y)}.{width}.{height}"
    return None


# Words.


def technique_name(state: PrimeTimeState, unit_id: str, technique_id: str, words: Speaker) -> str:
    """A technique of the model ``unit_id``, by its name in ``words``' language (its id when the model
    has no such technique)."""
    unit = state.find_unit(unit_id)
    if unit is None:
        return technique_id
    try:
        english = char(unit).technique(technique_id).name
    except (KeyError, StopIteration, ValueError):
        return technique_id
    return words.name("techniques", technique_id, english)


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


FIRST_PLAYER_WORDS = {
    "initiative": Text.in_context("button", "Take the initiative"),
    "south": Text.in_context("button", "Deploy south"),
    "north": Text.in_context("button", "Deploy north"),
}
SIDE_WORDS = {"south": FIRST_PLAYER_WORDS["south"], "north": FIRST_PLAYER_WORDS["north"]}
REACTION_WORDS = {
    "z_evasion": Text.in_context("button", "Z-Evasion"),
    "brace": Text.in_context("button", "Brace"),
    "none": Text.in_context("button", "No reaction"),
    "clash": Text.in_context("button", "Clash"),
}
"""An action's choice as its button names it (a word of the catalogue, said in the reader's
language)."""


def action_label(state: PrimeTimeState, action: PrimeTimeAction, words: Speaker) -> str:
    """The action in a few words of ``words``' language, for a button or a menu option."""
    active = state.activation.unit if state.activation is not None else None
    pgettext = words.pgettext
    setup = _setup_label(state, action, words)
    if setup is not None:
        return setup
    if isinstance(action, ChooseInitiative):
        return pgettext("button", "Activate first") if action.first else pgettext("button", "Activate second")
    if isinstance(action, Activate):
        return pgettext("button", "Activate {model}").format(model=words.unit(state, action.unit))
    if isinstance(action, Pass):
        return pgettext("button", "Pass for the round")
    if isinstance(action, Move | EvadeMove):
        return pgettext("button", "Move to {cell}").format(cell=cell_text(action.to))
    if isinstance(action, ChangeAltitude):
        up = active is not None and action.level > state.unit(active).level
        return pgettext("button", "Fly up") if up else pgettext("button", "Fly down")
    if isinstance(action, UseTechnique):
        name = technique_name(state, active or "", action.technique, words)
        if action.target is None:
            return name
        return pgettext("button", "{technique} → {target}").format(
            technique=name, target=words.unit(state, action.target)
        )
    if isinstance(action, PowerUp):
        return pgettext("button", "Power Up +1 {resource}").format(resource=action.resource.upper())
    if isinstance(action, EndActivation):
        return pgettext("button", "End activation")
    if isinstance(action, React):
        if action.choice == "clash" and action.technique is not None and state.attack is not None:
            return pgettext("button", "Clash: {technique}").format(
                technique=technique_name(state, state.attack.target, action.technique, words)
            )
        return words.say(REACTION_WORDS[action.choice])
    if isinstance(action, Intercept):
        return pgettext("button", "Intercept: {model}").format(model=words.unit(state, action.unit))
    if isinstance(action, Deflect):
        if action.unit is None:
            return pgettext("button", "No deflect (just evade)")
        return pgettext("button", "Deflect at {model}").format(model=words.unit(state, action.unit))
    return _card_label(state, action, words)


def _card_label(state: PrimeTimeState, action: PrimeTimeAction, words: Speaker) -> str:
    """The labels of Joint Attacks, cards, windows and discards; any other action by its type."""
    pgettext = words.pgettext
    if isinstance(action, JointAttack):
        targets = [words.unit(state, unit) for unit in (action.target, action.partner_target) if unit]
        joined = pgettext("button", "{first} & {second}") if len(targets) == 2 else "{first}"
        name = words.name("joint_attacks", action.joint, joint_attacks()[action.joint].name)
        return pgettext("button", "{technique} → {target}").format(
            technique=name, target=joined.format(first=targets[0], second=targets[-1]) if targets else ""
        )
    if isinstance(action, PlayCard):
        on = [words.unit(state, unit) for unit in (action.unit, action.target) if unit is not None]
        if not on:
            return words.card(action.card)
        return pgettext("button", "{card} ({models})").format(
            card=words.card(action.card), models=" → ".join(on)
        )
    if isinstance(action, PassWindow):
        # One word for one thing: a Phase Start is answered Ready, every other window Continue.
        return pgettext("button", "Ready") if state.phase == "phase_start" else pgettext("button", "Continue")
    if isinstance(action, Discard):
        return pgettext("button", "Discard {cards}").format(
            cards=", ".join(words.card(chosen) for chosen in action.cards)
        )
    if isinstance(action, LockAscension):
        return pgettext("button", "Lock in")
    return action.type.replace("_", " ").capitalize()


def _setup_label(state: PrimeTimeState, action: PrimeTimeAction, words: Speaker) -> str | None:
    pgettext = words.pgettext
    if isinstance(action, AcceptTerrain):
        return pgettext("button", "Accept the terrain")
    if isinstance(action, RerollTerrain):
        left = state.rerolls_left
        reroll = words.catalogue.npgettext("button", "Reroll ({count} left)", "Reroll ({count} left)", left)
        return reroll.format(count=words.number(left))
    if isinstance(action, PlaceTerrain):
        return pgettext("button", "Add a {terrain} {width}x{height} at {cell}").format(
            terrain=words.name("terrain", action.kind.value, action.kind.label),
            width=action.width,
            height=action.height,
            cell=cell_text((action.x, action.y)),
        )
    if isinstance(action, RemoveTerrain):
        return pgettext("button", "Remove piece {number}").format(number=words.number(action.index + 1))
    if isinstance(action, ChooseFirstPlayer):
        return words.say(FIRST_PLAYER_WORDS[action.choice])
    if isinstance(action, ChooseSide):
        return words.say(SIDE_WORDS[action.side])
    if isinstance(action, PlaceObjective):
        return pgettext("button", "Objective at {cell}").format(cell=cell_text(action.point))
    if isinstance(action, Deploy):
        model, cell = words.unit(state, action.unit), cell_text(action.to)
        if action.level:
            return pgettext("button", "{model} at {cell} at L1").format(model=model, cell=cell)
        return pgettext("button", "{model} at {cell}").format(model=model, cell=cell)
    if isinstance(action, Seize):
        return pgettext("button", "Seize the objective at {cell}").format(cell=cell_text(action.point))
    return None
