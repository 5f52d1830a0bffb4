"""Prime Time states for the gallery, the benchmark and the renderer's tests, reached by random legal
playouts of the engine, plus the highlights the Discord layer would pass with them.

The players lean towards activating, attacking, reacting and flying, so games reach combat, Dazed
models and flyers at L2 within a few seeds. The highlights are built from the engine's own queries
(``legal_actions``, ``move_options``), as the Discord layer builds them.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from itertools import product

from renderers.primetime.inputs import Highlight
from renderers.primetime.last_action import last_action
from rules.primetime import RULES
from rules.primetime.actions import Activate, ChangeAltitude, React, Timeout, UseTechnique
from rules.primetime.content import PRESET_IDS
from rules.primetime.geometry import distance
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from rules.primetime.targeting import move_options
from rules.primetime.view import view

PAIRINGS = list(product(PRESET_IDS, repeat=2))
"""Every preset against every other, mirrors included; game ``seed`` plays pairing ``seed % 16``."""

EAGER = 0.6
"""How often a player picks one of the eager actions when it has any."""


class EagerPlayer(random.Random):
    """A seeded chooser that prefers activating, attacking, reacting and changing altitude."""

    def choice(self, options):  # type: ignore[no-untyped-def, override]
        eager = [
            option
            for option in options
            if isinstance(option, Activate | UseTechnique | React | ChangeAltitude)
        ]
        if eager and self.random() < EAGER:
            return super().choice(eager)
        return super().choice(options)


def options_for(seed: int) -> PrimeTimeOptions:
    return PrimeTimeOptions(rosters=PAIRINGS[seed % len(PAIRINGS)])


def playout(seed: int, max_actions: int = 2000) -> Iterator[PrimeTimeState]:
    """Every state of one game (the starting state first), until it ends or runs long."""
    chooser = EagerPlayer(seed)
    state = RULES.new_game(options_for(seed), seed)
    yield state
    for _ in range(max_actions):
        if state.outcome is not None:
            return
        actions = [action for seat in (0, 1) for action in RULES.legal_actions(state, seat)]
        if not actions:
            return
        state, _ = RULES.apply(state, chooser.choice(actions))
        yield state


def first_state(seed: int, wanted: Callable[[PrimeTimeState], bool]) -> PrimeTimeState:
    state = next((state for state in playout(seed) if wanted(state)), None)
    if state is None:
        raise ValueError(f"game {seed} never reaches the state wanted")
    return state


# Seeds picked for varied boards.
SETUP_SEED = 1
FLYER_SEED = 22
DAZED_SEED = 1
DEFLECT_SEED = 11
MID_GAME_SEED = 1
FINAL_SEED = 4
DEPLOYING_SEED = 11
"""A full setup on the Cell Games Arena with Dragon Ball Hunt's extra objectives."""
DEPLOYED_BEFORE = 3
TARGETING_SEED = 21
"""Guldo about to act in round 2 of a Frieza Force mirror, a technique reaching three models within
the close-up's window."""
TARGETED = 3


def setup() -> PrimeTimeState:
    """Round 1 before anyone acts: the terrain, the objectives and both sides deployed."""
    return RULES.new_game(options_for(SETUP_SEED), SETUP_SEED)


def deploying() -> PrimeTimeState:
    """The full setup half-way through SU-8: the Location drawn, the objectives placed, a few
    models deployed and the rest still waiting, every earlier prompt answered by its default."""
    options = PrimeTimeOptions(rosters=PAIRINGS[DEPLOYING_SEED % len(PAIRINGS)], setup="full")
    state = RULES.new_game(options, DEPLOYING_SEED)
    while state.setup_step != "deploy" or len(state.units) < DEPLOYED_BEFORE:
        state, _ = RULES.apply(state, Timeout(player=state.prompts[0].who))
    return state


LONG_MOVE = 4


def flyer_at_l2() -> PrimeTimeState:
    """A model at L2 and another in the air at L1, just after a model's second move, a long one (so
    its arrow shows)."""

    def wanted(state: PrimeTimeState) -> bool:
        levels = {unit.level for unit in state.units if not unit.dazed}
        if not {1, 2} <= levels or state.attack is not None:
            return False
        move = last_action(view(state, None)).move
        return move is not None and move.start is not None and distance(move.start, move.end) >= LONG_MOVE

    return first_state(FLYER_SEED, wanted)


def dazed() -> PrimeTimeState:
    """A model Dazed by the attack just resolved, its attacker's line still drawn."""

    def wanted(state: PrimeTimeState) -> bool:
        return any(unit.dazed for unit in state.units) and state.recent_events[-1].kind != "CL-6"

    return first_state(DAZED_SEED, wanted)


def deflecting() -> PrimeTimeState:
    """A critical evasion: the target has picked the Deflect's new target and may step aside."""
    return first_state(
        DEFLECT_SEED, lambda state: state.attack is not None and state.attack.deflect_to is not None
    )


def _acting_with_eight_models(state: PrimeTimeState) -> bool:
    return (
        state.round >= 2
        and state.activation is not None
        and state.attack is None
        and state.activation.actions_left == 2
        and len(state.units) == 8
        and any(unit.activations for unit in state.units)
    )


def mid_game() -> PrimeTimeState:
    """Round 2 or later, eight models, one of them about to act with both actions left."""
    return first_state(MID_GAME_SEED, _acting_with_eight_models)


def reach_highlight(state: PrimeTimeState) -> Highlight:
    """The cells the active model can move to, as the Move select offers them."""
    assert state.activation is not None
    mover = state.unit(state.activation.unit)
    return Highlight(mover=mover.id, reach=frozenset(move_options(state, mover)))


def technique_highlight(state: PrimeTimeState) -> Highlight:
    """The models the active model can reach with its technique that has the most targets."""
    assert state.activation is not None
    targets: dict[str, set[str]] = {}
    for action in RULES.legal_actions(state, state.active_seat):
        if isinstance(action, UseTechnique) and action.target is not None:
            targets.setdefault(action.technique, set()).add(action.target)
    best = max(sorted(targets), key=lambda technique: len(targets[technique]), default=None)
    return Highlight(
        attacker=state.activation.unit, targets=frozenset(targets[best]) if best is not None else frozenset()
    )


def targeting(seed: int = TARGETING_SEED) -> PrimeTimeState:
    """A model about to act whose technique reaches ``TARGETED`` models or more."""
    return first_state(
        seed,
        lambda state: (
            state.activation is not None
            and state.attack is None
            and len(technique_highlight(state).targets) >= TARGETED
        ),
    )


def final() -> PrimeTimeState:
    state = deque(playout(FINAL_SEED), maxlen=1)[0]
    assert state.outcome is not None
    return state


CLUSTER_CORNER = (13, 9)
"""The south-west cell of the 3x3 block the crowded board packs its models into."""


def crowded() -> PrimeTimeState:
    """The mid-game board with all eight models packed into nine cells (some flying): every tag
    must find room of its own."""
    state = mid_game().model_copy(deep=True)
    cells = [(CLUSTER_CORNER[0] + dx, CLUSTER_CORNER[1] + dy) for dy in range(3) for dx in range(3)]
    for unit, cell in zip(state.units, cells, strict=False):
        unit.cell = cell
    return state


def final_on_tiebreak() -> PrimeTimeState:
    """The final board won on the last tie-break (tie on Glory and objectives, more Threat Dazed):
    the longest status line the board writes."""
    state = final().model_copy(deep=True)
    assert state.outcome is not None
    state.outcome.reason = "threat_dazed"
    return state
