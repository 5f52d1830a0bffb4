"""The Cleanup Phase, CL-1 to CL-6 in order (1.2), the end of the game and its tiebreaks (2.8)."""

from __future__ import annotations

from math import ceil

from rules.core.game import Outcome
from rules.core.text import Text
from rules.primetime.conditions import round_glory
from rules.primetime.content import settings
from rules.primetime.context import Ctx
from rules.primetime.economy import gain_sk
from rules.primetime.geometry import nearest_cell
from rules.primetime.missions import holder, objective_bonus, objective_values, round_bonuses
from rules.primetime.names import fighter, point_word, seat_word
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import char, heal, occupied
from rules.primetime.targeting import board

_RETURN_SK = {"zenkai": 2, "bio_zenkai": 1}


def _gain(ctx: Ctx, seat: int, amount: int, why: Text) -> None:
    ctx.state.players[seat].glory += amount
    ctx.say(
        "scored",
        Text("{seat}: +{amount} Glory for {why}", seat=seat_word(seat), amount=amount, why=why),
        seat,
        amount=amount,
    )


def score(ctx: Ctx) -> None:
    """CL-1: each objective to its holder under the mission in force, then the mission's and the
    Condition's bonuses; Dragon Radar's Seizes end with the scoring."""
    state = ctx.state
    held = [0, 0]
    for point, value in zip(state.objectives, objective_values(state), strict=True):
        seat = holder(state, point)
        if seat is None:
            continue
        held[seat] += 1
        value += objective_bonus(state, seat, point)
        state.players[seat].glory += value
        ctx.say(
            "scored",
            Text(
                "{seat} holds {point}: +{value} Glory",
                seat=seat_word(seat),
                point=point_word(point),
                value=value,
            ),
            seat,
            point=list(point),
        )
    for seat, amount, why in [*round_bonuses(state, held), *round_glory(state)]:
        _gain(ctx, seat, amount, why)
    state.seized = []
    for player in state.players:
        player.objectives_held = held[player.seat]
    ctx.say(
        "CL-1",
        Text("Glory: {first} to {second}", first=state.players[0].glory, second=state.players[1].glory),
        step="CL-1",
    )


def clear_round_effects(ctx: Ctx) -> None:
    """CL-2: Exhausted, Overloaded, Staggered and Frozen clear, until-end-of-round effects end, and
    BK above 3 is lost."""
    for unit in ctx.state.units:
        unit.statuses = []
        unit.modifiers = []
    cap = settings().bk_carry_cap
    for player in ctx.state.players:
        player.bk = min(player.bk, cap)
        player.flags = []
        for card_id, _ in player.persistent:
            player.discard.append(card_id)
        player.persistent = []
    ctx.say("CL-2", Text("Statuses and round effects clear; BK above 3 is lost"), step="CL-2")


def hand_limit(state: PrimeTimeState) -> int:
    return settings().hand_limits[state.round - 1]


def over_limit(state: PrimeTimeState) -> list[int]:
    """CL-3: the seats holding more cards than the round's hand limit (each is prompted)."""
    limit = hand_limit(state)
    return [player.seat for player in state.players if len(player.hand) > limit]


def default_discard(state: PrimeTimeState, seat: int) -> tuple[str, ...]:
    """2.9: the newest cards go."""
    hand = state.players[seat].hand
    return tuple(hand[hand_limit(state) :])


def enforce_hand_limit(ctx: Ctx) -> None:
    """CL-3: every discard was chosen at the prompt; this step only records it."""
    ctx.say("CL-3", Text("Hands are within the round's limit"), step="CL-3")


def regenerate(ctx: Ctx) -> None:
    """CL-4: Namekian Regeneration, +1 HP at Base tier only, never for a Dazed model."""
    for unit in ctx.state.units:
        if char(unit).has("regeneration") and unit.tier == 0 and not unit.dazed and heal(unit, 1):
            ctx.say(
                "regeneration",
                Text("{fighter} regenerates 1 HP", fighter=fighter(unit)),
                unit.seat,
                unit=unit.id,
            )
    ctx.say("CL-4", Text("Regeneration resolved"), step="CL-4")


def return_cell(state: PrimeTimeState, unit: Unit) -> tuple[int, int]:
    """2.7: the nearest empty cell passable at Ground to where the model lies (ties: 2.2)."""
    terrain = board(state)
    taken = occupied(state)
    if unit.cell not in taken and terrain.passable(unit.cell, 0):
        return unit.cell
    free = (
        (x, y)
        for y in range(1, 31)
        for x in range(1, 31)
        if (x, y) not in taken and terrain.passable((x, y), 0)
    )
    cell = nearest_cell(free, (unit.cell[0] - 0.5, unit.cell[1] - 0.5))
    assert cell is not None
    return cell


def return_dazed(ctx: Ctx) -> None:
    """CL-5: half Base HP rounded up minus the fall, minimum 1, at Base tier and Ground; Zenkai and
    Bio-Zenkai add SK. The initiative player's models return first, in roster order."""
    state = ctx.state
    order = sorted(state.units, key=lambda unit: unit.seat != state.first_seat)
    for unit in order:
        if not unit.dazed:
            continue
        profile = char(unit)
        unit.cell = return_cell(state, unit)
        unit.dazed, unit.tier, unit.level = False, 0, 0
        unit.hp = max(1, ceil(profile.base.hp / 2) - unit.fall_damage)
        unit.fall_damage = 0
        unit.statuses, unit.modifiers = [], []
        ctx.say(
            "returned",
            Text("{fighter} returns with {hp} HP", fighter=fighter(unit), hp=unit.hp),
            unit.seat,
            unit=unit.id,
            hp=unit.hp,
        )
        for passive, amount in _RETURN_SK.items():
            if passive in profile.passives:
                gained = gain_sk(state.players[unit.seat], amount)
                ctx.say(
                    "passive",
                    Text("{fighter}'s return gives {gained} SK", fighter=fighter(unit), gained=gained),
                    unit.seat,
                )
    ctx.say("CL-5", Text("Dazed models have returned"), step="CL-5")


def reset_once_per_round(ctx: Ctx) -> None:
    """CL-6, and the round's counters roll over for next round's Power Phase."""
    for unit in ctx.state.units:
        unit.used_this_round = []
        unit.attacked_by = []
    for player in ctx.state.players:
        player.dazed_friends_last_round = player.dazed_friends_this_round
        player.dazed_enemies_last_round = player.dazed_enemies_this_round
        player.dazed_friends_this_round = player.dazed_enemies_this_round = 0
        player.tokens_generated = player.tokens_spent = player.bonus_tokens = player.fallen_tokens = 0
    ctx.say("CL-6", Text("Once-per-round effects reset"), step="CL-6")


def cleanup_until_discard(ctx: Ctx) -> None:
    """CL-1 and CL-2 (A6: Persistent cards still in play are discarded at CL-2)."""
    ctx.state.activation = None
    score(ctx)
    clear_round_effects(ctx)


def cleanup_after_discard(ctx: Ctx) -> None:
    for step in (enforce_hand_limit, regenerate, return_dazed, reset_once_per_round):
        step(ctx)


OUTCOME_WORDS = {
    "glory": Text("on Glory"),
    "objectives_held": Text("on objectives held at the last scoring (Glory tied)"),
    "threat_dazed": Text("on the Threat of enemy models Dazed (Glory and objectives tied)"),
    "draw": Text("a draw: equal on Glory and every tiebreak"),
}
"""2.8's outcome reasons in words for the end of the game's event (the reason itself is data)."""


def final_outcome(state: PrimeTimeState) -> Outcome:
    """2.8: most Glory; then objectives held at the last scoring; then Threat Dazed; else a draw."""
    first, second = state.players
    for reason, key in (
        ("glory", lambda player: player.glory),
        ("objectives_held", lambda player: player.objectives_held),
        ("threat_dazed", lambda player: player.dazed_threat),
    ):
        if key(first) != key(second):
            winner = 0 if key(first) > key(second) else 1
            return Outcome(result="win", reason=reason, winners=[winner])
    return Outcome(result="draw", reason="draw", winners=[])
