"""Perfect Cell's board controls and private panels, in every position real games reach: they fit
Discord's limits, every path they carry is a run of legal actions, and no option says more than it
does (a die that brings a threat one step closer never reads as canceling it)."""

from __future__ import annotations

import pickle
from typing import Any

import discord
import pytest

from bot.games.cell.board import board_view
from bot.games.cell.choices import MAX_OPTIONS, WILD_TOKEN, dice_kinds, more_choices, wild_choices
from bot.games.cell.menus import rolled_menus, shows_rolled_menus
from bot.games.cell.panel_view import menus_message, payment_message
from bot.games.cell.panels import is_panel_code, panel_plan
from bot.games.cell.paths import (
    REPEAT_MARK,
    Explorer,
    action_kind,
    choice_path,
    follow,
    parse_path,
    path_text,
    repeat_text,
)
from bot.games.cell.speech import speaker
from bot.storage import GameRecord
from locales.languages import Language
from rules.cell.actions import Spend
from rules.cell.content import catalogue
from rules.cell.engine import CellOptions, apply, legal_actions, new_game
from rules.cell.state import CellState
from rules.cell.threat_slots import is_complete
from tests.bot.games.cell.policies import heuristic


def record_for(players: int, ai_seats: tuple[int, ...] = ()) -> GameRecord:
    people = [{"user_id": seat + 1, "name": f"P{seat}", "ai": seat in ai_seats} for seat in range(players)]
    return GameRecord(
        id=1234567,
        game="cell",
        guild_id=1,
        channel_id=1,
        host_id=1,
        status="active",
        lobby={"players": people},
        seed=1,
        state_json=None,
        schema_version=1,
        version=9999,
        message_id=1,
        outcome=None,
    )


def check_limits(view: discord.ui.View) -> None:
    rows = view.to_components()
    assert len(rows) <= 5
    for row in rows:
        widths = [5 if component["type"] == 3 else 1 for component in row["components"]]
        assert sum(widths) <= 5
        for component in row["components"]:
            assert len(component["custom_id"]) <= 100
            assert len(component.get("label", "")) <= 80
            assert len(component.get("placeholder", "")) <= 150
            assert 1 <= len(component.get("options", [None])) <= 25
            for option in component.get("options", []):
                assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                assert len(option.get("description") or "") <= 100


def check_choice(state: CellState, record: GameRecord, value: str) -> None:
    """A choice's path is a run of legal actions; a panel it opens fits Discord and its confirmations
    are runs of legal actions too."""
    seat = state.active_seat
    if value == WILD_TOKEN:
        check_wild_panel(state, record)
        return
    if is_panel_code(value):
        plan = panel_plan(state, seat, value)
        check_limits(payment_message(record, plan, seat)["view"])
        for closer in plan.closers:
            follow(state, seat, parse_path(closer.value))  # type: ignore[arg-type]
        return
    path = choice_path(state, seat, value)
    assert path is not None, value
    follow(state, seat, path)
    if value.endswith(REPEAT_MARK):
        assert path == _spent_while_legal(Explorer(state, seat), path[0]), value


def check_wild_panel(state: CellState, record: GameRecord) -> None:
    """The Wild token's panel fits Discord and offers every legal spend of the token, each a path
    that plays it."""
    seat = state.active_seat
    uses = wild_choices(Explorer(state, seat))
    check_limits(menus_message(record, "Wild", [(choices, "As…") for choices in uses.values()], seat)["view"])
    offered = [choice.value for choices in uses.values() for choice in choices]
    spends = [
        path_text((index,))
        for index, action in enumerate(legal_actions(state, seat))
        if isinstance(action, Spend) and action.source.token == "wild"
    ]
    assert sorted(offered) == sorted(spends)
    for value in offered:
        follow(state, seat, parse_path(value))  # type: ignore[arg-type]


def _spent_while_legal(explorer: Explorer, index: int) -> tuple[int, ...]:
    """The path of a spend made again with each further die of its face, found the slow way: the first
    legal action of the same kind after each step."""
    kind = action_kind(explorer.root, explorer.legal()[index], owners=False)
    path: tuple[int, ...] = (index,)
    while True:
        following = explorer.find(
            path,
            lambda state, action: (
                isinstance(action, Spend)
                and action.source.die is not None
                and action_kind(state, action, owners=False) == kind
            ),
        )
        if following is None:
            return path
        path = (*path, following)


def check_repeats_offered(explorer: Explorer, values: list[str]) -> None:
    """A die's spend is offered again with every further die of its face exactly when the slow way
    finds a further spend of its kind."""
    for value in values:
        path = parse_path(value)
        if path is None or len(path) != 1:
            continue
        action = explorer.legal()[path[0]]
        if isinstance(action, Spend) and action.source.die is not None:
            again = len(_spent_while_legal(explorer, path[0])) > 1
            assert (repeat_text(path[0]) in values) == again, value


def check_single_cancels_are_truthful(state: CellState, explorer: Explorer, label: str, value: str) -> None:
    path = parse_path(value)
    if path is None or len(path) != 1:
        return
    action = explorer.legal()[path[0]]
    if not isinstance(action, Spend) or action.use != "cancel":
        return
    tile = catalogue().threats[action.target]  # type: ignore[index]
    after, _ = apply(state, action)
    threat = after.active_threat(tile.id)
    assert threat is not None
    complete = is_complete(tile.cost, [placement.face for placement in threat.placed])
    assert label.endswith(f"Cancel {tile.name}") == complete, label
    if not complete:
        assert f"{len(threat.placed)} of {len(tile.cost)} toward {tile.name}" in label


@pytest.mark.parametrize(
    "fighters", [["goku"], ["goku", "vegeta"], ["krillin", "gohan", "trunks", "piccolo"]]
)
async def test_every_board_and_panel_of_an_ai_game_fits_discord_and_plays_legal_moves(
    fighters: list[str],
) -> None:
    record = record_for(len(fighters))
    for seed in range(2):
        state = new_game(CellOptions(fighters=fighters, variant="easy"), seed)
        for _ in range(3000):
            if state.outcome is not None:
                break
            check_limits(board_view(record, state))
            if state.rolled and state.selection is None:
                explorer = Explorer(state, state.active_seat)
                kinds = dice_kinds(explorer)
                choices: list[Any] = [c for kind in kinds for c in kind.choices]
                for kind in kinds:
                    # A full menu may have left the last options out.
                    if len(kind.choices) < MAX_OPTIONS:
                        check_repeats_offered(explorer, [choice.value for choice in kind.choices])
                for choice in [*choices, *more_choices(explorer)]:
                    check_choice(state, record, choice.value)
                    check_single_cancels_are_truthful(state, explorer, choice.label, choice.value)
            actions = legal_actions(state, state.active_seat)
            state, _ = apply(state, actions[heuristic(state, actions)])
        assert state.outcome is not None


def test_the_board_has_no_controls_while_the_ai_plays() -> None:
    state = new_game(CellOptions(fighters=["goku", "vegeta"], variant="easy"), 3)
    assert board_view(record_for(2, ai_seats=(0,)), state).children == []
    assert [item.label for item in board_view(record_for(2, ai_seats=(1,)), state).children] == ["Roll dice"]  # type: ignore[attr-defined]


async def test_a_wild_token_with_more_uses_than_a_menu_holds_offers_every_one() -> None:
    fighters = ["goku", "gohan", "piccolo", "krillin"]
    state = new_game(CellOptions(fighters=fighters, variant="easy"), 1)
    while state.outcome is None:
        actions = legal_actions(state, state.active_seat)
        wild = [a for a in actions if isinstance(a, Spend) and a.source.token == "wild"]
        if len(wild) > 25:
            break
        state, _ = apply(state, actions[heuristic(state, actions)])
    assert state.outcome is None, "no state of this game has more Wild token spends than a menu holds"
    check_wild_panel(state, record_for(len(fighters)))


def test_menus_worked_out_in_the_painters_worker_give_the_same_controls() -> None:
    """A board's menus sent back from the worker (pickled, as a process pool sends them) make the very
    components the board works out itself, in the table's language."""
    fighters = ["goku", "gohan", "piccolo", "krillin"]
    record = record_for(len(fighters))
    state = new_game(CellOptions(fighters=fighters, variant="easy"), 2)
    compared = 0
    while state.outcome is None and compared < 40:
        if shows_rolled_menus(state):
            for language in (Language.ENGLISH, Language.SPAIN_SPANISH):
                speak = speaker(language)
                menus = pickle.loads(pickle.dumps(rolled_menus(state, language)))
                worked_out = board_view(record, state, speak, menus).to_components()
                assert worked_out == board_view(record, state, speak).to_components()
            compared += 1
        actions = legal_actions(state, state.active_seat)
        state, _ = apply(state, actions[heuristic(state, actions)])
    assert compared == 40
