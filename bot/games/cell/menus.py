"""The menus of a Perfect Cell board after the roll, worked out away from the event loop.

Finding what every die can do (``choices``) walks many states through the engine: it is the costliest
part of a board's controls, several milliseconds a board, and it needs nothing of Discord. So the
painter's worker works it out while the event loop saves the move that leads to the board
(``CellController._play``), and the event loop only builds the components from it
(``board.board_view``). It is a pure function of the state and the language: worked out here or
there, the menus are the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cell.choices import Choice, dice_kinds, more_choices
from bot.games.cell.paths import Explorer
from bot.games.cell.speech import speaker
from locales.languages import Language
from rules.cell.actions import EndTurn
from rules.cell.content import Face
from rules.cell.describe import describe
from rules.cell.state import CellState


@dataclass(frozen=True)
class FaceMenu:
    """The menu of one kind of die the player holds."""

    face: Face
    choices: list[Choice]
    placeholder: str


@dataclass(frozen=True)
class RolledMenus:
    """A rolled board's controls as words: a menu per kind of die, the menu for several dice at once,
    and the buttons that end the turn (each an index in ``legal_actions`` and its label)."""

    faces: list[FaceMenu]
    more: list[Choice]
    end_turns: list[tuple[int, str]]


def shows_rolled_menus(state: CellState) -> bool:
    """Whether the board of ``state`` shows ``RolledMenus`` to a person (none while the AI plays)."""
    return state.outcome is None and state.selection is None and state.rolled


def rolled_menus(state: CellState, language: Language) -> RolledMenus:
    """The menus of the player to act on ``state``, in ``language``."""
    speak = speaker(language)
    explorer = Explorer(state, state.active_seat)
    kinds = dice_kinds(explorer, speak)
    faces = [FaceMenu(kind.face, kind.choices, kind.placeholder(speak)) for kind in kinds]
    more = more_choices(explorer, speak)
    end_turns = [
        (index, speak.say(describe(state, action)))
        for index, action in enumerate(explorer.legal())
        if isinstance(action, EndTurn)
    ]
    return RolledMenus(faces, more, end_turns)
