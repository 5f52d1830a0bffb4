"""Spending one die or token: healing, damage on the Damage Track, a slot of a threat, the Dragon
Ball Meter, collecting a Dragon Ball token, or sharing a die with another fighter."""

from __future__ import annotations

from rules.cell import board, words
from rules.cell.actions import Spend
from rules.cell.content import catalogue
from rules.cell.effects import passive_damage_bonus
from rules.cell.queries import fighter_ability, heal_problem, restriction_active, source_problem
from rules.cell.state import CellState
from rules.cell.threat_slots import fits_with, is_complete
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Text


def spend_problem(state: CellState, action: Spend) -> IllegalAction | None:
    seat, source, use, target = action.player, action.source, action.use, action.target
    problem = source_problem(state, seat, source)
    if problem:
        return problem
    face = board.source_face(state, source)
    fighter = state.fighters[seat]
    if fighter.knocked_out and use != "share":
        return IllegalAction(
            "ko_share_only",
            Text("{fighter} is KO'd: Assists can only be shared.", fighter=words.fighter(state, seat)),
        )
    if use in ("heal", "share") and (target is None or not 0 <= target < state.players):
        return IllegalAction("bad_target", Text("Choose a Z-Fighter in this game."))
    if use in ("damage", "meter", "collect") and target is not None:
        return IllegalAction("bad_option", Text("That choice doesn't apply here."))
    if use == "heal":
        if face not in ("dragon_ball", "assist"):
            return IllegalAction("wrong_face", Text("Only Dragon Balls and Assists heal."))
        return heal_problem(state, target)  # type: ignore[arg-type]
    if use == "damage":
        if face not in ("attack", "super_attack"):
            return IllegalAction("wrong_face", Text("Only Attacks and Super Attacks deal damage."))
        if board.track_room(state) == 0:
            return IllegalAction("track_full", Text("The Damage Track is full until Cell activates."))
        return None
    if use == "cancel":
        threat = state.active_threat(target) if target is not None else None
        if threat is None:
            return IllegalAction("no_such_threat", Text("That threat is not in play."))
        cost = catalogue().threats[threat.tile].cost
        placed = [placement.face for placement in threat.placed]
        if is_complete(cost, placed):
            return IllegalAction("threat_canceled", Text("That threat is already canceled."))
        if not fits_with(cost, placed, face):
            die = words.A_FACE_FIRST[face]
            return IllegalAction(
                "threat_mismatch", Text("{die} doesn't fit the dice still needed there.", die=die)
            )
        return None
    if use == "meter":
        if face != "dragon_ball":
            return IllegalAction("wrong_face", Text("Only Dragon Balls fill the Dragon Ball Meter."))
        if board.meter_full(state):
            return IllegalAction("meter_full", Text("The Dragon Ball Meter is already full."))
        return None
    if use == "collect":
        if face != "dragon_ball":
            return IllegalAction("wrong_face", Text("Only Dragon Balls collect Dragon Ball tokens."))
        if not board.tokens_available(state):
            return IllegalAction(
                "no_tokens_left", Text("Every Dragon Ball token is already held by a fighter.")
            )
        return None
    if source.die is None:
        return IllegalAction("share_token", Text("Dragon Ball tokens can't be shared, only dice."))
    if face != "assist" and fighter_ability(state, seat) != "share_any":
        return IllegalAction(
            "share_assist_only", Text("Only Assists can be shared (Goku can share any die).")
        )
    if target == seat:
        return IllegalAction("share_self", Text("Share with another Z-Fighter."))
    if restriction_active(state, "no_share"):
        return IllegalAction("no_share", Text("A threat in play blocks sharing until it is discarded."))
    return None


def apply_spend(state: CellState, events: list[Event], action: Spend) -> None:
    seat, source = action.player, action.source
    what = board.describe_source(state, source)
    name = words.fighter(state, seat)
    if action.use == "heal":
        board.spend_to_used_pile(state, seat, source)
        why = Text("{fighter} spends {what}", fighter=name, what=what)
        board.heal_fighter(state, events, seat, action.target, 1, why)  # type: ignore[arg-type]
    elif action.use == "damage":
        placement = board.take_source(state, seat, source)
        boost = passive_damage_bonus(state.fighters[seat].power_ups, placement.face)
        amount = (2 if placement.face == "super_attack" else 1) + boost + board.strike_bonus(state, seat)
        board.place_on_track(state, events, placement)
        why = Text("{what} (+{boost} from Power Ups)", what=what, boost=boost) if boost else what
        board.damage_cell(state, events, amount, seat, why)
    elif action.use == "cancel":
        threat = state.active_threat(action.target)  # type: ignore[arg-type]
        assert threat is not None
        placement = board.take_source(state, seat, source)
        threat.placed.append(placement)
        if placement.die is not None:
            die = state.dice[placement.die]
            die.zone, die.holder, die.threat = "threat", None, threat.tile
        tile = catalogue().threats[threat.tile]
        done = is_complete(tile.cost, [p.face for p in threat.placed])
        status = Text("canceled!") if done else f"{len(threat.placed)}/{len(tile.cost)}"
        said = Text(
            "{fighter}: {what} on {threat} ({status})",
            fighter=name,
            what=what,
            threat=words.threat(tile.id),
            status=status,
        )
        board.say(state, events, "threat_progress", said, seat, tile=tile.id)
    elif action.use == "meter":
        board.place_on_meter(state, board.take_source(state, seat, source))
        board.say(
            state,
            events,
            "meter_filled",
            Text(
                "{fighter}: {what} on the Dragon Ball Meter ({meter})",
                fighter=name,
                what=what,
                meter=board.meter_text(state),
            ),
            seat,
        )
    elif action.use == "collect":
        board.spend_to_used_pile(state, seat, source)
        board.draw_token(state, events, seat)
    else:
        die = state.dice[source.die]  # type: ignore[index]
        die.holder, die.face = action.target, None
        receiver = words.fighter(state, action.target)  # type: ignore[arg-type]
        colour = state.fighters[die.owner].dice_colour
        shared = (
            Text("an {colour} {face} die", colour=words.colour(colour), face=what)
            if colour[0] in "aeiou"
            else Text("a {colour} {face} die", colour=words.colour(colour), face=what)
        )
        board.say(
            state,
            events,
            "die_shared",
            Text("{fighter} shares {die} with {receiver}", fighter=name, die=shared, receiver=receiver),
            seat,
            to=action.target,
        )
