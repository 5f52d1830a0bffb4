"""Lines of words and small pictures that wrap to a width, as a paragraph does.

Boards put a sentence, a name or a status beside icons and badges; on a phone-sized board these
often need a second line. A ``Flow`` takes the pieces in reading order, breaks words onto the next
line where they do not fit (a picture or a ``Keep`` group moves whole), and draws each line's
pieces centred on the line's middle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageFont

from renderers.common import RGB, paste
from renderers.drawing import drawing

# Pieces of text with their measured words, a few hundred bytes each.
KEPT_WORDS = 1024


@dataclass(frozen=True)
class Words:
    """Text that may break between its words."""

    text: str
    typeface: ImageFont.FreeTypeFont
    colour: RGB


@dataclass(frozen=True)
class Picture:
    """A sprite drawn as one piece, with ``gap`` px after it."""

    image: Image.Image
    gap: int = 6


@dataclass(frozen=True)
class Keep:
    """Pieces kept together on one line (a picture with its caption)."""

    pieces: tuple[Words | Picture, ...]


Piece = Words | Picture | Keep


@dataclass(frozen=True)
class _Atom:
    width: int
    height: int
    space: int
    """Room before this atom when it does not start a line."""
    parts: tuple[tuple[int, Words | Picture, str], ...]
    """Offsets from the atom's left and what is drawn there (a word's own text)."""


@lru_cache(maxsize=KEPT_WORDS)
def _word_atoms(piece: Words, joined: bool) -> tuple[_Atom, ...]:
    """Measuring words is most of laying them out, and the same words come back on every board."""
    space = round(piece.typeface.getlength(" "))
    height = round(piece.typeface.size * 1.2)
    return tuple(
        _Atom(
            round(piece.typeface.getlength(word)),
            height,
            0 if index == 0 and joined else space,
            ((0, piece, word),),
        )
        for index, word in enumerate(piece.text.split())
    )


def _atoms(pieces: Sequence[Piece]) -> list[_Atom]:
    atoms: list[_Atom] = []
    for piece in pieces:
        if isinstance(piece, Words):
            atoms += _word_atoms(piece, joined=False)
        elif isinstance(piece, Picture):
            atoms.append(_Atom(piece.image.width, piece.image.height, piece.gap, ((0, piece, ""),)))
        else:
            parts: list[tuple[int, Words | Picture, str]] = []
            x, height = 0, 0
            for part in piece.pieces:
                if isinstance(part, Picture):
                    parts.append((x, part, ""))
                    x += part.image.width + part.gap
                    height = max(height, part.image.height)
                else:
                    for atom in _word_atoms(part, joined=not parts):
                        x += atom.space if parts else 0
                        parts.append((x, part, atom.parts[0][2]))
                        x += atom.width
                        height = max(height, atom.height)
            atoms.append(_Atom(x, height, 8, tuple(parts)))
    return atoms


class Flow:
    def __init__(self, pieces: Sequence[Piece], width: int, line_gap: int = 2) -> None:
        self.width = width
        self.line_gap = line_gap
        self.lines: list[list[tuple[int, _Atom]]] = []
        x = 0
        for atom in _atoms(pieces):
            start = x + atom.space if self.lines and self.lines[-1] else 0
            if not self.lines or (self.lines[-1] and start + atom.width > width):
                self.lines.append([])
                start = 0
            self.lines[-1].append((start, atom))
            x = start + atom.width

    @property
    def heights(self) -> list[int]:
        return [max(atom.height for _, atom in line) for line in self.lines]

    @property
    def height(self) -> int:
        heights = self.heights
        return sum(heights) + self.line_gap * max(0, len(heights) - 1)

    def draw(self, canvas: Image.Image, origin: tuple[int, int], centred: bool = False) -> int:
        """Draws the lines from ``origin`` (each centred in the width if ``centred``); returns the
        bottom."""
        draw = drawing(canvas)
        y = origin[1]
        for line, height in zip(self.lines, self.heights, strict=True):
            used = line[-1][0] + line[-1][1].width
            left = origin[0] + ((self.width - used) // 2 if centred else 0)
            middle = y + height // 2
            for start, atom in line:
                for offset, part, word in atom.parts:
                    x = left + start + offset
                    if isinstance(part, Picture):
                        paste(canvas, part.image, (x, middle - part.image.height // 2))
                    else:
                        draw.text((x, middle), word, font=part.typeface, fill=part.colour, anchor="lm")
            y += height + self.line_gap
        return y - self.line_gap
