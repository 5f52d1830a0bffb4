"""The dice and tokens of a view as sprites, with the marks of the selection in progress."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from PIL import Image

from renderers.cell import sprites
from renderers.common import RGB, Colour, hex_colour, paste
from rules.cell.content import catalogue
from rules.cell.state import Placement
from rules.cell.view import CellView


@dataclass(frozen=True)
class Marks:
    """What the selection in progress picks: dice to reroll, pay or retrieve and tokens being paid
    (ringed), the die being burned (crossed out), the Power Up being bought or used (outlined)."""

    chosen_dice: frozenset[int] = frozenset()
    chosen_tokens: Counter[str] = field(default_factory=Counter)
    burned_die: int | None = None
    buying: int | None = None
    activating: int | None = None

    @classmethod
    def of(cls, view: CellView) -> Marks:
        selection = view.selection
        if selection is None:
            return cls()
        return cls(
            chosen_dice=frozenset(source.die for source in selection.chosen if source.die is not None),
            chosen_tokens=Counter(source.token for source in selection.chosen if source.token is not None),
            burned_die=selection.burn,
            buying=selection.tile if selection.purpose == "buy" else None,
            activating=selection.tile if selection.purpose == "activate" else None,
        )


def dice_colour(name: str) -> RGB:
    return hex_colour(catalogue().dice_colour(name).hex)


def seat_colour(view: CellView, seat: int) -> RGB:
    """The colour of the dice the seat's player chose."""
    return dice_colour(view.fighters[seat].dice_colour)


@cache
def die_sprite(colour: RGB, face: str | None, size: int, chosen: bool, burned: bool) -> Image.Image:
    base = sprites.die(colour, face, size)
    if not (chosen or burned):
        return base
    sprite = base.copy()
    if chosen:
        paste(sprite, sprites.selection_ring(size, Colour.WHITE), (0, 0))
    if burned:
        paste(sprite, sprites.cross_mark(size, Colour.WHITE), (0, 0))
        inner = round(size * 0.12)
        paste(sprite, sprites.cross_mark(size - 2 * inner, Colour.INK), (inner, inner))
    return sprite


def die_by_id(view: CellView, die_id: int, size: int, marks: Marks) -> Image.Image:
    die = view.dice[die_id]
    return die_sprite(
        seat_colour(view, die.owner), die.face, size, die_id in marks.chosen_dice, die_id == marks.burned_die
    )


def placement_sprite(view: CellView, placement: Placement, size: int, marks: Marks) -> Image.Image:
    """A die or token occupying a slot: the die in its owner's colour, or a coin."""
    if placement.die is not None:
        return die_by_id(view, placement.die, size, marks)
    assert placement.token is not None
    return sprites.token(placement.token, placement.face, size)
