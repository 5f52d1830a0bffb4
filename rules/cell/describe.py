"""Short words for Perfect Cell actions, for buttons, menus, hints and logs: each a ``Text`` (see
``rules.core.text``) that the bot says in the reader's language; ``str()`` of one is the English."""

from __future__ import annotations

from rules.cell import words
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
from rules.cell.content import Face, catalogue
from rules.cell.effects import passive_damage_bonus
from rules.cell.queries import fighter_ability
from rules.cell.state import CellState, Source
from rules.cell.threat_slots import is_complete
from rules.core.text import Param, Text


def source_label(state: CellState, source: Source) -> Text:
    if source.token is not None:
        if source.token == "wild":
            return Text("Wild token as {face}", face=words.face(source.face))  # type: ignore[arg-type]
        return words.TOKEN[source.token]
    die = state.dice[source.die]  # type: ignore[index]
    face = words.face(die.face) if die.face else Text("unrolled die")
    if die.holder == die.owner:
        return face
    return Text("{face} ({fighter}'s die)", face=face, fighter=words.fighter(state, die.owner))


def _seat_name(state: CellState, seat: int | None) -> Param:
    return words.fighter(state, seat) if seat is not None else ""


def die_damage(state: CellState, seat: int, face: Face) -> int:
    """What one die or token of ``face`` spent on the Damage Track takes from Cell, the bonus for a
    completed row aside: its own damage, the passive Power Ups of ``seat`` and Trunks' first strike."""
    fighter = state.fighters[seat]
    first_strike = fighter_ability(state, seat) == "first_strike" and not fighter.struck_first
    base = 2 if face == "super_attack" else 1
    return base + passive_damage_bonus(fighter.power_ups, face) + (1 if first_strike else 0)


def threat_progress(state: CellState, tile: int, face: Face) -> Text:
    """What one more die of ``face`` does to a threat in play: cancel it, or bring it one step closer
    (a threat that needs four dice is never canceled by one)."""
    threat = state.active_threat(tile)
    threat_tile = catalogue().threats[tile]
    faces = [placement.face for placement in threat.placed] if threat is not None else []
    name = words.threat(tile)
    if threat is None or is_complete(threat_tile.cost, [*faces, face]):
        return Text("Cancel {threat}", threat=name)
    return Text(
        "{placed} of {cost} toward {threat}", placed=len(faces) + 1, cost=len(threat_tile.cost), threat=name
    )


def _confirm(state: CellState, give_to: int | None, target: int | None, discard: int | None) -> Text:
    if give_to is not None and discard is not None:
        return Text(
            "Confirm, give to {fighter}, discard {power_up}",
            fighter=_seat_name(state, give_to),
            power_up=words.power_up(discard),
        )
    if give_to is not None:
        return Text("Confirm, give to {fighter}", fighter=_seat_name(state, give_to))
    if target is not None:
        return Text("Confirm, heal {fighter}", fighter=_seat_name(state, target))
    if discard is not None:
        return Text("Confirm, discard {power_up}", power_up=words.power_up(discard))
    return Text("Confirm")


def describe(state: CellState, action: CellAction) -> Text:
    """What the action does, in a few words, without naming the die (the menu already shows it)."""
    match action:
        case Roll():
            return Text("Roll dice")
        case EndTurn():
            return Text("End turn")
        case CancelSelection():
            return Text("Cancel")
        case Spend(use="heal", target=target):
            return Text("Heal {fighter} (+1 HP)", fighter=_seat_name(state, target))
        case Spend(use="damage", source=source, player=player):
            return Text(
                "Damage Cell ({damage})", damage=die_damage(state, player, source_face(state, source))
            )
        case Spend(use="cancel", target=target, source=source):
            return threat_progress(state, target, source_face(state, source))  # type: ignore[arg-type]
        case Spend(use="meter"):
            return Text("Fill the Dragon Ball Meter")
        case Spend(use="collect"):
            return Text("Collect a Dragon Ball token")
        case Spend(use="share", target=target):
            return Text("Share with {fighter}", fighter=_seat_name(state, target))
        case StartSelection(purpose="reroll"):
            return Text("Burn this die to reroll others")
        case StartSelection(purpose="retrieve"):
            return Text("Burn this die to retrieve dice")
        case StartSelection(purpose="free_reroll"):
            return Text("Free reroll (Gohan)")
        case StartSelection(purpose="buy", tile=tile):
            return Text("Buy {power_up}", power_up=words.power_up(tile))  # type: ignore[arg-type]
        case StartSelection(purpose="activate", tile=tile):
            return Text("Use {power_up}", power_up=words.power_up(tile))  # type: ignore[arg-type]
        case Choose(source=source):
            return source_label(state, source)
        case Confirm(give_to=give_to, discard=discard, target=target):
            return _confirm(state, give_to, target, discard)
        case ChangeFace(face=face):
            return Text("Turn over to {face} (Piccolo)", face=words.face(face))
        case GiveTile(tile=tile, to=to, discard=discard):
            if discard is not None:
                return Text(
                    "Give {power_up} to {fighter}, they discard {discarded}",
                    power_up=words.power_up(tile),
                    fighter=_seat_name(state, to),
                    discarded=words.power_up(discard),
                )
            return Text(
                "Give {power_up} to {fighter}", power_up=words.power_up(tile), fighter=_seat_name(state, to)
            )
    raise ValueError(f"unknown action {action!r}")
