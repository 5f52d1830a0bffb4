"""Why ``apply`` refuses an action: one ``*_problem`` check per action, each a typed
``IllegalAction`` with a sentence for the player. ``legal`` builds the legal actions from the same
checks, and ``apply`` also refuses whatever ``legal_actions`` does not offer."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.text import Plural, Text
from rules.primetime import activation, ascension, card_play, combat, joint, missions, setup
from rules.primetime.actions import (
    Activate,
    ChangeAltitude,
    ChooseInitiative,
    Deflect,
    Discard,
    EndActivation,
    EvadeMove,
    Intercept,
    JointAttack,
    LockAscension,
    Move,
    Pass,
    PassWindow,
    PlayCard,
    PowerUp,
    PrimeTimeAction,
    React,
    Seize,
    Timeout,
    UseTechnique,
)
from rules.primetime.cards import cards
from rules.primetime.cleanup import hand_limit
from rules.primetime.context import reject
from rules.primetime.move_words import move_limit_words, move_refusal
from rules.primetime.names import card_name, character_name, fighter, technique_name
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import char
from rules.primetime.targeting import deflect_targets, evade_cells, move_options
from rules.primetime.techniques import COMPASS, available, cost_problem, effective, target_problem

KIND_OF: dict[type, str] = {
    ChooseInitiative: "initiative",
    LockAscension: "ascension",
    Activate: "activation",
    Pass: "activation",
    Move: "action",
    ChangeAltitude: "action",
    UseTechnique: "action",
    PowerUp: "action",
    EndActivation: "action",
    JointAttack: "action",
    React: "reaction",
    Intercept: "reaction",
    Deflect: "deflect",
    EvadeMove: "evade_move",
    Discard: "discard",
    Seize: "action",
    **setup.KIND_OF,
}
"""The prompt kind each action answers."""
PROMPT_WORDS: dict[str, Text] = {
    "terrain": Text("accept or edit the terrain"),
    "first_player": Text("take the initiative or choose a side"),
    "side": Text("choose a deployment side"),
    "objective": Text("place an objective"),
    "deploy": Text("deploy a model"),
    "initiative": Text("choose whether you activate first or second"),
    "phase_start": Text("play a Phase Start card or be Ready"),
    "ascension": Text("lock in your Ascension"),
    "activation": Text("activate a model or pass"),
    "action": Text("choose your model's next action"),
    "reaction": Text("react to the attack"),
    "deflect": Text("choose where the deflected attack goes"),
    "evade_move": Text("move the model that evaded"),
    "on_hit": Text("play an On Hit or On Damage card, or pass"),
    "activation_start": Text("answer the Activation Start card with one of yours, or pass"),
    "discard": Text("discard down to the hand limit"),
}
"""What each prompt asks, for the sentence refusing an action that answers another."""


def _move_problem(state: PrimeTimeState, action: Move) -> IllegalAction | None:
    unit = state.active_unit()
    if action.to == unit.cell:
        return reject("no_move", Text("Moving to the cell you stand on is not a move."))
    if action.to not in move_options(state, unit):
        return reject("unreachable", move_refusal(state, unit, action.to, move_limit_words(state, unit)))
    return None


def _technique_problem(state: PrimeTimeState, action: UseTechnique) -> IllegalAction | None:
    assert state.activation is not None
    unit = state.active_unit()
    profile = char(unit)
    known = {technique.id for technique in profile.all_techniques()}
    if action.technique not in known:
        return reject(
            "unknown_technique", Text("{fighter} has no such technique.", fighter=character_name(profile.id))
        )
    technique = effective(state, unit, profile.technique(action.technique))
    if not available(unit, technique):
        return reject(
            "wrong_tier",
            Text(
                "{technique} needs tier {min_tier}.",
                technique=technique_name(technique),
                min_tier=technique.min_tier,
            ),
        )
    if technique.charged and state.activation.actions_left < 2:
        return reject(
            "charged",
            Text("{technique} is Charged and takes both actions.", technique=technique_name(technique)),
        )
    problem = cost_problem(state, unit, technique, state.activation)
    if problem:
        return reject("cannot_pay", problem)
    if technique.compass != (action.direction is not None) or (
        action.direction is not None and action.direction not in COMPASS
    ):
        return reject(
            "direction",
            Text(
                "{technique} needs a compass direction only if it pushes in one.",
                technique=technique_name(technique),
            ),
        )
    if technique.area:
        return (
            reject("no_target", Text("{technique} takes no target.", technique=technique_name(technique)))
            if action.target
            else None
        )
    target = state.find_unit(action.target) if action.target else None
    if target is None:
        return reject("no_target", Text("Choose a model to attack."))
    problem = target_problem(state, unit, technique, target)
    return reject("out_of_reach", problem) if problem else None


def _react_problem(state: PrimeTimeState, action: React) -> IllegalAction | None:
    options = combat.reaction_options(state)
    choice = action.choice if action.choice != "clash" else f"clash:{action.technique}"
    if action.choice != "clash" and action.technique is not None:
        return reject("bad_option", Text("Only a Clash names a technique."))
    if choice not in options:
        return reject("not_allowed", Text("That reaction is not allowed against this attack."))
    return None


def _discard_problem(state: PrimeTimeState, action: Discard) -> IllegalAction | None:
    hand = list(state.players[action.player].hand)
    needed = len(hand) - hand_limit(state)
    if len(action.cards) != needed:
        return reject(
            "discard_count",
            Plural(
                "Discard exactly {count} card to reach the hand limit.",
                "Discard exactly {count} cards to reach the hand limit.",
                needed,
            ),
        )
    for card_id in action.cards:
        if card_id not in hand:
            name = card_name(card_id) if card_id in cards() else Text("That card")
            return reject(
                "not_in_hand", Text("{name} is not in your hand (or not that many times).", name=name)
            )
        hand.remove(card_id)
    return None


def _action_problem(state: PrimeTimeState, action: PrimeTimeAction) -> IllegalAction | None:
    if isinstance(action, setup.SETUP_ACTIONS):
        return setup.problem(state, action)
    if isinstance(action, Seize):
        problem = missions.seize_problem(state, state.active_unit(), action.point)
        return reject("cannot_seize", problem) if problem else None
    if isinstance(action, ChooseInitiative):
        return None
    if isinstance(action, LockAscension):
        problem = ascension.plan_problem(state, action.player, action.plan)
        return reject("bad_plan", problem) if problem else None
    if isinstance(action, Activate):
        unit = state.find_unit(action.unit)
        if unit is None or unit.seat != action.player:
            return reject("not_yours", Text("Activate one of your own models."))
        problem = activation.activation_problem(state, unit)
        return reject("cannot_activate", problem) if problem else None
    if isinstance(action, Pass | EndActivation):
        return None
    if isinstance(action, Move):
        return _move_problem(state, action)
    if isinstance(action, ChangeAltitude):
        problem = activation.altitude_problem(state, state.active_unit(), action.level)
        return reject("altitude", problem) if problem else None
    if isinstance(action, UseTechnique):
        return _technique_problem(state, action)
    if isinstance(action, JointAttack):
        problem = joint.joint_problem(state, action)
        return reject("joint_attack", problem) if problem else None
    if isinstance(action, PowerUp):
        problem = activation.power_up_problem(state, state.active_unit(), action.resource)
        return reject("power_up", problem) if problem else None
    if isinstance(action, React):
        return _react_problem(state, action)
    if isinstance(action, PassWindow):
        return None
    if isinstance(action, Discard):
        return _discard_problem(state, action)
    if isinstance(action, Intercept):
        if f"intercept:{action.unit}" not in combat.reaction_options(state):
            return reject("cannot_intercept", Text("That model cannot Intercept this attack."))
        return None
    if isinstance(action, Deflect):
        assert state.attack is not None and state.attack.evader is not None
        targets = deflect_targets(state, state.unit(state.attack.evader))
        if action.unit is not None and action.unit not in {unit.id for unit in targets}:
            return reject(
                "bad_deflect", Text('Deflect at a model within 6" of you and in your line of sight.')
            )
        return None
    assert isinstance(action, EvadeMove)
    assert state.attack is not None and state.attack.evader is not None
    evader, inches = state.unit(state.attack.evader), state.attack.evade_inches
    if action.to not in evade_cells(state, evader, inches):
        limit = Text('{fighter} evades up to {inches}"', fighter=fighter(evader), inches=inches)

        return reject("bad_evade_move", move_refusal(state, evader, action.to, limit))
    return None


def problem(state: PrimeTimeState, action: PrimeTimeAction) -> IllegalAction | None:
    if state.outcome is not None:
        return reject("game_over", Text("The game is over."))
    if action.player not in (0, 1):
        return reject("not_playing", Text("You are not playing in this game."))
    if isinstance(action, PlayCard):
        problem = card_play.play_problem(state, action)
        return reject("card", problem) if problem else None
    prompt = state.prompt_for(action.player)
    if prompt is None:
        return reject("not_your_turn", Text("Nothing is waiting for you right now."))
    if isinstance(action, Timeout):
        if prompt.default is None:
            return reject("no_timeout", Text("This decision has no deadline."))
        return None
    if isinstance(action, PassWindow):
        if prompt.kind not in ("on_hit", "phase_start", "activation_start"):
            return reject("wrong_prompt", Text("There is no card window to pass."))
        return None
    if KIND_OF[type(action)] != prompt.kind:
        return reject(
            "wrong_prompt",
            Text("That does not answer what you are asked now: {asked}.", asked=PROMPT_WORDS[prompt.kind]),
        )
    return _action_problem(state, action)
