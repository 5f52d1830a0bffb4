"""Dice faces: the roll that opens a turn, rerolls, and Piccolo turning a die over."""

from __future__ import annotations

from rules.cell import board, words
from rules.cell.actions import ChangeFace
from rules.cell.content import catalogue
from rules.cell.queries import fighter_ability, source_problem
from rules.cell.state import CellState, Selection, Source
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Text


def roll(state: CellState, events: list[Event], seat: int) -> None:
    state.rolled = True
    fighter = state.fighters[seat]
    faces = catalogue().board.die_faces
    rolled = [die for die in state.dice if die.zone == "mat" and die.holder == seat]
    for die in rolled:
        die.face = faces[state.rng.below(len(faces))]
    shown = words.listed([words.face(die.face) for die in rolled], Text("no dice"))  # type: ignore[arg-type]
    name = words.fighter(state, seat)
    board.say(
        state,
        events,
        "rolled",
        Text("{fighter} rolls: {faces}", fighter=name, faces=shown),
        seat,
        faces=[d.face for d in rolled],
    )
    if fighter.knocked_out:
        for die in rolled:
            if die.face == "dragon_ball" and not board.meter_full(state):
                board.place_on_meter(state, board.take_source(state, seat, Source(die=die.id)))
                board.say(
                    state,
                    events,
                    "meter_filled",
                    Text(
                        "{fighter} is KO'd: a Dragon Ball goes to the meter ({meter})",
                        fighter=name,
                        meter=board.meter_text(state),
                    ),
                    seat,
                )


def reroll(state: CellState, events: list[Event], seat: int, selection: Selection) -> None:
    """A confirmed reroll: the burned die is spent (Gohan's free reroll burns none) and the chosen
    dice show new faces."""
    name = words.fighter(state, seat)
    if selection.burn is not None:
        burned = state.dice[selection.burn]
        burned.zone, burned.holder = "spent", None
    else:
        state.fighters[seat].free_reroll_used = True
    before = [state.dice[s.die].face for s in selection.chosen]  # type: ignore[index]
    after = []
    for source in selection.chosen:
        die = state.dice[source.die]  # type: ignore[index]
        die.face = catalogue().board.die_faces[state.rng.below(6)]
        after.append(die.face)
    was = words.listed([words.face(face) for face in before])  # type: ignore[arg-type]
    now = words.listed([words.face(face) for face in after])
    said = (
        Text("{fighter} free reroll: {before} → {after}", fighter=name, before=was, after=now)
        if selection.burn is None
        else Text(
            "{fighter} burns a die and rerolls: {before} → {after}", fighter=name, before=was, after=now
        )
    )
    board.say(state, events, "rerolled", said, seat, faces=[board.face_name(face) for face in after])


def change_face_problem(state: CellState, action: ChangeFace) -> IllegalAction | None:
    fighter = state.fighters[action.player]
    if fighter_ability(state, action.player) != "change_face":
        return IllegalAction("no_ability", Text("Only Piccolo can change a die's face."))
    if fighter.knocked_out:
        return IllegalAction(
            "ko_no_ability",
            Text("{fighter} is KO'd and can't change faces.", fighter=words.fighter(state, action.player)),
        )
    if fighter.face_change_used:
        return IllegalAction("face_change_used", Text("Piccolo already changed a die's face this turn."))
    problem = source_problem(state, action.player, Source(die=action.die))
    if problem:
        return problem
    face = state.dice[action.die].face
    if face is None or action.face != catalogue().board.opposite_face(face):
        return IllegalAction(
            "not_opposite_face", Text("Piccolo turns a die over: it can only show its opposite face.")
        )
    return None


def change_face(state: CellState, events: list[Event], action: ChangeFace) -> None:
    seat = action.player
    die = state.dice[action.die]
    before = die.face
    die.face = action.face
    state.fighters[seat].face_change_used = True
    board.say(
        state,
        events,
        "face_changed",
        Text(
            "{fighter} turns {before} into {after}",
            fighter=words.fighter(state, seat),
            before=words.A_FACE[before],  # type: ignore[index]
            after=words.A_FACE[action.face],
        ),
        seat,
    )
