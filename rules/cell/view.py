"""What a player (or the public channel) sees of a Perfect Cell game.

Perfect Cell has no private information between players, so every viewer gets the same view; it
hides only what nobody at the table can see: the order of the stacks and the token pile, the
threats removed at setup, and the random generator.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.cell import board
from rules.cell.content import TrackRow, catalogue
from rules.cell.state import ActiveThreat, CellState, Die, FighterState, Placement, Selection, Variant
from rules.cell.threat_slots import is_complete
from rules.core.events import Event, events_for
from rules.core.game import Outcome


class ThreatView(BaseModel):
    tile: int
    placed: list[Placement]
    canceled: bool


class CellView(BaseModel):
    variant: Variant
    round: int
    active_seat: int
    rolled: bool
    cell_hp: int
    cell_max_hp: int
    fighters: list[FighterState]
    dice: list[Die]
    active_threats: list[ThreatView]
    threat_stack_size: int
    discarded_threats: list[int]
    power_supply: list[int]
    power_stack_size: int
    power_discard: list[int]
    token_pile_size: int
    token_discard_size: int
    damage_track: list[Placement]
    track_rows: list[TrackRow]
    dragon_ball_meter: list[Placement]
    meter_capacity: int
    selection: Selection | None
    outcome: Outcome | None
    recent_events: list[Event]


def _threat_view(threat: ActiveThreat) -> ThreatView:
    cost = catalogue().threats[threat.tile].cost
    return ThreatView(
        tile=threat.tile,
        placed=threat.placed,
        canceled=is_complete(cost, [placement.face for placement in threat.placed]),
    )


def view(state: CellState, viewer: int | None) -> CellView:
    return CellView(
        variant=state.variant,
        round=state.round,
        active_seat=state.active_seat,
        rolled=state.rolled,
        cell_hp=state.cell_hp,
        cell_max_hp=state.cell_max_hp,
        fighters=state.fighters,
        dice=state.dice,
        active_threats=[_threat_view(threat) for threat in state.active_threats],
        threat_stack_size=len(state.threat_stack),
        discarded_threats=state.discarded_threats,
        power_supply=state.power_supply,
        power_stack_size=len(state.power_stack),
        power_discard=state.power_discard,
        token_pile_size=len(state.token_pile),
        token_discard_size=len(state.token_discard),
        damage_track=state.damage_track,
        track_rows=catalogue().board.track_rows(state.players),
        dragon_ball_meter=state.dragon_ball_meter,
        meter_capacity=board.meter_capacity(state),
        selection=state.selection,
        outcome=state.outcome,
        recent_events=events_for(state.recent_events, viewer),
    )
