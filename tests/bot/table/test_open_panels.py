"""The open panels a game keeps: one per seat, given up before Discord stops taking its edits."""

from __future__ import annotations

import datetime
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.table.open_panels import OpenPanel, OpenPanels


def panel_with_token(expires_at: datetime.datetime, message_id: int) -> OpenPanel:
    interaction = SimpleNamespace(expires_at=expires_at)
    return OpenPanel(cast(Any, interaction), message_id, original=True)


async def test_a_panel_is_given_up_before_its_token_expires() -> None:
    panels = OpenPanels()
    now = discord.utils.utcnow()
    await panels.opened(1, 0, panel_with_token(now + datetime.timedelta(minutes=10), 5))
    await panels.opened(1, 1, panel_with_token(now + datetime.timedelta(seconds=30), 6))
    assert panels.get(1, 0) is not None
    assert panels.get(1, 1) is None, "a token about to expire was kept"
    assert [seat for seat, _ in panels.open_in(1)] == [0]
    panels.close_game(1)
    assert panels.get(1, 0) is None
