"""Every row of the resolution table in ``rules/over9000/CONTENT.md``, played as a real duel.

Seed: "The defending player then chooses one of their own slots to reveal a token, attempting to
block the attack with a matching defense icon or the same attack icon. If the defender reveals a
power-up token, the attack is successful unless the attacker also revealed a power-up token."
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.over9000.content import ATTACKS, TOKEN_KINDS, TOKEN_NAMES, AttackKind, TokenKind
from rules.over9000.resolution import DuelModifiers, resolve
from tests.rules.over9000.helpers import duel, two_player_duel

CONTENT = Path(__file__).parents[3] / "rules" / "over9000" / "CONTENT.md"
KIND_BY_NAME = {name: kind for kind, name in TOKEN_NAMES.items()}
RESULTS = {"Blocked": "blocked", "Blocked (bluff caught)": "blocked", "Hit": "hit", "No attack": "no_attack"}
ROW = re.compile(
    r"^\| (\d+) \| ([^|]+) \| (honest|bluff|feint) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$"
)


def _amount(text: str) -> int:
    return int(text.replace(",", "").replace("+", ""))


def _table() -> list[tuple[TokenKind, str, TokenKind, str, int, int]]:
    rows = []
    for line in CONTENT.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line.strip())
        if match:
            _, pushed, declaration, revealed, result, attacker, defender = (
                part.strip() for part in match.groups()
            )
            rows.append(
                (
                    KIND_BY_NAME[pushed],
                    declaration,
                    KIND_BY_NAME[revealed],
                    result,
                    _amount(attacker),
                    _amount(defender),
                )
            )
    return rows


TABLE = _table()


def _declarations(pushed: TokenKind, declaration: str) -> list[AttackKind]:
    if declaration == "honest":
        return [pushed]  # type: ignore[list-item]
    return [attack for attack in ATTACKS if attack != pushed]


def test_the_table_covers_every_pair_once_per_declaration() -> None:
    seen = [(pushed, declaration, revealed) for pushed, declaration, revealed, *_ in TABLE]
    expected = [
        (pushed, declaration, revealed)
        for pushed in TOKEN_KINDS
        for declaration in (("honest", "bluff") if pushed in ATTACKS else ("feint",))
        for revealed in TOKEN_KINDS
    ]
    assert sorted(seen) == sorted(expected)
    assert len(TABLE) == 88


@pytest.mark.parametrize(("pushed", "declaration", "revealed", "result", "attacker", "defender"), TABLE)
def test_row_resolves_as_documented(
    pushed: TokenKind, declaration: str, revealed: TokenKind, result: str, attacker: int, defender: int
) -> None:
    for declared in _declarations(pushed, declaration):
        resolution = resolve(pushed, declared, revealed, DuelModifiers(), 1000)
        assert (resolution.result, resolution.attacker_change, resolution.defender_change) == (
            RESULTS[result],
            attacker,
            defender,
        )
        assert resolution.bluff == (declaration != "honest")


@pytest.mark.parametrize(("pushed", "declaration", "revealed", "result", "attacker", "defender"), TABLE)
def test_row_played_as_a_duel(
    pushed: TokenKind, declaration: str, revealed: TokenKind, result: str, attacker: int, defender: int
) -> None:
    for declared in _declarations(pushed, declaration):
        before = two_player_duel(pushed, revealed)
        after = duel(before, declared)
        assert after.players[0].power_level - before.players[0].power_level == attacker
        assert after.players[1].power_level - before.players[1].power_level == defender
        resolved = next(event for event in after.recent_events if event.kind == "duel_resolved")
        assert resolved.data["result"] == RESULTS[result]
        assert resolved.visible_to is None
        faces = [face_up.token.kind for face_up in after.players[0].face_up + after.players[1].face_up]
        assert faces == [pushed, revealed]
