"""The actions worth checking in a Perfect Cell state: ``legal_actions`` keeps those that pass the
same checks ``apply`` makes."""

from __future__ import annotations

from collections.abc import Iterator

from rules.cell import board
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
from rules.cell.content import catalogue
from rules.cell.queries import fighter_ability, one_per_face, placed_dice, rolled_dice, spendable_sources
from rules.cell.state import CellState, Selection, Source


def candidates(state: CellState, seat: int) -> Iterator[CellAction]:
    """Every action worth checking. Actions that the fighter's ability or the die's face rule out
    at once are not listed: enumeration runs on every step of every playout."""
    if not state.rolled:
        yield Roll(player=seat)
        return
    selection = state.selection
    if selection is not None:
        yield from _selection_candidates(state, seat, selection)
        return
    seats = range(state.players)
    ability = fighter_ability(state, seat)
    others = [target for target in seats if target != seat]
    for source in spendable_sources(state, seat, one_per_kind=True):
        face = board.source_face(state, source)
        if face in ("dragon_ball", "assist"):
            for target in seats:
                yield Spend(player=seat, source=source, use="heal", target=target)
        if source.die is not None and (face == "assist" or ability == "share_any"):
            for target in others:
                yield Spend(player=seat, source=source, use="share", target=target)
        for threat in state.active_threats:
            yield Spend(player=seat, source=source, use="cancel", target=threat.tile)
        uses = (
            ("damage",)
            if face in ("attack", "super_attack")
            else ("meter", "collect")
            if face == "dragon_ball"
            else ()
        )
        for use in uses:
            yield Spend(player=seat, source=source, use=use)  # type: ignore[arg-type]
    rolled = rolled_dice(state, seat)
    for die in one_per_face(rolled):
        yield StartSelection(player=seat, purpose="reroll", burn=die.id)
        yield StartSelection(player=seat, purpose="retrieve", burn=die.id)
        if ability == "change_face" and die.face is not None:
            yield ChangeFace(player=seat, die=die.id, face=catalogue().board.opposite_face(die.face))
    if ability == "free_reroll":
        yield StartSelection(player=seat, purpose="free_reroll")
    for tile in state.power_supply:
        yield StartSelection(player=seat, purpose="buy", tile=tile)
    for tile in state.fighters[seat].power_ups:
        yield StartSelection(player=seat, purpose="activate", tile=tile)
        if ability == "discount_and_gift":
            for to in others:
                for discard in [None, *state.fighters[to].power_ups]:
                    yield GiveTile(player=seat, tile=tile, to=to, discard=discard)
    yield EndTurn(player=seat)


def _selection_candidates(state: CellState, seat: int, selection: Selection) -> Iterator[CellAction]:
    if selection.purpose == "retrieve":
        for die in placed_dice(state):
            yield Choose(player=seat, source=Source(die=die.id))
    else:
        taken = frozenset(source.die for source in selection.chosen if source.die is not None)
        excluded = taken | {selection.burn} if selection.burn is not None else taken
        for source in spendable_sources(state, seat, one_per_kind=True, excluded=excluded):
            yield Choose(player=seat, source=source)
    yield CancelSelection(player=seat)
    if selection.purpose == "buy":
        gifts = (
            [None, *range(state.players)] if fighter_ability(state, seat) == "discount_and_gift" else [None]
        )
        for give_to in gifts:
            receiver = seat if give_to is None else give_to
            for discard in [None, *state.fighters[receiver].power_ups]:
                yield Confirm(player=seat, give_to=give_to, discard=discard)
    elif selection.purpose == "activate":
        for target in [None, *range(state.players)]:
            yield Confirm(player=seat, target=target)
    else:
        yield Confirm(player=seat)
