"""The Prime Time board image and the private zoom around a model."""

from renderers.primetime.board import render_primetime
from renderers.primetime.inputs import Highlight, PrimeTimeBoard, PrimeTimeZoom, ZoomTarget
from renderers.primetime.zoom import render_primetime_zoom

__all__ = [
    "Highlight",
    "PrimeTimeBoard",
    "PrimeTimeZoom",
    "ZoomTarget",
    "render_primetime",
    "render_primetime_zoom",
]
