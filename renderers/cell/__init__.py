"""The Perfect Cell board image."""

from renderers.cell.board import render_cell

__all__ = ["render_cell"]
