"""Primitive changes to a Perfect Cell state, shared by the rule modules and the effect steps.

Each primitive mutates the reducer's working copy and appends the events it causes.
"""

from __future__ import annotations

from functools import cache

from rules.cell import words
from rules.cell.content import FACE_NAMES, Face, catalogue
from rules.cell.state import CellState, Die, Placement, Source
from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT, Outcome
from rules.core.text import Param, Plural, Text


def say(
    state: CellState,
    events: list[Event],
    kind: str,
    text: Text | Plural,
    actor: int | None = None,
    **data: object,
) -> None:
    events.append(Event(kind=kind, text=text, actor=actor, data=dict(data)))


def remember(state: CellState, events: list[Event]) -> None:
    """Keeps the latest events on the state, for the board's log."""
    state.recent_events = [*state.recent_events, *events][-RECENT_EVENT_LIMIT:]


def fighter_name(state: CellState, seat: int) -> str:
    return state.fighters[seat].name


# Cell's health and the game's end.


def damage_cell(state: CellState, events: list[Event], amount: int, actor: int | None, why: Param) -> None:
    if state.outcome is not None:
        return
    state.cell_hp = max(0, state.cell_hp - amount)
    who = words.fighter(state, actor) if actor is not None else Text("The Z-Fighters")
    say(
        state,
        events,
        "cell_damaged",
        Text("{who}: {why} → {amount} damage (Cell {hp})", who=who, why=why, amount=amount, hp=state.cell_hp),
        actor,
        amount=amount,
    )
    if state.cell_hp == 0:
        state.outcome = Outcome(result="win", reason="cell_defeated")
        say(state, events, "game_won", Text("Cell has been defeated! The world is saved."))


def heal_cell(state: CellState, events: list[Event], amount: int, why: Param) -> None:
    before = state.cell_hp
    state.cell_hp = min(state.cell_max_hp, state.cell_hp + amount)
    gained = state.cell_hp - before
    say(
        state,
        events,
        "cell_healed",
        Text("{why}: Cell regains {gained} health (Cell {hp})", why=why, gained=gained, hp=state.cell_hp),
        amount=gained,
    )


def damage_fighter(state: CellState, events: list[Event], seat: int, amount: int, why: Param) -> None:
    fighter = state.fighters[seat]
    if fighter.knocked_out or state.outcome is not None:
        return
    fighter.hp = max(0, fighter.hp - amount)
    say(
        state,
        events,
        "fighter_damaged",
        Text(
            "{why}: {fighter} takes {amount} ({hp} HP)",
            why=why,
            fighter=words.fighter(state, seat),
            amount=amount,
            hp=fighter.hp,
        ),
        seat,
        amount=amount,
    )
    if fighter.knocked_out:
        say(state, events, "fighter_ko", Text("{fighter} is KO'd!", fighter=words.fighter(state, seat)), seat)
        if all(other.knocked_out for other in state.fighters):
            state.outcome = Outcome(result="loss", reason="all_knocked_out")
            say(state, events, "game_lost", Text("Every Z-Fighter is KO'd. Cell wins."))


def heal_fighter(
    state: CellState, events: list[Event], healer: int, seat: int, amount: int, why: Param
) -> None:
    """The event's actor is the healer, who made the move; the fighter healed is in its data."""
    fighter = state.fighters[seat]
    if fighter.knocked_out:
        return
    gained = min(fighter.max_hp, fighter.hp + amount) - fighter.hp
    fighter.hp += gained
    say(
        state,
        events,
        "fighter_healed",
        Text(
            "{why}: {fighter} regains {gained} ({hp} HP)",
            why=why,
            fighter=words.fighter(state, seat),
            gained=gained,
            hp=fighter.hp,
        ),
        healer,
        fighter=seat,
        amount=gained,
    )


# Dice and tokens.


def return_die(state: CellState, die: Die) -> None:
    """Back to its owner's mat, unrolled: it is rolled again at the start of the owner's turn."""
    die.zone, die.holder, die.threat, die.face = "mat", die.owner, None, None


def source_face(state: CellState, source: Source) -> Face:
    if source.die is not None:
        face = state.dice[source.die].face
        assert face is not None
        return face
    assert source.face is not None
    return source.face


def describe_source(state: CellState, source: Source) -> Text:
    face = source_face(state, source)
    if source.die is not None:
        return words.face(face)
    if source.token == "wild":
        return Text("Wild token as {face}", face=words.face(face))
    return words.TOKEN[face]


def take_source(state: CellState, seat: int, source: Source) -> Placement:
    """Removes the die from the mat (the caller decides where it goes) or discards-to-place the token."""
    if source.token is not None:
        state.fighters[seat].tokens.remove(source.token)
        return Placement(face=source_face(state, source), token=source.token, placed_by=seat)
    return Placement(face=source_face(state, source), die=source.die, placed_by=seat)


def spend_to_used_pile(state: CellState, seat: int, source: Source) -> None:
    """A die spent on something that does not hold it waits out the turn; a token is discarded."""
    placement = take_source(state, seat, source)
    if placement.die is not None:
        die = state.dice[placement.die]
        die.zone, die.holder = "spent", None
    else:
        assert placement.token is not None
        state.token_discard.append(placement.token)


def release_placements(state: CellState, placements: list[Placement]) -> None:
    for placement in placements:
        if placement.die is not None:
            return_die(state, state.dice[placement.die])
        elif placement.token is not None:
            state.token_discard.append(placement.token)


def draw_token(state: CellState, events: list[Event], seat: int) -> None:
    if not state.token_pile:
        state.token_pile = state.token_discard
        state.token_discard = []
        state.rng.shuffle(state.token_pile)
        say(
            state,
            events,
            "tokens_reshuffled",
            Text("The Dragon Ball token discards are reshuffled into a new pile."),
        )
    token = state.token_pile.pop()
    state.fighters[seat].tokens.append(token)
    say(
        state,
        events,
        "token_collected",
        Text("{fighter} collects {token}", fighter=words.fighter(state, seat), token=words.A_TOKEN[token]),
        seat,
        token=token,
    )


def tokens_available(state: CellState) -> int:
    return len(state.token_pile) + len(state.token_discard)


# The Damage Track and the Dragon Ball Meter.


def track_row_ends(state: CellState) -> list[tuple[int, int]]:
    """(number of slots up to and including the row, its bonus), bottom row first."""
    return _track_row_ends(state.players)


@cache
def _track_row_ends(players: int) -> list[tuple[int, int]]:
    ends, total = [], 0
    for row in catalogue().board.track_rows(players):
        total += len(row.slots)
        ends.append((total, row.bonus))
    return ends


def track_capacity(state: CellState) -> int:
    return track_row_ends(state)[-1][0]


def track_room(state: CellState) -> int:
    return track_capacity(state) - len(state.damage_track)


def place_on_track(state: CellState, events: list[Event], placement: Placement) -> None:
    """Bottom-left first; placing the last slot of a row deals that row's bonus at once."""
    state.damage_track.append(placement)
    if placement.die is not None:
        die = state.dice[placement.die]
        die.zone, die.holder = "track", None
    filled = len(state.damage_track)
    for row_number, (row_end, bonus) in enumerate(track_row_ends(state), start=1):
        if filled == row_end:
            why = Text("row {row} complete, bonus", row=row_number)
            damage_cell(state, events, bonus, placement.placed_by, why)


def strike_bonus(state: CellState, seat: int) -> int:
    """Future Trunks' Burning Attack: +1 on the first die he places on the track each turn."""
    fighter = state.fighters[seat]
    if catalogue().fighter(fighter.fighter).ability == "first_strike" and not fighter.struck_first:
        fighter.struck_first = True
        return 1
    return 0


def meter_capacity(state: CellState) -> int:
    return _meter_capacity(state.players)


@cache
def _meter_capacity(players: int) -> int:
    return catalogue().board.meter_size(players)


def meter_full(state: CellState) -> bool:
    return len(state.dragon_ball_meter) >= meter_capacity(state)


def meter_text(state: CellState) -> str:
    return f"{len(state.dragon_ball_meter)}/{meter_capacity(state)}"


def place_on_meter(state: CellState, placement: Placement) -> None:
    state.dragon_ball_meter.append(placement)
    if placement.die is not None:
        die = state.dice[placement.die]
        die.zone, die.holder = "meter", None


def face_name(face: Face) -> str:
    return FACE_NAMES[face]
