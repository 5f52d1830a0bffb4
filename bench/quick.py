"""``--quick`` for the benches in this folder: a small, fast run of the same measurement that still ends
with its ``key=value`` line. The test suite runs every bench that way, so that none stops working
unnoticed; the figures of a quick run are too few to judge by."""

from __future__ import annotations

import argparse
from typing import Any


def parse_arguments(parser: argparse.ArgumentParser, **quick: Any) -> argparse.Namespace:
    """Adds ``--quick``, which makes ``quick`` the defaults (options given on the command line still
    win), and parses the command line."""
    sizes = ", ".join(f"--{name.replace('_', '-')} {value}" for name, value in quick.items())
    parser.add_argument("--quick", action="store_true", help=f"a small, fast run ({sizes})")
    known, _ = parser.parse_known_args()
    if known.quick:
        parser.set_defaults(**quick)
    return parser.parse_args()
