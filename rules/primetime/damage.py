"""Damage, Dazed (2.4 steps 7-8, AL-5, AC-4, A7) and the riders of a hit (2.3)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.text import Name, Plural, Text
from rules.primetime.cards import card
from rules.primetime.conditions import forced_move_change
from rules.primetime.content import Rider, Technique, settings
from rules.primetime.context import Ctx
from rules.primetime.economy import gain_sk
from rules.primetime.geometry import Cell, within
from rules.primetime.movement import forced_move
from rules.primetime.names import card_name, fighter, point_word, seat_word, technique_name
from rules.primetime.state import Unit
from rules.primetime.stats import absorb, char, heal, occupied, stat, technique_damage
from rules.primetime.targeting import board


def daze(ctx: Ctx, unit: Unit, by_seat: int | None) -> None:
    """2.4 step 8: the model falls (1 DMG per level, recorded for its return), drops to Base and lies
    where it fell; an unused token becomes a Fallen Order token; an enemy that caused it gains 1 SK."""
    state = ctx.state
    unit.hp = 0
    unit.dazed = True
    unit.fall_damage = unit.level
    unit.level = 0
    unit.tier = 0
    owner = state.players[unit.seat]
    owner.dazed_friends_this_round += 1
    owner.friend_dazed_since_ascension = True
    active = state.activation is not None and state.activation.unit == unit.id
    if unit.activations == 0 and not active and state.phase == "activation":
        owner.fallen_tokens += 1
    name = fighter(unit)
    text = (
        Plural(
            "{fighter} is Dazed, falling {count} level",
            "{fighter} is Dazed, falling {count} levels",
            unit.fall_damage,
            fighter=name,
        )
        if unit.fall_damage
        else Text("{fighter} is Dazed", fighter=name)
    )
    ctx.say("dazed", text, unit.seat, unit=unit.id, fall=unit.fall_damage)
    for entry in [entry for entry in owner.persistent if card(entry[0]).pool == unit.character]:
        # A6: a character's Persistent card (Psychic Bind: "until Guldo is Dazed") ends with its model.
        owner.persistent.remove(entry)
        owner.discard.append(entry[0])
        ctx.say("persistent_ended", Text("{card} ends", card=card_name(entry[0])), unit.seat, card=entry[0])
    if by_seat is not None and by_seat != unit.seat:
        enemy = state.players[by_seat]
        gained = gain_sk(enemy, 1)
        enemy.dazed_enemies_this_round += 1
        enemy.dazed_threat += char(unit).threat
        ctx.say(
            "daze_credit",
            Text(
                "{seat} gains {gained} SK for Dazing {fighter}",
                seat=seat_word(by_seat),
                gained=gained,
                fighter=name,
            ),
            by_seat,
        )


def lose_hp(ctx: Ctx, unit: Unit, amount: int, by_seat: int | None, cause: Text | Name) -> int:
    """Applies ``amount`` damage (already reduced); returns the HP actually lost (A15)."""
    if unit.dazed or amount <= 0:
        return 0
    lost = min(unit.hp, amount)
    unit.hp -= lost
    ctx.say(
        "damage",
        Text("{fighter} takes {lost} DMG ({cause})", fighter=fighter(unit), lost=lost, cause=cause),
        unit=unit.id,
        amount=lost,
        cause=str(cause),
    )
    if unit.hp == 0:
        daze(ctx, unit, by_seat)
    return lost


@dataclass
class HitMods:
    """What the cards of a hit change (A13, 2.4 step 7): On Hit DMG bonuses, a reaction card's
    reduction, fixed damage or Absorb, suppressed Push/Pull, added riders and a changed Blast."""

    bonus: int = 0
    reduce: int = 0
    exactly: int | None = None
    absorb: int = 0
    no_forced: bool = False
    riders: list[Rider] = field(default_factory=list)
    blast: int | None = None


def hit_damage(attacker: Unit, technique: Technique, target: Unit, mods: HitMods | None = None) -> int:
    """2.4 step 7: DMG (+ On Hit bonuses) - RES (Pierce ignores it), minimum 1; then Absorb (only
    the highest single value) and any reaction-card reduction, minimum 1."""
    mods = mods or HitMods()
    if mods.exactly is not None:
        return mods.exactly
    amount = technique_damage(attacker, technique) + mods.bonus
    if not technique.pierce:
        amount -= stat(target, "res")
    amount = max(1, amount)
    return max(1, amount - max(absorb(target), mods.absorb) - mods.reduce)


def blast_damage(target: Unit) -> int:
    """2.3 Blast: 2 DMG, RES ignored, Absorb applies (minimum 1)."""
    return max(1, settings().blast_dmg - absorb(target))


def forced(ctx: Ctx, rider: Rider, origin: Cell, target: Unit, direction: Cell | None, by_seat: int) -> None:
    """2.3 Push/Pull along the line from ``origin`` through the target; a stop costs +1 DMG."""
    if target.dazed:
        return
    final, stopped = forced_move(
        board(ctx.state),
        origin,
        target.cell,
        target.level,
        rider.inches + forced_move_change(ctx.state),
        pull=rider.op == "pull",
        occupied=occupied(ctx.state, ignore=target.id),
        direction=direction if rider.compass else None,
    )
    if final != target.cell:
        moved = (
            Text("{fighter} is pulled to {point}", fighter=fighter(target), point=point_word(final))
            if rider.op == "pull"
            else Text("{fighter} is pushed to {point}", fighter=fighter(target), point=point_word(final))
        )
        ctx.say(
            "forced_move",
            moved,
            unit=target.id,
            to=list(final),
            **{"from": list(target.cell)},
        )
        target.cell = final
    if stopped:
        lose_hp(ctx, target, 1, by_seat, Text.in_context("damage cause", "stopped"))


def _strongest_forced(riders: tuple[Rider, ...]) -> Rider | None:
    """2.3: of two Push/Pull riders only the larger applies, the Push on a tie."""
    moves = [rider for rider in riders if rider.op in ("push", "pull")]
    if not moves:
        return None
    return max(moves, key=lambda rider: (rider.inches, rider.op == "push"))


def resolve_hit(
    ctx: Ctx,
    attacker: Unit,
    technique: Technique,
    target: Unit,
    origin: Cell,
    credit_seat: int,
    direction: Cell | None = None,
    mods: HitMods | None = None,
) -> int:
    """2.4 steps 7-8 for a hit: damage, then the riders in printed order and those the cards added
    (2.3); returns the damage dealt (A15). The On Hit / On Damage cards are resolved by ``hits``."""
    mods = mods or HitMods()
    before = target.cell
    dealt = 0
    if technique.dmg or technique.basic or mods.bonus:
        amount = hit_damage(attacker, technique, target, mods)
        dealt = lose_hp(ctx, target, amount, credit_seat, technique_name(technique))
    riders = [*technique.riders, *mods.riders]
    if mods.blast is not None:
        riders = [rider for rider in riders if rider.op != "blast"] + [Rider(op="blast", inches=mods.blast)]
    if mods.no_forced:
        riders = [rider for rider in riders if rider.op not in ("push", "pull")]
    forced_rider = _strongest_forced(tuple(riders))
    for rider in riders:
        if rider.op in ("push", "pull"):
            if rider is forced_rider:
                forced(ctx, rider, origin, target, direction, credit_seat)
        elif rider.op == "stagger" and not target.dazed and not target.has_status("staggered"):
            target.statuses.append("staggered")
            ctx.say(
                "status",
                Text("{fighter} is Staggered", fighter=fighter(target)),
                unit=target.id,
                status="staggered",
            )
        elif rider.op == "freeze" and not target.dazed and not target.has_status("frozen"):
            target.statuses.append("frozen")
            ctx.say(
                "status",
                Text("{fighter} is Frozen", fighter=fighter(target)),
                unit=target.id,
                status="frozen",
            )
        elif rider.op == "blast":
            blast(ctx, target, before, rider.inches, credit_seat)
        elif rider.op == "drain" and dealt and not attacker.dazed:
            gained = heal(attacker, dealt)
            ctx.say(
                "heal",
                Text("{fighter} drains {gained} HP", fighter=fighter(attacker), gained=gained),
                unit=attacker.id,
                amount=gained,
            )
    return dealt


def blast(ctx: Ctx, target: Unit, centre: Cell, inches: int, credit_seat: int) -> None:
    victims = [
        unit
        for unit in ctx.state.units
        if not unit.dazed and unit.id != target.id and within(centre, unit.cell, inches)
    ]
    for victim in victims:
        lose_hp(ctx, victim, blast_damage(victim), credit_seat, Text.in_context("damage cause", "Blast"))


def detonate(ctx: Ctx, first: Unit, second: Unit) -> None:
    """2.4 step 4: a Beam-vs-Beam Clash tie; both take 2 DMG, Undeniable, each credited to the other."""
    amount = settings().detonation_dmg
    ctx.say("detonation", Text("The beams detonate!"), units=[first.id, second.id])
    lose_hp(ctx, first, amount, second.seat, Text.in_context("damage cause", "Detonation"))
    lose_hp(ctx, second, amount, first.seat, Text.in_context("damage cause", "Detonation"))
