"""Short words for Perfect Cell actions, for buttons, menus, hints and logs."""

from __future__ import annotations

from rules.cell.actions import (
    CancelSelection,
    CellAction,
    ChangeFace,
    Choose,
    Confirm,
    EndTurn,
    GiveTile,
    Roll,
    Spend,
    StartSelection,
)
from rules.cell.board import source_face
from rules.cell.content import FACE_NAMES, TOKEN_NAMES, Face, catalogue
from rules.cell.effects import passive_damage_bonus
from rules.cell.queries import fighter_ability
from rules.cell.state import CellState, Source
from rules.cell.threat_slots import is_complete


def source_label(state: CellState, source: Source) -> str:
    if source.token is not None:
        if source.token == "wild":
            return f"Wild token as {FACE_NAMES[source.face]}"  # type: ignore[index]
        return f"{TOKEN_NAMES[source.token]} token"
    die = state.dice[source.die]  # type: ignore[index]
    face = FACE_NAMES[die.face] if die.face else "unrolled die"
    owner = state.fighters[die.owner]
    return face if die.holder == die.owner else f"{face} ({owner.name}'s die)"


def _tile_name(tile: int) -> str:
    return catalogue().power_ups[tile].name


def _seat_name(state: CellState, seat: int | None) -> str:
    return state.fighters[seat].name if seat is not None else ""


def die_damage(state: CellState, seat: int, face: Face) -> int:
    """What one die or token of ``face`` spent on the Damage Track takes from Cell, the bonus for a
    completed row aside: its own damage, the passive Power Ups of ``seat`` and Trunks' first strike."""
    fighter = state.fighters[seat]
    first_strike = fighter_ability(state, seat) == "first_strike" and not fighter.struck_first
    base = 2 if face == "super_attack" else 1
    return base + passive_damage_bonus(fighter.power_ups, face) + (1 if first_strike else 0)


def threat_progress(state: CellState, tile: int, face: Face) -> str:
    """What one more die of ``face`` does to a threat in play: cancel it, or bring it one step closer
    (a threat that needs four dice is never canceled by one)."""
    threat = state.active_threat(tile)
    threat_tile = catalogue().threats[tile]
    faces = [placement.face for placement in threat.placed] if threat is not None else []
    if threat is None or is_complete(threat_tile.cost, [*faces, face]):
        return f"Cancel {threat_tile.name}"
    return f"{len(faces) + 1} of {len(threat_tile.cost)} toward {threat_tile.name}"


def describe(state: CellState, action: CellAction) -> str:
    """What the action does, in a few words, without naming the die (the menu already shows it)."""
    match action:
        case Roll():
            return "Roll dice"
        case EndTurn():
            return "End turn"
        case CancelSelection():
            return "Cancel"
        case Spend(use="heal", target=target):
            return f"Heal {_seat_name(state, target)} (+1 HP)"
        case Spend(use="damage", source=source, player=player):
            return f"Damage Cell ({die_damage(state, player, source_face(state, source))})"
        case Spend(use="cancel", target=target, source=source):
            return threat_progress(state, target, source_face(state, source))  # type: ignore[arg-type]
        case Spend(use="meter"):
            return "Fill the Dragon Ball Meter"
        case Spend(use="collect"):
            return "Collect a Dragon Ball token"
        case Spend(use="share", target=target):
            return f"Share with {_seat_name(state, target)}"
        case StartSelection(purpose="reroll"):
            return "Burn this die to reroll others"
        case StartSelection(purpose="retrieve"):
            return "Burn this die to retrieve dice"
        case StartSelection(purpose="free_reroll"):
            return "Free reroll (Gohan)"
        case StartSelection(purpose="buy", tile=tile):
            return f"Buy {_tile_name(tile)}"  # type: ignore[arg-type]
        case StartSelection(purpose="activate", tile=tile):
            return f"Use {_tile_name(tile)}"  # type: ignore[arg-type]
        case Choose(source=source):
            return source_label(state, source)
        case Confirm(give_to=give_to, discard=discard, target=target):
            parts = ["Confirm"]
            if give_to is not None:
                parts.append(f"give to {_seat_name(state, give_to)}")
            if target is not None:
                parts.append(f"heal {_seat_name(state, target)}")
            if discard is not None:
                parts.append(f"discard {_tile_name(discard)}")
            return ", ".join(parts)
        case ChangeFace(face=face):
            return f"Turn over to {FACE_NAMES[face]} (Piccolo)"
        case GiveTile(tile=tile, to=to, discard=discard):
            extra = f", they discard {_tile_name(discard)}" if discard is not None else ""
            return f"Give {_tile_name(tile)} to {_seat_name(state, to)}{extra}"
    raise ValueError(f"unknown action {action!r}")
