"""A database with every kind of game the bot stores, made through the real game service and rules:
finished, running, abandoned and lobby games of Perfect Cell, Over 9000 and Prime Time, with their
turn clocks, notifications, result rows, server settings and command-sync hashes. Moves are random
legal ones from a seeded generator, so each run stores the same games."""

from __future__ import annotations

import random

from bot.core.service import GameService
from bot.games.registry import game_modules
from bot.storage import Storage
from tests.bot.storage.helpers import GUILD, HOST

MAX_MOVES = 3000


async def play(service: GameService, game_id: int, moves: int | None, chooser: random.Random) -> None:
    """Makes ``moves`` random legal moves (None: until the game ends), each saved as the bot saves
    them, with the turn clocks of the people called."""
    made = 0
    while moves is None or made < moves:
        record = await service.storage.game(game_id)
        assert record is not None
        if record.status != "active":
            return
        assert made < MAX_MOVES, f"game {game_id} did not end"
        module = service.module(record)
        state = service.load_state(record)
        seat = module.seats_to_move(state)[0]
        await service.act_as(game_id, seat, None, chooser.choice(module.rules.legal_actions(state, seat)))
        made += 1


async def store_games(storage: Storage) -> dict[str, int]:
    """Fills ``storage``; returns the games' ids by what they show."""
    seeds = iter(range(4100, 4200))
    service = GameService(storage, game_modules(), new_seed=lambda: next(seeds))
    chooser = random.Random(19)
    plans = {
        # name: (game, variant, AI players, moves to make: None plays to the end)
        "cell finished": ("cell", "normal", 1, None),
        "cell running": ("cell", "easy", 2, 12),
        "cell abandoned": ("cell", "challenge", 0, 5),
        "over9000 finished": ("over9000", "standard", 2, None),
        "over9000 running": ("over9000", "standard", 3, 20),
        "primetime finished": ("primetime", "quick", 1, None),
        "primetime running": ("primetime", "full", 1, 40),
        "cell lobby": ("cell", "normal", 0, 0),
    }
    ids = {}
    for channel, (name, (game, variant, ai_players, moves)) in enumerate(plans.items(), start=900):
        record = await service.open_lobby(game, GUILD, channel, HOST, "Bob", variant, ai_players)
        ids[name] = record.id
        if name != "cell lobby":
            await service.start_game(record.id, HOST)
            await play(service, record.id, moves, chooser)
    await service.abandon(ids["cell abandoned"], HOST, can_manage_channel=False)
    await storage.set_guild_settings(GUILD, {"retention_days": 30})
    await storage.set_command_hash("global", "0123abcd")
    await storage.set_command_hash(str(GUILD), "4567ef01")
    # The host was notified by one message; another waits in the outbox of stale pings.
    await storage.record_ping(ids["over9000 running"], [HOST], 1_300_000_000_000_000_001)
    await storage.record_ping(ids["over9000 running"], [], 1_300_000_000_000_000_002)
    return ids
