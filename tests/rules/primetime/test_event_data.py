"""Events carry what the board image draws: a move's start and end cells, the cells of dashes, evade
moves and forced moves, the attacker and target of a hit or a miss, and an Intercept's new target."""

from __future__ import annotations

from rules.core.events import Event
from rules.primetime.actions import EvadeMove, Intercept, Move, React, UseTechnique
from tests.rules.primetime.helpers import act, activated, board

FF = ("z_fighters", "frieza_force")


def _one(events: list[Event], kind: str) -> Event:
    return next(event for event in events if event.kind == kind)


def test_a_move_names_its_start_and_end_cells() -> None:
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 25))], rosters=FF), "goku", 0)
    _, events = act(state, Move(player=0, to=(7, 6)))
    assert _one(events, "move").data == {"unit": "goku-0", "to": [7, 6], "from": [5, 5]}


def test_hit_and_missed_name_attacker_and_target_and_evade_moves_name_their_cells() -> None:
    state = activated(board([("krillin", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    declared, _ = act(state, UseTechnique(player=1, technique="ki_volley", target="krillin-0"))
    _, events = act(declared, React(player=0, choice="none"), dice=[20])
    assert _one(events, "hit").data["attacker"] == "frieza-1"
    assert _one(events, "hit").data["target"] == "krillin-0"
    _, events = act(declared, React(player=0, choice="none"), dice=[1])
    assert _one(events, "missed").data == {"attacker": "frieza-1", "target": "krillin-0"}
    evading, _ = act(declared, React(player=0, choice="z_evasion"), dice=[2, 10])
    _, events = act(evading, EvadeMove(player=0, to=(5, 14)))
    assert _one(events, "evade_move").data == {"unit": "krillin-0", "to": [5, 14], "from": [5, 12]}


def test_a_forced_move_names_its_cells() -> None:
    state = activated(
        board([("android_18", 1, (5, 6)), ("goku", 0, (5, 5))], rosters=("z_fighters", "cell_games")),
        "android_18",
        1,
    )
    declared, _ = act(state, UseTechnique(player=1, technique="aerial_kick", target="goku-0"))
    _, events = act(declared, React(player=0, choice="none"), dice=[20])
    forced = _one(events, "forced_move").data
    assert forced["unit"] == "goku-0" and forced["from"] == [5, 5] and forced["to"] == [5, 3]


def test_an_intercept_names_the_new_target() -> None:
    state = activated(
        board(
            [("goku", 0, (5, 5)), ("android_17", 1, (5, 6)), ("android_16", 1, (6, 7))],
            rosters=("z_fighters", "cell_games"),
        ),
        "goku",
        0,
    )
    state, _ = act(state, UseTechnique(player=0, technique="rush", target="android_17-1"))
    _, events = act(state, Intercept(player=1, unit="android_16-1"))
    data = _one(events, "intercept").data
    assert data["target"] == "android_16-1" and data["replaced"] == "android_17-1"


def test_the_clash_result_names_the_winner() -> None:
    """ZR-2 / 2.4 step 4: the Clash's result says who won with which total ("Goku 13 beats
    Frieza 8"), and its data names both sides and the winner for the board."""
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "goku", 0)
    state, _ = act(state, UseTechnique(player=0, technique="kamehameha", target="frieza-1"))
    clash = React(player=1, choice="clash", technique="death_beam")
    _, events = act(state, clash, dice=[8, 2])  # Goku 8 + 5 = 13, Frieza 2 + 6 = 8
    result = _one(events, "clash_totals")
    assert str(result.text) == "Clash: Goku 13 beats Frieza 8"
    assert result.data == {
        "totals": [13, 8],
        "attacker": "goku-0",
        "defender": "frieza-1",
        "winner": "goku-0",
    }
    _, events = act(state, clash, dice=[2, 10])  # 7 against 16
    assert str(_one(events, "clash_totals").text) == "Clash: Frieza 16 beats Goku 7"
    assert _one(events, "clash_totals").data["winner"] == "frieza-1"
    _, events = act(state, clash, dice=[11, 10])  # 16 against 16
    assert str(_one(events, "clash_totals").text) == "Clash: Goku 16 ties Frieza 16"
    assert _one(events, "clash_totals").data["winner"] is None
