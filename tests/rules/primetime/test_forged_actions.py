"""``apply`` refuses every action ``legal_actions`` does not offer, and takes every one it does
(2.9 and 4.1: "controls built only from legal_actions"; the engine's promise that the two never
disagree). Every field of every action kind is forged, one at a time, over states reached by random
legal playouts: a forgery that is not offered is refused with a typed error and a sentence in words
for people, and leaves the state untouched."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from typing import get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.playout import check_apply_leaves_input, check_rejected
from rules.primetime import RULES
from rules.primetime.actions import (
    ChooseFirstPlayer,
    Pass,
    PlayCard,
    PrimeTimeAction,
    React,
    Timeout,
    UseTechnique,
)
from rules.primetime.content import PRESET_IDS
from rules.primetime.engine import refresh_prompts
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.helpers import act, activated, board
from tests.rules.primetime.playouts import CardHappy, forgeries
from tests.rules.primetime.setup_helpers import full_game, until
from tests.rules.primetime.words import word_problems

FF = ("z_fighters", "frieza_force")
ALL_KINDS = frozenset(get_args(get_args(PrimeTimeAction)[0]))
LEGAL_SAMPLED = 2
"""Legal actions of each kind forged per state and seat."""
VALUES_PER_FIELD = 4
"""Forged values tried per field of each sampled legal action."""
STATE_EVERY = 6
"""Forge at one activation or action prompt in this many along a playout (at every other one)."""
ROUTINE = frozenset({"activation", "action"})


def forge_everything(state: PrimeTimeState, rng: random.Random, seen: set[type], messages: list[str]) -> None:
    """Forges every field of a few legal actions of every kind each seat has now."""
    offered = {seat: set(RULES.legal_actions(state, seat)) for seat in (0, 1)}
    for seat in (0, 1):
        by_kind: dict[type, list[PrimeTimeAction]] = defaultdict(list)
        for action in RULES.legal_actions(state, seat):
            by_kind[type(action)].append(action)
        for kind, actions in by_kind.items():
            seen.add(kind)
            for action in rng.sample(actions, min(LEGAL_SAMPLED, len(actions))):
                check_apply_leaves_input(RULES, state, action)
                for forged in forgeries(state, action, rng).values():
                    for attempt in rng.sample(forged, min(len(forged), VALUES_PER_FIELD)):
                        if attempt in offered.get(attempt.player, set()):
                            check_apply_leaves_input(RULES, state, attempt)
                        else:
                            messages.append(check_rejected(RULES, state, attempt).message)


def forge_along_a_playout(options: PrimeTimeOptions, seed: int, seen: set[type], messages: list[str]) -> None:
    chooser = CardHappy(seed)
    rng = random.Random(seed)
    state = RULES.new_game(options, seed)
    for step in range(3000):
        if state.outcome is not None:
            break
        routine = all(prompt.kind in ROUTINE for prompt in state.prompts)
        if step % STATE_EVERY == 0 or not routine:
            forge_everything(state, rng, seen, messages)
        legal = [action for seat in (0, 1) for action in RULES.legal_actions(state, seat)]
        state, _ = RULES.apply(state, chooser.choice(legal))
    assert state.outcome is not None


def assert_in_words(messages: list[str]) -> None:
    problems = {message: word_problems(message) for message in messages}
    assert {message: found for message, found in problems.items() if found} == {}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    pairing=st.tuples(st.sampled_from(PRESET_IDS), st.sampled_from(PRESET_IDS)),
    setup=st.sampled_from(["quick", "full"]),
)
def test_apply_refuses_every_forged_field_legal_actions_does_not_offer(
    seed: int, pairing: tuple[str, str], setup: str
) -> None:
    messages: list[str] = []
    forge_along_a_playout(PrimeTimeOptions(rosters=pairing, setup=setup), seed, set(), messages)  # type: ignore[arg-type]
    assert_in_words(messages)


# States the playouts reach only now and then, reached here by legal actions with forced dice.


def _deflect_prompt() -> PrimeTimeState:
    placements = [
        ("goku", 0, (5, 12)),
        ("frieza", 1, (5, 5)),
        ("krillin", 0, (6, 12)),
        ("zarbon", 1, (8, 13)),
    ]
    state = activated(board(placements, rosters=FF), "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="death_beam", target="goku-0"))
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[1, 20])
    return state


def _intercept_prompt() -> PrimeTimeState:
    placements = [("android_16", 1, (5, 12)), ("android_17", 1, (6, 12)), ("goku", 0, (5, 5))]
    state = activated(board(placements, rosters=("z_fighters", "cell_games")), "goku", 0)
    state, _ = act(state, UseTechnique(player=0, technique="kamehameha", target="android_17-1"))
    return state


def _back_to_back() -> PrimeTimeState:
    placements = [("goku", 0, (5, 5)), ("krillin", 0, (7, 5)), ("frieza", 1, (5, 6)), ("zarbon", 1, (8, 6))]
    return activated(board(placements, rosters=FF), "goku", 0)


def _dragon_radar() -> PrimeTimeState:
    state = board([("goku", 0, (15, 15)), ("frieza", 1, (25, 25))], rosters=FF)
    state.missions = ["dragon_radar", "hold_the_centre", "last_stand"]
    state.objectives = [(15, 15)]
    return activated(state, "goku", 0)


def _over_the_hand_limit() -> PrimeTimeState:
    state = board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    state.players[0].hand = ["ki_sense", "afterimage", "guard_up", "crushing_blow", "ki_surge"]
    state, _ = act(state, Pass(player=0))
    state, _ = act(state, Pass(player=1))
    while state.phase == "phase_start":
        state, _ = act(state, Timeout(player=state.prompts[0].who))
    assert state.phase == "discard"
    return state


def _side_prompt() -> PrimeTimeState:
    state, _ = until(full_game(), "first_player")
    state, _ = act(state, ChooseFirstPlayer(player=state.active_seat, choice="initiative"))
    assert state.prompts[0].kind == "side"
    return state


RARE = (_deflect_prompt, _intercept_prompt, _back_to_back, _dragon_radar, _over_the_hand_limit, _side_prompt)


@pytest.mark.parametrize("reach", RARE)
def test_the_rare_prompts_refuse_their_forged_fields(reach: Callable[[], PrimeTimeState]) -> None:
    seen: set[type] = set()
    messages: list[str] = []
    forge_everything(reach(), random.Random(1), seen, messages)
    assert messages
    assert_in_words(messages)


def test_a_card_that_names_no_enemy_refuses_a_target() -> None:
    """3.4 Battle Aura and 3.3 Namekian Resolve, and 2.9's single source of truth: a target the card
    does not name is refused, so it can neither record the card against an enemy (Battle Aura would
    never end) nor take away the Intercept the card grants."""
    placements = [("piccolo", 0, (5, 5)), ("krillin", 0, (8, 8)), ("goku", 0, (6, 5)), ("frieza", 1, (8, 16))]
    state = activated(board(placements, rosters=FF), "piccolo", 0)
    state.players[0].hand = ["battle_aura", "namekian_resolve"]
    refresh_prompts(state)
    for name in ("battle_aura", "namekian_resolve"):
        forged = PlayCard(player=0, card=name, unit="piccolo-0", target="frieza-1")
        assert forged not in RULES.legal_actions(state, 0)
        rejection = check_rejected(RULES, state, forged)
        assert rejection.message.endswith("does not name an enemy model.")
    after, _ = act(state, PlayCard(player=0, card="namekian_resolve", unit="piccolo-0"))
    assert after.players[0].persistent == [("namekian_resolve", "piccolo-0")]


def test_every_action_kind_is_forged() -> None:
    """The playouts below and the rare prompts above forge every kind of action there is."""
    seen: set[type] = set()
    messages: list[str] = []
    for seed, setup in ((3, "full"), (4, "full"), (5, "quick")):
        forge_along_a_playout(PrimeTimeOptions(rosters=FF, setup=setup), seed, seen, messages)
    for reach in RARE:
        forge_everything(reach(), random.Random(2), seen, messages)
    assert {kind.__name__ for kind in ALL_KINDS - seen} == set()
    assert_in_words(messages)
