"""Perfect Cell's words on Discord in one language: the cell catalogue's messages, the rules' words
(``rules.core.text``) and the content's names, and the words the controls share (a die or token, a
cost in dice). The public board speaks its table's language, a private panel or answer the clicking
player's (``bot.core.speech``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.games.cell.paths import FACE_EMOJI, TOKEN_EMOJI, source_face
from locales.catalogues import translations
from locales.content import content_text
from locales.languages import Language
from locales.translate import translate
from rules.cell import words
from rules.cell.content import SlotKind, catalogue
from rules.cell.state import CellState, Source
from rules.core.text import Param

DOMAIN = "cell"
WILD_SLOTS = ("any", "same", "different")


@dataclass(frozen=True)
class Speaker:
    """Says Perfect Cell's words in ``language``."""

    language: Language

    def gettext(self, message: str) -> str:
        return translations(DOMAIN, self.language).gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return translations(DOMAIN, self.language).pgettext(context, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form for ``count``; ``{count}`` is left for the caller to fill."""
        return translations(DOMAIN, self.language).ngettext(singular, plural, count)

    def say(self, value: Param) -> str:
        """One of the rules' messages (a refusal, an event, an action's words) in this language."""
        return translate(value, DOMAIN, self.language)

    def fighter(self, state: CellState, seat: int) -> str:
        return self.say(words.fighter(state, seat))

    def threat(self, tile: int) -> str:
        return self.say(words.threat(tile))

    def power_up(self, tile: int) -> str:
        return self.say(words.power_up(tile))

    def power_up_effect(self, tile: int) -> str:
        english = catalogue().power_ups[tile].effect_text
        return content_text(DOMAIN, self.language, "power_ups", str(tile), "effect_text", english)

    def face(self, face: str) -> str:
        return self.say(words.face(face))

    def source(self, state: CellState, source: Source) -> str:
        """A die or token as a player reads it: "👊 Attack", "🌟 Wild token as Assist"."""
        face = self.face(source_face(state, source))
        if source.token == "wild":
            return "🌟 " + self.gettext("Wild token as {face}").format(face=face)
        if source.token is not None:
            return f"{TOKEN_EMOJI[source.token]} {self.say(words.TOKEN[source.token])}"
        return f"{FACE_EMOJI[source_face(state, source)]} {face}"

    def cost(self, cost: list[SlotKind] | list[str]) -> str:
        """A cost in dice: "👊 👊 + 2 of any face"."""
        fixed = [FACE_EMOJI[slot] for slot in cost if slot in FACE_EMOJI]
        wild = [_wild_slots(self, slot, cost.count(slot)) for slot in WILD_SLOTS if slot in cost]  # type: ignore[arg-type]
        return " + ".join([" ".join(fixed), *wild] if fixed else wild)

    def both_or_all(self, count: int) -> str:
        if count == 2:
            return self.gettext("both")
        return self.gettext("all {count}").format(count=count)


def _wild_slots(speaker: Speaker, slot: str, count: int) -> str:
    if slot == "any":
        text = speaker.ngettext("{count} of any face", "{count} of any face", count)
    elif slot == "same":
        text = speaker.ngettext("{count} matching", "{count} matching", count)
    else:
        text = speaker.ngettext("{count} all different", "{count} all different", count)
    return text.format(count=count)


@cache
def speaker(language: Language) -> Speaker:
    return Speaker(language)


ENGLISH = speaker(Language.ENGLISH)
