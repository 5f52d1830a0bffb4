"""Typed rejections: every illegal action says why, in a sentence a player understands."""

from __future__ import annotations

from rules.core.text import Plural, Text


class IllegalAction(Exception):
    """Raised by a reducer for an action the rules forbid; the input state is never changed."""

    def __init__(self, code: str, message: str | Text | Plural) -> None:
        """``message`` as a ``Text`` lets the bot say it in the player's language (``words``);
        ``message`` itself is always the English sentence."""
        super().__init__(str(message))
        self.code = code
        self.words = message
        self.message = str(message)

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
