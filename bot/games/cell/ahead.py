"""The moves a Perfect Cell board offers the player to act, likeliest first, and the boards they
lead to, and their menus: worked out while the player thinks (``bot.core.game_module.ForeseenMoves``)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, islice

from bot.games.cell.choices import Choice, face_choices, held_kinds, more_choices
from bot.games.cell.menus import RolledMenus, rolled_menus, shows_rolled_menus
from bot.games.cell.paths import Explorer, Path, choice_path
from bot.runtime.foresight import Foreseen
from locales.languages import Language
from renderers.cell.language import in_language
from rules.cell.actions import EndTurn
from rules.cell.state import CellState
from rules.cell.view import view


def offered_paths(explorer: Explorer) -> Iterator[Path]:
    """What one click of the board plays, likeliest first, each worked out as it is asked for: before
    the roll its buttons; after it, the first option of each menu of one kind of die, ending the turn,
    then each of those menus' next option and the menu for several dice at once, in turns. Options
    that open a panel play nothing yet and are left out."""
    state = explorer.root
    if state.outcome is not None or state.selection is not None:
        return iter([])
    if not state.rolled:
        return iter([(index,) for index in range(len(explorer.legal()))])
    menus = [face_choices(explorer, kind.face) for kind in held_kinds(explorer)]
    firsts = [choice for choice in (next(menu, None) for menu in menus) if choice is not None]
    ends = [str(i) for i, action in enumerate(explorer.legal()) if isinstance(action, EndTurn)]
    later = _in_turns([*menus, _several_dice(explorer)])
    values = chain((choice.value for choice in firsts), ends, (choice.value for choice in later))
    paths = (choice_path(state, explorer.seat, value) for value in values)
    return (path for path in paths if path is not None)


def _several_dice(explorer: Explorer) -> Iterator[Choice]:
    """The menu for several dice at once, worked out once its first option is asked for."""
    yield from more_choices(explorer)


def _in_turns(menus: list[Iterator[Choice]]) -> Iterator[Choice]:
    """An option of each menu in turn, until every menu is done."""
    while menus:
        for menu in list(menus):
            choice = next(menu, None)
            if choice is None:
                menus.remove(menu)
            else:
                yield choice


def next_boards(
    state: CellState, limit: int, skip: int = 0, language: Language = Language.ENGLISH
) -> list[Foreseen]:
    """The offered paths after the first ``skip``, up to ``limit`` in all, each with the public board
    it leads to in the table's ``language``."""
    explorer = Explorer(state, state.active_seat)
    return [
        Foreseen(path, in_language(view(explorer.state(_played(explorer, path)), None), language))
        for path in islice(offered_paths(explorer), skip, limit)
    ]


def menus_after(state: CellState, path: Path, language: Language = Language.ENGLISH) -> RolledMenus | None:
    """The menus of the board an offered path leads to, in the table's ``language``, or None where
    that board shows none: worked out ahead, so that the click finds its controls as well as its
    picture."""
    explorer = Explorer(state, state.active_seat)
    after = explorer.state(_played(explorer, path))
    return rolled_menus(after, language) if shows_rolled_menus(after) else None


def _played(explorer: Explorer, path: Path) -> Path:
    """The part of ``path`` that is played: it stops at the move that ends the game."""
    starts = (path[:length] for length in range(1, len(path) + 1))
    return next((start for start in starts if explorer.state(start).outcome is not None), path)
