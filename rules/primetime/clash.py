"""The Clash (ZR-2, 2.4 steps 3-4): both roll; the winner's technique hits automatically, a tie
negates both, and a Beam-vs-Beam tie detonates. Costs stay paid and Exhausting applies either way."""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.attack_numbers import accuracy, attacking_technique, pay, skill_total
from rules.primetime.combat import finish, open_hit_window
from rules.primetime.context import Ctx
from rules.primetime.damage import detonate
from rules.primetime.names import fighter, technique_name
from rules.primetime.state import Unit
from rules.primetime.stats import char
from rules.primetime.targeting import reaches


def clash(ctx: Ctx, technique_id: str, roll_bonus: int = 0, bk_discount: int = 0) -> None:
    """ZR-2 / 2.4 step 4: both roll; the winner's technique hits automatically, a tie negates both,
    and a Beam-vs-Beam tie detonates. Costs stay paid and Exhausting applies either way."""
    state = ctx.state
    attack = state.attack
    assert attack is not None
    attacker, defender = state.unit(attack.attacker), state.unit(attack.target)
    attacking = attacking_technique(attack, state)
    answering = char(defender).technique(technique_id)
    if bk_discount:
        answering = answering.model_copy(update={"bk": max(0, answering.bk - bk_discount)})
    opponent = attacker
    if attack.partner is not None and not reaches(state, defender, answering, attacker):
        # A16: a Clash against Purple Spiral Flash answers the partner it reaches.
        opponent = state.unit(attack.partner)
    pay(ctx, defender, answering, own_activation=False)
    ctx.say(
        "clash",
        Text(
            "{fighter} clashes with {technique}!",
            fighter=fighter(defender),
            technique=technique_name(answering),
        ),
        defender.seat,
    )
    attack_total = ctx.d20(fighter(attacker), attacker.id) + skill_total(
        attacker, attacking, defender, attacker.level
    )
    attack_total += accuracy(state, attacker, attacking, defender)
    defense_total = ctx.d20(fighter(defender), defender.id) + skill_total(
        defender, answering, attacker, defender.level
    )
    defense_total += accuracy(state, defender, answering, attacker) + roll_bonus
    _say_totals(ctx, attacker, attack_total, defender, defense_total)
    if answering.exhausting:
        attack.exhaust_after.append(defender.id)
    if attack_total > defense_total:
        open_hit_window(ctx, attacker, defender, attacker.cell, attacker.seat, attacking.id)
        return
    if defense_total > attack_total:
        attack.hit_from_clash = True
        open_hit_window(ctx, defender, opponent, defender.cell, defender.seat, answering.id)
        return
    if attacking.family == "beam" and answering.family == "beam":
        detonate(ctx, opponent, defender)
    else:
        ctx.say("clash_tie", Text("The Clash is a tie: both attacks fail"))
    finish(ctx)


def _say_totals(ctx: Ctx, attacker: Unit, attack_total: int, defender: Unit, defense_total: int) -> None:
    """The Clash's result names both sides and the winner ("Clash: Goku 13 beats Frieza 8"); the
    data keeps the attacker's total first."""
    sides = [(attacker, attack_total), (defender, defense_total)]
    if defense_total > attack_total:
        sides.reverse()
    (ahead, ahead_total), (behind, behind_total) = sides
    totals = {"first": fighter(ahead), "first_total": ahead_total}
    totals |= {"second": fighter(behind), "second_total": behind_total}
    if attack_total == defense_total:
        text, winner = Text("Clash: {first} {first_total} ties {second} {second_total}", **totals), None
    else:
        text, winner = Text("Clash: {first} {first_total} beats {second} {second_total}", **totals), ahead.id

    ctx.say(
        "clash_totals",
        text,
        totals=[attack_total, defense_total],
        attacker=attacker.id,
        defender=defender.id,
        winner=winner,
    )
