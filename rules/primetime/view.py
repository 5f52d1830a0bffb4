"""What one player (or, for ``None``, the public channel) sees of a Prime Time game.

Hidden: every hand but the viewer's own (its size is public), every deck's order (its size is
public), the opponent's locked Ascension plan until both are revealed (only "locked" shows), the
opponent's roster until SU-2 reveals both (during the terrain step), and the generator.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.core.events import Event, events_for
from rules.core.game import Outcome
from rules.primetime.geometry import Point
from rules.primetime.scenario import Zone
from rules.primetime.state import (
    Activation,
    AscensionChoice,
    PendingAttack,
    Phase,
    PlayerState,
    PrimeTimeState,
    Prompt,
    SetupStep,
    Unit,
)
from rules.primetime.terrain import TerrainPiece


class PlayerView(BaseModel):
    seat: int
    roster: str
    affiliation: str
    models: list[str]
    unlocks: list[str]
    bk: int
    sk: int
    glory: int
    hand_size: int
    hand: list[str] | None
    deck_size: int
    discard: list[str]
    removed: list[str]
    legacy: list[tuple[str, str]]
    persistent: list[tuple[str, str]]
    tokens_left: int
    bonus_tokens: int
    fallen_tokens: int
    power_ups: int
    passed: bool
    ascension_locked: bool
    ascension_plan: list[tuple[str, AscensionChoice]] | None
    """The viewer's own locked plan; None for anyone else's."""
    objectives_held: int
    dazed_threat: int


class PrimeTimeView(BaseModel):
    viewer: int | None
    round: int
    phase: Phase
    first_seat: int
    active_seat: int
    players: list[PlayerView]
    units: list[Unit]
    terrain: tuple[TerrainPiece, ...]
    objectives: list[tuple[int, int]]
    activation: Activation | None
    attack: PendingAttack | None
    prompts: list[Prompt]
    outcome: Outcome | None
    recent_events: list[Event]
    location: str
    missions: list[str]
    condition: str | None
    zones: list[Zone]
    """Each seat's deployment zone, seat 0 first."""
    setup_step: SetupStep | None
    terrain_accepted: list[int]
    rerolls_left: int
    placements: list[tuple[int, str]]
    dragon_balls: list[Point]
    seized: list[tuple[Point, int]]


def _tokens_left(state: PrimeTimeState, player: PlayerState) -> int:
    named = sum(1 for unit in state.units_of(player.seat) if not unit.dazed and unit.activations == 0)
    return named + player.bonus_tokens + player.fallen_tokens if state.phase == "activation" else 0


def _player_view(state: PrimeTimeState, player: PlayerState, viewer: int | None) -> PlayerView:
    own = player.seat == viewer
    # SU-2: rosters are revealed together once the terrain is accepted.
    hidden = state.setup_step == "terrain" and not own
    return PlayerView(
        seat=player.seat,
        roster="hidden" if hidden else player.roster,
        affiliation="" if hidden else player.affiliation,
        models=[] if hidden else list(player.models),
        unlocks=[] if hidden else list(player.unlocks),
        bk=player.bk,
        sk=player.sk,
        glory=player.glory,
        hand_size=len(player.hand),
        hand=list(player.hand) if own else None,
        deck_size=len(player.deck),
        discard=list(player.discard),
        removed=list(player.removed),
        legacy=list(player.legacy),
        persistent=list(player.persistent),
        tokens_left=_tokens_left(state, player),
        bonus_tokens=player.bonus_tokens,
        fallen_tokens=player.fallen_tokens,
        power_ups=player.power_ups,
        passed=player.passed,
        ascension_locked=player.ascension_plan is not None,
        ascension_plan=list(player.ascension_plan) if own and player.ascension_plan is not None else None,
        objectives_held=player.objectives_held,
        dazed_threat=player.dazed_threat,
    )


def view(state: PrimeTimeState, viewer: int | None) -> PrimeTimeView:
    return PrimeTimeView(
        viewer=viewer,
        round=state.round,
        phase=state.phase,
        first_seat=state.first_seat,
        active_seat=state.active_seat,
        players=[_player_view(state, player, viewer) for player in state.players],
        units=state.units,
        terrain=state.terrain,
        objectives=[tuple(point) for point in state.objectives],
        activation=state.activation,
        attack=state.attack,
        prompts=state.prompts,
        outcome=state.outcome,
        recent_events=events_for(state.recent_events, viewer),
        location=state.location,
        missions=list(state.missions),
        condition=state.condition,
        zones=list(state.zones),
        setup_step=state.setup_step,
        terrain_accepted=list(state.terrain_accepted),
        rerolls_left=state.rerolls_left,
        placements=list(state.placements),
        dragon_balls=list(state.dragon_balls),
        seized=list(state.seized),
    )
