"""Writes the gallery of sample boards (PNG and alt text) to ``docs/images``: every game at its
largest player count, the crowded and long-text cases and Prime Time's private zoom
(``renderers.gallery``).

    PYTHONPATH=. .venv/bin/python scripts/gallery.py [--out docs/images] [--only over9000]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from renderers.gallery import GALLERY


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--only", default="", help="write only the boards whose names start with this")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for name, sample in GALLERY.items():
        if not name.startswith(arguments.only):
            continue
        board = sample.render()
        (arguments.out / f"{name}.png").write_bytes(board.png)
        (arguments.out / f"{name}.txt").write_text(board.alt_text + "\n", encoding="utf-8")
        print(f"{name}: {board.width}x{board.height}, {len(board.png) // 1024} KB")


if __name__ == "__main__":
    main()
