"""Parsed states kept between clicks: a record only ever gets the state its own JSON holds, and no
reader or move changes a kept state."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import GameService
from bot.core.state_cache import StateCache
from bot.games.cell.module import CellModule
from bot.games.over9000.module import Over9000Module
from bot.games.over9000.panel import PanelChoice, panel_message
from bot.storage import GameRecord, SqliteStorage
from rules.cell.view import view as cell_view
from rules.over9000 import view as over9000_view

HOST = 7


def record_at(version: int, state_json: str, game_id: int = 1) -> GameRecord:
    return GameRecord(
        id=game_id,
        game="cell",
        guild_id=1,
        channel_id=100 + game_id,
        host_id=HOST,
        status="active",
        lobby={"players": []},
        seed=1,
        state_json=state_json,
        schema_version=1,
        version=version,
        message_id=None,
        outcome=None,
    )


# The game of the panel test: a person in the first seat and the two AI seats it is played with.
PANEL_RECORD = dataclasses.replace(
    record_at(1, "{}"),
    lobby={"players": [{"id": HOST, "name": "Host"}, {"ai": True}, {"ai": True}]},
)


def test_a_kept_state_serves_only_the_version_and_json_it_was_parsed_from() -> None:
    cache = StateCache()
    state = object()
    cache.put(record_at(3, '{"a": 1}'), state)

    assert cache.get(record_at(3, '{"a": 1}')) is state
    assert cache.get(record_at(4, '{"a": 1}')) is None
    # A record whose save failed keeps its version but holds JSON that was never saved.
    assert cache.get(record_at(3, '{"a": 2}')) is None
    assert cache.get(record_at(3, '{"a": 1}', game_id=2)) is None


def test_an_older_version_never_replaces_a_newer_one() -> None:
    cache = StateCache()
    newer = object()
    cache.put(record_at(5, "new"), newer)
    cache.put(record_at(4, "old"), object())

    assert cache.get(record_at(5, "new")) is newer
    assert cache.get(record_at(4, "old")) is None


def test_the_least_recently_used_game_is_dropped_first() -> None:
    cache = StateCache(size=2)
    states = {game_id: object() for game_id in (1, 2, 3)}
    cache.put(record_at(1, "one", game_id=1), states[1])
    cache.put(record_at(1, "two", game_id=2), states[2])
    assert cache.get(record_at(1, "one", game_id=1)) is states[1]
    cache.put(record_at(1, "three", game_id=3), states[3])

    assert cache.get(record_at(1, "two", game_id=2)) is None
    assert cache.get(record_at(1, "one", game_id=1)) is states[1]
    assert cache.get(record_at(1, "three", game_id=3)) is states[3]


def counting(rules: Any) -> Any:
    """The game's engine, counting how often a saved state is parsed."""

    class Counting(type(rules)):  # type: ignore[misc]
        parsed = 0

        def load_state(self, text: str) -> Any:
            self.parsed += 1
            return super().load_state(text)

    return Counting()


@pytest.mark.parametrize(
    ("module", "variant", "public_reads"),
    [
        (CellModule(), "normal", [lambda state: cell_view(state, None)]),
        (
            Over9000Module(),
            "standard",
            [
                lambda state: over9000_view(state, None),
                lambda state: panel_message(PANEL_RECORD, state, 0, 0, PanelChoice(), None),
            ],
        ),
    ],
    ids=["cell", "over9000"],
)
async def test_moves_are_parsed_once_and_no_kept_state_is_ever_changed(
    tmp_path: Path, module: Any, variant: str, public_reads: list[Callable[[Any], Any]]
) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    module.rules = rules = counting(module.rules)
    service = GameService(storage, {module.name: module}, new_seed=lambda: 11)
    lobby = await service.open_lobby(module.name, 1, 100, HOST, "Host", variant, ai_players=2)
    await service.start_game(lobby.id, HOST)
    choices = random.Random(5)
    seen: list[tuple[Any, str]] = []

    for _ in range(80):
        record = await storage.game(lobby.id)
        assert record is not None and record.state_json is not None
        state = service.load_state(record)
        # Whoever reads the same version again (a second copy of the record) shares the state.
        assert service.load_state(dataclasses.replace(record)) is state
        assert rules.dump_state(state) == record.state_json
        seen.append((state, record.state_json))
        for read in public_reads:
            read(state)
        if record.status != "active":
            break
        seat = module.seats_to_move(state)[0]
        action = choices.choice(rules.legal_actions(state, seat))
        await service.act_as(lobby.id, seat, None, action, publish=None)

    # The saved states were all made by moves (or the start): none had to be parsed from the database.
    assert rules.parsed == 0
    # Every state handed out still holds exactly what was saved for its version.
    assert all(rules.dump_state(state) == saved for state, saved in seen)

    # A service that has not seen the game parses its state once, then shares it.
    restarted = GameService(storage, {module.name: module})
    record = await storage.game(lobby.id)
    assert record is not None
    assert restarted.load_state(record) is restarted.load_state(await storage.game(lobby.id))
    assert rules.parsed == 1
    await storage.close()


async def test_a_game_id_is_looked_up_once_for_its_kind_of_game(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    service = GameService(storage, {"cell": CellModule()}, new_seed=lambda: 11)
    lobby = await service.open_lobby("cell", 1, 100, HOST, "Host", "normal")
    reads = 0
    read_game = storage.game

    async def counted(game_id: int) -> GameRecord | None:
        nonlocal reads
        reads += 1
        return await read_game(game_id)

    storage.game = counted  # type: ignore[method-assign]
    assert await service.game_name(lobby.id) == "cell"
    assert await service.game_name(lobby.id) == "cell"
    assert reads == 1
    assert await service.game_name(lobby.id + 1) is None
    await storage.close()
