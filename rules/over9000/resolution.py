"""How one duel ends: the token pushed forward, the declaration and the token revealed decide it.

This is the resolution table of ``CONTENT.md`` as a pure function; special powers change it only
through ``DuelModifiers``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.over9000.content import DEFENSE_FOR, DEFENSES, AttackKind, TokenKind, is_attack

DuelResult = Literal["blocked", "hit", "no_attack"]


@dataclass
class DuelModifiers:
    """What the special powers used in this duel change; amounts are power levels."""

    unblockable: bool = False
    any_defense_blocks: bool = False
    safe_attack: bool = False
    success_bonus: int = 0
    drain_on_success: int = 0
    block_bonus: int = 0


@dataclass(frozen=True)
class Resolution:
    result: DuelResult
    attacker_change: int
    defender_change: int
    bluff: bool
    """The pushed token is not the attack declared (always so for a token that is no attack)."""


def blocks(attack: TokenKind, revealed: TokenKind, modifiers: DuelModifiers) -> bool:
    """A matching defense icon or the same attack icon stops an attack."""
    if modifiers.unblockable:
        return False
    if revealed == attack or revealed == DEFENSE_FOR[attack]:
        return True
    return modifiers.any_defense_blocks and revealed in DEFENSES


def resolve(
    pushed: TokenKind, declared: AttackKind, revealed: TokenKind, modifiers: DuelModifiers, step: int
) -> Resolution:
    """``step`` is one power level step (1,000). Every block costs the attacker exactly one step,
    bluff or not (the summary: the defender "gain[s] one power level, and the attacker loses one");
    a power-up gains one step when the other side's token is no attack."""
    bluff = pushed != declared
    if is_attack(pushed):
        if blocks(pushed, revealed, modifiers):
            loss = 0 if modifiers.safe_attack else step
            return Resolution("blocked", -loss, step + modifiers.block_bonus, bluff)
        return Resolution("hit", step + modifiers.success_bonus, -modifiers.drain_on_success, bluff)
    attacker_change = step if pushed == "power_up" and not is_attack(revealed) else 0
    defender_change = step if revealed == "power_up" else 0
    return Resolution("no_attack", attacker_change, defender_change, bluff)
