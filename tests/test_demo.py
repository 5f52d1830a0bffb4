"""The offline demo: a whole AI game through the real engine and renderer, written to a folder."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from PIL import Image

DEMO = Path(__file__).resolve().parent.parent / "scripts" / "demo.py"


def _demo_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("demo", DEMO)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_demo_plays_a_game_to_its_end_and_writes_boards_and_a_replay(tmp_path: Path) -> None:
    demo = _demo_module()
    snapshots = demo.play(players=1, variant="easy", seed=2, agent="heuristic")
    assert snapshots[0].round == 1 and snapshots[-1].outcome is not None
    replay = demo.write_replay(snapshots, tmp_path)
    boards = sorted(tmp_path.glob("board-*.png"))
    assert len(boards) == len(snapshots)
    assert all(board.with_suffix(".txt").read_text().strip() for board in boards)
    with Image.open(replay) as animation:
        assert animation.n_frames == len(snapshots)
        assert animation.width == demo.GIF_WIDTH
