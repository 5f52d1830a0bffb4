"""The board's words in the table's language: the ``primetime`` catalogue's messages, the content's
names from its translations (``rules/primetime/data/locales``), and the rules' events translated
with the players' names put in place of their seats."""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from locales.catalogues import translations
from locales.content import content_text
from locales.languages import Language
from locales.translate import translate
from rules.core.events import Event
from rules.primetime.content import character
from rules.primetime.scenario import condition, location, mission
from rules.primetime.seat_words import with_names
from rules.primetime.terrain import TerrainKind

DOMAIN = "primetime"


def catalogue(language: Language) -> gettext.NullTranslations:
    return translations(DOMAIN, language)


def named(language: Language, kind: str, content_id: str, english: str) -> str:
    return content_text(DOMAIN, language, kind, content_id, "name", english)


def fighter_name(character_id: str, language: Language) -> str:
    return named(language, "characters", character_id, character(character_id).name)


def location_name(location_id: str, language: Language) -> str:
    return named(language, "locations", location_id, location(location_id).name)


def condition_name(condition_id: str, language: Language) -> str:
    return named(language, "conditions", condition_id, condition(condition_id).name)


def mission_name(mission_id: str, language: Language) -> str:
    return named(language, "missions", mission_id, mission(mission_id).name)


def terrain_name(kind: TerrainKind, language: Language) -> str:
    return named(language, "terrain", kind.value, kind.label)


def said(event: Event, names: Sequence[str], language: Language) -> str:
    """An event as the table reads it: in its language when the rules gave its words (older saved
    events have only their English text), each seat named by its player."""
    return with_names(translate(event.text, DOMAIN, language), names)
