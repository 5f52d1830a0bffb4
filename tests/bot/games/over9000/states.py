"""Over 9000 states and a table to draw boards and panels for, without Discord: a six-player game
the AI plays (people in seats 0-2, the AI from seat 3 on)."""

from __future__ import annotations

from bot.storage import GameRecord
from rules.over9000.ai import choose_action
from rules.over9000.engine import Over9000Options, apply, new_game
from rules.over9000.state import Over9000State

AI_SEATS_FROM = 3

LINE_UP = ["vegeta", "trunks", "buu", "ginyu", "piccolo", "android18"]


def sample_states(every: int) -> list[Over9000State]:
    """States of a six-player AI game: every ``every``-th, and the first of each kind of decision in
    each round (arranging, attacking, defending), then the end."""
    state = new_game(Over9000Options(characters=LINE_UP), 10)
    states = [state]
    seen: set[tuple[int, str]] = set()
    while state.outcome is None:
        assert state.prompt is not None
        state, _ = apply(state, choose_action(state, state.prompt.seats[0], seed=state.actions_taken))
        decision = (state.round, state.prompt.kind if state.prompt else "over")
        if state.actions_taken % every == 0 or decision not in seen:
            seen.add(decision)
            states.append(state)
    return states


def table_record() -> GameRecord:
    players = [
        {"user_id": 100 + seat, "name": f"Player {seat}", "character": character, "ai": seat >= AI_SEATS_FROM}
        for seat, character in enumerate(LINE_UP)
    ]
    return GameRecord(
        id=1,
        game="over9000",
        guild_id=7,
        channel_id=8,
        host_id=100,
        status="active",
        lobby={"variant": "standard", "players": players},
        seed=0,
        state_json=None,
        schema_version=1,
        version=5,
        message_id=None,
        outcome=None,
    )
