"""The Over 9000 board image."""

from renderers.over9000.board import render_over9000
from renderers.over9000.words import Over9000Board

__all__ = ["Over9000Board", "render_over9000"]
