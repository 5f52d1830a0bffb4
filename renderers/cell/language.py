"""The board in the table's language: the view the renderer draws carries the language its words and
alt text are in (so that the painter, which keys its boards by the view, keeps one board per
language), and the board's words are looked up in the ``cell`` catalogue and the content
translations."""

from __future__ import annotations

import gettext

from locales.catalogues import translations
from locales.content import content_text
from locales.languages import Language
from locales.translate import translate
from rules.cell.content import catalogue
from rules.cell.state import FighterState
from rules.cell.view import CellView
from rules.core.text import Param

DOMAIN = "cell"


class CellBoardView(CellView):
    """The public view as the board draws it: in ``language``."""

    language: Language = Language.ENGLISH


def in_language(view: CellView, language: Language | None = None) -> CellBoardView:
    """``view`` to be drawn in ``language`` (a plain view, or no language given, keeps its own:
    English for a plain one)."""
    if isinstance(view, CellBoardView) and (language is None or view.language is language):
        return view
    fields = {name: getattr(view, name) for name in CellView.model_fields}
    return CellBoardView.model_construct(**fields, language=language or Language.ENGLISH)


def words(language: Language) -> gettext.NullTranslations:
    return translations(DOMAIN, language)


def said(value: Param, language: Language) -> str:
    """One of the rules' messages (an event's text) in ``language``."""
    return translate(value, DOMAIN, language)


def fighter_name(fighter: FighterState, language: Language) -> str:
    return content_text(DOMAIN, language, "fighters", fighter.fighter, "name", fighter.name)


def threat_name(tile: int, language: Language) -> str:
    return content_text(DOMAIN, language, "threats", str(tile), "name", catalogue().threats[tile].name)


def power_up_name(tile: int, language: Language) -> str:
    return content_text(DOMAIN, language, "power_ups", str(tile), "name", catalogue().power_ups[tile].name)
