"""A game's rules as short pages that turn with Previous and Next buttons."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.core.speech import words_of_game
from bot.ui.components import Control, button, number_of, view_of
from bot.ui.text import Said
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number


@dataclass(frozen=True)
class RulePages:
    """A game's rules as short pages with Previous/Next buttons that belong to no game (id 0)."""

    game: str
    title: str
    pages: Sequence[tuple[Said, Said]]
    """Each page's heading and text: a ``Text`` of the game's catalogue, or words already said."""

    def embed(self, page: int, language: Language = Language.ENGLISH) -> discord.Embed:
        """The page, in the reader's ``language``."""
        _ = translations(BOT, language).gettext
        page = self._bounded(page)
        heading, text = self.pages[page]
        embed = discord.Embed(
            title=_("{game} rules — {heading}").format(
                game=self.title, heading=words_of_game(self.game, heading, language)
            ),
            description=words_of_game(self.game, text, language),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(
            text=_("Page {page}/{pages}").format(
                page=format_number(page + 1, language), pages=format_number(len(self.pages), language)
            )
        )
        return embed

    def view(self, page: int, language: Language = Language.ENGLISH) -> discord.ui.View:
        words = translations(BOT, language)
        page = self._bounded(page)
        last = len(self.pages) - 1
        previous, next_ = words.pgettext("button", "Previous"), words.pgettext("button", "Next")
        return view_of(
            [
                button(0, 0, "rules", f"{self.game}.{max(page - 1, 0)}", label=previous, disabled=page == 0),
                button(
                    0, 0, "rules", f"{self.game}.{min(page + 1, last)}", label=next_, disabled=page >= last
                ),
            ]
        )

    @staticmethod
    def page_of(control: Control) -> int:
        return number_of(control.arg.partition(".")[2]) or 0

    def _bounded(self, page: int) -> int:
        return max(0, min(page, len(self.pages) - 1))
