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


async def test_panels_of_a_game_nobody_plays_any_more_are_forgotten_once_their_tokens_expire() -> None:
    panels = OpenPanels()
    now = discord.utils.utcnow()
    await panels.opened(1, 0, panel_with_token(now + datetime.timedelta(seconds=30), 5))
    await panels.opened(1, 1, panel_with_token(now + datetime.timedelta(minutes=10), 6))

    await panels.opened(2, 0, panel_with_token(now + datetime.timedelta(minutes=10), 7))

    assert [key for key in panels._panels] == [(1, 1), (2, 0)], "game 1 was never looked at again"
