"""Reaching a given step of the full setup (SU-1…9), with the Location, Missions and Condition a
test names instead of the draws."""

from __future__ import annotations

from rules.core.events import Event
from rules.primetime.actions import ChooseFirstPlayer, Timeout
from rules.primetime.context import Ctx
from rules.primetime.engine import apply, new_game, refresh_prompts
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.setup import reveal_scenario
from rules.primetime.state import PrimeTimeState

FF = ("z_fighters", "frieza_force")


def full_game(seed: int = 1, rosters: tuple[str, str] = FF) -> PrimeTimeState:
    return new_game(PrimeTimeOptions(rosters=rosters, setup="full"), seed)


def until(state: PrimeTimeState, step: str | None) -> tuple[PrimeTimeState, list[Event]]:
    """Every prompt takes its Timeout default until the setup reaches ``step`` (None: Round 1)."""
    seen: list[Event] = []
    while state.setup_step != step:
        assert state.phase == "setup", f"the setup ended before {step}"
        state, events = apply(state, Timeout(player=state.prompts[0].who))
        seen.extend(events)
    return state, seen


def scenario_game(
    missions: tuple[str, str, str],
    location: str = "namek_plains",
    condition: str = "ki_rich_atmosphere",
    seed: int = 1,
) -> PrimeTimeState:
    """SU-3 done (the roll-off winner takes the initiative, the other player the south side), then
    SU-4…6 revealed as named instead of drawn; the state waits at SU-7 (or SU-8)."""
    state, _ = until(full_game(seed), "first_player")
    winner = state.active_seat
    state, _ = apply(state, ChooseFirstPlayer(player=winner, choice="initiative"))
    working = state.model_copy(deep=True)
    working.side_chooser = 1 - winner
    reveal_scenario(Ctx(working, []), 1 - winner, location, list(missions), condition)
    refresh_prompts(working)
    return working
