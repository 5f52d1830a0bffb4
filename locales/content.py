"""The games' content in every language: each game keeps, beside its content data, one file per
language (``rules/<game>/data/locales/<language>.json``) giving every piece of content (a fighter, a
card, a threat...) its translated fields, by kind and id:

    {"fighters": {"goku": {"name": "Son Goku", "power": "Kamehameha"}}}

The file is validated when first read. Names follow the official dub of the language where one is
established. ``missing_translations`` compares a file with the content's English fields, for the
game's test that every item has every field in every language.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import RootModel, StringConstraints

import rules
from locales.languages import Language

RULES = Path(rules.__file__).resolve().parent

Words = Annotated[str, StringConstraints(strip_whitespace=False, min_length=1)]
Key = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$")]

ContentFields = Mapping[str, Mapping[str, Mapping[str, str]]]
"""kind -> content id -> field -> text."""


class ContentTranslations(RootModel[dict[Key, dict[Key, dict[Key, Words]]]]):
    """One language's translations of one game's content: kind -> content id -> field -> text."""

    def text(self, kind: str, content_id: str, field: str) -> str | None:
        return self.root.get(kind, {}).get(content_id, {}).get(field)


def content_path(game: str, language: Language) -> Path:
    return RULES / game / "data" / "locales" / f"{language.value}.json"


@cache
def content_translations(game: str, language: Language) -> ContentTranslations:
    """The game's content in ``language``, validated; empty for English (the content itself) and for a
    game that has no translations yet."""
    path = content_path(game, language)
    if language is Language.ENGLISH or not path.is_file():
        return ContentTranslations({})
    return read_content_translations(path)


def read_content_translations(path: Path) -> ContentTranslations:
    """A content translations file, validated (pydantic's ValidationError says what is wrong)."""
    return ContentTranslations.model_validate_json(path.read_text(encoding="utf-8"))


def content_text(game: str, language: Language, kind: str, content_id: str, field: str, english: str) -> str:
    """One field of one piece of content in ``language``; ``english`` where it has no translation."""
    return content_translations(game, language).text(kind, content_id, field) or english


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def missing_translations(english: ContentFields, translated: ContentTranslations) -> list[str]:
    """What keeps ``translated`` from matching the content's English fields: an item or field it
    lacks, one the content does not have, or a text whose ``{placeholders}`` differ from the English."""
    problems = []
    ours = translated.root
    for kind in sorted(set(english) | set(ours)):
        for content_id in sorted(set(english.get(kind, {})) | set(ours.get(kind, {}))):
            source = english.get(kind, {}).get(content_id)
            target = ours.get(kind, {}).get(content_id)
            where = f"{kind}.{content_id}"
            if source is None:
                problems.append(f"{where}: not in the content")
                continue
            if target is None:
                problems.append(f"{where}: not translated")
                continue
            for field in sorted(set(source) | set(target)):
                if field not in source:
                    problems.append(f"{where}.{field}: not a field of the content")
                elif field not in target:
                    problems.append(f"{where}.{field}: not translated")
                elif _placeholders(source[field]) != _placeholders(target[field]):
                    problems.append(f"{where}.{field}: placeholders differ from the English")
    return problems
