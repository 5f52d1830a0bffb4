"""Typed rejections: every illegal action says why, in a sentence a player understands."""

from __future__ import annotations


class IllegalAction(Exception):
    """Raised by a reducer for an action the rules forbid; the input state is never changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
