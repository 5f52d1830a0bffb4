"""The games' content translations: validated when read, and compared with the content's English."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from locales.content import ContentTranslations, missing_translations, read_content_translations

ENGLISH = {
    "fighters": {
        "goku": {"name": "Goku", "power": "Kamehameha: {damage} damage"},
        "krillin": {"name": "Krillin"},
    }
}


def test_a_complete_translation_has_no_problems() -> None:
    french = ContentTranslations(
        {
            "fighters": {
                "goku": {"name": "Son Goku", "power": "Kamehameha : {damage} dégâts"},
                "krillin": {"name": "Krilin"},
            }
        }
    )

    assert missing_translations(ENGLISH, french) == []
    assert french.text("fighters", "krillin", "name") == "Krilin"
    assert french.text("fighters", "cell", "name") is None


def test_every_gap_and_extra_is_named() -> None:
    partial = ContentTranslations(
        {
            "fighters": {
                "goku": {"name": "Son Goku", "power": "Kamehameha : {dégâts} dégâts", "colour": "orange"},
                "cell": {"name": "Cell"},
            },
            "threats": {"saibamen": {"name": "Saibaimans"}},
        }
    )

    assert missing_translations(ENGLISH, partial) == [
        "fighters.cell: not in the content",
        "fighters.goku.colour: not a field of the content",
        "fighters.goku.power: placeholders differ from the English",
        "fighters.krillin: not translated",
        "threats.saibamen: not in the content",
    ]


@pytest.mark.parametrize(
    "text",
    [
        '{"fighters": {"goku": {"name": ""}}}',
        '{"fighters": {"Goku": {"name": "Goku"}}}',
        '{"fighters": {"goku": {"name": 3}}}',
        '{"fighters": ["goku"]}',
    ],
)
def test_a_file_that_does_not_fit_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fr.json"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(ValidationError):
        read_content_translations(path)
