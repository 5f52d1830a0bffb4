"""The words for actions say no more than the actions do: one die on a threat that needs several
brings it one step closer, and names the cancel only when it completes it; damage counts what the
die really takes from Cell."""

from __future__ import annotations

from rules.cell.actions import Spend
from rules.cell.describe import describe
from tests.rules.cell.helpers import (
    act,
    die_source,
    equip,
    power_up_where,
    put_threats,
    set_faces,
    start,
    threat_where,
)


def test_one_die_on_a_threat_that_needs_more_reads_as_progress_not_a_cancel() -> None:
    tile = threat_where("four dice of any face", lambda tile: tile.cost.count("any") == len(tile.cost) >= 3)
    state = start("goku")
    put_threats(state, tile.id)
    dice = set_faces(state, *["attack"] * len(tile.cost))
    needed = len(tile.cost)
    for placed, die in enumerate(dice):
        spend = Spend(player=0, source=die_source(die), use="cancel", target=tile.id)
        expected = (
            f"Cancel {tile.name}" if placed + 1 == needed else f"{placed + 1} of {needed} toward {tile.name}"
        )
        assert str(describe(state, spend)) == expected
        state = act(state, spend)


def test_damage_counts_the_power_ups_that_add_to_it() -> None:
    tile = power_up_where(
        "a passive bonus to Attacks",
        lambda tile: any(step.op == "die_damage" and step.face == "attack" for step in tile.passive),
    )
    bonus = sum(step.amount for step in tile.passive if step.face == "attack")
    state = start("goku")
    equip(state, 0, tile.id)
    (die,) = set_faces(state, "attack")
    assert (
        str(describe(state, Spend(player=0, source=die_source(die), use="damage")))
        == f"Damage Cell ({1 + bonus})"
    )


def test_trunks_first_strike_is_counted_once() -> None:
    state = start("trunks")
    first, second = set_faces(state, "attack", "attack")
    assert str(describe(state, Spend(player=0, source=die_source(first), use="damage"))) == "Damage Cell (2)"
    state = act(state, Spend(player=0, source=die_source(first), use="damage"))
    assert str(describe(state, Spend(player=0, source=die_source(second), use="damage"))) == "Damage Cell (1)"
