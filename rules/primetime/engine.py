"""Prime Time as a pure reducer: legal actions, apply, prompts and Timeout defaults.

Each action has one check (``checks``) that ``apply`` raises; ``legal_actions`` builds its actions
from the same checks, and ``apply`` refuses whatever it does not offer, so the two never disagree.
Who must answer next is ``state.prompts``, rebuilt after every action (``prompts``).
"""

from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT, Outcome, StateCodec, reduce_copy
from rules.core.text import N_, Text
from rules.primetime import (
    activation,
    card_play,
    checks,
    combat,
    hits,
    joint,
    missions,
    rounds,
    setup,
    start_window,
)
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
from rules.primetime.cards import card
from rules.primetime.clash import clash
from rules.primetime.context import Ctx, Roller, reject
from rules.primetime.legal import legal_actions as legal_actions
from rules.primetime.legal import offered
from rules.primetime.names import fighter, in_a_list, seat_word
from rules.primetime.prompts import default_action
from rules.primetime.prompts import refresh_prompts as refresh_prompts
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import SCHEMA_VERSION, PrimeTimeState
from rules.primetime.stats import char
from rules.primetime.techniques import effective

PLAN_WORDS = {
    "stay": N_("{fighter} stays"),
    "ascend": N_("{fighter} ascends"),
    "hold": N_("{fighter} holds"),
    "descend": N_("{fighter} descends"),
}
"""Each Ascension choice as the locked plan's event says it (the fighter filled in)."""
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


# Apply.


def _mutate(ctx: Ctx, action: PrimeTimeAction) -> None:
    state = ctx.state
    if isinstance(action, Timeout):
        prompt = state.prompt_for(action.player)
        assert prompt is not None
        ctx.say(
            "timeout",
            Text("{seat} ran out of time: the default applies", seat=seat_word(action.player)),
            action.player,
        )
        _mutate(ctx, default_action(state, prompt))
    elif isinstance(action, PlayCard):
        if card(action.card).window == "activation_start":
            start_window.play(ctx, action)
        else:
            card_play.play_card(ctx, action)
            _after_window_answer(ctx, action.player)
    elif isinstance(action, PassWindow):
        prompt = state.prompt_for(action.player)
        if prompt is not None and prompt.kind == "activation_start":
            start_window.resolve(ctx)
        elif state.phase == "phase_start":
            state.phase_start_ready.append(action.player)
            _after_window_answer(ctx, action.player)
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
        choices = [
            Text(PLAN_WORDS[choice], fighter=fighter(state.unit(unit_id))) for unit_id, choice in action.plan
        ]
        ctx.say(
            "ascension_locked",
            Text(
                "Your Ascension plan: {plan}",
                plan=in_a_list(choices) if choices else Text("nothing to decide"),
            ),
            action.player,
            [action.player],
            plan=[list(entry) for entry in action.plan],
        )
        ctx.say("ascension_ready", Text("{seat} has locked in", seat=seat_word(action.player)), action.player)
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
            clash(ctx, action.technique)
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
    problem = checks.problem(state, action)
    if problem:
        raise problem
    if not offered(state, action):
        # Every check above passed, yet legal_actions does not list it: a field no check reads.
        raise reject("not_offered", Text("That is not one of the choices open to you now."))

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
