"""Board legibility on a phone: how many of the words drawn on each gallery board an OCR engine
reads once the board is shown 360 px wide.

The reference is what the renderer drew: the words of every text box it recorded on the board
(``renderers.drawing.text_boxes``), in lower case with punctuation dropped, words of two
characters or more (tesseract reads lone letters and digits unreliably even at full size). Each
board as posted (the PNG) is scaled down to 360 px wide and up 3x again with a sharp filter (a
phone screen's 3 device pixels per CSS pixel) and read by tesseract; a drawn word counts as read
when tesseract finds it there. A board's recall is the share of its drawn words read. The same
reading of the full-size board is printed beside it, as a check on the measure: what tesseract
misses at full size it cannot be blamed on the phone. tesseract is installed from the system's
packages when missing (``scripts/tesseract.sh``). The last line printed is
``boards=N min_recall=X median_recall=Y`` (phone size).

    PYTHONPATH=. .venv/bin/python bench/legibility.py [--quick] [--only primetime]
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
from renderers.drawing import text_boxes
from renderers.gallery import GALLERY, QUICK

DEVICE_PIXELS = 3
INSTALLER = Path(__file__).resolve().parent.parent / "scripts" / "tesseract.sh"


def normalised(text: str) -> set[str]:
    """The words of ``text``: lower case, letters and digits only, two characters or more."""
    cleaned = (re.sub(r"[^0-9a-z]", "", token.lower()) for token in text.split())
    return {word for word in cleaned if len(word) >= 2}


def drawn_words(image: Image.Image) -> set[str]:
    return set().union(*(normalised(text.text) for text in text_boxes(image)))


def words(image: Image.Image) -> set[str]:
    """The words tesseract reads on ``image``, normalised as the drawn ones are."""
    buffer = io.BytesIO()
    image.convert("L").save(buffer, "PNG")
    read = subprocess.run(
        ["tesseract", "stdin", "stdout", "--psm", "11"],
        input=buffer.getvalue(),
        capture_output=True,
        check=True,
    ).stdout.decode()
    return normalised(read)


def on_a_phone(image: Image.Image) -> Image.Image:
    height = round(image.height * PHONE_WIDTH / image.width)
    small = image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)
    return small.resize((PHONE_WIDTH * DEVICE_PIXELS, height * DEVICE_PIXELS), Image.Resampling.LANCZOS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"only {', '.join(QUICK)}")
    parser.add_argument("--only", default="", help="only the boards whose names start with this")
    arguments = parser.parse_args()
    subprocess.run(["bash", str(INSTALLER)], check=True)
    names = [name for name in (QUICK if arguments.quick else GALLERY) if name.startswith(arguments.only)]
    recalls = []
    for name in names:
        sample = GALLERY[name]
        drawn = drawn_words(sample.draw())
        board = sample.render()
        image = Image.open(io.BytesIO(board.png)).convert("RGB")
        full = len(drawn & words(image)) / max(1, len(drawn))
        phone_read = words(on_a_phone(image))
        recall = len(drawn & phone_read) / max(1, len(drawn))
        recalls.append(recall)
        missed = " ".join(sorted(drawn - phone_read)[:10])
        print(
            f"{name}: {board.width}x{board.height}, {len(drawn)} words drawn, read {full:.2f} at full"
            f" size, recall {recall:.2f} at phone size; missed: {missed}",
            flush=True,
        )
    print(
        f"boards={len(recalls)} min_recall={min(recalls):.2f} median_recall={statistics.median(recalls):.2f}"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
