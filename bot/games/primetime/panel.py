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
from bot.games.primetime.speech import Speaker
from bot.ui.components import number_of
from locales.catalogues import N_
from rules.core.text import Text
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
    "activation": Text.in_context("button", "Act…"),
    "action": Text.in_context("button", "Act…"),
    "ascension": Text.in_context("button", "Ascension…"),
    "discard": Text.in_context("button", "Discard…"),
    "terrain": Text.in_context("button", "Terrain…"),
    "deploy": Text.in_context("button", "Deploy…"),
}
"""The board's button that opens the panel for a decision made there, by its kind."""


# The steps of an activation.


def _technique_options(
    state: PrimeTimeState, actions: list[PrimeTimeAction], words: Speaker
) -> list[discord.SelectOption]:
    """One option per technique and target: the label names them with the distance and the chance to
    hit (before reactions), the description gives the range, what it costs now, DMG and the riders."""
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    options = []
    for action in actions:
        if not isinstance(action, UseTechnique):
            continue
        technique = effective(state, attacker, char(attacker).technique(action.technique))
        label = action_label(state, action, words)
        if action.target is not None:
            target = state.unit(action.target)
            chance = hit_chance(state, attacker, technique, target)
            label += f' · {distance(attacker.cell, target.cell):.0f}" · {chance:.0%}'
        if action.direction is not None:
            label += " · " + words.pgettext("menu option", "push {cell}").format(
                cell=cell_text(action.direction)
            )
        options.append(
            discord.SelectOption(
                label=label[:100],
                value=action_code(action),
                description=_technique_words(state, technique, words),
            )
        )
    return options


def _cost_now(state: PrimeTimeState, attacker: Unit, technique: Technique, words: Speaker) -> str:
    bk, sk = technique_cost(attacker, technique, state.activation)
    if sk:
        return words.gettext("{sk} SK Breakthrough").format(sk=words.number(sk))
    return words.gettext("{bk} BK").format(bk=words.number(bk))


def _technique_words(state: PrimeTimeState, technique: Technique, words: Speaker) -> str:
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    dmg = technique_damage(attacker, technique)
    return technique_stats(technique, words, dmg, _cost_now(state, attacker, technique, words))[:100]


def technique_lines(state: PrimeTimeState, actions: list[PrimeTimeAction], words: Speaker) -> list[str]:
    """What each technique the menu offers does, once each, for the panel above the menu."""
    assert state.activation is not None
    attacker = state.unit(state.activation.unit)
    chosen = dict.fromkeys(action.technique for action in actions if isinstance(action, UseTechnique))
    lines = []
    for technique_id in chosen:
        technique = effective(state, attacker, char(attacker).technique(technique_id))
        cost = _cost_now(state, attacker, technique, words)
        lines.append(technique_line(technique, words, technique_damage(attacker, technique), cost))
    return lines


ATTACK_MENU = Text.in_context("placeholder", "Technique → target · distance · chance to hit")
MOVE_MENU = Text.in_context("placeholder", "Move to…")
"""The activation's two menus' placeholders."""


def _action_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    """The activation's one screen, over the close-up: the Move menu (the suggested cells, lettered
    as the picture letters them, any other by typing it) and the Technique menu (each technique and
    target with its chance to hit) at once, so a move and an attack take one choice each; every other
    action (Power Up, Fly up/down, Seize, End activation, and whatever the engine adds) is a button."""
    assert state.activation is not None
    seat = state.unit(state.activation.unit).seat
    words = controls.words
    menus: list[tuple[list[discord.SelectOption], str, str]] = []
    steps: list[Callable[[int], Any]] = []
    if any(isinstance(action, Move) for action in actions):
        menus.append((move_menu_options(state, seat, actions, words), words.say(MOVE_MENU), "move"))
        steps.append(lambda row: controls.coordinates("move", row=row))
    attacks = _technique_options(state, actions, words)
    if attacks:
        menus.append((attacks[:PAGE], words.say(ATTACK_MENU), "tech"))
    if len(attacks) > PAGE:
        more = words.pgettext("button", "More attacks…")
        steps.append(lambda row: controls.step("tech.1", more, row=row))
    if any(isinstance(action, JointAttack) for action in actions):
        joint = words.pgettext("button", "Joint Attack…")
        steps.append(lambda row: controls.step("joint.0", joint, row=row, style=discord.ButtonStyle.danger))
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
    words = controls.words
    options = []
    for action in actions:
        if isinstance(action, Activate):
            unit = state.unit(action.unit)
            token = (
                words.pgettext("menu option", "Focus Tax {bk} BK").format(
                    bk=words.number(settings().focus_tax)
                )
                if unit.activations
                else words.pgettext("menu option", "token ready")
            )
            health = words.pgettext("menu option", "{hp}/{hp_max} HP").format(
                hp=words.number(unit.hp), hp_max=words.number(hp_max(unit))
            )
            options.append(option(state, action, words, f"{health} · {words.say(tier_name(unit))} · {token}"))
    items: list[Any] = []
    if options:
        items.append(controls.menu(options, words.pgettext("placeholder", "Activate a model…"), row=0))
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
    words = controls.words
    options = []
    for action in actions:
        if not isinstance(action, Deflect):
            continue
        if action.unit is None:
            options.append(
                option(state, action, words, words.pgettext("menu option", "the attack is simply evaded"))
            )
            continue
        unit = state.unit(action.unit)
        owner = controls.name_of(unit.seat)
        if start is None:
            whose = words.pgettext("menu option", "{player}'s model").format(player=owner)
        else:
            whose = words.pgettext("menu option", "{player}'s model · {distance}\" away").format(
                player=owner, distance=f"{distance(start, unit.cell):.0f}"
            )
        options.append(option(state, action, words, whose))
    placeholder = words.pgettext("placeholder", "Deflect the attack at…")
    return [controls.menu(options[:PAGE], placeholder, row=0)] if options else []


def _evade_items(state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction]) -> list[Any]:
    attack = state.attack
    evader = state.unit(attack.evader) if attack is not None and attack.evader else None
    cells = [action.to for action in actions if isinstance(action, EvadeMove)]
    start = evader.cell if evader is not None else cells[0]
    words = controls.words
    stay, away = words.pgettext("menu option", "stay"), words.pgettext("menu option", '{distance}" away')
    options = []
    for cell in move_suggestions(state, state.prompts[0].who, cells, start):
        action = EvadeMove(player=state.prompts[0].who, to=cell)
        options.append(
            option(
                state,
                action,
                words,
                stay if cell == start else away.format(distance=f"{distance(start, cell):.1f}"),
            )
        )
    placeholder = words.pgettext("placeholder", "Evade to…")
    return [controls.menu(options, placeholder, row=0), controls.coordinates("evade", row=1)]


def _discard_items(
    state: PrimeTimeState, controls: Controls, actions: list[PrimeTimeAction], page: int
) -> list[Any]:
    """CL-3: every legal choice of cards to discard, paged (a hand far over the limit has many)."""
    options = [
        option(state, action, controls.words) for action in actions if not isinstance(action, PlayCard)
    ]
    return paged(controls, options, page, "disc", controls.words.pgettext("placeholder", "Cards to discard…"))


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
PLAY_A_CARD = Text.in_context("button", "Play a card…")
CARD_WINDOWS = {
    "reaction": Text.in_context("button", "Card Response…"),
    "on_hit": PLAY_A_CARD,
    "activation_start": PLAY_A_CARD,
    "phase_start": PLAY_A_CARD,
}
"""Prompts that always show their card button, whatever the hand holds, so it betrays nothing."""


def _card_button(prompt: Prompt | None, actions: list[PrimeTimeAction], controls: Controls) -> list[Any]:
    has_cards = any(isinstance(action, PlayCard) for action in actions)
    words = controls.words
    if prompt is not None and prompt.kind in CARD_WINDOWS:
        if prompt.kind != "reaction" or "card" in prompt.options:
            return [controls.step("cards.0", words.say(CARD_WINDOWS[prompt.kind]), row=3)]
        return []
    return [controls.step("cards.0", words.say(PLAY_A_CARD), row=3)] if has_cards else []


def prompt_items(
    state: PrimeTimeState, seat: int, controls: Controls, step: str
) -> list[discord.ui.Item[Any]]:
    """The controls for ``seat`` at ``step`` of its current prompt (``main`` for its first screen)."""
    # A default is the clock's to apply, never a button.
    actions = [action for action in legal_actions(state, seat) if not isinstance(action, Timeout)]
    prompt = state.prompt_for(seat)
    words = controls.words
    kind, _, rest = step.partition(".")
    page = number_of(rest) or 0
    if kind == "cards":
        plays = [
            option(state, action, words, card_summary(action.card, words))
            for action in actions
            if isinstance(action, PlayCard)
        ]
        if not plays:
            return [back(controls)]
        return [
            *paged(controls, plays, page, "cards", words.pgettext("placeholder", "Play a card…")),
            back(controls),
        ]
    if prompt is None:
        return _card_button(prompt, actions, controls)
    if kind == "tech" and prompt.kind == "action":
        options = _technique_options(state, actions, words)
        return [
            *paged(controls, options, page, "tech", words.say(ATTACK_MENU)),
            back(controls),
        ]
    if kind == "joint" and prompt.kind == "action":
        joints = [option(state, action, words) for action in actions if isinstance(action, JointAttack)]
        placeholder = words.pgettext("placeholder", "Joint Attack → target")
        return [*paged(controls, joints, page, "joint", placeholder), back(controls)]
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
            items.append(controls.step("cards.0", words.say(PLAY_A_CARD), row=4))
        return items
    return [*BUILDERS[prompt.kind](state, controls, actions), *_card_button(prompt, actions, controls)]


NO_CARD_WORDS = {
    "reaction": N_("You hold no Z-Reaction card that answers this attack: press Back and choose a reaction."),
    "on_hit": N_("You hold no On Hit or On Damage card for this hit. Press Back and Continue."),
    "activation_start": N_("You hold no Activation Start card to answer with. Press Back and Continue."),
    "phase_start": N_("You hold no card for this Phase Start. Press Back and Ready."),
}
NO_PLAYABLE_CARD = N_("No card in your hand can be played now.")
"""Why a card page offers no card, by the window open (catalogue messages, said in the reader's
language)."""


def step_lines(state: PrimeTimeState, seat: int, step: str, words: Speaker) -> list[str]:
    """What the choices of ``step`` do, above its controls: each technique the menu offers, each card
    that can be played now (or why there is none), each Joint Attack."""
    actions = legal_actions(state, seat)
    prompt = state.prompt_for(seat)
    kind = step.partition(".")[0]
    if kind == "cards":
        playable = dict.fromkeys(action.card for action in actions if isinstance(action, PlayCard))
        if playable:
            return [card_line(card_id, words, full=True) for card_id in playable]
        none = NO_CARD_WORDS.get(prompt.kind if prompt else "", NO_PLAYABLE_CARD)
        return [words.gettext(none)]
    if prompt is not None and prompt.kind == "action" and kind not in ("joint", "cards"):
        return technique_lines(state, actions, words)
    if kind == "joint" and prompt is not None and prompt.kind == "action":
        joints = dict.fromkeys(action.joint for action in actions if isinstance(action, JointAttack))
        return [joint_attack_line(joint, words) for joint in joints]
    return []


PROMPT_WORDS = {
    "initiative": N_("Choose whether you activate first or second this round."),
    "ascension": N_("Choose each model's tier for this round, then Lock in."),
    "activation": N_("Activate a model, or pass for the round."),
    "action": N_("Choose your model's next action."),
    "deflect": N_("Your evasion was critical: choose where the attack goes."),
    "evade_move": N_("Your evasion succeeded: move the evader, or stay."),
    "on_hit": N_("A hit landed: play an On Hit / On Damage card, or Continue."),
    "activation_start": N_("An Activation Start card was played: answer with one of yours, or Continue."),
    "discard": N_("You are over the hand limit: choose the cards to discard."),
    "terrain": N_("Accept the terrain, reroll it, or edit it (both players must accept the same layout)."),
    "first_player": N_("You won the roll-off: take the initiative, or choose your deployment side."),
    "side": N_("Choose your deployment side."),
    "objective": N_("Place an objective."),
    "deploy": N_("Deploy your next model: choose it, then its cell."),
}
PHASE_START_WORDS = {
    "power": N_("Power Phase Start: play a card blind, or Ready."),
    "ascension": N_("Ascension Phase Start: play a card blind, or Ready."),
    "activation": N_("Activation Phase Start: play a card blind, or Ready."),
    "cleanup": N_("Cleanup Phase Start: play a card blind, or Ready."),
}
ANY_PHASE_START = N_("Phase Start: play a card blind, or Ready.")
ANY_CHOICE = N_("Make your choice.")
"""What the panel asks of its player, by the kind of their decision (and, at a Phase Start, by the
phase it opens)."""


def prompt_words(state: PrimeTimeState, seat: int, names: Sequence[str], words: Speaker) -> str:
    """What ``seat`` must decide now, in a sentence for its panel (``names``: the players' names)."""
    prompt = state.prompt_for(seat)
    if state.outcome is not None:
        return words.gettext("The game is over.")
    if prompt is None:
        waiting = [names[other] for other in dict.fromkeys(p.who for p in state.prompts)]
        if not waiting:
            return words.gettext("Nothing to decide now (waiting for nobody).")
        waited = words.gettext("{first} and {second}") if len(waiting) == 2 else "{first}"
        return words.gettext("Nothing to decide now (waiting for {players}).").format(
            players=waited.format(first=waiting[0], second=waiting[-1])
        )
    attack = state.attack
    if prompt.kind == "reaction" and attack is not None:
        return words.gettext("{attacker} attacks {target}: choose your Z-Reaction.").format(
            attacker=words.unit(state, attack.attacker), target=words.unit(state, attack.target)
        )
    if prompt.kind == "phase_start":
        return words.gettext(PHASE_START_WORDS.get(state.phase_start or "", ANY_PHASE_START))
    return words.gettext(PROMPT_WORDS.get(prompt.kind, ANY_CHOICE))
