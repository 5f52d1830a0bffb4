"""Prime Time's controls, built only from the engine's legal actions, one small builder per prompt kind.

The same builders fill the public board (the prompts whose choices are public: Z-Reaction, Deflect,
Z-Evasion move, On Hit, initiative) and each player's ephemeral panel ("My hand"), which also holds
the secret, blind and stepwise ones (activation, Phase Start, Ascension, hand-limit discards, card
lists). A panel's step rides in its ``choose`` controls' argument: ``move``, ``tech.<page>``,
``cards.<page>`` or ``asc.<letters>.<page>``. Every control that plays carries the move count of the
seat it is for (on the board, the one prompted player's), not the board version: the other player's
moves, secret ones included, don't outdate it, while a double click or an old panel is caught; the
engine refuses, with its reason, whatever is no longer legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.primetime.codes import (
    PLAN_LETTERS,
    action_code,
    action_label,
    card_name,
    cell_text,
    plan_letters,
    unit_name,
)
from bot.games.primetime.controls import PAGE, Controls, back, move_suggestions, option, paged
from bot.games.primetime.setup_panel import deploy_cells_items, deploy_items, objective_items, terrain_items
from bot.ui.components import number_of
from rules.primetime.actions import (
    Activate,
    Deflect,
    EndActivation,
    EvadeMove,
    JointAttack,
    Move,
    Pass,
    PlayCard,
    PrimeTimeAction,
    Timeout,
    UseTechnique,
)
from rules.primetime.ai import hit_chance
from rules.primetime.ascension import choice_cost, choices_for, deciding_units, default_plan, tier_name
from rules.primetime.content import settings
from rules.primetime.engine import legal_actions
from rules.primetime.geometry import distance
from rules.primetime.state import PrimeTimeState, Prompt
from rules.primetime.stats import char, hp_max
from rules.primetime.techniques import effective

MODELS_PER_PAGE = 4
PUBLIC_KINDS = (
    "reaction",
    "deflect",
    "evade_move",
    "on_hit",
    "activation_start",
    "initiative",
    "first_player",
    "side",
    "objective",
)
"""Prompts of one player whose choices anyone may see: their controls sit on the board itself. (Phase
Start asks both players at once, blind, so it is answered in the panels.)"""
PANEL_LABELS = {
    "activation": "Act…",
    "action": "Act…",
    "ascension": "Ascension…",
    "discard": "Discard…",
    "phase_start": "Phase Start…",
    "terrain": "Terrain…",
    "deploy": "Deploy…",
}
CHOICE_WORDS = {"ascend": "Ascend", "hold": "Hold", "descend": "Descend", "stay": "Stay"}


# The steps of an activation.


def _technique_options(state: PrimeTimeState, actions: list[PrimeTimeAction]) -> list[discord.SelectOption]:
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    options = []
    for action in actions:
        if not isinstance(action, UseTechnique):
            continue
        technique = effective(state, attacker, char(attacker).technique(action.technique))
        cost = f"{technique.bk} BK" if technique.bk else "0 BK"
        if attacker.has_status("exhausted") and technique.bk and technique.exhausted_ok:
            cost = "2 SK Breakthrough"
        label = action_label(state, action)
        if action.target is not None:
            target = state.unit(action.target)
            chance = hit_chance(state, attacker, technique, target)
            label += f' · {distance(attacker.cell, target.cell):.0f}" · {chance:.0%}'
        if action.direction is not None:
            label += f" · push {cell_text(action.direction)}"
        options.append(
            discord.SelectOption(
                label=label[:100], value=action_code(action), description=f"{cost} · DMG {technique.dmg}"
            )
        )
    return options


def _move_items(
    state: PrimeTimeState, seat: int, controls: Controls, actions: list[PrimeTimeAction]
) -> list[Any]:
    assert state.activation is not None
    unit = state.unit(state.activation.unit)
    cells = [action.to for action in actions if isinstance(action, Move)]
    options = [
        option(state, Move(player=seat, to=cell), f'{distance(unit.cell, cell):.1f}" away')
        for cell in move_suggestions(state, seat, cells, unit.cell)
    ]
    return [controls.menu(options, "Move to…", row=0), controls.coordinates("move", row=1), back(controls)]


def _action_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    """Move… and Technique… open their steps; every other action of the activation (Power Up, Fly
    up/down, Seize, End activation, and whatever the engine adds) is a button of its own."""
    items: list[Any] = []
    if any(isinstance(action, Move) for action in actions):
        items.append(controls.step("move", "Move…", row=0, style=discord.ButtonStyle.primary))
    if any(isinstance(action, UseTechnique) for action in actions):
        items.append(controls.step("tech.0", "Technique…", row=0, style=discord.ButtonStyle.danger))
    if any(isinstance(action, JointAttack) for action in actions):
        items.append(controls.step("joint.0", "Joint Attack…", row=0, style=discord.ButtonStyle.danger))
    others = [
        action for action in actions if not isinstance(action, Move | UseTechnique | JointAttack | PlayCard)
    ]
    others.sort(key=lambda action: isinstance(action, EndActivation))
    for index, action in enumerate(others[:10]):
        items.append(controls.play(action, state, row=1 + index // 5))
    return items


# Each prompt kind's main controls.


def _activation_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    options = []
    for action in actions:
        if isinstance(action, Activate):
            unit = state.unit(action.unit)
            token = f"Focus Tax {settings().focus_tax} BK" if unit.activations else "token ready"
            options.append(
                option(state, action, f"{unit.hp}/{hp_max(unit)} HP · {tier_name(unit)} · {token}")
            )
    items: list[Any] = []
    if options:
        items.append(controls.menu(options, "Activate a model…", row=0))
    items.extend(controls.play(action, state, row=1) for action in actions if isinstance(action, Pass))
    return items


def _buttons(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    return [
        controls.play(action, state, row=index // 5, style=discord.ButtonStyle.primary)
        for index, action in enumerate(action for action in actions if not isinstance(action, PlayCard))
    ]


def _select_items(
    placeholder: str, describe: Callable[[PrimeTimeState, PrimeTimeAction], str | None]
) -> Callable[[PrimeTimeState, Controls, list[PrimeTimeAction]], list[Any]]:
    def build(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
        options = [option(state, action, describe(state, action)) for action in actions]
        return [controls.menu(options[:PAGE], placeholder, row=0)] if options else []

    return build


def _deflect_note(state: PrimeTimeState, action: PrimeTimeAction) -> str | None:
    assert isinstance(action, Deflect)
    if action.unit is None:
        return "the attack is simply evaded"
    unit = state.unit(action.unit)
    return f"seat {unit.seat + 1}"


def _evade_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    attack = state.attack
    evader = state.unit(attack.evader) if attack is not None and attack.evader else None
    cells = [action.to for action in actions if isinstance(action, EvadeMove)]
    start = evader.cell if evader is not None else cells[0]
    options = []
    for cell in move_suggestions(state, state.prompts[0].who, cells, start):
        action = EvadeMove(player=state.prompts[0].who, to=cell)
        options.append(
            option(state, action, "stay" if cell == start else f'{distance(start, cell):.1f}" away')
        )
    return [controls.menu(options, "Evade to…", row=0), controls.coordinates("evade", row=1)]


def _discard_items(
    state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction], page: int
) -> list[Any]:
    """CL-3: every legal choice of cards to discard, paged (a hand far over the limit has many)."""
    options = [option(state, action) for action in actions if not isinstance(action, PlayCard)]
    return paged(controls, options, page, "disc", "Cards to discard…")


BUILDERS: dict[str, Callable[[PrimeTimeState, Controls, list[PrimeTimeAction]], list[Any]]] = {
    "terrain": terrain_items,
    "first_player": _buttons,
    "side": _buttons,
    "objective": objective_items,
    "deploy": deploy_items,
    "initiative": _buttons,
    "activation": _activation_items,
    "action": _action_items,
    "reaction": _buttons,
    "deflect": _select_items("Deflect the attack at…", _deflect_note),
    "evade_move": _evade_items,
    "on_hit": _buttons,
    "activation_start": _buttons,
    "phase_start": _buttons,
    "discard": lambda state, controls, actions: _discard_items(state, controls, actions, 0),
}
"""A new prompt kind needs one entry here (and a deadline in ``bot.games.primetime``)."""
CARD_WINDOWS = {
    "reaction": "Card Response…",
    "on_hit": "Play a card…",
    "activation_start": "Play a card…",
    "phase_start": "Play a card…",
}
"""Prompts that always show their card button, whatever the hand holds, so it betrays nothing."""


def _card_button(prompt: Prompt | None, actions: list[PrimeTimeAction], controls: Controls) -> list[Any]:
    has_cards = any(isinstance(action, PlayCard) for action in actions)
    if prompt is not None and prompt.kind in CARD_WINDOWS:
        if prompt.kind != "reaction" or "card" in prompt.options:
            return [controls.step("cards.0", CARD_WINDOWS[prompt.kind], row=3)]
        return []
    return [controls.step("cards.0", "Play a card…", row=3)] if has_cards else []


def _ascension_items(
    state: PrimeTimeState, seat: int, controls: Controls, letters: str, page: int
) -> list[Any]:
    units = deciding_units(state, seat)
    pages = max(1, -(-len(units) // MODELS_PER_PAGE))
    page = max(0, min(page, pages - 1))
    items: list[Any] = []
    for index in range(page * MODELS_PER_PAGE, min(len(units), (page + 1) * MODELS_PER_PAGE)):
        unit = units[index]
        chosen = {letter: choice for choice, letter in PLAN_LETTERS.items()}[letters[index]]
        options = [
            discord.SelectOption(
                label=f"{CHOICE_WORDS[choice]} ({choice_cost(state, unit, choice)} SK)",
                value=PLAN_LETTERS[choice],
                default=choice == chosen,
            )
            for choice in choices_for(unit)
        ]
        items.append(
            controls.select(
                "choose",
                options,
                placeholder=f"{char(unit).name} ({tier_name(unit)})",
                arg=f"asc.{letters}.{page}.{index}",
                row=len(items),
            )
        )
    items.append(
        controls.button(
            controls.play_op,
            f"lock_ascension.{letters}",
            label="Lock in",
            style=discord.ButtonStyle.success,
            row=4,
        )
    )
    if pages > 1:
        items.append(controls.step(f"asc.{letters}.{(page + 1) % pages}", "More models", row=4))
    return items


def ascension_total(state: PrimeTimeState, seat: int, letters: str) -> int:
    chosen = {letter: choice for choice, letter in PLAN_LETTERS.items()}
    units = deciding_units(state, seat)
    return sum(choice_cost(state, unit, chosen[letter]) for unit, letter in zip(units, letters, strict=True))


def default_letters(state: PrimeTimeState, seat: int) -> str:
    return plan_letters(default_plan(state, seat))


def step_letters(state: PrimeTimeState, seat: int, step: str) -> str:
    """The plan an ``asc.<letters>…`` step carries, when it is one for ``seat``'s models (one letter
    each, every letter a choice); otherwise (another seat's menu, a tampered id) the default plan."""
    kind, _, rest = step.partition(".")
    letters = rest.partition(".")[0] if kind == "asc" else ""
    if len(letters) != len(deciding_units(state, seat)) or not set(letters) <= set(PLAN_LETTERS.values()):
        return default_letters(state, seat)
    return letters


def prompt_items(
    state: PrimeTimeState, seat: int, controls: Controls, step: str
) -> list[discord.ui.Item[Any]]:
    """The controls for ``seat`` at ``step`` of its current prompt (``main`` for its first screen)."""
    # A default is the clock's to apply, never a button.
    actions = [action for action in legal_actions(state, seat) if not isinstance(action, Timeout)]
    prompt = state.prompt_for(seat)
    kind, _, rest = step.partition(".")
    page = number_of(rest) or 0
    if kind == "cards":
        plays = [
            option(state, action, card_name(action.card))
            for action in actions
            if isinstance(action, PlayCard)
        ]
        if not plays:
            return [back(controls)]
        return [*paged(controls, plays, page, "cards", "Play a card…"), back(controls)]
    if prompt is None:
        return _card_button(prompt, actions, controls)
    if kind == "move" and prompt.kind == "action":
        return _move_items(state, seat, controls, actions)
    if kind == "tech" and prompt.kind == "action":
        options = _technique_options(state, actions)
        return [
            *paged(controls, options, page, "tech", "Technique → target · distance · chance to hit"),
            back(controls),
        ]
    if kind == "joint" and prompt.kind == "action":
        joints = [option(state, action) for action in actions if isinstance(action, JointAttack)]
        return [*paged(controls, joints, page, "joint", "Joint Attack → target"), back(controls)]
    if kind == "disc" and prompt.kind == "discard":
        return _discard_items(state, controls, actions, page)
    if kind == "dep" and prompt.kind == "deploy":
        unit, _, level = rest.rpartition(".")
        return deploy_cells_items(state, seat, controls, actions, unit, 1 if level == "1" else 0)
    if prompt.kind == "ascension":
        page_text = rest.partition(".")[2] if kind == "asc" else "0"
        letters = step_letters(state, seat, step)
        items = _ascension_items(state, seat, controls, letters, number_of(page_text) or 0)
        if any(isinstance(action, PlayCard) for action in actions):
            items.append(controls.step("cards.0", "Play a card…", row=4))
        return items
    return [*BUILDERS[prompt.kind](state, controls, actions), *_card_button(prompt, actions, controls)]


def prompt_words(state: PrimeTimeState, seat: int) -> str:
    """What ``seat`` must decide now, in a sentence for its panel."""
    prompt = state.prompt_for(seat)
    if state.outcome is not None:
        return "The game is over."
    if prompt is None:
        waiting = ", ".join(sorted({f"seat {other.who + 1}" for other in state.prompts})) or "nobody"
        return f"Nothing to decide now (waiting for {waiting})."
    attack = state.attack
    words = {
        "initiative": "Choose whether you activate first or second this round.",
        "phase_start": f"Phase Start ({state.phase_start or 'phase'}): play a card, or Continue.",
        "ascension": "Choose each model's tier for this round, then Lock in.",
        "activation": "Activate a model, or pass for the round.",
        "action": "Choose your model's next action.",
        "deflect": "Your evasion was critical: choose where the attack goes.",
        "evade_move": "Your evasion succeeded: move the evader, or stay.",
        "on_hit": "A hit landed: play an On Hit / On Damage card, or Continue.",
        "activation_start": "An Activation Start card was played: answer with one of yours, or Continue.",
        "discard": "You are over the hand limit: choose the cards to discard.",
        "terrain": "Accept the terrain, reroll it, or edit it (both players must accept the same layout).",
        "first_player": "You won the roll-off: take the initiative, or choose your deployment side.",
        "side": "Choose your deployment side.",
        "objective": "Place an objective.",
        "deploy": "Deploy your next model: choose it, then its cell.",
    }
    if prompt.kind == "reaction" and attack is not None:
        return (
            f"{unit_name(state, attack.attacker)} attacks {unit_name(state, attack.target)}: "
            "choose your Z-Reaction."
        )
    return words.get(prompt.kind, "Make your choice.")
