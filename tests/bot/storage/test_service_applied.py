"""A move the caller worked out already (``Applied``) is saved as it is only when the service loads
the very state it was applied to; otherwise the service chooses and applies it itself. Either way
the saved game is the one the engine gives."""

from __future__ import annotations

from typing import Any

from bot.core.service import GameService
from bot.games.registry import game_modules
from bot.storage import Storage
from rules.core.game import Applied
from tests.bot.storage.helpers import HOST


async def test_a_move_worked_out_on_the_loaded_state_is_saved_as_it_is(storage: Storage) -> None:
    service = GameService(storage, game_modules())
    record = await service.open_lobby("cell", 1, 77, HOST, "Bob", "normal")
    await service.start_game(record.id, HOST)
    chosen: list[Any] = []

    def choose(state: Any, seat: int) -> Any:
        chosen.append(state)
        return service.module(current).rules.legal_actions(state, seat)[0]

    for _ in range(6):
        current = await storage.game(record.id)
        assert current is not None and current.status == "active"
        rules = service.module(current).rules
        state = service.load_state(current)
        seat = service.module(current).seats_to_move(state)[0]
        action = rules.legal_actions(state, seat)[0]
        after, events = rules.apply(state, action)
        move = await service.act(
            record.id, HOST, current.version, choose, applied=Applied(state, action, after, events)
        )
        assert chosen == [] and move.state is after and move.events == events
        assert rules.dump_state(service.load_state(move.record)) == rules.dump_state(after)

    # Worked out on a copy of the state the service loads: chosen and applied again, to the same end.
    current = await storage.game(record.id)
    assert current is not None
    rules = service.module(current).rules
    state = service.load_state(current)
    copy = rules.load_state(current.state_json)  # type: ignore[arg-type]
    seat = service.module(current).seats_to_move(state)[0]
    action = rules.legal_actions(copy, seat)[0]
    after, events = rules.apply(copy, action)
    move = await service.act(
        record.id, HOST, current.version, choose, applied=Applied(copy, action, after, events)
    )
    assert chosen == [state] and move.state is not after
    assert rules.dump_state(move.state) == rules.dump_state(after) and move.events == events
