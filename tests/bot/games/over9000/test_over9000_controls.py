"""The controls Over 9000 shows at each moment: on the board only what somebody can use now, in each
panel only what its player can play now."""

from __future__ import annotations

from typing import Any

from bot.games.over9000.board import board_view
from bot.games.over9000.panel import PanelChoice, panel_message
from bot.games.over9000.panel_embed import AI_PLAYS
from locales.languages import Language
from renderers.over9000.words import over9000_words
from rules.over9000 import view
from tests.bot.games.over9000.states import AI_SEATS_FROM, sample_states, table_record


def labels(drawn: Any) -> list[str]:
    return [] if drawn is None else [item.label for item in drawn.children]


def test_the_duel_button_is_on_the_board_only_while_a_person_must_attack_or_reveal() -> None:
    record = table_record()
    shown = {"attack": 0, "reveal": 0}
    for state in sample_states(every=3):
        public = view(state, None)
        found = labels(board_view(record, public, over9000_words(Language.ENGLISH)))
        if state.outcome is not None:
            assert found == ["Rematch"]
            continue
        assert state.prompt is not None
        person = state.prompt.seats[0] < AI_SEATS_FROM
        if state.prompt.kind == "place":
            assert found == ["My tokens"]
        elif person:
            expected = "Attack…" if state.prompt.kind == "attack" else "Reveal…"
            assert found == ["My tokens", expected]
            shown[state.prompt.kind] += 1
        else:
            assert found == ["My tokens"], "the AI's duel showed a button nobody can use"
    assert all(shown.values()), shown


def test_a_seat_the_ai_plays_has_a_panel_with_its_tokens_and_nothing_to_play() -> None:
    record = table_record()
    called = [
        state for state in sample_states(every=3) if state.prompt and state.prompt.seats[0] >= AI_SEATS_FROM
    ]
    assert called
    for state in called:
        seat = state.prompt.seats[0]  # type: ignore[union-attr]
        panel = panel_message(record, state, seat, 0, PanelChoice(), None)
        assert labels(panel["view"]) == ["Refresh"]
        assert AI_PLAYS.format(command="/over9000 autoplay") in panel["embed"].description
