"""Typed rejections: every illegal action says why, in a sentence a player understands."""

from __future__ import annotations

from rules.core.text import Plural, Text


class IllegalAction(Exception):
    """Raised by a reducer for an action the rules forbid; the input state is never changed.

    ``text`` is the reason as the rules word it (a ``Text`` the edge translates, or a plain English
    sentence); ``message`` is always its English.
    """

    def __init__(self, code: str, message: str | Text | Plural) -> None:
        super().__init__(str(message))
        self.code = code
        self.text = message
        self.message = str(message)

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
