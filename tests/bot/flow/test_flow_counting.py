"""How the table-flow bench counts: its percentiles, the turns it attributes decisions to, and the
Perfect Cell decisions its people make (the games themselves run in ``bench/table_flow.py --quick``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from rules.cell import RULES as CELL_RULES
from rules.cell import CellOptions
from rules.cell.actions import StartSelection
from rules.primetime.actions import Activate, EndActivation, Move, PassWindow, React, UseTechnique
from tests.bot.flow.cell import MODULE, CellFlow
from tests.bot.flow.figures import median, p90
from tests.bot.flow.over9000 import Over9000Flow
from tests.bot.flow.primetime import move_then_attack_clicks
from tests.bot.flow.table import Decision, Turn


def test_the_percentiles_are_nearest_rank() -> None:
    assert p90(list(range(1, 11))) == 9
    assert p90([4, 1, 7]) == 7
    assert p90([5]) == 5 and p90([]) == 0
    assert median([3, 1, 2, 10]) == 2.5 and median([]) == 0


def test_a_turn_counts_only_the_clicks_of_the_player_whose_turn_it_is() -> None:
    turn = Turn(1, 0, [Decision(0, "roll", 1), Decision(1, "reply", 3), Decision(0, "end", 2)])
    assert turn.clicks == 3


def test_a_move_then_an_attack_is_counted_from_the_activate_to_the_attack() -> None:
    activate = Activate(player=0, unit="goku-0")
    move = Move(player=0, to=(3, 4))
    attack = UseTechnique(player=0, technique="kamehameha", target="frieza-0")
    reply = React(player=1, choice="brace")
    moved = Turn(1, 0, [Decision(0, activate, 2), Decision(0, move, 2), Decision(1, reply, 1)])
    moved.decisions += [Decision(0, attack, 3), Decision(0, PassWindow(player=0), 1)]
    assert move_then_attack_clicks(moved) == 7
    attacked_first = Turn(1, 0, [Decision(0, activate, 2), Decision(0, attack, 2), Decision(0, move, 2)])
    assert move_then_attack_clicks(attacked_first) is None
    no_attack = Turn(
        1, 0, [Decision(0, activate, 2), Decision(0, move, 2), Decision(0, EndActivation(player=0), 1)]
    )
    assert move_then_attack_clicks(no_attack) is None


def over9000_state(kind: str, actions_taken: int, round_number: int = 1) -> Any:
    return SimpleNamespace(prompt=SimpleNamespace(kind=kind), actions_taken=actions_taken, round=round_number)


def test_an_over9000_attack_turn_ends_when_someone_else_moves() -> None:
    flow = Over9000Flow(None, None, None, [])  # type: ignore[arg-type]
    assert flow.turn_of(over9000_state("place", 3), 1, None) == ("place", 1, 1)  # type: ignore[arg-type]
    first = flow.turn_of(over9000_state("attack", 10), 0, None)  # type: ignore[arg-type]
    assert flow.turn_of(over9000_state("attack", 11), 0, None) == first  # type: ignore[arg-type]
    assert flow.turn_of(over9000_state("reveal", 12), 1, None) is None  # type: ignore[arg-type]
    again = flow.turn_of(over9000_state("attack", 14), 0, None)  # type: ignore[arg-type]
    assert again != first


def test_a_cell_person_makes_the_bots_ai_move_as_one_whole_decision() -> None:
    flow = CellFlow(None, None, None, [])  # type: ignore[arg-type]
    state = CELL_RULES.new_game(CellOptions(fighters=["goku", "gohan"], variant="normal"), seed=4)
    started = 0
    for _ in range(60):
        seat = state.active_seat
        made = flow.choose(state, seat)
        assert made[0] == MODULE.ai_action(state, seat)
        started += isinstance(made[0], StartSelection)
        for action in made:
            state, _ = CELL_RULES.apply(state, action)
        # A choice of dice it starts is finished in the same decision, in its panel.
        assert state.selection is None
    assert started > 0
