"""Why ``apply`` refuses an action: one ``*_problem`` check per action, each a typed
``IllegalAction`` with a sentence for the player. ``legal`` builds the legal actions from the same
checks, and ``apply`` also refuses whatever ``legal_actions`` does not offer."""

from __future__ import annotations

from rules.core.errors import IllegalAction
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
from rules.primetime.cards import card, cards
from rules.primetime.cleanup import hand_limit
from rules.primetime.context import reject
from rules.primetime.move_words import move_limit_words, move_refusal
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
PROMPT_WORDS: dict[str, str] = {
    "terrain": "accept or edit the terrain",
    "first_player": "take the initiative or choose a side",
    "side": "choose a deployment side",
    "objective": "place an objective",
    "deploy": "deploy a model",
    "initiative": "choose whether you activate first or second",
    "phase_start": "play a Phase Start card or be Ready",
    "ascension": "lock in your Ascension",
    "activation": "activate a model or pass",
    "action": "choose your model's next action",
    "reaction": "react to the attack",
    "deflect": "choose where the deflected attack goes",
    "evade_move": "move the model that evaded",
    "on_hit": "play an On Hit or On Damage card, or pass",
    "activation_start": "answer the Activation Start card with one of yours, or pass",
    "discard": "discard down to the hand limit",
}
"""What each prompt asks, for the sentence refusing an action that answers another."""


def _move_problem(state: PrimeTimeState, action: Move) -> IllegalAction | None:
    unit = state.active_unit()
    if action.to == unit.cell:
        return reject("no_move", "Moving to the cell you stand on is not a move.")
    if action.to not in move_options(state, unit):
        return reject("unreachable", move_refusal(state, unit, action.to, move_limit_words(state, unit)))
    return None


def _technique_problem(state: PrimeTimeState, action: UseTechnique) -> IllegalAction | None:
    assert state.activation is not None
    unit = state.active_unit()
    profile = char(unit)
    known = {technique.id for technique in profile.all_techniques()}
    if action.technique not in known:
        return reject("unknown_technique", f"{profile.name} has no such technique.")
    technique = effective(state, unit, profile.technique(action.technique))
    if not available(unit, technique):
        return reject("wrong_tier", f"{technique.name} needs tier {technique.min_tier}.")
    if technique.charged and state.activation.actions_left < 2:
        return reject("charged", f"{technique.name} is Charged and takes both actions.")
    problem = cost_problem(state, unit, technique, state.activation)
    if problem:
        return reject("cannot_pay", problem)
    if technique.compass != (action.direction is not None) or (
        action.direction is not None and action.direction not in COMPASS
    ):
        return reject("direction", f"{technique.name} needs a compass direction only if it pushes in one.")
    if technique.area:
        return reject("no_target", f"{technique.name} takes no target.") if action.target else None
    target = state.find_unit(action.target) if action.target else None
    if target is None:
        return reject("no_target", "Choose a model to attack.")
    problem = target_problem(state, unit, technique, target)
    return reject("out_of_reach", problem) if problem else None


def _react_problem(state: PrimeTimeState, action: React) -> IllegalAction | None:
    options = combat.reaction_options(state)
    choice = action.choice if action.choice != "clash" else f"clash:{action.technique}"
    if action.choice != "clash" and action.technique is not None:
        return reject("bad_option", "Only a Clash names a technique.")
    if choice not in options:
        return reject("not_allowed", "That reaction is not allowed against this attack.")
    return None


def _discard_problem(state: PrimeTimeState, action: Discard) -> IllegalAction | None:
    hand = list(state.players[action.player].hand)
    needed = len(hand) - hand_limit(state)
    if len(action.cards) != needed:
        return reject("discard_count", f"Discard exactly {needed} card(s) to reach the hand limit.")
    for card_id in action.cards:
        if card_id not in hand:
            name = card(card_id).name if card_id in cards() else "That card"
            return reject("not_in_hand", f"{name} is not in your hand (or not that many times).")
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
            return reject("not_yours", "Activate one of your own models.")
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
            return reject("cannot_intercept", "That model cannot Intercept this attack.")
        return None
    if isinstance(action, Deflect):
        assert state.attack is not None and state.attack.evader is not None
        targets = deflect_targets(state, state.unit(state.attack.evader))
        if action.unit is not None and action.unit not in {unit.id for unit in targets}:
            return reject("bad_deflect", 'Deflect at a model within 6" of you and in your line of sight.')
        return None
    assert isinstance(action, EvadeMove)
    assert state.attack is not None and state.attack.evader is not None
    evader, inches = state.unit(state.attack.evader), state.attack.evade_inches
    if action.to not in evade_cells(state, evader, inches):
        limit = f'{char(evader).name} evades up to {inches}"'
        return reject("bad_evade_move", move_refusal(state, evader, action.to, limit))
    return None


def problem(state: PrimeTimeState, action: PrimeTimeAction) -> IllegalAction | None:
    if state.outcome is not None:
        return reject("game_over", "The game is over.")
    if action.player not in (0, 1):
        return reject("not_playing", "You are not playing in this game.")
    if isinstance(action, PlayCard):
        problem = card_play.play_problem(state, action)
        return reject("card", problem) if problem else None
    prompt = state.prompt_for(action.player)
    if prompt is None:
        return reject("not_your_turn", "Nothing is waiting for you right now.")
    if isinstance(action, Timeout):
        if prompt.default is None:
            return reject("no_timeout", "This decision has no deadline.")
        return None
    if isinstance(action, PassWindow):
        if prompt.kind not in ("on_hit", "phase_start", "activation_start"):
            return reject("wrong_prompt", "There is no card window to pass.")
        return None
    if KIND_OF[type(action)] != prompt.kind:
        return reject(
            "wrong_prompt", f"That does not answer what you are asked now: {PROMPT_WORDS[prompt.kind]}."
        )
    return _action_problem(state, action)
