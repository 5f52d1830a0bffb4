"""The heuristic AI's answers to the setup prompts (SU-1…9): accept the seeded terrain, take a side
rather than the initiative, place objectives on its own side of the board, and deploy toward the
objectives."""

from __future__ import annotations

from math import hypot

from rules.primetime.actions import (
    AcceptTerrain,
    ChooseFirstPlayer,
    ChooseSide,
    Deploy,
    PlaceObjective,
)
from rules.primetime.content import settings
from rules.primetime.geometry import distance_to_point
from rules.primetime.placement import edge_distance
from rules.primetime.setup import SetupAction
from rules.primetime.state import PrimeTimeState

PLACING = 10.0
"""Every placement scores above a Timeout (whose default places less well)."""
OBJECTIVE_SIDE = 0.1
"""Per inch an objective lies nearer the AI's zone than the enemy's."""
OBJECTIVE_REACH = 0.15
"""Per inch beyond a move (about 6") from its own zone: an objective it cannot reach in R1 is worth less."""
DEPLOY_PULL = 0.1
"""Per inch between a deployed model and the nearest objective."""
OPENING_MOVE = 6
EDGE_PENALTY = 1.0
"""Per inch of the objective's 3" zone of control that would lie off the board."""


def setup_score(state: PrimeTimeState, seat: int, action: SetupAction) -> float:
    if isinstance(action, AcceptTerrain):
        return 1.0
    if isinstance(action, ChooseFirstPlayer):
        # The side's player places the first objective (SU-7) and deploys second (SU-8): in the
        # simulation the initiative player won only 38% of full-setup games.
        return 0.5 if action.choice == "initiative" else 1.0
    if isinstance(action, PlaceObjective):
        return PLACING + _objective_score(state, seat, action)
    if isinstance(action, Deploy):
        return PLACING + _deploy_score(state, action)
    if isinstance(action, ChooseSide):
        return 0.0
    # Rerolls and edits: the seeded layout is mirror-symmetric, so it is fair as it is.
    return -1.0


def _objective_score(state: PrimeTimeState, seat: int, action: PlaceObjective) -> float:
    own = state.zones[seat].distance_to_point(action.point)
    enemy = state.zones[1 - seat].distance_to_point(action.point)
    off_board = max(0, settings().zoc - edge_distance(action.point))
    return (
        OBJECTIVE_SIDE * (enemy - own)
        - OBJECTIVE_REACH * max(0.0, own - OPENING_MOVE)
        - EDGE_PENALTY * off_board
    )


def _deploy_score(state: PrimeTimeState, action: Deploy) -> float:
    objectives = state.objectives or [(15, 15)]
    gap = min(distance_to_point(action.to, point) for point in objectives)
    # Spread out a little: a model next to a friend offers a Blast two targets.
    crowd = sum(
        1
        for unit in state.units_of(action.player)
        if hypot(unit.cell[0] - action.to[0], unit.cell[1] - action.to[1]) < 2
    )
    return -DEPLOY_PULL * gap - 0.3 * crowd - 0.05 * action.level
