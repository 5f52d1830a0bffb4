"""Building Prime Time states for rule tests: models placed by hand, dice forced by a roller."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.core.events import Event
from rules.primetime.actions import Activate, PrimeTimeAction
from rules.primetime.content import character
from rules.primetime.context import Dice
from rules.primetime.engine import apply, new_game, refresh_prompts
from rules.primetime.geometry import Cell
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.terrain import TerrainKind, TerrainPiece

Placement = tuple[str, int, Cell]


def piece(kind: str, x: int, y: int, width: int, height: int) -> TerrainPiece:
    return TerrainPiece(kind=TerrainKind(kind), x=x, y=y, width=width, height=height)


def unit_id(name: str, seat: int) -> str:
    return f"{name}-{seat}"


def board(
    placements: Sequence[Placement],
    terrain: Iterable[TerrainPiece] = (),
    rosters: tuple[str, str] = ("z_fighters", "frieza_force"),
    bk: int = 10,
    sk: int = 5,
    seed: int = 1,
) -> PrimeTimeState:
    """An Activation Phase of round 1 with only the given models, seat 0 to choose an activation."""
    state = new_game(PrimeTimeOptions(rosters=rosters), seed).model_copy(deep=True)
    state.units = [
        Unit(id=unit_id(name, seat), seat=seat, character=name, cell=cell, hp=character(name).base.hp)
        for name, seat, cell in placements
    ]
    state.terrain = tuple(terrain)
    state.phase = "activation"
    state.first_seat = state.active_seat = 0
    state.activation = state.attack = None
    state.recent_events = []
    for player in state.players:
        player.bk, player.sk = bk, sk
        player.passed = False
        player.ascension_plan = None
        player.hand = []
        player.tokens_generated = len(state.units_of(player.seat))
        player.tokens_spent = player.bonus_tokens = player.fallen_tokens = 0
    refresh_prompts(state)
    return state


def edit(state: PrimeTimeState) -> PrimeTimeState:
    """A copy to change by hand; call ``refresh_prompts`` on it when done if prompts depend on it."""
    return state.model_copy(deep=True)


def act(
    state: PrimeTimeState, action: PrimeTimeAction, dice: Sequence[int] = ()
) -> tuple[PrimeTimeState, list[Event]]:
    """Applies ``action`` with exactly the forced ``dice``: using fewer or more fails the test."""
    roller = Dice(dice)
    after, events = apply(state, action, roller=roller)
    assert not roller.values, f"unused forced dice: {roller.values}"
    return after, events


def activated(state: PrimeTimeState, name: str, seat: int) -> PrimeTimeState:
    """``name`` of ``seat`` starts an activation (the seat is made active first)."""
    working = edit(state)
    working.active_seat = seat
    refresh_prompts(working)
    after, _ = act(working, Activate(player=seat, unit=unit_id(name, seat)))
    return after


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]
