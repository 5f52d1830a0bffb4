"""The records' words: counts in the singular or plural, the AI's seats named once, and no "best by
difficulty" for a game without difficulties."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from bot.features.records.commands import _history_line, _stats_field, leaderboard_embed
from bot.features.records.queries import GameStats, PastGame, Seat
from bot.games.cell.module import CellModule
from bot.games.over9000.module import Over9000Module
from bot.games.primetime.module import PrimeTimeModule
from locales.languages import Language


def test_counts_agree_with_their_numbers() -> None:
    ranked = [
        SimpleNamespace(name=name, wins=wins, games=games, win_rate=None)
        for name, wins, games in (("Ann", 2, 3), ("Bob", 1, 1), ("Cy", 0, 2))
    ]
    lines = leaderboard_embed({}, None, ranked, Language.ENGLISH).description.splitlines()
    assert lines == [
        "1. **Ann** — 2 wins in 3 games",
        "2. **Bob** — 1 win in 1 game",
        "3. **Cy** — 0 wins in 2 games",
    ]
    spanish = leaderboard_embed({}, None, ranked, Language.SPAIN_SPANISH).description.splitlines()
    assert spanish[1] == "2. **Bob** — 1 victoria en 1 partida" and spanish[2].endswith(
        "0 victorias en 2 partidas"
    )


def test_an_ai_seat_is_named_by_its_fighter_once() -> None:
    past = PastGame(4, "cell", 10, None, "normal", "loss:ko", "2024-05-01T12:00:00+00:00")
    past.seats += [Seat("Bob", "goku", False, False), Seat("Gohan", "gohan", True, False)]
    assert "Bob (Goku), Gohan (AI)" in _history_line({"cell": CellModule()}, past, 1, Language.ENGLISH)


def test_stats_compare_variants_only_where_a_game_has_them() -> None:
    def stats(game: str, variant: str) -> GameStats:
        return GameStats(game, 1, 1, Counter({"goku": 1}), {variant: (1, 1)})

    cell = _stats_field(CellModule(), stats("cell", "easy"), Language.ENGLISH)
    assert cell.startswith("**1** game · **1** win · **0** losses") and "Best by difficulty: Easy" in cell
    assert "Best by" not in _stats_field(Over9000Module(), stats("over9000", "standard"), Language.ENGLISH)
    setup = _stats_field(
        PrimeTimeModule(),
        GameStats("primetime", 2, 0, Counter({"z_fighters": 2}), {"full": (0, 2)}),
        Language.ENGLISH,
    )
    assert "Best by setup: Full" in setup and "Z-Fighters" in setup


def test_a_built_prime_time_roster_is_named_in_the_records() -> None:
    past = PastGame(5, "primetime", 10, None, "quick", "win:glory", "2024-05-01T12:00:00+00:00")
    past.seats += [Seat("Bob", "custom", False, True), Seat("AI", "cell_games", True, False)]
    assert "Bob (Own roster), Cell Games (AI)" in _history_line(
        {"primetime": PrimeTimeModule()}, past, 1, Language.ENGLISH
    )
