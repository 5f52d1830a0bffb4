"""The moves a Perfect Cell board offers, likeliest first, and the boards drawn ahead for them: each is
an option of the board's controls, and its board the public view of the state it leads to."""

from __future__ import annotations

from itertools import islice

from bot.games.cell.ahead import menus_after, next_boards, offered_paths
from bot.games.cell.choices import dice_kinds, more_choices
from bot.games.cell.menus import rolled_menus, shows_rolled_menus
from bot.games.cell.paths import Explorer, choice_path, path_text
from locales.languages import Language
from renderers.cell.language import in_language
from renderers.cell.samples import knocked_out_mid_game, start_of_game, won
from rules.cell.actions import EndTurn, Roll
from rules.cell.engine import legal_actions
from rules.cell.view import view


def test_after_the_roll_the_first_option_of_each_kind_of_die_comes_first_then_ending_the_turn() -> None:
    state = knocked_out_mid_game()
    explorer = Explorer(state, state.active_seat)
    kinds = dice_kinds(explorer)
    ends = [str(i) for i, action in enumerate(explorer.legal()) if isinstance(action, EndTurn)]
    values = [choice.value for kind in kinds for choice in kind.choices]
    values += [choice.value for choice in more_choices(explorer)]
    # An option that spends every die of a face names its path by its first spend (see ``paths``).
    plays = {value: choice_path(state, state.active_seat, value) for value in values}
    offered = {path_text(path) for path in plays.values() if path is not None} | set(ends)
    paths = [path_text(path) for path in islice(offered_paths(Explorer(state, state.active_seat)), 8)]
    firsts = [kind.choices[0].value for kind in kinds if kind.choices]
    assert paths[: len(firsts) + len(ends)] == firsts + ends
    assert set(paths) <= offered
    assert len(set(paths)) == len(paths) == 8


def test_each_next_board_is_the_public_view_of_the_state_its_option_leads_to_with_its_menus() -> None:
    state = knocked_out_mid_game()
    explorer = Explorer(state, state.active_seat)
    paths = list(islice(offered_paths(explorer), 4))
    moves = next_boards(state, 4)
    assert [move.move for move in moves] == paths
    assert [move.view for move in moves] == [in_language(view(explorer.state(path), None)) for path in paths]
    in_spanish = next_boards(state, 4, language=Language.SPAIN_SPANISH)
    assert [move.view for move in in_spanish] == [
        in_language(view(explorer.state(path), None), Language.SPAIN_SPANISH) for path in paths
    ]
    # Some of them show the menus of a rolled board, one not (ending the turn: the next player rolls).
    shown = [path for path in paths if shows_rolled_menus(explorer.state(path))]
    assert 0 < len(shown) < len(paths)
    for path in paths:
        after = explorer.state(path)
        if path in shown:
            assert menus_after(state, path) == rolled_menus(after, Language.ENGLISH)
            in_spanish_menus = rolled_menus(after, Language.SPAIN_SPANISH)
            assert menus_after(state, path, Language.SPAIN_SPANISH) == in_spanish_menus
        else:
            assert menus_after(state, path) is None


def test_the_later_listing_skips_the_moves_listed_first() -> None:
    state = knocked_out_mid_game()
    assert next_boards(state, 4, skip=1) == next_boards(state, 4)[1:]


def test_before_the_roll_the_board_s_buttons_are_the_moves() -> None:
    state = start_of_game(2)
    actions = legal_actions(state, state.active_seat)
    assert any(isinstance(action, Roll) for action in actions)
    assert list(offered_paths(Explorer(state, state.active_seat))) == [(i,) for i in range(len(actions))]
    assert len(next_boards(state, 4)) == min(4, len(actions))


def test_a_finished_game_has_no_next_boards() -> None:
    assert next_boards(won(4), 4) == []
