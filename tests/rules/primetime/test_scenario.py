"""Acceptance 5 for 3.6: every Location, Mission and Condition at play, with positions, and Dragon
Radar's Seize. The setup side of each Location (zones, terrain, A14) is in ``test_setup``."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.primetime.actions import Seize, UseTechnique
from rules.primetime.cleanup import score
from rules.primetime.content import Rider
from rules.primetime.context import Ctx
from rules.primetime.damage import forced
from rules.primetime.economy import power_phase
from rules.primetime.engine import apply, legal_actions, refresh_prompts
from rules.primetime.missions import controller, objective_values
from rules.primetime.rounds import start_round
from rules.primetime.state import PrimeTimeState
from rules.primetime.targeting import move_options
from tests.rules.primetime.helpers import Placement, activated, board, edit

DEFAULT = ("first_contact", "hold_the_centre", "last_stand")


def _game(
    placements: list[Placement],
    missions: tuple[str, str, str] = DEFAULT,
    objectives: list[tuple[int, int]] | None = None,
    round_number: int = 1,
    condition: str | None = None,
    location: str = "namek_plains",
) -> PrimeTimeState:
    state = edit(board(placements))
    state.missions = list(missions)
    state.objectives = objectives if objectives is not None else [(9, 15), (15, 15), (21, 15)]
    state.round, state.condition, state.location = round_number, condition, location
    refresh_prompts(state)
    return state


def _scored(state: PrimeTimeState) -> tuple[list[int], list[Event]]:
    working = edit(state)
    events: list[Event] = []
    score(Ctx(working, events))
    return [player.glory for player in working.players], events


# Locations (their zones and terrain: test_setup::test_each_location_sets_its_zones_and_terrain).


def test_cell_games_arena_ring_gives_oc_plus_1() -> None:
    """Two OC 2 models by an objective on the Ring's edge: the one inside the Ring (10-20) holds it."""
    placements = [("goku", 0, (11, 15)), ("goku", 1, (9, 15))]
    state = _game(placements, objectives=[(10, 15)], location="cell_games_arena")
    assert controller(state, (10, 15)) == 0
    assert controller(_game(placements, objectives=[(10, 15)]), (10, 15)) is None  # no Ring elsewhere


# Missions.


def test_first_contact_scores_1_per_objective() -> None:
    state = _game([("goku", 0, (9, 15)), ("frieza", 1, (21, 16))])
    assert objective_values(state) == [1, 1, 1]
    assert _scored(state)[0] == [1, 1]


def test_scouter_sweep_gives_1_more_for_holding_more() -> None:
    placements = [("goku", 0, (5, 15)), ("vegeta", 0, (15, 16)), ("frieza", 1, (25, 15))]
    state = _game(placements, ("scouter_sweep", *DEFAULT[1:]), [(5, 15), (15, 15), (25, 15)])
    assert _scored(state)[0] == [3, 1]


def test_hold_the_centre_scores_2_for_the_centre_and_its_ties() -> None:
    state = _game([], ("first_contact", "hold_the_centre", "last_stand"), [(15, 12), (15, 18), (9, 15)], 2)
    assert objective_values(state) == [2, 2, 1]


def test_break_their_spirit_adds_1_per_enemy_dazed_up_to_2() -> None:
    state = _game([], ("first_contact", "break_their_spirit", "last_stand"), round_number=2)
    state.players[0].dazed_enemies_this_round = 3
    state.players[1].dazed_enemies_this_round = 1
    assert _scored(state)[0] == [2, 1]


def test_power_level_rising_adds_1_with_a_t1_friend_in_the_zone() -> None:
    placements = [("goku", 0, (9, 15)), ("vegeta", 0, (10, 16)), ("frieza", 1, (21, 15))]
    state = _game(placements, ("first_contact", "power_level_rising", "last_stand"), round_number=2)
    state.units[1].tier = 1  # Vegeta at T1, 1.6" from 9,15
    assert _scored(state)[0] == [2, 1]


def test_last_stand_scores_2_per_objective() -> None:
    state = _game([("goku", 0, (15, 15))], round_number=3)
    assert objective_values(state) == [2, 2, 2] and _scored(state)[0] == [2, 0]


def test_dragon_ball_hunt_scores_3_per_extra_objective_in_r3_and_r4() -> None:
    missions = ("first_contact", "hold_the_centre", "dragon_ball_hunt")
    state = _game([], missions, [(9, 15), (15, 15), (21, 15), (15, 24)], round_number=3)
    state.dragon_balls = [(15, 24)]
    assert objective_values(state) == [1, 1, 1, 3]
    state.round = 1
    assert objective_values(state) == [1, 1, 1, 1]


def test_namek_is_collapsing_removes_the_objectives_nearest_an_edge_at_r4() -> None:
    missions = ("first_contact", "hold_the_centre", "namek_is_collapsing")
    state = _game([], missions, [(3, 15), (15, 15), (27, 12), (15, 5)], round_number=3)
    events: list[Event] = []
    start_round(Ctx(state, events))
    assert len(state.objectives) == 4, "nothing goes before R4"
    state.round = 4
    start_round(Ctx(state, events))
    assert state.objectives == [(15, 15), (15, 5)]  # 3,15 and 27,12 are both 3" from an edge
    assert objective_values(state) == [2, 2]


# Dragon Radar's Seize.


def _radar(round_number: int = 1) -> PrimeTimeState:
    placements = [("goku", 0, (15, 15)), ("recoome", 1, (16, 16)), ("zarbon", 1, (14, 17))]
    state = _game(placements, ("dragon_radar", *DEFAULT[1:]), [(15, 15), (21, 15)], round_number)
    return activated(state, "goku", 0)


def test_a_seize_holds_the_objective_at_r1_scoring_whatever_the_oc() -> None:
    state = _radar()
    assert Seize(player=0, point=(15, 15)) in legal_actions(state, 0)
    assert Seize(player=0, point=(21, 15)) not in legal_actions(state, 0)  # 6.5" away
    assert "seize" in state.prompts[0].options
    assert controller(state, (15, 15)) == 1  # OC 5 against 2
    state, _ = apply(state, Seize(player=0, point=(15, 15)))
    assert state.seized == [((15, 15), 0)] and state.activation is not None
    assert state.activation.actions_left == 1
    glory, _ = _scored(state)
    assert glory == [1, 0]


def test_an_enemy_seize_takes_the_objective_back() -> None:
    state = edit(_radar())
    state.seized = [((15, 15), 0)]
    state.activation = None
    refresh_prompts(state)
    state = activated(state, "recoome", 1)
    with pytest.raises(IllegalAction):
        apply(state, Seize(player=1, point=(21, 15)))
    state, _ = apply(state, Seize(player=1, point=(15, 15)))
    assert state.seized == [((15, 15), 1)]


def test_no_seize_after_r1_or_from_the_air() -> None:
    assert not any(isinstance(action, Seize) for action in legal_actions(_radar(2), 0))
    state = edit(_radar())
    state.unit("goku-0").level = 1
    refresh_prompts(state)
    assert not any(isinstance(action, Seize) for action in legal_actions(state, 0))


# Conditions.


def _death_beams(state: PrimeTimeState) -> list[UseTechnique]:
    return [
        action
        for action in legal_actions(state, 0)
        if isinstance(action, UseTechnique) and action.technique == "death_beam"
    ]


@pytest.mark.parametrize(
    ("gap", "condition", "seen"), [(19, None, True), (19, "dust_storm", False), (18, "dust_storm", True)]
)
def test_dust_storm_blocks_sight_beyond_18_inches(gap: int, condition: str | None, seen: bool) -> None:
    state = _game([("frieza", 0, (5, 5)), ("goku", 1, (5, 5 + gap))], condition=condition)
    assert bool(_death_beams(activated(state, "frieza", 0))) == seen


def test_heavy_gravity_takes_1_from_mov() -> None:
    placements = [("goku", 0, (5, 5)), ("frieza", 1, (25, 25))]
    light = activated(_game(placements), "goku", 0)
    heavy = activated(_game(placements, condition="heavy_gravity"), "goku", 0)
    assert (12, 5) in move_options(light, light.unit("goku-0"))  # MOV 7
    assert (12, 5) not in move_options(heavy, heavy.unit("goku-0"))
    assert (11, 5) in move_options(heavy, heavy.unit("goku-0"))


@pytest.mark.parametrize(("condition", "cell"), [(None, (5, 8)), ("heavy_gravity", (5, 9))])
def test_heavy_gravity_pushes_1_inch_further(condition: str | None, cell: tuple[int, int]) -> None:
    state = _game([("goku", 0, (5, 5)), ("frieza", 1, (5, 6))], condition=condition)
    forced(Ctx(state, []), Rider(op="push", inches=2), (5, 5), state.unit("frieza-1"), None, 0)
    assert state.unit("frieza-1").cell == cell


def test_ki_rich_atmosphere_gives_1_bk_each_power_phase() -> None:
    incomes = []
    for condition in (None, "ki_rich_atmosphere"):
        state = _game([("goku", 0, (5, 5)), ("frieza", 1, (25, 25))], condition=condition)
        for player in state.players:
            player.bk = 0
        power_phase(Ctx(state, []))
        incomes.append([player.bk for player in state.players])
    assert [bk + 1 for bk in incomes[0]] == incomes[1]


def test_the_world_is_watching_rewards_more_dazes() -> None:
    state = _game([], condition="the_world_is_watching")
    state.players[0].dazed_enemies_this_round = 2
    state.players[1].dazed_enemies_this_round = 1
    glory, events = _scored(state)
    assert glory == [1, 0] and any("World Is Watching" in str(event.text) for event in events)
    state.players[1].dazed_enemies_this_round = 2
    assert _scored(state)[0] == [0, 0]
