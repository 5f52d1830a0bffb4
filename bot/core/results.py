"""The result rows a finished game leaves behind: one per seat, who sat there and whether they won.

They are written with the save that ends the game and outlive it: the stats, the leaderboard and the
history read only these rows, so pruning old games loses no record.
"""

from __future__ import annotations

from bot.storage.model import GameRecord, ResultRow
from rules.core.game import Outcome


def winning_seats(outcome: Outcome, seats: int) -> set[int]:
    """Every seat of a co-operative game that ended in a win, none of one that ended in a loss; in a
    game with winners, the seats it names."""
    if outcome.winners:
        return set(outcome.winners)
    return set(range(seats)) if outcome.result == "win" else set()


def result_rows(record: GameRecord, outcome: Outcome, finished_at: str) -> list[ResultRow]:
    players = record.lobby["players"]
    winners = winning_seats(outcome, len(players))
    return [
        ResultRow(
            game_id=record.id,
            seat=seat,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            game=record.game,
            user_id=player["user_id"],
            name=player["name"],
            # A seat the AI took over during the game still belongs to its person; only seats the
            # AI filled from the start (negative ids) are the AI's.
            ai=player["user_id"] < 0,
            character=player["character"],
            variant=record.lobby["variant"],
            won=seat in winners,
            outcome=f"{outcome.result}:{outcome.reason}",
            finished_at=finished_at,
        )
        for seat, player in enumerate(players)
    ]
