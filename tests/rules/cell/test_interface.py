"""The engine's interface decisions (CONTENT.md "Interface decisions") and its storage, plus a check
that every numbered decision in CONTENT.md is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.cell import RULES
from rules.cell.actions import CancelSelection, Choose, Confirm, EndTurn, Roll, Spend, StartSelection
from rules.cell.engine import twin_dice, with_die
from rules.core.errors import IllegalAction
from tests.rules.cell.helpers import (
    act,
    die_source,
    give_tokens,
    put_threats,
    rejected,
    set_faces,
    start,
    token_source,
)

CONTENT = Path(__file__).parents[3] / "rules" / "cell" / "CONTENT.md"
TESTS = Path(__file__).parent


def test_a_burn_happens_only_on_confirm():
    """CONTENT.md interface decisions: multi-die choices are a selection stored in the state; burning
    happens on confirm, and nothing else may happen while a selection is open."""
    state = start("goku")
    put_threats(state)
    burn, other = set_faces(state, "assist", "attack")
    choosing = act(state, StartSelection(player=0, purpose="reroll", burn=burn))
    assert choosing.selection is not None and choosing.selection.burn == burn
    assert choosing.dice[burn].zone == "mat"
    rejected(choosing, Spend(player=0, source=die_source(other), use="damage"), "finish_selection")
    rejected(choosing, EndTurn(player=0), "finish_selection")
    cancelled = act(choosing, CancelSelection(player=0))
    assert cancelled.dice[burn].zone == "mat" and cancelled.selection is None
    rejected(cancelled, Confirm(player=0), "no_selection")
    rejected(cancelled, Choose(player=0, source=die_source(other)), "no_selection")


def test_legal_actions_list_one_die_per_owner_and_face_and_apply_takes_any():
    """CONTENT.md interface decisions: legal_actions lists one die per owner and face where several are
    interchangeable; apply accepts any of them."""
    state = start("goku")
    put_threats(state)
    first, second, third = set_faces(state, "attack", "attack", "assist")
    damage = [
        action
        for action in RULES.legal_actions(state, 0)
        if isinstance(action, Spend) and action.use == "damage"
    ]
    assert damage == [Spend(player=0, source=die_source(first), use="damage")]
    assert twin_dice(state, first) == [first, second]
    twin = with_die(damage[0], second)
    assert act(state, twin).dice[second].zone == "track"
    assert with_die(EndTurn(player=0), second) == EndTurn(player=0)
    assert twin_dice(state, third) == [third]


def test_every_legal_action_is_accepted_and_nobody_else_may_act():
    """Guide point 4: legal_actions is the single source of truth — everything it lists applies, and a
    seat whose turn it isn't gets nothing."""
    state = start("goku", "gohan")
    give_tokens(state, 0, "wild")
    set_faces(state, "dragon_ball", "assist", "attack", "super_attack", "assist")
    legal = RULES.legal_actions(state, 0)
    assert RULES.legal_actions(state, 1) == []
    assert {type(action) for action in legal} >= {Spend, StartSelection, EndTurn}
    assert Spend(player=0, source=token_source("wild", "attack"), use="damage") in legal
    for action in legal:
        RULES.apply(state, action)


def test_actions_parse_from_their_stored_form():
    """Buttons carry actions as data: every legal action parses back to itself."""
    state = act(start("goku", "krillin"), Roll(player=0))
    for action in RULES.legal_actions(state, 0):
        assert RULES.parse_action(action.model_dump()) == action


def test_a_state_round_trips_through_json_with_its_schema_version():
    """Guide point 9: versioned, serializable state."""
    state = act(start("goku", "gohan", variant="challenge"), Roll(player=0))
    text = RULES.dump_state(state)
    assert f'"schema_version":{RULES.schema_version}' in text
    assert RULES.load_state(text) == state


def test_a_newer_schema_is_refused():
    """Guide point 9: the stored document carries a schema version the engine must know."""
    text = RULES.dump_state(start("goku")).replace(
        f'"schema_version":{RULES.schema_version}', f'"schema_version":{RULES.schema_version + 1}'
    )
    with pytest.raises(IllegalAction) as refusal:
        RULES.load_state(text)
    assert refusal.value.code == "unknown_schema"


def test_views_hide_the_stacks_the_pile_and_the_generator():
    """Guide points 2 and 7: the seed and the stacks' order never reach a view; CONTENT.md decision 19:
    removed threats are never shown."""
    state = start("goku", "gohan", variant="impossible")
    for viewer in (None, 0, 1):
        shown = RULES.view(state, viewer).model_dump()
        for hidden in ("rng", "threat_stack", "removed_threats", "power_stack", "token_pile"):
            assert hidden not in shown
        assert shown["threat_stack_size"] == len(state.threat_stack)
        assert shown["token_pile_size"] == 24


def test_tokens_are_spent_on_their_holders_turn_only():
    """CONTENT.md decision 13: tokens are spent on their holder's turn only."""
    state = start("goku", "gohan")
    give_tokens(state, 1, "attack")
    set_faces(state, "attack")
    rejected(state, Spend(player=1, source=token_source("attack"), use="damage"), "not_your_turn")


def test_every_numbered_decision_is_tested():
    """CONTENT.md: "Each decision ... is tested in tests/rules/cell/" — each number is cited by a test."""
    numbers = {
        int(number) for number in re.findall(r"^(\d+)\. \*\*", CONTENT.read_text(), flags=re.MULTILINE)
    }
    assert numbers == set(range(1, 25))
    cited: set[int] = set()
    for path in TESTS.glob("test_*.py"):
        for citation in re.findall(r"decisions? ((?:\d+(?:, | and )?)+)", path.read_text()):
            cited |= {int(number) for number in re.findall(r"\d+", citation)}
    assert numbers <= cited, f"decisions without a test: {sorted(numbers - cited)}"
