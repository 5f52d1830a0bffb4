"""Renders a view in a separate Python process with its own hash seed, to prove output is deterministic."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[2]


def render_elsewhere(renderer: str, view_class: str, board_view: BaseModel, hash_seed: str) -> bytes:
    """PNG bytes of ``renderer`` (``module:function``) applied to ``board_view`` (``module:Class``)."""
    render_module, render_function = renderer.split(":")
    view_module, view_name = view_class.split(":")
    script = (
        "import sys\n"
        f"from {render_module} import {render_function}\n"
        f"from {view_module} import {view_name}\n"
        f"sys.stdout.buffer.write({render_function}({view_name}.model_validate_json(sys.stdin.read())).png)\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", script],
        input=board_view.model_dump_json().encode(),
        capture_output=True,
        env=environment,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    return result.stdout
