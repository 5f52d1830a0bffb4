"""The shared playout harness (``rules/core/playout.py``) catches the faults it promises to catch,
shown on Over 9000 states."""

from __future__ import annotations

import random

import pytest

from rules.core.playout import (
    InvariantBroken,
    check_rejected,
    check_replay,
    pending_actions,
    random_playout,
)
from rules.over9000 import RULES
from rules.over9000.actions import TakeBack
from rules.over9000.engine import Over9000Options

OPTIONS = Over9000Options(characters=["goku", "vegeta", "cell"])


def test_pending_actions_gather_every_seat_acting_at_once() -> None:
    state = RULES.new_game(OPTIONS, 4)
    seats = {action.player for action in pending_actions(RULES, state, 3)}
    assert seats == {0, 1, 2}


def test_a_legal_action_passed_as_illegal_is_reported() -> None:
    state = RULES.new_game(OPTIONS, 4)
    legal = RULES.legal_actions(state, 0)[0]
    with pytest.raises(InvariantBroken, match="not a legal action"):
        check_rejected(RULES, state, legal)
    assert check_rejected(RULES, state, TakeBack(player=0)).code == "nothing_placed"


def test_a_replay_that_differs_is_reported() -> None:
    state = RULES.new_game(OPTIONS, 4)
    playout = random_playout(RULES, state, 3, random.Random(4), max_actions=30)
    check_replay(RULES, OPTIONS, 4, playout.actions, playout.final)
    with pytest.raises(InvariantBroken, match="different state"):
        check_replay(RULES, OPTIONS, 4, playout.actions[:-1], playout.final)
    with pytest.raises(InvariantBroken, match="rejects action"):
        check_replay(RULES, OPTIONS, 4, [playout.actions[0], playout.actions[0]], playout.final)


def test_a_playout_stops_at_its_action_limit_or_the_end() -> None:
    state = RULES.new_game(OPTIONS, 4)
    short = random_playout(RULES, state, 3, random.Random(1), max_actions=7)
    assert len(short.actions) == 7 and RULES.outcome(short.final) is None
    full = random_playout(RULES, state, 3, random.Random(1), max_actions=100_000)
    assert RULES.outcome(full.final) is not None
    assert full.actions[:7] == short.actions
