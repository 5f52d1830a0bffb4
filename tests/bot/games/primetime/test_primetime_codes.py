"""Prime Time's action codes and typed coordinates: every legal action survives the trip through a
control's custom id, and fits in one."""

from __future__ import annotations

import pytest

from bot.games.primetime.codes import action_code, action_label, parse_cell, parse_code, terrain_edit_code
from bot.games.primetime.controls import Controls
from bot.games.primetime.panel import prompt_items
from bot.games.primetime.speech import Speaker
from bot.ui.components import view_of
from locales.languages import Language
from rules.core.errors import IllegalAction
from rules.primetime import RULES
from rules.primetime.actions import Timeout
from rules.primetime.ai import choose_action
from rules.primetime.engine import legal_actions
from rules.primetime.rounds import PrimeTimeOptions

ENGLISH = Speaker(Language.ENGLISH)

# A panel's control ends with its seat (":1").
CUSTOM_ID_ROOM = 100 - len("gb:123456:1234:pact:") - len(":1")


@pytest.mark.parametrize(
    ("text", "cell"),
    [("14,9", (14, 9)), ("14 9", (14, 9)), ("x14 y9", (14, 9)), (" X3,Y 27 ", (3, 27)), ("14, 9", (14, 9))],
)
def test_coordinates_are_read_in_every_written_form(text: str, cell: tuple[int, int]) -> None:
    assert parse_cell(text) == cell


@pytest.mark.parametrize("text", ["", "14", "fourteen nine", "14,9,2", "x14", "-3,4", "1.5,2", "123,4"])
def test_anything_else_is_no_cell(text: str) -> None:
    assert parse_cell(text) is None


def test_terrain_edits_are_read_as_actions() -> None:
    assert terrain_edit_code("remove 3") == "remove_terrain.2"
    assert terrain_edit_code("Spire 4 10 2 2") == "place_terrain.spire.4.10.2.2"
    assert terrain_edit_code("spire here") is None


def test_a_code_that_names_nothing_is_refused() -> None:
    state = RULES.new_game(PrimeTimeOptions(), 3)
    for code in (
        "fly.away",
        "move.1",
        "move.a_b",
        "lock_ascension.zz",
        "technique.x",
        "move.+3_9",
        "move.03_9",
    ):
        with pytest.raises(IllegalAction):
            parse_code(code, state, 0)


@pytest.mark.parametrize("setup", ["quick", "full"])
def test_every_legal_action_round_trips_through_its_code_and_has_controls(setup: str) -> None:
    state = RULES.new_game(PrimeTimeOptions(rosters=("ginyu_force", "cell_games"), setup=setup), 11)
    kinds = set()
    while state.outcome is None and state.prompts:
        for seat in {prompt.who for prompt in state.prompts}:
            kinds.add(state.prompt_for(seat).kind)  # type: ignore[union-attr]
            for action in legal_actions(state, seat):
                if isinstance(action, Timeout):
                    continue
                code = action_code(action)
                assert len(code) <= CUSTOM_ID_ROOM and parse_code(code, state, seat) == action, code
                assert action_label(state, action, ENGLISH)
            for step in (
                "main",
                "move",
                "tech.0",
                "tech.1",
                "tech.x",
                "cards.0",
                "disc.1",
                "asc.zz.y.9",
                "dep.x",
            ):
                items = prompt_items(state, seat, Controls(1, 0, "pact", words=ENGLISH), step)
                assert items or step != "main"
                # A view refuses more than 5 rows or 5 items a row, and a menu over 25 options.
                view_of(items)
                assert all(len(getattr(item, "options", ())) <= 25 for item in items)
        seat = state.prompts[0].who
        state, _ = RULES.apply(state, choose_action(state, seat, seed=5))
    assert {"activation", "action", "reaction", "ascension", "phase_start", "on_hit"} <= kinds
    if setup == "full":
        assert {"terrain", "first_player", "objective", "deploy"} <= kinds
