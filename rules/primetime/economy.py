"""BK and SK (2.6) and the Power Phase (PW-1 to PW-4): the Order Pool, income, draws, round-start
passives. Shared by every module that gains or spends resources."""

from __future__ import annotations

from rules.core.text import Plural, Text
from rules.primetime.conditions import power_bk
from rules.primetime.content import catalogue, character, settings
from rules.primetime.context import Ctx
from rules.primetime.geometry import within
from rules.primetime.names import fighter, seat_word
from rules.primetime.state import Modifier, PlayerState, PrimeTimeState
from rules.primetime.stats import below_half, char

_PREVIOUS_ROUND_CAP = 2


def gain_sk(player: PlayerState, amount: int) -> int:
    """SK persists across rounds with a cap of 10 (2.6); returns what was actually gained."""
    before = player.sk
    player.sk = min(settings().sk_cap, player.sk + amount)
    return player.sk - before


def ginyu_force_standing(state: PrimeTimeState, seat: int) -> int:
    return sum(
        1
        for unit in state.units_of(seat)
        if not unit.dazed and "ginyu_force" in character(unit.character).affiliations
    )


def order_pool(state: PrimeTimeState, seat: int) -> tuple[int, int]:
    """PW-1: (model count, bonus activations). Emperor's Command adds one while Frieza stands (A16)."""
    units = state.units_of(seat)
    bonus = sum(1 for unit in units if not unit.dazed and "emperors_command" in char(unit).passives)
    return len(units), bonus


def affiliation_bonus(state: PrimeTimeState, seat: int) -> int:
    """3.1's Power Phase BK bonus; in R1 every "previous round" bonus and Galactic Tyranny give +1."""
    player = state.players[seat]
    bonus = catalogue().affiliation(player.affiliation).bonus
    if bonus == "special_squadron":
        units = [unit for unit in state.units_of(seat) if not unit.dazed]
        together = len(units) > 1 and all(
            any(other.id != unit.id and within(unit.cell, other.cell, 8) for other in units) for unit in units
        )
        return 2 if together else 0
    if state.round == 1:
        return 1
    counted = {
        "bonds_of_friendship": player.dazed_friends_last_round,
        "galactic_tyranny": player.objectives_held,
        "perfect_predator": player.dazed_enemies_last_round,
    }[bonus]
    return min(_PREVIOUS_ROUND_CAP, counted)


TACTICIAN_BK = 2
"""Krillin's Tactician, raised from 3.3's +1 by the balance simulation (CONTENT.md)."""


def passive_income(state: PrimeTimeState, seat: int) -> int:
    """Tactician (+2 BK) and Captain's Orders (+1 BK while 3+ Ginyu Force models stand)."""
    income = 0
    for unit in state.units_of(seat):
        passives = char(unit).passives
        if "tactician" in passives and not unit.dazed:
            income += TACTICIAN_BK
        if "captains_orders" in passives and not unit.dazed and ginyu_force_standing(state, seat) >= 3:
            income += 1
    return income


def draw(ctx: Ctx, player: PlayerState, count: int) -> list[str]:
    """One draw step (DK-5, DK-6, A5): an empty pile takes the shuffled discards once; if that pile
    runs out too, drawing stops for the round. Drawn cards are shown only to their owner."""
    drawn: list[str] = []
    reshuffled = False
    while len(drawn) < count and not player.draw_stopped:
        if not player.deck:
            if reshuffled or not player.discard:
                player.draw_stopped = reshuffled or player.reshuffled_this_round
                break
            player.deck, player.discard = player.discard, []
            ctx.state.rng.shuffle(player.deck)
            reshuffled = player.reshuffled_this_round = True
            ctx.say(
                "reshuffled",
                Text("{seat} shuffles the discards into a new pile", seat=seat_word(player.seat)),
                player.seat,
            )
        card = player.deck.pop()
        player.hand.append(card)
        drawn.append(card)
    if drawn:
        ctx.say(
            "cards_drawn",
            Plural("You draw {count} card", "You draw {count} cards", len(drawn)),
            player.seat,
            [player.seat],
            cards=drawn,
        )
    return drawn


def draw_to_limit(ctx: Ctx, player: PlayerState) -> None:
    """PW-3: draw up to the round's hand limit."""
    limit = settings().hand_limits[ctx.state.round - 1]
    draw(ctx, player, max(0, limit - len(player.hand)))


def round_start_passives(ctx: Ctx, seat: int) -> None:
    """PW-4: Protective Fury gives Kid Gohan FOC +1, IMP +1 until Cleanup if a friend is below half HP."""
    units = ctx.state.units_of(seat)
    hurt = any(not unit.dazed and below_half(unit) for unit in units)
    for unit in units:
        if "protective_fury" in char(unit).passives and hurt and not unit.dazed:
            unit.modifiers.append(Modifier(stat="foc", amount=1, source="protective_fury"))
            unit.modifiers.append(Modifier(stat="imp", amount=1, source="protective_fury"))
            ctx.say(
                "passive",
                Text("Protective Fury: {fighter} gets FOC +1, IMP +1", fighter=fighter(unit)),
                seat,
                unit=unit.id,
            )


def power_phase(ctx: Ctx) -> None:
    """RD-1's first phase, for both players at once."""
    state = ctx.state
    rules = settings()
    for player in state.players:
        models, bonus = order_pool(state, player.seat)
        player.tokens_generated = models + bonus
        player.tokens_spent = 0
        player.bonus_tokens = bonus
        player.fallen_tokens = 0
        player.power_ups = 0
        player.passed = False
        player.draw_stopped = player.reshuffled_this_round = False
        income = rules.flat_bk[state.round - 1] + models
        income += affiliation_bonus(state, player.seat) + passive_income(state, player.seat)
        income += power_bk(state)
        player.bk += income
        sk = gain_sk(player, 1)
        ctx.say(
            "power_phase",
            Text(
                "{seat}: {tokens} activation tokens, +{income} BK ({bk}), +{sk} SK ({sk_total})",
                seat=seat_word(player.seat),
                tokens=models + bonus,
                income=income,
                bk=player.bk,
                sk=sk,
                sk_total=player.sk,
            ),
            player.seat,
            tokens=models + bonus,
            bk=income,
            sk=sk,
        )
        draw_to_limit(ctx, player)
    for unit in state.units:
        unit.activations = 0
    for player in state.players:
        round_start_passives(ctx, player.seat)
