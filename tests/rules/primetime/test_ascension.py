"""Acceptance 7: the Ascension Phase (AS-1 to AS-3, A3, A10, 2.7, 2.9's default)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import LockAscension, Timeout
from rules.primetime.ascension import legal_plans, plan_cost
from rules.primetime.engine import legal_actions, refresh_prompts
from rules.primetime.roster import Roster
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import hp_max
from rules.primetime.view import view
from tests.rules.primetime.helpers import act, edit, kinds, started_game

Z = ["goku-0", "piccolo-0", "kid_gohan-0", "krillin-0"]
FF = ["frieza-1", "ginyu-1", "recoome-1", "zarbon-1"]


Z_ROSTER = Roster(
    models=("goku", "piccolo", "kid_gohan", "krillin"),
    affiliation="z_fighters",
    cards=("kaioken_times_ten",) * 3 + ("regrow_limb",) * 3 + ("korins_senzu", "never_give_up") * 2,
)
FF_ROSTER = Roster(
    models=("frieza", "ginyu", "recoome", "zarbon"),
    affiliation="frieza_force",
    cards=("death_ball",)
    + ("ultra_fighting_bomber",) * 2
    + ("monstrous_reveal",) * 3
    + ("planet_trade_tribute", "scouter_network") * 2,
)


def ascending(tiers: dict[str, int], sk: int = 10) -> PrimeTimeState:
    state = edit(started_game(PrimeTimeOptions(rosters=(Z_ROSTER, FF_ROSTER)), 3))
    assert state.phase == "ascension"
    for unit_id, tier in tiers.items():
        unit = state.unit(unit_id)
        unit.tier = tier
        unit.hp = hp_max(unit)
    for player in state.players:
        player.sk = sk
    refresh_prompts(state)
    return state


def plan(ids: list[str], *choices: str) -> tuple[tuple[str, str], ...]:
    return tuple(zip(ids, choices, strict=True))


def stay_ff(state: PrimeTimeState) -> PrimeTimeState:
    after, _ = act(state, LockAscension(player=1, plan=plan(FF, "stay", "stay", "stay", "stay")))
    return after


def test_the_tax_is_the_tier_1_2_or_3() -> None:
    state = ascending({"goku-0": 3, "piccolo-0": 2, "krillin-0": 1}, sk=6)
    holding = plan(Z, "hold", "hold", "stay", "hold")
    assert plan_cost(state, holding) == 6
    state, _ = act(state, LockAscension(player=0, plan=holding))
    state = stay_ff(state)
    assert state.players[0].sk == 0
    assert [state.unit(unit_id).tier for unit_id in Z] == [3, 2, 0, 1]


def test_a_plan_the_player_cannot_pay_is_refused() -> None:
    state = ascending({"goku-0": 3, "piccolo-0": 2, "krillin-0": 1}, sk=5)
    with pytest.raises(IllegalAction) as caught:
        act(state, LockAscension(player=0, plan=plan(Z, "hold", "hold", "stay", "hold")))
    assert caught.value.code == "bad_plan"


def test_the_timeout_pays_the_highest_tiers_first_and_the_rest_descend() -> None:
    state = ascending({"goku-0": 3, "piccolo-0": 2, "krillin-0": 1}, sk=4)
    state, _ = act(state, Timeout(player=0))
    state = stay_ff(state)
    assert [state.unit(unit_id).tier for unit_id in Z] == [3, 1, 0, 1]
    assert state.players[0].sk == 0


def test_ascension_costs_1_sk_plus_the_tax_and_goes_one_tier_per_phase() -> None:
    state = ascending({"goku-0": 1})
    assert plan_cost(state, plan(Z, "ascend", "stay", "stay", "stay")) == 2
    with pytest.raises(IllegalAction):
        act(state, LockAscension(player=0, plan=(("goku-0", "ascend"), ("goku-0", "ascend"))))
    state, _ = act(state, LockAscension(player=0, plan=plan(Z, "ascend", "stay", "stay", "stay")))
    state = stay_ff(state)
    assert state.unit("goku-0").tier == 2 and state.players[0].sk == 8


def test_saiyan_accelerant_makes_the_ascension_free_but_not_the_tax() -> None:
    state = ascending({"goku-0": 1})
    state.players[0].friend_dazed_since_ascension = True
    assert plan_cost(state, plan(Z, "ascend", "stay", "stay", "stay")) == 1  # the T1 Tax only
    assert plan_cost(state, plan(Z, "hold", "ascend", "ascend", "stay")) == 1 + 1 + 0  # Gohan is a Saiyan
    state, _ = act(state, LockAscension(player=0, plan=plan(Z, "ascend", "ascend", "ascend", "stay")))
    state = stay_ff(state)
    assert state.players[0].sk == 10 - 2 and not state.players[0].friend_dazed_since_ascension


def test_hp_upshift_adds_the_difference_and_descent_caps_hp() -> None:
    state = ascending({"frieza-1": 0, "ginyu-1": 1})
    state.unit("frieza-1").hp = 10
    state, _ = act(state, LockAscension(player=0, plan=plan(Z, "stay", "stay", "stay", "stay")))
    state, _ = act(state, LockAscension(player=1, plan=plan(FF, "ascend", "descend", "stay", "stay")))
    assert state.unit("frieza-1").hp == 10 + 17 - 15
    assert state.unit("ginyu-1").hp == 13 and state.unit("ginyu-1").tier == 0


def test_androids_and_guldo_never_ascend() -> None:
    state = started_game(PrimeTimeOptions(rosters=("cell_games", "ginyu_force")), 2)
    plans = legal_plans(state, 0)
    assert {unit_id for chosen in plans for unit_id, _ in chosen} == {"cell-0"}
    assert all("guldo-1" not in dict(chosen) for chosen in legal_plans(state, 1))


def test_choices_stay_secret_until_both_lock() -> None:
    state = ascending({})
    state, events = act(state, LockAscension(player=0, plan=plan(Z, "ascend", "stay", "stay", "stay")))
    locked = next(event for event in events if event.kind == "ascension_locked")
    assert locked.visible_to == [0]
    assert view(state, 1).players[0].ascension_plan is None and view(state, 1).players[0].ascension_locked
    assert view(state, None).players[0].ascension_plan is None
    assert view(state, 0).players[0].ascension_plan == [("goku-0", "ascend"), *[(u, "stay") for u in Z[1:]]]
    assert legal_actions(state, 0) == []
    after, events = act(state, Timeout(player=1))
    assert "ascension" in kinds(events) and after.phase_start == "activation"
