"""Queries over the result rows: a player's stats, a server's leaderboard and its recent games.

Everything is computed from ``results`` alone, per server, so the numbers survive the pruning of old
games and follow a forgotten user's anonymous rows without naming them. AI seats are never ranked
or listed as players with stats; people are those with a positive (real Discord) id.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.storage import Storage

MIN_GAMES_FOR_RATE = 3
LEADERBOARD_SIZE = 10
HISTORY_SIZE = 10


@dataclass
class GameStats:
    """One player's record in one game kind."""

    game: str
    games: int = 0
    wins: int = 0
    characters: Counter[str] = field(default_factory=Counter)
    by_variant: dict[str, tuple[int, int]] = field(default_factory=dict)
    """variant -> (wins, games)"""

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def favourite(self) -> str:
        """The character played most often; of those tied, the one played most recently."""
        return self.characters.most_common(1)[0][0]


@dataclass(frozen=True)
class Ranked:
    user_id: int
    name: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float | None:
        """Wins per game, once the player has enough games for it to mean something."""
        return self.wins / self.games if self.games >= MIN_GAMES_FOR_RATE else None


@dataclass(frozen=True)
class Seat:
    name: str
    character: str
    ai: bool
    won: bool


@dataclass
class PastGame:
    game_id: int
    game: str
    channel_id: int
    message_id: int | None
    variant: str
    outcome: str
    finished_at: str
    seats: list[Seat] = field(default_factory=list)


async def player_stats(storage: Storage, guild_id: int, user_id: int) -> list[GameStats]:
    """The user's record per game kind in this server, most played first."""
    rows = await storage.read_all(
        "SELECT game, character, variant, won FROM results "
        "WHERE guild_id = ? AND user_id = ? AND ai = 0 ORDER BY finished_at DESC",
        (guild_id, user_id),
    )
    stats: dict[str, GameStats] = {}
    for game, character, variant, won in rows:
        kind = stats.setdefault(game, GameStats(game))
        kind.games += 1
        kind.wins += won
        kind.characters[character] += 1
        variant_wins, variant_games = kind.by_variant.get(variant, (0, 0))
        kind.by_variant[variant] = (variant_wins + won, variant_games + 1)
    return sorted(stats.values(), key=lambda kind: -kind.games)


async def leaderboard(storage: Storage, guild_id: int, game: str | None) -> list[Ranked]:
    """The server's people with the most wins (of one game kind, or all), each under the name they
    last played with; ties go to the better win rate, then to fewer games."""
    kind_filter = "AND game = ?" if game is not None else ""
    parameters: tuple[object, ...] = (guild_id, game) if game is not None else (guild_id,)
    rows = await storage.read_all(
        # Each person's totals over all their rows, beside the name of their newest row.
        "SELECT user_id, name, games, wins FROM (SELECT user_id, name, "
        "COUNT(*) OVER (PARTITION BY user_id) AS games, SUM(won) OVER (PARTITION BY user_id) AS wins, "
        "ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY finished_at DESC, game_id DESC) AS newest "
        f"FROM results WHERE guild_id = ? AND ai = 0 AND user_id > 0 {kind_filter}) AS totals "
        "WHERE newest = 1",
        parameters,
    )
    ranked = [Ranked(row[0], row[1], row[2], row[3]) for row in rows]
    ranked.sort(key=lambda entry: (-entry.wins, -(entry.win_rate or 0.0), entry.games, entry.name))
    return ranked[:LEADERBOARD_SIZE]


async def recent_games(storage: Storage, guild_id: int, limit: int = HISTORY_SIZE) -> list[PastGame]:
    """The server's latest finished games, newest first, with who sat where and who won."""
    rows = await storage.read_all(
        "SELECT r.game_id, r.game, r.channel_id, g.message_id, r.variant, r.outcome, r.finished_at, "
        "r.name, r.character, r.ai, r.won FROM results r LEFT JOIN games g ON g.id = r.game_id "
        "WHERE r.game_id IN (SELECT game_id FROM results WHERE guild_id = ? GROUP BY game_id "
        "ORDER BY MAX(finished_at) DESC, game_id DESC LIMIT ?) "
        "ORDER BY r.finished_at DESC, r.game_id DESC, r.seat",
        (guild_id, limit),
    )
    games: dict[int, PastGame] = {}
    for (
        game_id,
        game,
        channel_id,
        message_id,
        variant,
        outcome,
        finished_at,
        name,
        character,
        ai,
        won,
    ) in rows:
        past = games.setdefault(
            game_id, PastGame(game_id, game, channel_id, message_id, variant, outcome, finished_at)
        )
        past.seats.append(Seat(name, character, bool(ai), bool(won)))
    return list(games.values())
