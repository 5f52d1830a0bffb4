"""SU-1's "unless both agree" and SU-4 (A14): a terrain piece players add may stand in a deployment
zone once both accept the layout; it stays until a Location's zones, Ring or own terrain overlap it,
and then the Location removes it with an event that says so."""

from __future__ import annotations

import pytest

from rules.core.events import Event
from rules.primetime.actions import AcceptTerrain, ChooseFirstPlayer, PlaceTerrain
from rules.primetime.context import Ctx
from rules.primetime.engine import apply, legal_actions, refresh_prompts
from rules.primetime.placement import DEFAULT_ZONES
from rules.primetime.setup import reveal_scenario
from rules.primetime.state import PrimeTimeState
from rules.primetime.terrain import TerrainKind
from tests.rules.primetime.helpers import piece
from tests.rules.primetime.setup_helpers import full_game, until

IN_THE_SOUTH_ZONE = PlaceTerrain(player=0, kind=TerrainKind.RUINS, x=12, y=6, width=4, height=2)
"""Ruins over y 6-8: inside the default 8" zone, outside Cell Games Arena's 6" one and every
other Location's zones, Ring and pieces."""
RUINS = piece("ruins", 12, 6, 4, 2)
MISSIONS = ["first_contact", "last_stand", "last_stand"]


def _agreed() -> PrimeTimeState:
    state = full_game()
    assert IN_THE_SOUTH_ZONE in legal_actions(state, 0)
    state, _ = apply(state, IN_THE_SOUTH_ZONE)
    state, _ = apply(state, AcceptTerrain(player=0))
    assert state.setup_step == "terrain", "one player's acceptance is not an agreement"
    state, _ = apply(state, AcceptTerrain(player=1))
    assert state.setup_step == "first_player" and RUINS in state.terrain
    return state


def _revealed(state: PrimeTimeState, location: str) -> tuple[PrimeTimeState, list[Event]]:
    winner = state.active_seat
    state, _ = apply(state, ChooseFirstPlayer(player=winner, choice="initiative"))
    working = state.model_copy(deep=True)
    working.side_chooser = 1 - winner
    events: list[Event] = []
    reveal_scenario(
        Ctx(working, events),
        1 - winner,
        location,
        ["first_contact", "last_stand", "last_stand"],
        "dust_storm",
    )
    refresh_prompts(working)
    return working, events


def test_a_piece_in_a_deployment_zone_can_be_proposed() -> None:
    """SU-1: "none inside a deployment zone unless both agree": proposing one is an edit like any."""
    assert any(zone.overlaps(RUINS) for zone in DEFAULT_ZONES)
    state, events = apply(full_game(), IN_THE_SOUTH_ZONE)
    assert state.terrain[-1] == RUINS and state.terrain_accepted == []
    assert [str(event.text) for event in events if event.kind == "terrain_changed"] == [
        "Seat 1 adds piece 7, the Ruins at 12,6"
    ]


@pytest.mark.parametrize("location", ["cell_games_arena", "rocky_wasteland", "crash_site"])
def test_an_agreed_piece_in_a_default_zone_stands_where_the_location_leaves_it(location: str) -> None:
    """SU-1 and SU-4 / A14: Cell Games Arena's 6" zones, Rocky Wasteland's corners and Crash Site's
    west and east zones leave the agreed piece standing, so it stays for the whole game."""
    state, events = _revealed(until(_agreed(), "first_player")[0], location)
    assert RUINS in state.terrain
    assert not any(event.data.get("piece") == 7 for event in events if event.kind == "terrain_removed")
    while state.phase == "setup":
        state, _ = apply(state, legal_actions(state, state.prompts[0].who)[-1])
    assert RUINS in state.terrain


def test_a_location_removing_an_agreed_piece_says_so() -> None:
    """SU-4 / A14: Namek Plains' 8" zones overlap the agreed piece, so it goes, with an event in
    words for people (the piece as players numbered it, the reason)."""
    state, events = _revealed(_agreed(), "namek_plains")
    assert RUINS not in state.terrain
    removed = [event for event in events if event.kind == "terrain_removed"]
    ours = next(event for event in removed if event.data["piece"] == 7)
    assert str(ours.text) == "Namek Plains removes piece 7, the Ruins at 12,6: it lies in a deployment zone"
    assert ours.data == {"piece": 7, "terrain": "ruins", "x": 12, "y": 6, "width": 4, "height": 2}
    located = next(event for event in events if event.kind == "SU-4")
    assert located.data["removed"] == len(removed)


def test_the_ring_and_a_locations_own_terrain_give_their_reasons() -> None:
    """SU-4 / A14: the Ring of Cell Games Arena and the Crater of Crash Site clear what they overlap."""
    state = full_game()
    layout = (piece("spire", 14, 16, 2, 2), *state.terrain[1:])
    for location, reason in (
        ("cell_games_arena", "it lies in the Ring"),
        ("crash_site", "it overlaps the Crater of Crash Site"),
    ):
        working = state.model_copy(deep=True)
        working.terrain = layout
        events: list[Event] = []
        working.setup_step, working.side_chooser = "first_player", 0
        reveal_scenario(
            Ctx(working, events), 0, location, ["first_contact", "last_stand", "last_stand"], "dust_storm"
        )
        texts = [str(event.text) for event in events if event.kind == "terrain_removed"]
        assert f"removes piece 1, the Spire at 14,16: {reason}" in texts[0]
