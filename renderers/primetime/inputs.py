"""What the Prime Time renderers are given: the public view with the players' names, and what the
caller wants highlighted. Each is one pydantic model, so the bot's painter can send it to its worker
process and keep the boards it drew by ``model_dump_json()``.

The renderers read the public view only and never compute what a model could do: the Discord layer
passes what ``legal_actions`` offered (the cells a move may end on, the models a technique reaches)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from locales.languages import Language
from rules.primetime.geometry import Cell
from rules.primetime.view import PrimeTimeView

DEFAULT_NAMES = ("Player 1", "Player 2")
"""Until the caller gives the players' names."""

MAX_LETTERED = 12
"""Suggested cells the zoom letters at most (A to L): a select menu offers them by letter."""


class Highlight(BaseModel):
    """What the caller wants shown before a choice: the cells ``mover`` can end a move on, or the
    models ``attacker`` can reach with a chosen technique (in range and in sight)."""

    model_config = ConfigDict(frozen=True)

    mover: str | None = None
    reach: frozenset[Cell] = frozenset()
    attacker: str | None = None
    targets: frozenset[str] = frozenset()


class PrimeTimeBoard(BaseModel):
    """The public board: the view (it must be ``view(state, None)``), each seat's player's name, the
    caller's highlight, and the language its words are in (the table's: a painter keeps a board per
    language, the language being part of the model it keys its boards by)."""

    view: PrimeTimeView
    names: tuple[str, str] = DEFAULT_NAMES
    highlight: Highlight | None = None
    language: Language = Language.ENGLISH


class ZoomTarget(BaseModel):
    unit: str
    label: str
    """A few words beside the bracket, such as the chance to hit: "62%"."""


class PrimeTimeZoom(BaseModel):
    """A player's close-up around one model (``centre``, by default the active model): the cells
    it can reach tinted, up to ``MAX_LETTERED`` of them lettered A, B, C... in the order given (the
    order the menu lists them in), and the models a technique can reach bracketed, each with a line
    from ``centre`` and its label."""

    board: PrimeTimeBoard
    centre: str | None = None
    focus: Cell | None = None
    """The cell the window is centred on, when not the centre model's: a typed cell, or the middle
    of a move, so that both ends show."""
    reach: frozenset[Cell] = frozenset()
    lettered: list[Cell] = Field(default=[], max_length=MAX_LETTERED)
    targets: list[ZoomTarget] = []


def letter(index: int) -> str:
    """The letter of the ``index``-th suggested cell: A for the first."""
    return chr(ord("A") + index)
