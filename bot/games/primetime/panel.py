"""Prime Time's controls, built only from the engine's legal actions, one small builder per prompt kind.

The same builders fill the public board (the prompts whose choices are public: Z-Reaction, Deflect,
Z-Evasion move, On Hit, initiative) and each player's ephemeral panel ("My hand"), which also holds
the secret, blind and stepwise ones (activation, Phase Start, Ascension, hand-limit discards, card
lists). An activation's first screen holds both its Move and Technique menus (``_action_items``),
so moving and attacking take one choice each. A panel's step rides in its ``choose`` controls'
argument: ``tech.<page>`` (the Technique menu's further pages), ``joint.<page>``, ``cards.<page>``
or ``asc.<letters>.<page>``. Every control that plays carries the move count of the
seat it is for (on the board, the one prompted player's), not the board version: the other player's
moves, secret ones included, don't outdate it, while a double click or an old panel is caught; the
engine refuses, with its reason, whatever is no longer legal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import discord

from bot.games.primetime.ascension_panel import ascension_items, step_letters
from bot.games.primetime.codes import (
    action_code,
    action_label,
    cell_text,
    unit_name,
)
from bot.games.primetime.controls import PAGE, Controls, back, move_suggestions, option, paged
from bot.games.primetime.explain import (
    card_line,
    card_summary,
    joint_attack_line,
    technique_line,
    technique_stats,
)
from bot.games.primetime.pictures import move_menu_options
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
from rules.primetime.ascension import tier_name
from rules.primetime.cards import joint_attacks
from rules.primetime.content import Technique, settings
from rules.primetime.engine import legal_actions
from rules.primetime.geometry import distance
from rules.primetime.state import PrimeTimeState, Prompt, Unit
from rules.primetime.stats import char, hp_max, technique_damage
from rules.primetime.techniques import effective, technique_cost

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
    "terrain": "Terrain…",
    "deploy": "Deploy…",
}


# The steps of an activation.


def _technique_options(state: PrimeTimeState, actions: list[PrimeTimeAction]) -> list[discord.SelectOption]:
    """One option per technique and target: the label names them with the distance and the chance to
    hit (before reactions), the description gives the range, what it costs now, DMG and the riders."""
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    options = []
    for action in actions:
        if not isinstance(action, UseTechnique):
            continue
        technique = effective(state, attacker, char(attacker).technique(action.technique))
        label = action_label(state, action)
        if action.target is not None:
            target = state.unit(action.target)
            chance = hit_chance(state, attacker, technique, target)
            label += f' · {distance(attacker.cell, target.cell):.0f}" · {chance:.0%}'
        if action.direction is not None:
            label += f" · push {cell_text(action.direction)}"
        options.append(
            discord.SelectOption(
                label=label[:100], value=action_code(action), description=_technique_words(state, technique)
            )
        )
    return options


def _cost_now(state: PrimeTimeState, attacker: Unit, technique: Technique) -> str:
    bk, sk = technique_cost(attacker, technique, state.activation)
    return f"{sk} SK Breakthrough" if sk else f"{bk} BK"


def _technique_words(state: PrimeTimeState, technique: Technique) -> str:
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    dmg = technique_damage(attacker, technique)
    return technique_stats(technique, dmg, _cost_now(state, attacker, technique))[:100]


def technique_lines(state: PrimeTimeState, actions: list[PrimeTimeAction]) -> list[str]:
    """What each technique the menu offers does, once each, for the panel above the menu."""
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    chosen = dict.fromkeys(action.technique for action in actions if isinstance(action, UseTechnique))
    lines = []
    for technique_id in chosen:
        technique = effective(state, attacker, char(attacker).technique(technique_id))
        cost = _cost_now(state, attacker, technique)
        lines.append(technique_line(technique, technique_damage(attacker, technique), cost))
    return lines


ATTACK_MENU = "Technique → target · distance · chance to hit"
MOVE_MENU = "Move to…"


def _action_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    """The activation's one screen, over the close-up: the Move menu (the suggested cells, lettered
    as the picture letters them, any other by typing it) and the Technique menu (each technique and
    target with its chance to hit) at once, so a move and an attack take one choice each; every other
    action (Power Up, Fly up/down, Seize, End activation, and whatever the engine adds) is a button."""
    assert state.activation is not None
    seat = state.unit(state.activation.unit).seat
    menus: list[tuple[list[discord.SelectOption], str, str]] = []
    steps: list[Callable[[int], Any]] = []
    if any(isinstance(action, Move) for action in actions):
        menus.append((move_menu_options(state, seat, actions), MOVE_MENU, "move"))
        steps.append(lambda row: controls.coordinates("move", row=row))
    attacks = _technique_options(state, actions)
    if attacks:
        menus.append((attacks[:PAGE], ATTACK_MENU, "tech"))
    if len(attacks) > PAGE:
        steps.append(lambda row: controls.step("tech.1", "More attacks…", row=row))
    if any(isinstance(action, JointAttack) for action in actions):
        steps.append(
            lambda row: controls.step("joint.0", "Joint Attack…", row=row, style=discord.ButtonStyle.danger)
        )
    others = [
        action for action in actions if not isinstance(action, Move | UseTechnique | JointAttack | PlayCard)
    ]
    others.sort(key=lambda action: isinstance(action, EndActivation))
    steps.extend(partial(_play_button, controls, action, state) for action in others)
    items: list[Any] = [
        controls.menu(options, placeholder, row=row, arg=arg)
        for row, (options, placeholder, arg) in enumerate(menus)
        if options
    ]
    # The buttons fill the rows under the menus, leaving row 3 a place for Play a card… and row 4
    # for Refresh.
    slots = [row for row in range(len(menus), 4) for _ in range(4 if row == 3 else 5)]
    items.extend(make(row) for make, row in zip(steps, slots, strict=False))
    return items


def _play_button(controls: Controls, action: PrimeTimeAction, state: PrimeTimeState, row: int) -> Any:
    return controls.play(action, state, row=row)


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


def _deflect_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    """The models the attack may be sent at, each with its owner and distance, and declining."""
    attack = state.attack
    defender = (attack.evader or attack.target) if attack is not None else None
    start = state.unit(defender).cell if defender is not None else None
    options = []
    for action in actions:
        if not isinstance(action, Deflect):
            continue
        if action.unit is None:
            options.append(option(state, action, "the attack is simply evaded"))
            continue
        unit = state.unit(action.unit)
        away = f' · {distance(start, unit.cell):.0f}" away' if start is not None else ""
        options.append(option(state, action, f"{controls.name_of(unit.seat)}'s model{away}"))
    return [controls.menu(options[:PAGE], "Deflect the attack at…", row=0)] if options else []


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
    "deflect": _deflect_items,
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
            option(state, action, card_summary(action.card))
            for action in actions
            if isinstance(action, PlayCard)
        ]
        if not plays:
            return [back(controls)]
        return [*paged(controls, plays, page, "cards", "Play a card…"), back(controls)]
    if prompt is None:
        return _card_button(prompt, actions, controls)
    if kind == "tech" and prompt.kind == "action":
        options = _technique_options(state, actions)
        return [
            *paged(controls, options, page, "tech", ATTACK_MENU),
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
        items = ascension_items(state, seat, controls, letters, number_of(page_text) or 0)
        if any(isinstance(action, PlayCard) for action in actions):
            items.append(controls.step("cards.0", "Play a card…", row=4))
        return items
    return [*BUILDERS[prompt.kind](state, controls, actions), *_card_button(prompt, actions, controls)]


NO_CARD_WORDS = {
    "reaction": "You hold no Z-Reaction card that answers this attack: press Back and choose a reaction.",
    "on_hit": "You hold no On Hit or On Damage card for this hit. Press Back and Continue.",
    "activation_start": "You hold no Activation Start card to answer with. Press Back and Continue.",
    "phase_start": "You hold no card for this Phase Start. Press Back and Ready.",
}


def step_lines(state: PrimeTimeState, seat: int, step: str) -> list[str]:
    """What the choices of ``step`` do, above its controls: each technique the menu offers, each card
    that can be played now (or why there is none), each Joint Attack."""
    actions = legal_actions(state, seat)
    prompt = state.prompt_for(seat)
    kind = step.partition(".")[0]
    if kind == "cards":
        playable = dict.fromkeys(action.card for action in actions if isinstance(action, PlayCard))
        if playable:
            return [card_line(card_id, full=True) for card_id in playable]
        return [NO_CARD_WORDS.get(prompt.kind if prompt else "", "No card in your hand can be played now.")]
    if prompt is not None and prompt.kind == "action" and kind not in ("joint", "cards"):
        return technique_lines(state, actions)
    if kind == "joint" and prompt is not None and prompt.kind == "action":
        joints = dict.fromkeys(action.joint for action in actions if isinstance(action, JointAttack))
        return [joint_attack_line(joint, joint_attacks()[joint].name) for joint in joints]
    return []


def prompt_words(state: PrimeTimeState, seat: int, names: Sequence[str]) -> str:
    """What ``seat`` must decide now, in a sentence for its panel (``names``: the players' names)."""
    prompt = state.prompt_for(seat)
    if state.outcome is not None:
        return "The game is over."
    if prompt is None:
        waiting = " and ".join(names[other] for other in dict.fromkeys(p.who for p in state.prompts))
        return f"Nothing to decide now (waiting for {waiting or 'nobody'})."
    attack = state.attack
    words = {
        "initiative": "Choose whether you activate first or second this round.",
        "phase_start": f"{(state.phase_start or 'phase').title()} Phase Start: play a card blind, or Ready.",
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
