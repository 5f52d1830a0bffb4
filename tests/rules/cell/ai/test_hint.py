"""The calls a bot makes: the next action, the rest of the turn, and a hint with a one-line reason."""

from __future__ import annotations

import time

from rules.cell.actions import Roll, StartSelection
from rules.cell.ai import choose_action, explain, hint, plan_turn
from rules.cell.ai.runner import is_legal_choice
from rules.cell.content import catalogue
from rules.cell.engine import apply
from tests.rules.cell.ai.tables import mid_game, rolled, supply, table


def test_the_next_action_is_legal_and_repeatable() -> None:
    state = mid_game()
    action = choose_action(state, 1, rng_seed=3)
    assert action is not None and is_legal_choice(state, action)
    assert choose_action(state, 1, rng_seed=3) == action


def test_a_turn_starts_with_a_roll() -> None:
    assert plan_turn(table("goku", "vegeta"), 0) == [Roll(player=0)]


def test_no_suggestion_for_a_player_who_is_not_on_turn() -> None:
    state = table("goku", "vegeta")
    assert choose_action(state, 1) is None
    assert hint(state, 1) is None


def test_a_hint_is_a_legal_action_with_a_one_line_reason_within_two_seconds() -> None:
    state = mid_game()
    started = time.perf_counter()
    suggestion = hint(state, 1, rng_seed=1)
    assert time.perf_counter() - started < 2.0
    assert suggestion is not None
    assert is_legal_choice(state, suggestion.action)
    assert suggestion.plan[0] == suggestion.action
    assert suggestion.reason.strip() and "\n" not in suggestion.reason
    assert suggestion.reason[0].isupper()


def test_explain_gives_the_planned_reason_for_the_planned_action() -> None:
    state = mid_game()
    suggestion = hint(state, 1, rng_seed=1)
    assert suggestion is not None
    assert explain(state, 1, suggestion.action, rng_seed=1) == suggestion.reason


def test_a_hint_with_a_choice_left_open_finishes_or_cancels_it() -> None:
    masenko = catalogue().power_up_named("Masenko")
    state = supply(rolled(table("gohan", "piccolo"), "assist", "assist", "attack"), masenko.id)
    state, _ = apply(state, StartSelection(player=0, purpose="buy", tile=masenko.id))
    for _ in range(3):
        suggestion = hint(state, 0, rng_seed=2)
        assert suggestion is not None and is_legal_choice(state, suggestion.action)
        state, _ = apply(state, suggestion.action)
        if state.selection is None:
            break
    assert state.selection is None
    assert masenko.id in state.fighters[0].power_ups
