"""The line that tells a newcomer what to do, on the board that calls them to their first move: a
newcomer has no finished game of this kind in this server yet."""

from __future__ import annotations

from bot.core.game_module import GameModule
from bot.storage import GameRecord, Storage


async def newcomers(storage: Storage, record: GameRecord, people: list[int]) -> list[int]:
    """Those of ``people`` without a result row of this game's kind in its server."""
    people = [user for user in people if user > 0]
    if not people:
        return []
    marks = ", ".join("?" for _ in people)
    rows = await storage.read_all(
        f"SELECT DISTINCT user_id FROM results WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
        (record.guild_id, record.game, *people),
    )
    played = {row[0] for row in rows}
    return [user for user in people if user not in played]


def first_turn_line(module: GameModule, users: list[int]) -> str | None:
    """What to do now, for the newcomers ``users``; None when there are none or the game has no hint."""
    if not users or not module.first_turn_hint:
        return None
    who = ", ".join(f"<@{user}>" for user in users)
    return f"👋 First {module.title} game, {who}? {module.first_turn_hint} More: `/{module.name} rules`."
