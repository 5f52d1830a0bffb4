"""The AI answers every setup prompt (SU-1…9) sensibly, and the simulation plays the full setup with
random draws. How fast it answers is bench/primetime_ai_setup.py's to measure."""

from __future__ import annotations

import pytest

from rules.primetime.actions import AcceptTerrain, ChooseFirstPlayer, Deploy, PlaceObjective
from rules.primetime.ai import choose_action
from rules.primetime.engine import apply
from rules.primetime.geometry import distance_to_point
from rules.primetime.simulate import play_game
from tests.rules.primetime.setup_helpers import full_game, scenario_game, until


def test_the_ai_accepts_the_seeded_terrain_and_takes_a_side_after_the_roll_off() -> None:
    state = full_game()
    assert choose_action(state, 0, 1) == AcceptTerrain(player=0)
    state, _ = until(state, "first_player")
    winner = state.active_seat
    choice = choose_action(state, winner, 1)
    assert isinstance(choice, ChooseFirstPlayer) and choice.choice in ("south", "north")


@pytest.mark.parametrize("location", ["namek_plains", "rocky_wasteland", "crash_site"])
def test_the_ai_places_objectives_on_its_own_side_with_their_zone_on_the_board(location: str) -> None:
    state = scenario_game(("scouter_sweep", "hold_the_centre", "last_stand"), location=location)
    while state.setup_step == "objectives":
        seat = state.prompts[0].who
        action = choose_action(state, seat, 3)
        assert isinstance(action, PlaceObjective)
        x, y = action.point
        assert state.zones[seat].distance_to_point(action.point) < state.zones[1 - seat].distance_to_point(
            action.point
        )
        assert min(x, 30 - x, y, 30 - y) >= 3, 'its 3" zone of control lies on the board'
        state, _ = apply(state, action)


def test_the_ai_deploys_toward_the_objectives() -> None:
    state = scenario_game(("first_contact", "hold_the_centre", "last_stand"))
    while state.phase == "setup":
        seat = state.prompts[0].who
        action = choose_action(state, seat, 5)
        assert isinstance(action, Deploy)
        zone_cells = state.zones[seat].cells()
        average = sum(min(distance_to_point(cell, p) for p in state.objectives) for cell in zone_cells)
        chosen = min(distance_to_point(action.to, p) for p in state.objectives)
        assert chosen < average / len(zone_cells)
        state, _ = apply(state, action)
    assert state.round == 1 and len(state.units) == 8


def test_the_simulation_plays_the_full_setup() -> None:
    record = play_game(("ginyu_force", "cell_games"), 2)
    assert record.first_seat in (0, 1) and record.actions > 16
