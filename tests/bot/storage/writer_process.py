"""One process of the cross-process test: ``python -m tests.bot.storage.writer_process TARGET GAME_ID
ACTOR MOVES`` opens the storage, says ``ready`` and waits for a line on its input, so every process
starts moving at the same moment; then saves MOVES moves of the game as player ACTOR, loading the
game again after every save it loses, and prints how many saves it lost."""

from __future__ import annotations

import asyncio
import sys

from bot.storage import ActionRecord, open_storage


async def play(target: str, game_id: int, actor: int, moves: int) -> int:
    storage = await open_storage(target)
    lost = 0
    try:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        saved = 0
        while saved < moves:
            record = await storage.game(game_id)
            assert record is not None
            action = ActionRecord(actor_id=actor, seat=actor, action={"by": actor, "n": saved})
            if await storage.save(record, record.version, action):
                saved += 1
            else:
                lost += 1
    finally:
        await storage.close()
    return lost


if __name__ == "__main__":
    target, game_id, actor, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    print(asyncio.run(play(target, game_id, actor, moves)))
