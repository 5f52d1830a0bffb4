"""Building Prime Time states for rule tests: models placed by hand, dice forced by a roller."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.core.events import Event
from rules.primetime.actions import Activate, PassWindow, PrimeTimeAction, Timeout
from rules.primetime.cleanup import cleanup_after_discard, cleanup_until_discard, default_discard, over_limit
from rules.primetime.content import character
from rules.primetime.context import Ctx, Dice
from rules.primetime.engine import apply, new_game, refresh_prompts
from rules.primetime.geometry import Cell
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.terrain import TerrainKind, TerrainPiece

Placement = tuple[str, int, Cell]
PASSED_KINDS = frozenset({"on_hit", "activation_start"})
"""The card windows ``act`` answers with a pass."""


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
    state.phase_start, state.phase_start_ready = None, []
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


def started_game(options: PrimeTimeOptions, seed: int) -> PrimeTimeState:
    """A new game past round 1's Power Phase Start, both players Ready."""
    state, _ = settle(new_game(options, seed))
    return state


def edit(state: PrimeTimeState) -> PrimeTimeState:
    """A copy to change by hand; call ``refresh_prompts`` on it when done if prompts depend on it."""
    return state.model_copy(deep=True)


def act_only(
    state: PrimeTimeState, action: PrimeTimeAction, dice: Sequence[int] = ()
) -> tuple[PrimeTimeState, list[Event]]:
    """Applies ``action`` with exactly the forced ``dice``: using fewer or more fails the test."""
    roller = Dice(dice)
    after, events = apply(state, action, roller=roller)
    assert not roller.values, f"unused forced dice: {roller.values}"
    return after, events


def act(
    state: PrimeTimeState, action: PrimeTimeAction, dice: Sequence[int] = ()
) -> tuple[PrimeTimeState, list[Event]]:
    """``act_only``, then the players pass any On Hit / On Damage prompt, or the reactive player's
    Activation Start reply, the action opened."""
    after, events = act_only(state, action, dice)
    while after.outcome is None and after.prompts and after.prompts[0].kind in PASSED_KINDS:
        after, more = act_only(after, PassWindow(player=after.prompts[0].who))
        events = [*events, *more]
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


SETTLED_KINDS = frozenset({"phase_start", "discard", "on_hit"})


def settle(state: PrimeTimeState) -> tuple[PrimeTimeState, list[Event]]:
    """Answers every pending Phase Start, discard and On Hit prompt with its Timeout default."""
    seen: list[Event] = []
    while state.outcome is None and state.prompts and state.prompts[0].kind in SETTLED_KINDS:
        state, events = act_only(state, Timeout(player=state.prompts[0].who))
        seen.extend(events)
    return state, seen


def cleanup(ctx: Ctx) -> None:
    """The whole Cleanup Phase, CL-3 taking the 2.9 default discards."""
    cleanup_until_discard(ctx)
    for seat in over_limit(ctx.state):
        player = ctx.state.players[seat]
        for card_id in default_discard(ctx.state, seat):
            player.hand.remove(card_id)
            player.discard.append(card_id)
    cleanup_after_discard(ctx)
