"""Typed rejections: every illegal action says why, in a sentence a player understands."""

from __future__ import annotations

from rules.core.text import Plural, Text


class IllegalAction(Exception):
    """Raised by a reducer for an action the rules forbid; the input state is never changed.

    ``message`` is the English sentence (logs, tests); ``words`` is the same sentence as the rules
    gave it, a ``Text`` the edge translates when the game's rules mark their words (else the same
    plain string)."""

    def __init__(self, code: str, message: str | Text | Plural) -> None:
        # The English sentence is made when asked for: the engines make a rejection for every
        # candidate action they rule out while listing the legal ones, and nobody reads those.
        super().__init__(code, message)
        self.code = code
        self.words = message

    @property
    def message(self) -> str:
        return str(self.words)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
