"""The records' words: counts in the singular or plural, the AI's seats named once, and no "best by
difficulty" for a game without difficulties."""

from __future__ import annotations

from collections import Counter

from bot.features.records.commands import _history_line, _stats_field, counted
from bot.features.records.queries import GameStats, PastGame, Seat
from bot.games.cell.module import CellModule
from bot.games.over9000.module import Over9000Module
from bot.games.primetime.module import PrimeTimeModule


def test_counts_agree_with_their_numbers() -> None:
    assert [counted(n, "win") for n in (0, 1, 2)] == ["0 wins", "1 win", "2 wins"]
    assert [counted(n, "loss") for n in (0, 1, 3)] == ["0 losses", "1 loss", "3 losses"]


def test_an_ai_seat_is_named_by_its_fighter_once() -> None:
    past = PastGame(4, "cell", 10, None, "normal", "loss:ko", "2024-05-01T12:00:00+00:00")
    past.seats += [Seat("Bob", "goku", False, False), Seat("Gohan", "gohan", True, False)]
    assert "Bob (Goku), Gohan (AI)" in _history_line({"cell": CellModule()}, past, 1)


def test_stats_compare_variants_only_where_a_game_has_them() -> None:
    def stats(game: str, variant: str) -> GameStats:
        return GameStats(game, 1, 1, Counter({"goku": 1}), {variant: (1, 1)})

    cell = _stats_field(CellModule(), stats("cell", "easy"))
    assert cell.startswith("**1** game · **1** win · **0** losses") and "Best by difficulty: Easy" in cell
    assert "Best by" not in _stats_field(Over9000Module(), stats("over9000", "standard"))
    setup = _stats_field(
        PrimeTimeModule(), GameStats("primetime", 2, 0, Counter({"z_fighters": 2}), {"full": (0, 2)})
    )
    assert "Best by setup: Full" in setup and "Z-Fighters" in setup


def test_a_built_prime_time_roster_is_named_in_the_records() -> None:
    past = PastGame(5, "primetime", 10, None, "quick", "win:glory", "2024-05-01T12:00:00+00:00")
    past.seats += [Seat("Bob", "custom", False, True), Seat("AI", "cell_games", True, False)]
    assert "Bob (Own roster), Cell Games (AI)" in _history_line({"primetime": PrimeTimeModule()}, past, 1)
