"""Blocks, bluffs and feints: what the summary (``shared/seeds/002_c207ad2a5475875f.txt``) states,
and the price of a caught bluff that ``rules/over9000/CONTENT.md`` designs (decision 7)."""

from __future__ import annotations

import pytest

from rules.core.events import Event
from rules.over9000.actions import Attack, Reveal, UsePower
from rules.over9000.content import ATTACKS, AttackKind, TokenKind, catalogue
from rules.over9000.engine import apply
from rules.over9000.state import Over9000State
from rules.over9000.view import view
from tests.rules.over9000.helpers import arrange, duel, start, two_player_duel

EXPOSED_ATTACKS = catalogue().settings.exposed_attacks


def _levels(state: Over9000State) -> list[int]:
    return [player.power_level for player in state.players]


@pytest.mark.parametrize("declared", ATTACKS)
@pytest.mark.parametrize("revealed", ["kick", "kick_defense"])
def test_every_block_costs_the_attacker_exactly_one_step(declared: AttackKind, revealed: TokenKind) -> None:
    """Summary: "If the defending player successfully blocks an attack by revealing a matching
    defense icon or the same attack icon, they gain one power level, and the attacker loses one."
    A misdeclared (bluffed) kick that is blocked costs what an honest one does."""
    state = duel(two_player_duel("kick", revealed), declared)
    assert _levels(state) == [3000, 6000]


def test_a_pushed_token_that_is_no_attack_never_hits() -> None:
    """Decision 8 interprets "If the defender reveals a power-up token, the attack is successful
    unless the attacker also revealed a power-up token": only a pushed attack token can be
    successful, so a defense pushed at a Power-Up is no hit, and that Power-Up faced no attack token
    ("the player automatically gains one power level")."""
    for pushed in ("kick_defense", "dragon_ball"):
        state = duel(two_player_duel(pushed, "power_up"), "kick")  # type: ignore[arg-type]
        assert _levels(state) == [4000, 6000]
        resolved = next(event for event in state.recent_events if event.kind == "duel_resolved")
        assert resolved.data["result"] == "no_attack"


def _three_players_bluff_caught() -> Over9000State:
    """Seat 0 (lowest) bluffs a Kick declared as a Punch at seat 1, who blocks it with a Kick
    Defense; seats 0, 1 and 2 then take turns in that order."""
    state = start(["goku", "vegeta", "cell"], levels=(4000, 5000, 6000))
    state = arrange(state, 0, "power_up", [["punch", "kick"], ["blast"], ["punch"], ["kick"]])
    state = arrange(state, 1, "power_up", [["punch", "kick_defense"], ["kick"], ["punch"], ["blast"]])
    state = arrange(state, 2, "power_up", [["punch", "blast"], ["kick"], ["punch"], ["blast"]])
    return duel(state, "punch")


def _first_filled(state: Over9000State, seat: int) -> int:
    return next(index for index, stack in enumerate(state.players[seat].slots) if stack)


def _take_turn(state: Over9000State) -> tuple[Over9000State, list[Event]]:
    """The active player attacks the next opponent from their first filled slot, declaring a Kick;
    the defender reveals their first filled slot."""
    assert state.turn is not None
    seat = state.turn.seat
    target = next(
        other.seat
        for other in sorted(state.players, key=lambda player: (player.seat - seat) % state.player_count)
        if other.seat != seat and other.face_down_count
    )
    state, declared = apply(
        state, Attack(player=seat, slot=_first_filled(state, seat), target=target, declared="kick")
    )
    state, revealed = apply(state, Reveal(player=target, slot=_first_filled(state, target)))
    return state, [*declared, *revealed]


def test_a_caught_bluff_shows_the_bluffers_next_attacks_to_their_defenders() -> None:
    """Decision 7: a blocked bluff costs one step like any block, and the bluffer's next attacks are
    shown to their defender before the reveal; nobody else sees them."""
    state = _three_players_bluff_caught()
    assert _levels(state)[:2] == [3000, 6000]
    assert state.players[0].exposed_attacks == EXPOSED_ATTACKS
    assert view(state, None).players[0].exposed_attacks == EXPOSED_ATTACKS
    exposed = [event for event in state.recent_events if event.kind == "bluff_exposed"]
    assert [(event.actor, event.visible_to) for event in exposed] == [(0, None)]
    for attacker, target in ((1, 2), (2, 0)):
        state = duel(state, "kick", attacker=attacker, defender=target)
    state, events = apply(state, Attack(player=0, slot=1, target=2, declared="kick"))
    seen = [event for event in events if event.kind == "attack_seen"]
    assert [(event.visible_to, event.data["kind"]) for event in seen] == [([2], "blast")]
    assert all("High Blast" not in str(event.text) for event in events if event.visible_to is None)
    assert state.players[0].exposed_attacks == EXPOSED_ATTACKS - 1
    assert view(state, 1).duel is not None and view(state, 1).duel.exposed


def test_an_honest_player_attacks_unseen() -> None:
    state = _three_players_bluff_caught()
    state, events = apply(state, Attack(player=1, slot=1, target=2, declared="kick"))
    assert state.players[1].exposed_attacks == 0
    assert [event.kind for event in events] == ["attack_declared"]


def test_the_price_of_a_caught_bluff_is_a_number_of_attacks_even_across_rounds() -> None:
    state = _three_players_bluff_caught()
    shown: list[int] = []
    while len(shown) < EXPOSED_ATTACKS + 1:
        attacker = state.turn.seat if state.turn is not None else None
        state, events = _take_turn(state)
        if attacker == 0:
            shown.append(sum(1 for event in events if event.kind == "attack_seen"))
        if state.phase == "placement":
            for seat in range(3):
                state = arrange(state, seat, "power_up", [["punch", "blast"], ["kick"], ["punch"], ["blast"]])
    assert shown == [1] * EXPOSED_ATTACKS + [0]
    assert state.round > 1


def test_saiyan_armor_also_keeps_a_caught_bluff_unseen() -> None:
    """Nappa's armor: "If this turn's attack is blocked, you lose nothing" — neither power level nor
    the secrecy of the next attacks."""
    state = two_player_duel("kick", "kick_defense", ("nappa", "goku"), attacker_reserve="dragon_ball")
    state, _ = apply(state, UsePower(player=0))
    state = duel(state, "punch")
    assert _levels(state) == [4000, 6000]
    assert state.players[0].exposed_attacks == 0
