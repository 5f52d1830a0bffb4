"""What must never reach a player in a sentence the engine writes (a refusal, an event's text):
snake_case names, unit ids, rule ids or section numbers, and Python reprs."""

from __future__ import annotations

import re

PATTERNS = {
    "snake_case": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "unit id": re.compile(r"\b[a-z][a-z0-9_]*-\d\b"),
    "rule id": re.compile(r"\b(?:SU|RD|PW|AS|AC|CL|DK|CT|TW|JA|MD|AL|ZR|KW)-\d+\b|\bA\d{1,2}\b"),
    "section number": re.compile(r"\b\d\.\d{1,2}\b(?![\"\d])"),
    "quoted repr": re.compile(r"(?<![A-Za-z])'[^']*'"),
    "Python value": re.compile(r"\b(?:None|True|False)\b|[\[\]{}<>]|\(\d+, \d+\)|\b[A-Z]\w+\.[A-Z_]+\b"),
}


def word_problems(text: object) -> list[str]:
    """Each forbidden thing found in ``text`` (a sentence, or the rules' words for one: read in
    English), as "kind: match"."""
    english = str(text)
    return [
        f"{kind}: {found.group(0)}"
        for kind, pattern in PATTERNS.items()
        for found in pattern.finditer(english)
    ]
