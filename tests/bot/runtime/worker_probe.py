"""Run in a worker process, to see what it has imported: it imports nothing itself but what a board
view needs."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from renderers.common import RenderedBoard


class Probe(BaseModel):
    """A stand-in board view: drawing it lists the modules the painter's worker has loaded."""

    asked: str = "modules"


def loaded_modules() -> list[str]:
    return sorted(sys.modules)


def after(work: Callable[..., Any], *arguments: Any) -> list[str]:
    """Does ``work`` as the worker would be asked to, then lists what the worker has loaded."""
    work(*arguments)
    return loaded_modules()


def draw_probe(probe: Probe) -> RenderedBoard:
    return RenderedBoard(png=b"", alt_text="\n".join(loaded_modules()), width=1, height=1)
