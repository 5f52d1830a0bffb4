"""Games stored by an older engine still load and finish.

``data/schema1_after_reset.json`` was dumped by the schema 1 engine in the middle of round 4 of a
three-player AI game, right after Frieza and Captain Ginyu went over 9000 together and dropped back to
5,000, with Goku waiting to reveal a slot.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.over9000 import RULES
from rules.over9000.ai import choose_action
from rules.over9000.migrations import schema_1_to_2
from rules.over9000.state import SCHEMA_VERSION, Over9000State

SCHEMA_1_GAME = Path(__file__).parent / "data" / "schema1_after_reset.json"
ACTION_LIMIT = 20_000


def _play_out(state: Over9000State, seed: int) -> Over9000State:
    for _ in range(ACTION_LIMIT):
        if state.outcome is not None:
            break
        assert state.prompt is not None
        state, _ = RULES.apply(state, choose_action(state, state.prompt.seats[0], seed + state.actions_taken))
    return state


def test_a_schema_1_game_loads_with_its_last_reset_remembered() -> None:
    text = SCHEMA_1_GAME.read_text(encoding="utf-8")
    assert json.loads(text)["schema_version"] == 1
    state = RULES.load_state(text)
    assert state.schema_version == SCHEMA_VERSION == 2
    assert state.last_crossing == [0, 1]
    assert all(player.exposed_attacks == 0 for player in state.players)
    assert state.turn is not None and state.turn.duel is not None and not state.turn.duel.exposed
    assert state.prompt is not None and state.prompt.kind == "reveal" and state.prompt.seats == [2]
    assert RULES.load_state(RULES.dump_state(state)) == state


def test_a_schema_1_game_plays_on_to_a_single_winner() -> None:
    for seed in range(5):
        final = _play_out(RULES.load_state(SCHEMA_1_GAME.read_text(encoding="utf-8")), seed)
        assert final.outcome is not None and len(final.outcome.winners) == 1


def test_a_schema_1_game_whose_reset_has_scrolled_away_remembers_none() -> None:
    document = json.loads(SCHEMA_1_GAME.read_text(encoding="utf-8"))
    document["recent_events"] = [
        event for event in document["recent_events"] if event["kind"] != "levels_reset"
    ]
    assert schema_1_to_2(document)["last_crossing"] == []
