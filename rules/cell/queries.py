"""Questions several of Perfect Cell's rule checks ask of a state: a fighter's ability, what they
may spend right now, and whether a threat in play forbids something.

Each ``*_problem`` check returns the rejection it finds (or None), so ``legal_actions`` and ``apply``
share one judgement.
"""

from __future__ import annotations

from rules.cell import words
from rules.cell.content import FACES, Face, Restriction, catalogue
from rules.cell.state import CellState, Die, Source
from rules.core.errors import IllegalAction
from rules.core.text import Text


def restriction_active(state: CellState, restriction: Restriction) -> bool:
    threats = catalogue().threats
    return any(restriction in threats[threat.tile].restrictions for threat in state.active_threats)


def fighter_ability(state: CellState, seat: int) -> str:
    return catalogue().fighter(state.fighters[seat].fighter).ability


def purchase_cost(state: CellState, seat: int, tile: int) -> int:
    cost = catalogue().power_ups[tile].purchase_cost
    return max(1, cost - 1) if fighter_ability(state, seat) == "discount_and_gift" else cost


def rolled_dice(state: CellState, seat: int) -> list[Die]:
    return [die for die in state.dice if die.zone == "mat" and die.holder == seat and die.face is not None]


def placed_dice(state: CellState) -> list[Die]:
    return [die for die in state.dice if die.zone in ("threat", "meter")]


def spendable_sources(
    state: CellState, seat: int, one_per_kind: bool = False, excluded: frozenset[int] = frozenset()
) -> list[Source]:
    """Every die and token the fighter could spend right now, a Wild token once per face; with
    ``one_per_kind``, one die per owner and face, since such dice are interchangeable."""
    dice = [die for die in rolled_dice(state, seat) if die.id not in excluded]
    sources = [Source(die=die.id) for die in (one_per_face(dice) if one_per_kind else dice)]
    fighter = state.fighters[seat]
    if not fighter.knocked_out:
        for kind in dict.fromkeys(fighter.tokens):
            faces: tuple[Face, ...] = FACES if kind == "wild" else (kind,)
            sources.extend(Source(token=kind, face=face) for face in faces)
    return sources


def one_per_face(dice: list[Die]) -> list[Die]:
    """Dice of one owner showing one face are interchangeable: list one of each kind."""
    seen: dict[tuple[int, str | None], Die] = {}
    for die in dice:
        seen.setdefault((die.owner, die.face), die)
    return list(seen.values())


def heal_problem(state: CellState, target: int) -> IllegalAction | None:
    """Whether a die, a token or a tile can heal ``target``: a KO'd fighter is revived only by the
    wish of a full Dragon Ball Meter."""
    patient = state.fighters[target]
    if patient.knocked_out:
        return IllegalAction(
            "heal_ko",
            Text(
                "{fighter} is KO'd: only a full Dragon Ball Meter revives them.",
                fighter=words.fighter(state, target),
            ),
        )
    if patient.hp >= patient.max_hp:
        return IllegalAction(
            "heal_full", Text("{fighter} is already at full health.", fighter=words.fighter(state, target))
        )
    return None


def source_problem(
    state: CellState, seat: int, source: Source, already: list[Source] = ()
) -> IllegalAction | None:  # type: ignore[assignment]
    if source.die is not None:
        if not 0 <= source.die < len(state.dice):
            return IllegalAction("no_such_die", Text("There is no such die."))
        die = state.dice[source.die]
        if die.zone != "mat" or die.holder != seat:
            return IllegalAction("die_not_yours", Text("That die is not on your mat."))
        if die.face is None:
            return IllegalAction(
                "die_not_rolled",
                Text("That die came back this turn and is rolled at the start of your next turn."),
            )
        if source in already:
            return IllegalAction("die_already_chosen", Text("You already chose that die."))
        return None
    fighter = state.fighters[seat]
    if fighter.knocked_out:
        return IllegalAction("ko_no_tokens", Text("A KO'd fighter can't use Dragon Ball tokens."))
    held = fighter.tokens.count(source.token)  # type: ignore[arg-type]
    committed = sum(1 for other in already if other.token == source.token)
    if held <= committed:
        return IllegalAction("no_such_token", Text("You don't have that Dragon Ball token."))
    return None
