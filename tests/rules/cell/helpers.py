"""Builders shared by the Perfect Cell tests: start a real game, then arrange the exact situation a
rule needs by editing the state directly (faces on dice, threats in play, tokens in hand).

Arranging helpers edit the state they are given in place; tests own every state they build.
Tile data is always looked up in the catalogue, so balance changes to the JSON files don't break
the tests.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.cell import RULES
from rules.cell.actions import CellAction, Choose, Confirm, EndTurn, Roll, StartSelection
from rules.cell.content import Face, PowerUpTile, ThreatTile, TokenKind, catalogue
from rules.cell.engine import SUPPLY_SIZE, CellOptions
from rules.cell.state import ActiveThreat, CellState, Die, Placement, Source, Variant
from rules.core.errors import IllegalAction
from rules.core.events import Event


def start(*fighters: str, variant: Variant = "normal", seed: int = 1) -> CellState:
    """A new game: round 1's threats are revealed and the first seat is about to roll."""
    return RULES.new_game(CellOptions(fighters=list(fighters), variant=variant), seed=seed)


def act(state: CellState, *actions: CellAction) -> CellState:
    for action in actions:
        state, _ = RULES.apply(state, action)
    return state


def act_with_events(state: CellState, action: CellAction) -> tuple[CellState, list[Event]]:
    return RULES.apply(state, action)


def rejected(state: CellState, action: CellAction, code: str) -> IllegalAction:
    """Asserts the action is refused with ``code`` and a sentence, leaving the state untouched."""
    before = state.model_dump()
    assert not RULES.legal_actions(state, action.player).count(action)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, action)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message.strip()
    assert caught.value.message[0].isupper()
    assert state.model_dump() == before
    return caught.value


def legal(state: CellState, action: CellAction) -> bool:
    return action in RULES.legal_actions(state, action.player)


# Dice.


def mat(state: CellState, seat: int) -> list[Die]:
    return [die for die in state.dice if die.zone == "mat" and die.holder == seat]


def own_dice(state: CellState, seat: int) -> list[Die]:
    return [die for die in state.dice if die.owner == seat]


def set_faces(state: CellState, *faces: Face) -> list[int]:
    """Marks the active fighter as rolled with these faces on the first dice of their mat; any
    further dice on the mat count as unrolled (unusable this turn). Returns the ids of the faced dice."""
    dice = mat(state, state.active_seat)
    assert len(faces) <= len(dice), "more faces than dice on the mat"
    state.rolled = True
    for die in dice:
        die.face = None
    for die, face in zip(dice, faces, strict=False):
        die.face = face
    return [die.id for die in dice[: len(faces)]]


def die_showing(state: CellState, seat: int, face: Face, skip: int = 0) -> int:
    matching = [die.id for die in mat(state, seat) if die.face == face]
    return matching[skip]


def die_source(die: int) -> Source:
    return Source(die=die)


def token_source(kind: TokenKind, face: Face | None = None) -> Source:
    return Source(token=kind, face=face or kind)  # type: ignore[arg-type]


# Fighters, tokens and tiles.


def set_hp(state: CellState, seat: int, hp: int) -> None:
    state.fighters[seat].hp = hp


def give_tokens(state: CellState, seat: int, *kinds: TokenKind) -> None:
    """Moves tokens from the pile to the fighter, keeping all 24 accounted for."""
    for kind in kinds:
        state.token_pile.remove(kind)
        state.fighters[seat].tokens.append(kind)


def threat_where(description: str, predicate: Callable[[ThreatTile], bool]) -> ThreatTile:
    for tile in catalogue().threats:
        if predicate(tile):
            return tile
    raise LookupError(f"no threat tile is {description}")


def threats_where(predicate: Callable[[ThreatTile], bool]) -> list[ThreatTile]:
    return [tile for tile in catalogue().threats if predicate(tile)]


def power_up_where(description: str, predicate: Callable[[PowerUpTile], bool]) -> PowerUpTile:
    for tile in catalogue().power_ups:
        if predicate(tile):
            return tile
    raise LookupError(f"no power up tile is {description}")


def power_up_named(name: str) -> PowerUpTile:
    return catalogue().power_up_named(name)


def ops(tile: ThreatTile | PowerUpTile) -> set[str]:
    return {step.op for step in tile.effects}


def amount(tile: ThreatTile | PowerUpTile, op: str) -> int:
    return sum(step.amount for step in tile.effects if step.op == op)


def only_fixed_faces(tile: ThreatTile) -> bool:
    return all(slot not in ("any", "same", "different") for slot in tile.cost)


def harmless(tile: ThreatTile) -> bool:
    """A threat without restrictions whose effects only heal Cell or hurt fighters."""
    return not tile.restrictions and ops(tile) <= {"damage_all", "heal_cell"}


def put_threats(state: CellState, *tiles: int) -> None:
    """Makes exactly these tiles the active threats, in this reveal order; tiles taken out of play
    go to the bottom of the threat stack so no tile is lost or duplicated."""
    for threat in state.active_threats:
        assert not threat.placed, "arrange threats before placing dice on them"
    displaced = [threat.tile for threat in state.active_threats if threat.tile not in tiles]
    for tile in tiles:
        for pile in (state.threat_stack, state.removed_threats, state.discarded_threats):
            if tile in pile:
                pile.remove(tile)
    state.threat_stack[:0] = displaced
    state.active_threats = [ActiveThreat(tile=tile) for tile in tiles]


def equip(state: CellState, seat: int, *tiles: int) -> None:
    """Gives the fighter exactly these Power Ups, taken from wherever they were."""
    for tile in tiles:
        for pile in (state.power_stack, state.power_supply, state.power_discard):
            if tile in pile:
                pile.remove(tile)
        for fighter in state.fighters:
            if tile in fighter.power_ups:
                fighter.power_ups.remove(tile)
    state.power_discard.extend(state.fighters[seat].power_ups)
    state.fighters[seat].power_ups = list(tiles)


def put_in_supply(state: CellState, *tiles: int) -> None:
    """Puts these tiles first in the Power Supply; tiles pushed out go under the Power Up stack."""
    for tile in tiles:
        for pile in (state.power_stack, state.power_supply, state.power_discard):
            if tile in pile:
                pile.remove(tile)
        for fighter in state.fighters:
            if tile in fighter.power_ups:
                fighter.power_ups.remove(tile)
    supply = [*tiles, *state.power_supply]
    state.power_supply = supply[:SUPPLY_SIZE]
    state.power_stack[:0] = supply[SUPPLY_SIZE:]


def fill_meter(state: CellState, seat: int, count: int) -> None:
    """Moves ``count`` of the dice on the fighter's mat onto the meter."""
    dice = mat(state, seat)[:count]
    assert len(dice) == count, "not enough dice on that mat"
    for die in dice:
        state.dragon_ball_meter.append(Placement(face="dragon_ball", die=die.id, placed_by=seat))
        die.zone, die.holder, die.face = "meter", None, None


def fill_track(state: CellState, count: int) -> None:
    """Covers the first ``count`` slots of the Damage Track with tokens from the pile (Wilds as
    Attacks); a track longer than the box's 24 tokens gets Attack tokens beyond them, which only the
    track's own tests use."""
    for _ in range(count):
        token: TokenKind = state.token_pile.pop() if state.token_pile else "attack"
        face: Face = "attack" if token == "wild" else token
        state.damage_track.append(Placement(face=face, token=token, placed_by=0))


# Whole flows.


def end_turns(state: CellState, count: int) -> CellState:
    """Rolls (if needed) and ends ``count`` turns in a row."""
    for _ in range(count):
        seat = state.active_seat
        if not state.rolled:
            state = act(state, Roll(player=seat))
        state = act(state, EndTurn(player=seat))
    return state


def pay(
    state: CellState, seat: int, purpose: str, tile: int, sources: list[Source], **confirm: int | None
) -> CellState:
    """Starts a buy or an activation, chooses each source and confirms it."""
    state = act(state, StartSelection(player=seat, purpose=purpose, tile=tile))  # type: ignore[arg-type]
    for source in sources:
        state = act(state, Choose(player=seat, source=source))
    return act(state, Confirm(player=seat, **confirm))  # type: ignore[arg-type]


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]
