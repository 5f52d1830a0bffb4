"""The Prime Time board image."""

from renderers.primetime.board import render_primetime
from renderers.primetime.overlays import Highlight

__all__ = ["Highlight", "render_primetime"]
