"""A game's rules as short pages that turn with Previous and Next buttons."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.ui.components import Control, button, number_of, view_of


@dataclass(frozen=True)
class RulePages:
    """A game's rules as short pages with Previous/Next buttons that belong to no game (id 0)."""

    game: str
    title: str
    pages: list[tuple[str, str]]

    def embed(self, page: int) -> discord.Embed:
        page = self._bounded(page)
        heading, text = self.pages[page]
        embed = discord.Embed(
            title=f"{self.title} rules — {heading}", description=text, colour=discord.Colour.gold()
        )
        embed.set_footer(text=f"Page {page + 1}/{len(self.pages)}")
        return embed

    def view(self, page: int) -> discord.ui.View:
        page = self._bounded(page)
        last = len(self.pages) - 1
        return view_of(
            [
                button(
                    0, 0, "rules", f"{self.game}.{max(page - 1, 0)}", label="Previous", disabled=page == 0
                ),
                button(
                    0, 0, "rules", f"{self.game}.{min(page + 1, last)}", label="Next", disabled=page >= last
                ),
            ]
        )

    @staticmethod
    def page_of(control: Control) -> int:
        return number_of(control.arg.partition(".")[2]) or 0

    def _bounded(self, page: int) -> int:
        return max(0, min(page, len(self.pages) - 1))
