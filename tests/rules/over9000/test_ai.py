"""The simple AI: legal moves only, decided from its own view, games between AIs finish, and it
bluffs now and then."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.over9000.ai import choose_action
from rules.over9000.content import catalogue, is_attack
from rules.over9000.engine import Over9000Options, apply, legal_actions, new_game
from rules.over9000.state import Over9000State
from tests.rules.over9000.helpers import hidden_tokens, two_player_duel

CHARACTERS = [character.id for character in catalogue().characters]
ACTION_LIMIT = 5000
ROOT = Path(__file__).resolve().parents[3]


StateHook = Callable[[Over9000State, int, int], None]


def _ai_game(
    players: int, seed: int, on_state: StateHook | None = None
) -> tuple[Over9000State, list[dict[str, object]]]:
    chooser = random.Random(seed)
    state = new_game(Over9000Options(characters=chooser.sample(CHARACTERS, players)), seed)
    resolved: list[dict[str, object]] = []
    for step in range(ACTION_LIMIT):
        if state.outcome is not None:
            break
        assert state.prompt is not None
        seat = state.prompt.seats[0]
        action = choose_action(state, seat, seed * 7919 + step)
        assert action in legal_actions(state, seat)
        if on_state is not None:
            on_state(state, seat, seed * 7919 + step)
        state, events = apply(state, action)
        resolved.extend(event.data for event in events if event.kind == "duel_resolved")
    return state, resolved


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_games_between_ais_finish_with_legal_moves(players: int) -> None:
    for seed in range(2):
        state, _ = _ai_game(players, seed)
        assert state.outcome is not None and state.outcome.winners


def test_the_ai_bluffs_sometimes_and_is_honest_mostly() -> None:
    declarations = [
        data for seed in range(3) for data in _ai_game(4, seed)[1] if is_attack(str(data["pushed"]))
    ]
    bluffs = sum(1 for data in declarations if data["bluff"])
    assert 0 < bluffs < len(declarations) / 2


def test_the_ai_decides_from_its_own_view_only() -> None:
    """Swapping which secret token of another player is which, reordering the pile and changing the
    generator never changes the AI's choice."""
    shuffler = random.Random(3)
    checked = 0

    def same_choice(state: Over9000State, seat: int, seed: int) -> None:
        nonlocal checked
        twin = state.model_copy(deep=True)
        twin.rng.seed += 1
        shuffler.shuffle(twin.pile)
        for other in range(state.player_count):
            if other != seat:
                hidden = hidden_tokens(twin, other)
                kinds = [token.kind for token in hidden]
                shuffler.shuffle(kinds)
                for token, kind in zip(hidden, kinds, strict=True):
                    token.kind = kind
        assert choose_action(twin, seat, seed) == choose_action(state, seat, seed)
        checked += 1

    _ai_game(3, 11, same_choice)
    assert checked > 20


def test_the_ai_refuses_to_move_for_a_seat_with_nothing_to_do() -> None:
    state = two_player_duel("kick", "punch")
    with pytest.raises(ValueError, match="no decision"):
        choose_action(state, 1, 1)


def _action_logs_in_fresh_process(hash_seed: str, games: int) -> list[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-m", "tests.rules.over9000.ai_log", str(games)],
        capture_output=True,
        env=environment,
        cwd=ROOT,
        check=True,
        timeout=120,
        text=True,
    )
    return result.stdout.splitlines()


def test_the_same_seed_gives_the_same_ai_game_in_any_process() -> None:
    """Every AI decision depends only on the state and the seed, never on the order of a set, which
    changes with the process's hash seed."""
    games = 20
    first = _action_logs_in_fresh_process("0", games)
    assert len(first) == games
    for hash_seed in ("1", "3"):
        assert _action_logs_in_fresh_process(hash_seed, games) == first
