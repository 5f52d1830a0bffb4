"""What each seat may do now (``legal_actions``): the builders of every prompt's actions, from the
same checks ``engine.apply`` runs, plus the card plays open to the seat (``card_play``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations

from rules.primetime import activation, ascension, card_play, joint, missions, setup, setup_prompts
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
    listed,
)
from rules.primetime.cleanup import hand_limit
from rules.primetime.geometry import Cell
from rules.primetime.prompts import DECLINE_DEFLECT
from rules.primetime.state import PrimeTimeState, Prompt, Unit
from rules.primetime.stats import char
from rules.primetime.targeting import move_options
from rules.primetime.techniques import COMPASS, available, cost_problem, effective, target_problem


def _technique_actions(state: PrimeTimeState, seat: int, unit: Unit) -> list[PrimeTimeAction]:
    assert state.activation is not None
    found: list[PrimeTimeAction] = []
    enemies = [other for other in state.units if not other.dazed and other.seat != seat]
    for printed in char(unit).all_techniques():
        technique = effective(state, unit, printed)
        if not available(unit, technique) or (technique.charged and state.activation.actions_left < 2):
            continue
        if cost_problem(state, unit, technique, state.activation):
            continue
        if technique.area:
            found.append(UseTechnique(player=seat, technique=technique.id))
            continue
        directions = COMPASS if technique.compass else (None,)
        for enemy in enemies:
            if target_problem(state, unit, technique, enemy) is None:
                found.extend(
                    UseTechnique(player=seat, technique=technique.id, target=enemy.id, direction=direction)
                    for direction in directions
                )
    return found


@cache
def _move(seat: int, cell: Cell) -> Move:
    """Moves are most of the actions listed; being frozen, each one is built once and shared."""
    return Move(player=seat, to=cell)


Builder = Callable[[], list[PrimeTimeAction]]


def _step_builders(state: PrimeTimeState, seat: int) -> dict[type, Builder]:
    """The actions of an activation step, by action class, in the order they are listed."""
    unit = state.active_unit()
    return {
        Move: lambda: [_move(seat, cell) for cell in move_options(state, unit) if cell != unit.cell],
        ChangeAltitude: lambda: [
            ChangeAltitude(player=seat, level=level)
            for level in (unit.level - 1, unit.level + 1)
            if 0 <= level <= 2 and activation.altitude_problem(state, unit, level) is None
        ],
        UseTechnique: lambda: _technique_actions(state, seat, unit),
        JointAttack: lambda: list(joint.joint_actions(state, seat)),
        Seize: lambda: [Seize(player=seat, point=point) for point in missions.seize_points(state, unit)],
        PowerUp: lambda: [
            PowerUp(player=seat, resource=resource)
            for resource in ("sk", "bk")
            if activation.power_up_problem(state, unit, resource) is None
        ],
        EndActivation: lambda: [EndActivation(player=seat)],
    }


def _step_actions(state: PrimeTimeState, seat: int) -> list[PrimeTimeAction]:
    return [action for build in _step_builders(state, seat).values() for action in build()]


def _reaction_actions(seat: int, options: list[str]) -> list[PrimeTimeAction]:
    found: list[PrimeTimeAction] = []
    for option in options:
        if option == "card":
            continue
        if option.startswith("intercept:"):
            found.append(Intercept(player=seat, unit=option.split(":", 1)[1]))
        elif option.startswith("clash:"):
            found.append(React(player=seat, choice="clash", technique=option.split(":", 1)[1]))
        else:
            found.append(React(player=seat, choice=option))  # type: ignore[arg-type]
    return found


def _discard_actions(state: PrimeTimeState, player: int) -> list[PrimeTimeAction]:
    """CL-3: every distinct choice of cards to discard (hands are at most a few cards over)."""
    hand = state.players[player].hand
    needed = len(hand) - hand_limit(state)
    choices = sorted({tuple(sorted(chosen)) for chosen in combinations(hand, needed)})
    return [Discard(player=player, cards=chosen) for chosen in choices]


def _prompt_builders(state: PrimeTimeState, player: int, prompt: Prompt) -> dict[str, Builder]:
    """Each prompt kind's actions (the card plays open to the player are added by the callers)."""
    return {
        "initiative": lambda: [ChooseInitiative(player=player, first=first) for first in (True, False)],
        "ascension": lambda: [
            LockAscension(player=player, plan=plan) for plan in ascension.legal_plans(state, player)
        ],
        "activation": lambda: [
            *(Activate(player=player, unit=option) for option in prompt.options if option != "pass"),
            Pass(player=player),
        ],
        "action": lambda: _step_actions(state, player),
        "reaction": lambda: _reaction_actions(player, prompt.options),
        "deflect": lambda: [
            Deflect(player=player, unit=None if option == DECLINE_DEFLECT else option)
            for option in prompt.options
        ],
        "evade_move": lambda: [
            EvadeMove(player=player, to=(int(x), int(y)))
            for x, y in (option.split(",") for option in prompt.options)
        ],
        "on_hit": lambda: [PassWindow(player=player)],
        "activation_start": lambda: [PassWindow(player=player)],
        "phase_start": lambda: [PassWindow(player=player)],
        "discard": lambda: _discard_actions(state, player),
    }


def legal_actions(state: PrimeTimeState, player: int) -> list[PrimeTimeAction]:
    if state.outcome is not None or player not in (0, 1):
        return []
    prompt = state.prompt_for(player)
    if prompt is None:
        return list(card_play.candidate_plays(state, player))
    if prompt.kind in setup.SETUP_KINDS:
        found = setup_prompts.legal(state, player, prompt.kind)
        return [*found, Timeout(player=player)] if prompt.default is not None else found
    found = _prompt_builders(state, player, prompt)[prompt.kind]()
    found.extend(card_play.candidate_plays(state, player))
    if prompt.default is not None:
        found.append(Timeout(player=player))
    return found


def offered(state: PrimeTimeState, action: PrimeTimeAction) -> bool:
    """Whether ``legal_actions(state, action.player)`` lists ``action``, building only the actions
    of its own kind (``apply`` asks this of every action it takes)."""
    player = action.player
    if state.outcome is not None or player not in (0, 1):
        return False
    if isinstance(action, PlayCard):
        return listed(action, card_play.candidate_plays(state, player, only=action.card))
    prompt = state.prompt_for(player)
    if prompt is None:
        return False
    if isinstance(action, Timeout):
        return prompt.default is not None
    if prompt.kind in setup.SETUP_KINDS:
        return setup_prompts.offered(state, player, prompt.kind, action)
    if prompt.kind == "action":
        build = _step_builders(state, player).get(type(action))
        return build is not None and listed(action, build())
    return listed(action, _prompt_builders(state, player, prompt)[prompt.kind]())
