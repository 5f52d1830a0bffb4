"""The heuristic AI (``rules.primetime.ai``): legal, deterministic from the state and a seed, quick,
and sensible where the issue asks (objectives, attacks, reactions, Ascension, cards)."""

from __future__ import annotations

import time

from rules.primetime.actions import Deflect, LockAscension, Move, PlayCard, React, UseTechnique
from rules.primetime.ai import choose_action
from rules.primetime.engine import apply, legal_actions, new_game, refresh_prompts
from rules.primetime.geometry import distance
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.helpers import act, activated, board, started_game

FF = ("z_fighters", "frieza_force")


def test_the_ai_plays_a_whole_game_legally_deterministically_and_fast() -> None:
    def play(seed: int) -> tuple[list[str], float]:
        state = new_game(PrimeTimeOptions(rosters=("ginyu_force", "cell_games")), seed)
        chosen: list[str] = []
        slowest = 0.0
        while state.outcome is None:
            seat = state.prompts[0].who
            started = time.process_time()
            action = choose_action(state, seat, seed)
            slowest = max(slowest, time.process_time() - started)
            assert action in legal_actions(state, seat)
            chosen.append(action.model_dump_json())
            state, _ = apply(state, action)
        return chosen, slowest

    first, slowest = play(5)
    again, _ = play(5)
    assert first == again
    assert slowest < 0.5  # CPU seconds: well under a second per decision


def test_it_attacks_the_target_it_hurts_most() -> None:
    state = activated(
        board([("goku", 0, (5, 5)), ("frieza", 1, (5, 12)), ("guldo", 1, (8, 12))], rosters=FF), "goku", 0
    )
    state.unit("guldo-1").hp = 3
    action = choose_action(state, 0, 1)
    assert isinstance(action, UseTechnique) and action.target == "guldo-1"  # a Daze is worth most


def test_it_moves_toward_an_objective_when_nothing_is_in_reach() -> None:
    state = activated(board([("recoome", 0, (3, 2)), ("frieza", 1, (28, 29))], rosters=FF), "recoome", 0)
    action = choose_action(state, 0, 1)
    assert isinstance(action, Move)
    before = min(distance(state.unit("recoome-0").cell, point) for point in [(9, 15), (15, 15), (21, 15)])
    after = min(distance(action.to, point) for point in [(9, 15), (15, 15), (21, 15)])
    assert after < before


def test_it_evades_and_clashes_when_its_roll_is_better() -> None:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="ki_volley", target="goku-0"))
    assert choose_action(state, 0, 1) == React(player=0, choice="z_evasion")  # basics cannot be Clashed
    melee = activated(board([("goku", 0, (5, 6)), ("zarbon", 1, (5, 5))], rosters=FF), "zarbon", 1)
    melee, _ = (
        act(melee, UseTechnique(player=1, technique="monster_crush", target="goku-0"))
        if False
        else act(melee, UseTechnique(player=1, technique="rush", target="goku-0"))
    )
    assert choose_action(melee, 0, 1) == React(player=0, choice="z_evasion")


def test_it_ascends_when_it_can_afford_the_tax() -> None:
    state = started_game(PrimeTimeOptions(rosters=FF), 2)
    state.players[0].sk = 5
    refresh_prompts(state)
    action = choose_action(state, 0, 1)
    assert isinstance(action, LockAscension) and any(choice == "ascend" for _, choice in action.plan)
    state.players[0].sk = 0
    poor = choose_action(state, 0, 1)
    assert isinstance(poor, LockAscension) and all(choice == "stay" for _, choice in poor.plan)


def test_it_heals_a_hurt_model_with_a_card() -> None:
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (25, 25))], rosters=FF), "goku", 0)
    state.unit("goku-0").hp = 3
    state.players[0].hand = ["korins_senzu"]
    refresh_prompts(state)
    assert choose_action(state, 0, 1) == PlayCard(player=0, card="korins_senzu", unit="goku-0")


def _critical_evasion(others: list[tuple[str, int, tuple[int, int]]], total: int) -> PrimeTimeState:
    """Goku beats Frieza's Death Beam by 10 or more; the deflected attack then keeps ``total``."""
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5)), *others], rosters=FF), "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="death_beam", target="goku-0"))
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[1, 20])  # 7 against 25
    assert state.prompts[0].kind == "deflect" and state.attack is not None
    state.attack.total = total
    return state


def test_it_declines_a_deflect_that_would_turn_on_its_own_model() -> None:
    """2.4 step 4: the defender may decline; the AI never deflects onto its own model to hurt it."""
    state = _critical_evasion([("krillin", 0, (6, 12))], total=17)  # 17 hits Krillin (Defense 15)
    assert choose_action(state, 0, 1) == Deflect(player=0, unit=None)


def test_it_deflects_at_an_enemy_the_total_can_hit_and_declines_one_it_cannot() -> None:
    """2.4 step 4: the deflected attack keeps its total; one that misses only gives the enemy an
    evasion roll, so the AI declines it."""
    others = [("krillin", 0, (6, 12)), ("zarbon", 1, (8, 13))]
    hit = _critical_evasion(others, total=17)  # against Zarbon's Defense 15
    assert choose_action(hit, 0, 1) == Deflect(player=0, unit="zarbon-1")
    miss = _critical_evasion(others, total=7)
    assert choose_action(miss, 0, 1) == Deflect(player=0, unit=None)
