"""Acceptance 8-10: Dazed and falls (AL-5, 2.4 step 8, CL-5), Regeneration (CL-4), the Order Pool
(PW-1, AC-2 to AC-5, A7, 2.7), the Power Phase (PW-2), Power Up (2.3), Cleanup in order (CL-1 to
CL-6), the four rounds (A8) and the tiebreaks (2.8)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import (
    Activate,
    EndActivation,
    Pass,
    PowerUp,
    PrimeTimeAction,
    React,
    Timeout,
    UseTechnique,
)
from rules.primetime.cleanup import final_outcome
from rules.primetime.context import Ctx
from rules.primetime.economy import power_phase
from rules.primetime.engine import legal_actions, refresh_prompts
from rules.primetime.missions import controller, objective_values
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import stat
from tests.rules.primetime.helpers import act, activated, board, cleanup, edit, kinds, settle, started_game

FF = ("z_fighters", "frieza_force")


def death_beam_kills_goku(level: int = 2, tier: int = 2) -> PrimeTimeState:
    state = board([("goku", 0, (5, 12)), ("krillin", 0, (8, 12)), ("frieza", 1, (5, 5))], rosters=FF)
    goku = state.unit("goku-0")
    goku.level, goku.tier, goku.hp = level, tier, 3
    goku.statuses = ["staggered"]
    state = activated(state, "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="death_beam", target="goku-0"))
    after, _ = act(state, React(player=0, choice="none"), dice=[20])
    return after


def finish_round(state: PrimeTimeState) -> tuple[PrimeTimeState, list[str]]:
    """Ends every activation and passes for both players until the round's Cleanup has run."""
    seen: list[str] = []
    start = state.round
    while state.round == start and state.outcome is None and state.phase != "ascension":
        prompt = state.prompts[0]
        if prompt.default is not None:
            action: PrimeTimeAction = Timeout(player=prompt.who)
        elif prompt.kind == "action":
            action = EndActivation(player=prompt.who)
        else:
            action = Pass(player=prompt.who)
        state, events = act(state, action)
        seen.extend(kinds(events))
    return state, seen


# Acceptance 8.


def test_dazed_at_l2_falls_and_returns_at_cleanup_with_half_base_hp_minus_the_fall() -> None:
    state = death_beam_kills_goku()
    goku = state.unit("goku-0")
    assert goku.dazed and goku.hp == 0 and goku.fall_damage == 2 and goku.level == 0 and goku.tier == 0
    assert state.players[1].sk == 5 + 1  # the enemy who Dazed him gains 1 SK
    assert state.players[1].dazed_threat == 9
    state, seen = finish_round(state)
    goku = state.unit("goku-0")
    assert not goku.dazed and goku.hp == 7 - 2 and goku.tier == 0 and goku.level == 0
    assert goku.statuses == [] and goku.cell == (5, 12)
    assert "returned" in seen


def test_a_dazed_model_occupies_no_cell_and_returns_to_the_nearest_free_cell() -> None:
    state = death_beam_kills_goku(level=0)
    state = edit(state)
    state.unit("krillin-0").cell = (5, 12)
    ctx = Ctx(state)
    cleanup(ctx)
    assert state.unit("goku-0").cell == (5, 11)
    assert state.unit("goku-0").hp == 7


def test_namekian_regeneration_is_base_tier_only_and_never_for_a_dazed_model() -> None:
    state = board(
        [("piccolo", 0, (5, 5)), ("cell", 0, (9, 5)), ("krillin", 0, (12, 5)), ("frieza", 1, (20, 20))],
        rosters=FF,
    )
    piccolo, cell, krillin = state.unit("piccolo-0"), state.unit("cell-0"), state.unit("krillin-0")
    piccolo.hp = 10
    cell.tier, cell.hp = 1, 10
    krillin.hp = 5
    cleanup(Ctx(state))
    assert piccolo.hp == 11 and cell.hp == 10 and krillin.hp == 5
    dazed = board([("piccolo", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    dazed.units[0].hp, dazed.units[0].dazed = 0, True
    cleanup(Ctx(dazed))
    assert dazed.units[0].hp == 8  # ceil(16 / 2), no Regeneration first


def test_zenkai_gives_2_sk_on_return() -> None:
    state = board([("vegeta", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    state.units[0].hp, state.units[0].dazed = 0, True
    cleanup(Ctx(state))
    assert state.players[0].sk == 7


# Acceptance 9.


def test_a_fallen_order_token_gives_another_model_a_second_activation_for_2_bk() -> None:
    state = death_beam_kills_goku(level=0, tier=0)
    assert state.players[0].fallen_tokens == 1
    state, _ = act(state, EndActivation(player=1))
    assert state.active_seat == 0
    assert Activate(player=0, unit="goku-0") not in legal_actions(state, 0)  # AC-2: skipped
    state, _ = act(state, Activate(player=0, unit="krillin-0"))
    state, _ = act(state, EndActivation(player=0))
    assert state.players[1].passed  # Frieza has activated and seat 1 holds no other token
    bk = state.players[0].bk
    state, _ = act(state, Activate(player=0, unit="krillin-0"))
    assert state.players[0].bk == bk - 2 and state.players[0].fallen_tokens == 0
    state, _ = act(state, EndActivation(player=0))
    # No token left: seat 0 passes automatically, both have passed, Cleanup runs after its Phase Start.
    assert state.phase_start == "cleanup"
    assert settle(state)[0].round == 2


def test_a_third_activation_is_refused() -> None:
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    state.players[0].bonus_tokens = 2
    state.players[0].tokens_generated = 3
    state.players[1].passed = True
    refresh_prompts(state)
    for _ in range(2):
        state, _ = act(state, Activate(player=0, unit="krillin-0"))
        state, _ = act(state, EndActivation(player=0))
    # The third activation was unavailable, so seat 0 passed automatically and the round ended.
    assert settle(state)[0].round == 2
    working = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    working.units[0].activations = 2
    working.players[0].bonus_tokens = 1
    refresh_prompts(working)
    with pytest.raises(IllegalAction) as caught:
        act(working, Activate(player=0, unit="krillin-0"))
    assert caught.value.code == "cannot_activate"


def test_two_consecutive_passes_end_the_phase_and_a_pass_is_final() -> None:
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    state.players[1].bonus_tokens, state.players[1].tokens_generated = 1, 2
    state, _ = act(state, Pass(player=0))
    assert state.active_seat == 1 and state.prompts[0].kind == "activation"
    state, _ = act(state, Activate(player=1, unit="frieza-1"))
    state, _ = act(state, EndActivation(player=1))
    assert state.active_seat == 1  # seat 0 passed for the round
    state, _ = act(state, Pass(player=1))
    assert state.phase == "phase_start" and state.phase_start == "cleanup"
    state, events = settle(state)
    assert "CL-1" in kinds(events) and state.round == 2


def test_emperors_command_adds_a_bonus_activation() -> None:
    state = started_game(PrimeTimeOptions(rosters=FF), 4)
    assert state.players[1].tokens_generated == 5 and state.players[1].bonus_tokens == 1
    assert state.players[0].tokens_generated == 4


# Power Phase and Power Up.


def test_round_1_income_flat_per_model_affiliation_and_passives() -> None:
    state = started_game(PrimeTimeOptions(rosters=("z_fighters", "ginyu_force")), 4)
    # Z: flat 2 + 4 models + Bonds of Friendship (R1: +1) + Tactician 2 = 9.
    assert state.players[0].bk == 9
    # Ginyu Force: flat 2 + 5 models + Captain's Orders 1 + Special Squadron (2 if all within 8").
    assert state.players[1].bk in (8, 10)
    assert state.players[0].sk == 2 and state.players[1].sk == 2


def test_bk_above_3_is_lost_at_cleanup_and_sk_caps_at_10() -> None:
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF, bk=7, sk=10)
    state, _ = finish_round(state)
    state, _ = settle(state)
    # Carried 3, then R2: flat 3, 1 model, Bonds of Friendship 0 (nobody Dazed in R1), Tactician 2.
    assert state.players[0].bk == 3 + 3 + 1 + 0 + 2
    assert state.players[0].sk == 10


def test_power_up_gives_a_resource_overloads_and_is_limited() -> None:
    state = activated(board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF), "krillin", 0)
    state, _ = act(state, PowerUp(player=0, resource="bk"))
    krillin = state.unit("krillin-0")
    assert state.players[0].bk == 11 and krillin.has_status("overloaded") and stat(krillin, "rfx") == 3
    with pytest.raises(IllegalAction):
        act(state, PowerUp(player=0, resource="sk"))
    state.players[0].power_ups = 2
    state.activation.powered_up = False
    refresh_prompts(state)
    assert not any(isinstance(action, PowerUp) for action in legal_actions(state, 0))


def test_protective_fury_at_round_start() -> None:
    state = board([("kid_gohan", 0, (5, 5)), ("krillin", 0, (8, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    state.unit("krillin-0").hp = 4
    power_phase(Ctx(state))
    gohan = state.unit("kid_gohan-0")
    assert stat(gohan, "foc") == 5 and stat(gohan, "imp") == 4


# Acceptance 10.


def test_cleanup_runs_cl_1_to_cl_6_in_order() -> None:
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    ctx = Ctx(state)
    cleanup(ctx)
    steps = [event.kind for event in ctx.events if event.kind.startswith("CL-")]
    assert steps == ["CL-1", "CL-2", "CL-3", "CL-4", "CL-5", "CL-6"]


def test_scoring_counts_ground_non_dazed_oc_within_3_inches() -> None:
    state = board(
        [("krillin", 0, (9, 16)), ("goku", 0, (15, 16)), ("frieza", 1, (15, 14)), ("recoome", 1, (21, 16))],
        rosters=FF,
    )
    assert controller(state, (9, 15)) == 0
    assert controller(state, (15, 15)) is None  # OC 2 against 2
    state.unit("goku-0").level = 1
    assert controller(state, (15, 15)) == 1
    state.unit("recoome-1").dazed = True
    assert controller(state, (21, 15)) is None


def test_hold_the_centre_scores_2_for_the_centre_objective() -> None:
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    assert objective_values(state) == [1, 1, 1]
    state.round = 2
    assert objective_values(state) == [1, 2, 1]
    state.round = 4
    assert objective_values(state) == [2, 2, 2]


def test_the_game_ends_after_round_4() -> None:
    state = started_game(PrimeTimeOptions(rosters=FF), 8)
    for _ in range(400):
        if state.outcome is not None:
            break
        prompt = state.prompts[0]
        if prompt.default is not None:
            action = Timeout(player=prompt.who)
        elif prompt.kind == "action":
            action = EndActivation(player=prompt.who)
        else:
            action = Pass(player=prompt.who)
        state, _ = act(state, action)
    assert state.outcome is not None and state.round == 4 and state.phase == "over"
    assert legal_actions(state, 0) == legal_actions(state, 1) == []


@pytest.mark.parametrize(
    ("glory", "held", "threat", "result", "reason", "winners"),
    [
        ((5, 3), (0, 3), (0, 20), "win", "glory", [0]),
        ((4, 4), (1, 2), (20, 0), "win", "objectives_held", [1]),
        ((4, 4), (1, 1), (9, 10), "win", "threat_dazed", [1]),
        ((4, 4), (1, 1), (9, 9), "draw", "draw", []),
    ],
)
def test_the_tiebreaks_in_order(glory, held, threat, result, reason, winners) -> None:
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    for seat, player in enumerate(state.players):
        player.glory, player.objectives_held, player.dazed_threat = glory[seat], held[seat], threat[seat]
    outcome = final_outcome(state)
    assert (outcome.result, outcome.reason, outcome.winners) == (result, reason, winners)
