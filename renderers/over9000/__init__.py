"""The Over 9000 board image."""

from renderers.over9000.board import render_over9000

__all__ = ["render_over9000"]
