"""Board legibility on a phone: how many of the words an OCR engine reads on each gallery board at
full size it still reads once the board is shown 360 px wide.

Each board of ``renderers.gallery`` is read by tesseract at full size, then scaled down to 360 px
wide and up 3x again with a sharp filter (a phone screen's 3 device pixels per CSS pixel) and read
again; a board's recall is the share of its full-size words found in the phone-size reading.
tesseract is installed from the system's packages when missing (``scripts/tesseract.sh``). The
last line printed is ``boards=N min_recall=X median_recall=Y``.

    PYTHONPATH=. .venv/bin/python bench/legibility.py [--quick]
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import subprocess
import sys
from pathlib import Path

from PIL import Image

from renderers.common import PHONE_WIDTH
from renderers.gallery import GALLERY, QUICK

DEVICE_PIXELS = 3
INSTALLER = Path(__file__).resolve().parent.parent / "scripts" / "tesseract.sh"


def words(image: Image.Image) -> set[str]:
    """The words tesseract reads on ``image``: lower case, letters and digits only, two or more."""
    buffer = io.BytesIO()
    image.convert("L").save(buffer, "PNG")
    read = subprocess.run(
        ["tesseract", "stdin", "stdout", "--psm", "11"],
        input=buffer.getvalue(),
        capture_output=True,
        check=True,
    ).stdout.decode()
    cleaned = (re.sub(r"[^0-9a-z]", "", token.lower()) for token in read.split())
    return {word for word in cleaned if len(word) >= 2}


def on_a_phone(image: Image.Image) -> Image.Image:
    height = round(image.height * PHONE_WIDTH / image.width)
    small = image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)
    return small.resize((PHONE_WIDTH * DEVICE_PIXELS, height * DEVICE_PIXELS), Image.Resampling.LANCZOS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"only {', '.join(QUICK)}")
    arguments = parser.parse_args()
    subprocess.run(["bash", str(INSTALLER)], check=True)
    names = QUICK if arguments.quick else tuple(GALLERY)
    recalls = []
    for name in names:
        board = GALLERY[name]()
        image = Image.open(io.BytesIO(board.png)).convert("RGB")
        full = words(image)
        phone = words(on_a_phone(image))
        recall = len(full & phone) / max(1, len(full))
        recalls.append(recall)
        missed = " ".join(sorted(full - phone)[:8])
        print(
            f"{name}: {board.width}x{board.height}, {len(full)} words, recall {recall:.2f}  {missed}",
            flush=True,
        )
    print(
        f"boards={len(recalls)} min_recall={min(recalls):.2f} median_recall={statistics.median(recalls):.2f}"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
