"""The one private panel each player of a game has open, kept current as the game moves.

Discord lets the bot edit and delete the messages an interaction brought up, through that
interaction's token, for 15 minutes. So the controller remembers, per game and seat, the latest
interaction whose answer is that player's panel (the "My tokens" click that opened it, or the latest
click in it) and what the panel shows:

- a panel opened anew replaces the one before, which is deleted: each player has one panel;
- after every move, each open panel whose picture changed (in Over 9000 a slot to reveal or a power
  now usable, in Prime Time a card window that opened or a decision of theirs) is redrawn in place,
  so a waiting player never has to press Refresh.

Nothing here survives a restart, nor needs to: a forgotten panel still works (its controls carry
the seat and its move count), and shows the game as it is at its next click, or when opened again.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord

log = logging.getLogger("bot.panels")

TOKEN_MARGIN = datetime.timedelta(minutes=1)
"""A panel is given up this long before its interaction's token expires, so no edit is refused."""


def fingerprint(panel: dict[str, Any]) -> str:
    """What a panel payload shows, as a short digest: two payloads showing the same have the same."""
    view = panel.get("view")
    shown = {
        "content": panel.get("content"),
        "embed": panel["embed"].to_dict(),
        "components": view.to_components() if view is not None else None,
    }
    return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()


@dataclass
class OpenPanel:
    interaction: discord.Interaction[Any]
    """The latest interaction whose answer is this panel: its token edits and deletes the panel."""
    message_id: int
    original: bool
    """Whether the panel is that interaction's original response (else one of its follow-ups)."""
    choice: Any = None
    """What its player picked in it that a redraw keeps (the game's own: in Over 9000 the token or
    aim of its menus, in Prime Time the step it shows)."""
    shown: str = ""
    """The fingerprint of what it shows."""

    def usable(self, now: datetime.datetime) -> bool:
        return now < self.interaction.expires_at - TOKEN_MARGIN

    async def edit(self, panel: dict[str, Any]) -> None:
        if self.original:
            await self.interaction.edit_original_response(**panel)
        else:
            await self.interaction.followup.edit_message(self.message_id, **panel)

    async def delete(self) -> None:
        # Dismissed by its player, or its token just ran out: either way it is gone from view.
        with contextlib.suppress(discord.HTTPException):
            if self.original:
                await self.interaction.delete_original_response()
            else:
                await self.interaction.followup.delete_message(self.message_id)


class OpenPanels:
    """Per game and seat, the panel its player has open."""

    def __init__(self) -> None:
        self._panels: dict[tuple[int, int], OpenPanel] = {}

    def get(self, game_id: int, seat: int) -> OpenPanel | None:
        panel = self._panels.get((game_id, seat))
        if panel is not None and not panel.usable(discord.utils.utcnow()):
            del self._panels[(game_id, seat)]
            return None
        return panel

    async def opened(self, game_id: int, seat: int, panel: OpenPanel) -> None:
        """``panel`` is now the seat's panel; the one it replaces, if another message, is deleted.
        Panels whose token ran out are forgotten meanwhile, in every game: a game that ended without
        a last move to close it (abandoned, its thread lost) would otherwise keep its panels, and
        their interactions, for as long as the bot runs."""
        self._forget_expired()
        previous = self._panels.get((game_id, seat))
        self._panels[(game_id, seat)] = panel
        if previous is not None and previous.message_id != panel.message_id:
            await previous.delete()

    def _forget_expired(self) -> None:
        now = discord.utils.utcnow()
        for key, panel in list(self._panels.items()):
            if not panel.usable(now):
                del self._panels[key]

    def open_in(self, game_id: int) -> Iterator[tuple[int, OpenPanel]]:
        """(seat, panel) of each usable panel of the game."""
        now = discord.utils.utcnow()
        for (game, seat), panel in list(self._panels.items()):
            if game != game_id:
                continue
            if panel.usable(now):
                yield seat, panel
            else:
                del self._panels[(game, seat)]

    async def redraw(self, game_id: int, seat: int, panel: OpenPanel, drawn: dict[str, Any]) -> None:
        """Shows ``drawn`` in the seat's open panel when it shows something else; a panel that can no
        longer be edited (dismissed, or its token refused) is forgotten."""
        shown = fingerprint(drawn)
        if shown == panel.shown:
            return
        try:
            await panel.edit(drawn)
        except discord.HTTPException as error:
            log.info("game %s: seat %s's panel could not be redrawn (%s); forgotten", game_id, seat, error)
            self.forget(game_id, seat, panel)
            return
        panel.shown = shown

    def forget(self, game_id: int, seat: int, panel: OpenPanel) -> None:
        if self._panels.get((game_id, seat)) is panel:
            del self._panels[(game_id, seat)]

    def close_game(self, game_id: int) -> None:
        for key in [key for key in self._panels if key[0] == game_id]:
            del self._panels[key]
