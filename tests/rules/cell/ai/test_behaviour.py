"""Cooperative play in arranged situations: the AI heals who is in danger, shares what it can't
use, cancels the worst threat first, fills the meter before KOs, and buys and uses Power Ups."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from rules.cell.actions import CellAction, Confirm, Spend, StartSelection
from rules.cell.ai import hint, make_player, plan_turn
from rules.cell.ai.runner import play_steps
from rules.cell.content import FACES, Face, catalogue
from rules.cell.state import CellState
from rules.cell.threat_slots import faces_fit
from tests.rules.cell.ai.tables import (
    amount,
    on_the_meter,
    only_damages_everyone,
    rolled,
    supply,
    table,
    threat,
    threats_in_play,
)

AGENTS = ("heuristic", "strong")


def spends(actions: list[CellAction], use: str) -> list[Spend]:
    return [action for action in actions if isinstance(action, Spend) and action.use == use]


def test_heals_the_fighter_a_threat_would_knock_out() -> None:
    """The last fighter of the round can't start a cancel for someone else: only healing saves
    Krillin."""
    hit = threat(lambda t: only_damages_everyone(t) and amount(t, "damage_all") <= 2 and len(t.cost) > 2)
    for agent in AGENTS:
        state = table("krillin", "goku")
        state.active_seat = 1
        threats_in_play(rolled(state, "assist", "assist"), hit.id)
        supply(state)
        state.fighters[0].hp = 1
        heals = spends(plan_turn(state, 1, agent=agent), "heal")
        assert [action.target for action in heals] == [0, 0], agent


def test_shares_an_assist_it_has_no_use_for() -> None:
    for agent in AGENTS:
        state = threats_in_play(rolled(table("gohan", "vegeta"), "assist"))
        supply(state)
        shared = spends(plan_turn(state, 0, agent=agent), "share")
        assert [action.target for action in shared] == [1], agent


def _completable(cost: tuple, faces: tuple[Face, ...]) -> bool:
    return any(faces_fit(cost, tuple(sorted(part))) for part in combinations(faces, len(cost)))


def _rival_threats() -> tuple[int, int, tuple[Face, ...]]:
    """Two threats that only damage everyone, the first worse, and five faces that cancel either
    one but not both."""
    hurtful = [t for t in catalogue().threats if only_damages_everyone(t)]
    for worse in hurtful:
        for milder in hurtful:
            if amount(worse, "damage_all") <= amount(milder, "damage_all"):
                continue
            if len(worse.cost) + len(milder.cost) <= 5:
                continue
            for faces in combinations_with_replacement(FACES, 5):
                if _completable(tuple(worse.cost), faces) and _completable(tuple(milder.cost), faces):
                    return worse.id, milder.id, faces
    raise LookupError("the catalogue has no such pair of threats")


def test_cancels_the_most_damaging_threat_first() -> None:
    worse, milder, faces = _rival_threats()
    for agent in AGENTS:
        state = threats_in_play(rolled(table("krillin", "trunks"), *faces), milder, worse)
        supply(state)
        canceled = spends(plan_turn(state, 0, agent=agent), "cancel")
        assert canceled and canceled[0].target == worse, agent


def test_fills_the_meter_when_fighters_are_about_to_be_knocked_out() -> None:
    """Two fighters at 1 HP face a threat nobody at the table can cancel now; one Dragon Ball
    completes the meter, and the wish after Cell's activation brings them back."""
    hit = threat(lambda t: only_damages_everyone(t) and len(t.cost) >= 3)
    for agent in AGENTS:
        state = threats_in_play(rolled(table("goku", "gohan", "krillin"), "dragon_ball"), hit.id)
        supply(state)
        for seat in (1, 2):
            state.fighters[seat].hp = 1
        capacity = len([slot for slot in catalogue().board.dragon_ball_meter if slot <= 3])
        placed_by_others = [die for die in state.dice if die.owner == 1][: capacity - 1]
        on_the_meter(state, placed_by_others, placed_by=1)
        assert spends(plan_turn(state, 0, agent=agent), "meter"), agent


def test_buys_a_power_up_and_uses_it_at_once() -> None:
    masenko = catalogue().power_up_named("Masenko")
    for agent in AGENTS:
        state = threats_in_play(rolled(table("gohan", "piccolo"), "assist", "assist", "attack", "attack"))
        supply(state, masenko.id)
        actions = plan_turn(state, 0, agent=agent)
        starts = [(a.purpose, a.tile) for a in actions if isinstance(a, StartSelection)]
        assert starts[:2] == [("buy", masenko.id), ("activate", masenko.id)], agent
        after = play_steps(state, actions, check_legal=True)
        assert masenko.id in after.fighters[0].power_ups
        assert after.cell_hp < state.cell_hp


def test_a_knocked_out_fighter_passes_its_assists_to_a_standing_one() -> None:
    state = threats_in_play(rolled(table("krillin", "goku"), "assist", "attack"))
    state.fighters[0].hp = 0
    actions = make_player("heuristic").plan(state, 0, 0)
    shared = [a for step in actions for a in step.actions if isinstance(a, Spend) and a.use == "share"]
    assert [action.target for action in shared] == [1]
    assert not any(isinstance(a, Confirm) for step in actions for a in step.actions)


def test_instant_transmission_brings_parked_dice_back_for_the_last_round_only() -> None:
    """Dice on the meter are worth more as fresh dice only when no later round can use the wish."""
    transmission = catalogue().power_up_named("Instant Transmission")
    for agent in AGENTS:
        for last_round in (True, False):
            state = threats_in_play(rolled(table("gohan", "piccolo"), "assist", "attack"))
            supply(state)
            state.fighters[0].power_ups = [transmission.id]
            parked = [die for die in state.dice if die.owner == 0 and die.zone == "spent"][:3]
            assert len(parked) == 3
            on_the_meter(state, parked, placed_by=0)
            if last_round:
                state.removed_threats += state.threat_stack
                state.threat_stack = []
            starts = [
                (a.purpose, a.tile) for a in plan_turn(state, 0, agent=agent) if isinstance(a, StartSelection)
            ]
            assert (("activate", transmission.id) in starts) == last_round, (agent, last_round)


def transmission_table(last_round: bool, parked: int) -> CellState:
    """Gohan, with Instant Transmission in the supply, an Assist and an Attack in hand and ``parked``
    of his dice on the meter; in the last round the threat stack is empty."""
    transmission = catalogue().power_up_named("Instant Transmission")
    state = threats_in_play(rolled(table("gohan", "piccolo"), "assist", "attack"))
    supply(state, transmission.id)
    spent = [die for die in state.dice if die.owner == 0 and die.zone == "spent"][:parked]
    on_the_meter(state, spent, placed_by=0)
    if last_round:
        state.removed_threats += state.threat_stack
        state.threat_stack = []
    return state


def test_instant_transmission_is_bought_only_when_parked_dice_can_come_back_for_the_last_round() -> None:
    """Bought in the last round, with dice parked on the meter, and used at once; not bought while
    later rounds remain, nor with nothing parked."""
    transmission = catalogue().power_up_named("Instant Transmission")
    for agent in AGENTS:
        for last_round, parked, wanted in ((True, 3, True), (False, 3, False), (True, 0, False)):
            state = transmission_table(last_round, parked)
            starts = [
                (a.purpose, a.tile) for a in plan_turn(state, 0, agent=agent) if isinstance(a, StartSelection)
            ]
            bought = ("buy", transmission.id) in starts
            assert bought == wanted, (agent, last_round, parked)
            if wanted:
                assert ("activate", transmission.id) in starts, agent


def test_the_hint_says_why_instant_transmission_is_worth_buying() -> None:
    state = transmission_table(last_round=True, parked=3)
    suggestion = hint(state, 0, rng_seed=1)
    assert suggestion is not None
    assert suggestion.action == StartSelection(
        player=0, purpose="buy", tile=catalogue().power_up_named("Instant Transmission").id
    )
    assert "3 of your dice" in suggestion.reason and "last round" in suggestion.reason
