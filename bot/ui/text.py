"""Text that goes back to players: cut to fit Discord's limits, user input quoted safely."""

from __future__ import annotations

# Echoes of what a user typed or picked are cut to this, so an answer always fits Discord's limits.
ECHO_LIMIT = 60
MESSAGE_LIMIT = 2000


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object) -> str:
    """User input quoted back to them, never longer than ECHO_LIMIT."""
    return clip(repr(value) if isinstance(value, str) else str(value), ECHO_LIMIT)
