"""Small builders shared by the storage contract tests."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from bot.storage import GameRecord, ResultRow, Storage

# Real Discord ids need all 64 bits of a signed integer column.
GUILD = 1_234_567_890_123_456_789
CHANNEL = 987_654_321_098_765_432
HOST = 111_222_333_444_555_666
GUEST = 777_888_999_000_111_222

PLAYERS: list[dict[str, Any]] = [
    {"user_id": HOST, "name": "Bob", "character": "goku"},
    {"user_id": GUEST, "name": "Carol", "character": "vegeta"},
    {"user_id": -1, "name": "Frieza (AI)", "character": "frieza"},
]


async def new_game(storage: Storage, channel_id: int = CHANNEL, seed: int = 2**62 + 5) -> GameRecord:
    return await storage.create_lobby(
        "over9000", GUILD, channel_id, HOST, {"variant": "standard", "players": deepcopy(PLAYERS)}, seed
    )


def results_for(record: GameRecord, winner: int, finished_at: str) -> list[ResultRow]:
    return [
        ResultRow(
            game_id=record.id,
            seat=seat,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            game=record.game,
            user_id=player["user_id"],
            name=player["name"],
            ai=player["user_id"] < 0,
            character=player["character"],
            variant="standard",
            won=seat == winner,
            outcome="win:over_9000",
            finished_at=finished_at,
        )
        for seat, player in enumerate(record.lobby["players"])
    ]
