"""Prime Time as a pure reducer: legal actions, apply, prompts and Timeout defaults.

Each action has one ``*_problem`` check that ``apply`` raises; ``legal_actions`` builds its actions
from the same checks, so the two never disagree. Who must answer next is ``state.prompts``, rebuilt
after every action from the phase, the activation and the pending attack.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT, Outcome, StateCodec, reduce_copy
from rules.primetime import activation, ascension, card_play, combat, hits, joint, missions, rounds, setup
from rules.primetime.actions import (
    ACTION_ADAPTER,
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
from rules.primetime.cleanup import default_discard, hand_limit
from rules.primetime.context import Ctx, Roller, reject
from rules.primetime.geometry import distance
from rules.primetime.legal import legal_actions as legal_actions
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import SCHEMA_VERSION, PrimeTimeState, Prompt, Unit
from rules.primetime.stats import char
from rules.primetime.targeting import deflect_targets, evade_cells, move_options
from rules.primetime.techniques import COMPASS, available, cost_problem, effective, target_problem

_KIND_OF: dict[type, str] = {
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
_STEP_ACTIONS = (Move, UseTechnique, PowerUp, EndActivation, JointAttack, Seize)
"""The actions of an activation: the first closes its Activation Start window (TW-1)."""


def new_game(options: PrimeTimeOptions, seed: int) -> PrimeTimeState:
    """The quick fixed game at Round 1, or (``setup="full"``) the first setup prompt, SU-1."""
    events: list[Event] = []
    if options.setup == "full":
        state = rounds.base_state(options, seed)
        setup.begin(Ctx(state, events))
    else:
        state = rounds.new_state(options, seed, events)
    refresh_prompts(state)
    _remember(state, events)
    return state


# Prompts (2.9).


def _reaction_default(options: list[str]) -> str:
    return "z_evasion" if "z_evasion" in options else "none"


def default_deflect(state: PrimeTimeState, deflector: Unit) -> Unit:
    """2.9: the eligible enemy model nearest the defender, else the nearest eligible model."""
    targets = deflect_targets(state, deflector)
    enemies = [unit for unit in targets if unit.seat != deflector.seat]

    def key(unit: Unit) -> tuple[float, int, int]:
        return round(distance(deflector.cell, unit.cell), 9), unit.cell[1], unit.cell[0]

    return min(enemies or targets, key=key)


def _attack_prompt(state: PrimeTimeState) -> Prompt:
    attack = state.attack
    assert attack is not None
    if attack.stage == "on_hit":
        return Prompt(who=attack.hit_seats[0], kind="on_hit", options=["pass", "card"], default="pass")
    if attack.stage == "reaction":
        options = combat.reaction_options(state)
        if options and not attack.unopposed:
            options = [*options, "card"]
        return Prompt(
            who=state.unit(attack.target).seat,
            kind="reaction",
            options=options,
            default=_reaction_default(options),
        )
    assert attack.evader is not None
    evader = state.unit(attack.evader)
    if attack.stage == "deflect":
        options = [unit.id for unit in deflect_targets(state, evader)]
        return Prompt(
            who=evader.seat, kind="deflect", options=options, default=default_deflect(state, evader).id
        )
    cells = [f"{x},{y}" for x, y in evade_cells(state, evader, attack.evade_inches)]
    stay = f"{evader.cell[0]},{evader.cell[1]}"
    return Prompt(who=evader.seat, kind="evade_move", options=cells, default=stay)


def refresh_prompts(state: PrimeTimeState) -> None:
    """Rebuilds ``state.prompts`` from the phase, the pending attack and the activation (run after
    every action, and by tests after editing a state by hand)."""
    if state.outcome is not None:
        state.prompts = []
    elif state.phase == "setup":
        state.prompts = setup.prompts(state)
    elif state.phase == "initiative":
        chooser = rounds.initiative_chooser(state)
        assert chooser is not None
        state.prompts = [Prompt(who=chooser, kind="initiative", options=["first", "second"], default="first")]
    elif state.phase == "phase_start":
        state.prompts = [
            Prompt(who=seat, kind="phase_start", options=["ready", "card"], default="ready")
            for seat in (0, 1)
            if seat not in state.phase_start_ready
        ]
    elif state.phase == "discard":
        state.prompts = [
            Prompt(who=seat, kind="discard", options=["discard"], default="newest")
            for seat in rounds.over_limit(state)
        ]
    elif state.phase == "ascension":
        state.prompts = [
            Prompt(
                who=player.seat,
                kind="ascension",
                options=[
                    f"{unit.id}:{choice}"
                    for unit in ascension.deciding_units(state, player.seat)
                    for choice in ascension.choices_for(unit)
                ],
                default="pay_taxes",
            )
            for player in state.players
            if player.ascension_plan is None
        ]
    elif state.attack is not None:
        state.prompts = [_attack_prompt(state)]
    elif state.activation is not None:
        seize = ["seize"] if missions.seize_points(state, _active_unit(state)) else []
        state.prompts = [
            Prompt(
                who=state.active_seat,
                kind="action",
                options=["move", "technique", "power_up", "altitude", *seize, "end"],
            )
        ]
    else:
        seat = state.active_seat
        usable = [
            unit.id for unit in state.units_of(seat) if activation.activation_problem(state, unit) is None
        ]
        state.prompts = [Prompt(who=seat, kind="activation", options=[*usable, "pass"])]


def default_action(state: PrimeTimeState, prompt: Prompt) -> PrimeTimeAction:
    """The 2.9 Timeout default of a prompt."""
    seat = prompt.who
    if prompt.kind in setup.SETUP_KINDS:
        return setup.default_action(state, prompt)
    if prompt.kind == "initiative":
        return ChooseInitiative(player=seat, first=True)
    if prompt.kind == "ascension":
        return LockAscension(player=seat, plan=ascension.default_plan(state, seat))
    if prompt.kind == "reaction":
        return React(player=seat, choice=_reaction_default(prompt.options))  # type: ignore[arg-type]
    if prompt.kind in ("on_hit", "phase_start"):
        return PassWindow(player=seat)
    if prompt.kind == "discard":
        return Discard(player=seat, cards=default_discard(state, seat))
    if prompt.kind == "deflect":
        assert prompt.default is not None
        return Deflect(player=seat, unit=prompt.default)
    assert state.attack is not None and state.attack.evader is not None
    return EvadeMove(player=seat, to=state.unit(state.attack.evader).cell)


# Checks.


def _active_unit(state: PrimeTimeState) -> Unit:
    assert state.activation is not None
    return state.unit(state.activation.unit)


def _move_problem(state: PrimeTimeState, action: Move) -> IllegalAction | None:
    unit = _active_unit(state)
    if action.to == unit.cell:
        return reject("no_move", "Moving to the cell you stand on is not a move.")
    if action.to not in move_options(state, unit):
        return reject(
            "unreachable", f"{char(unit).name} cannot reach {action.to[0]},{action.to[1]} this move."
        )
    return None


def _technique_problem(state: PrimeTimeState, action: UseTechnique) -> IllegalAction | None:
    assert state.activation is not None
    unit = _active_unit(state)
    profile = char(unit)
    known = {technique.id for technique in profile.all_techniques()}
    if action.technique not in known:
        return reject("unknown_technique", f"{profile.name} has no technique {action.technique!r}.")
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
            return reject("not_in_hand", f"{card_id} is not in your hand.")
        hand.remove(card_id)
    return None


def _action_problem(state: PrimeTimeState, action: PrimeTimeAction) -> IllegalAction | None:
    if isinstance(action, setup.SETUP_ACTIONS):
        return setup.problem(state, action)
    if isinstance(action, Seize):
        problem = missions.seize_problem(state, _active_unit(state), action.point)
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
        problem = activation.altitude_problem(state, _active_unit(state), action.level)
        return reject("altitude", problem) if problem else None
    if isinstance(action, UseTechnique):
        return _technique_problem(state, action)
    if isinstance(action, JointAttack):
        problem = joint.joint_problem(state, action)
        return reject("joint_attack", problem) if problem else None
    if isinstance(action, PowerUp):
        problem = activation.power_up_problem(state, _active_unit(state), action.resource)
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
        if action.unit not in {unit.id for unit in targets}:
            return reject("bad_deflect", 'Deflect at a model within 6" of you and in your line of sight.')
        return None
    assert isinstance(action, EvadeMove)
    assert state.attack is not None and state.attack.evader is not None
    if action.to not in evade_cells(state, state.unit(state.attack.evader), state.attack.evade_inches):
        return reject("bad_evade_move", f'Evade to a cell within {state.attack.evade_inches}" of movement.')
    return None


def _problem(state: PrimeTimeState, action: PrimeTimeAction) -> IllegalAction | None:
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
        if prompt.kind not in ("on_hit", "phase_start"):
            return reject("wrong_prompt", "There is no card window to pass.")
        return None
    if _KIND_OF[type(action)] != prompt.kind:
        return reject("wrong_prompt", f"You are asked for a {prompt.kind.replace('_', ' ')} decision now.")
    return _action_problem(state, action)


# Apply.


def _mutate(ctx: Ctx, action: PrimeTimeAction) -> None:
    state = ctx.state
    if isinstance(action, Timeout):
        prompt = state.prompt_for(action.player)
        assert prompt is not None
        ctx.say("timeout", f"Seat {action.player + 1} ran out of time: the default applies", action.player)
        _mutate(ctx, default_action(state, prompt))
    elif isinstance(action, PlayCard):
        card_play.play_card(ctx, action)
        _after_window_answer(ctx, action.player)
    elif isinstance(action, PassWindow):
        if state.phase == "phase_start":
            state.phase_start_ready.append(action.player)
        else:
            hits.pass_hit_window(ctx, action.player)
        _after_window_answer(ctx, action.player)
    elif isinstance(action, Discard):
        rounds.discarded(ctx, action.player, action.cards)
    elif isinstance(action, setup.SETUP_ACTIONS):
        setup.apply_setup(ctx, action)
    elif isinstance(action, ChooseInitiative):
        rounds.choose_initiative(ctx, action.player, action.first)
    elif isinstance(action, LockAscension):
        state.players[action.player].ascension_plan = list(action.plan)
        plan = ", ".join(f"{unit_id} {choice}" for unit_id, choice in action.plan) or "nothing to decide"
        ctx.say("ascension_locked", f"Your Ascension plan: {plan}", action.player, [action.player])
        ctx.say("ascension_ready", f"Seat {action.player + 1} has locked in", action.player)
        rounds.maybe_reveal(ctx)
    elif isinstance(action, Activate):
        state.window_plays = []
        activation.activate(ctx, state.unit(action.unit))
    elif isinstance(action, Pass):
        activation.pass_round(ctx, action.player)
    elif isinstance(action, EndActivation):
        activation.end_activation(ctx)
    else:
        _mutate_step(ctx, action)


def _after_window_answer(ctx: Ctx, seat: int) -> None:
    """A blind Phase Start window resolves when both are Ready; a hit when both have answered."""
    state = ctx.state
    if state.phase == "phase_start":
        if len(set(state.phase_start_ready)) == 2:
            rounds.resolve_phase_start(ctx)
        return
    attack = state.attack
    if attack is not None and attack.stage == "on_hit" and not attack.hit_seats:
        hits.resolve_pending_hit(ctx)


def _mutate_step(ctx: Ctx, action: PrimeTimeAction) -> None:
    state = ctx.state
    if isinstance(action, _STEP_ACTIONS) and state.activation is not None:
        state.activation.started = True
        state.window_plays = []
    if isinstance(action, React):
        if action.choice == "clash":
            assert action.technique is not None
            combat.clash(ctx, action.technique)
        else:
            combat.roll(ctx, None if action.choice == "none" else action.choice)
        return
    if isinstance(action, Intercept):
        combat.intercept(ctx, action.unit)
        return
    if isinstance(action, Deflect):
        combat.deflect(ctx, action.unit)
        return
    if isinstance(action, EvadeMove):
        combat.evade_move(ctx, action.to)
        return
    current = state.activation
    assert current is not None
    unit = state.unit(current.unit)
    if isinstance(action, ChangeAltitude):
        activation.change_altitude(ctx, unit, action.level)
    elif isinstance(action, Move):
        current.actions_left -= 1
        activation.move(ctx, unit, action.to)
    elif isinstance(action, PowerUp):
        current.actions_left -= 1
        activation.power_up(ctx, unit, action.resource)
    elif isinstance(action, JointAttack):
        current.actions_left -= 1
        joint.declare_joint(ctx, action)
    elif isinstance(action, Seize):
        current.actions_left -= 1
        missions.seize(ctx, unit, action.point)
    else:
        assert isinstance(action, UseTechnique)
        technique = effective(state, unit, char(unit).technique(action.technique))
        current.actions_left -= 2 if technique.charged else 1
        target = state.unit(action.target) if action.target else None
        combat.declare(ctx, unit, technique, target, action.direction)


def _remember(state: PrimeTimeState, events: list[Event]) -> None:
    state.recent_events = [*state.recent_events, *events][-RECENT_EVENT_LIMIT:]


def apply(
    state: PrimeTimeState, action: PrimeTimeAction, roller: Roller | None = None
) -> tuple[PrimeTimeState, list[Event]]:
    """The reducer; ``roller`` lets a test force the D20s (the seeded generator is used otherwise)."""
    problem = _problem(state, action)
    if problem:
        raise problem

    def mutate(working: PrimeTimeState, events: list[Event]) -> None:
        ctx = Ctx(working, events, roller)
        _mutate(ctx, action)
        hits.settle_silent_hits(ctx)
        activation.after_step(ctx)
        rounds.advance(ctx)
        working.actions_taken += 1
        refresh_prompts(working)
        _remember(working, events)

    return reduce_copy(state, mutate, shared_lists=frozenset({"recent_events"}))


def outcome(state: PrimeTimeState) -> Outcome | None:
    return state.outcome


CODEC = StateCodec(PrimeTimeState, SCHEMA_VERSION)


def parse_action(data: dict[str, Any]) -> PrimeTimeAction:
    return ACTION_ADAPTER.validate_python(data)
