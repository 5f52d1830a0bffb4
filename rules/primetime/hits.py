"""The On Hit / On Damage window of a hit (2.4 steps 6-7, A4, A13) and the hit's resolution.

Both players answer in turn (the active player first) with one card or a pass. Then the On Hit
cards resolve LIFO, the defender's Z-Reaction card that changes the hit applies (Guard Up,
Unbreakable, Barrier, Expendable Soldier's Absorb), the damage and riders land, Battle Aura ends,
and the On Damage cards resolve LIFO; an On Damage card whose condition is unmet does nothing.
"""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.attack_numbers import attacking_technique
from rules.primetime.card_context import Play
from rules.primetime.card_effects import apply_effects
from rules.primetime.cards import card
from rules.primetime.combat import finish
from rules.primetime.context import Ctx
from rules.primetime.damage import HitMods, resolve_hit
from rules.primetime.names import card_name
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import char

_HIT_CHANGING = frozenset({"guard", "absorb", "barrier"})


def pass_hit_window(ctx: Ctx, seat: int) -> None:
    attack = ctx.state.attack
    assert attack is not None and attack.hit_seats and attack.hit_seats[0] == seat
    attack.hit_seats.pop(0)


def _hit_units(state: PrimeTimeState) -> tuple[Unit, Unit]:
    attack = state.attack
    assert attack is not None and attack.hit_attacker is not None and attack.hit_target is not None
    return state.unit(attack.hit_attacker), state.unit(attack.hit_target)


def resolve_pending_hit(ctx: Ctx) -> None:
    """Runs once both players have answered the hit's prompt."""
    state = ctx.state
    attack = state.attack
    assert attack is not None and attack.stage == "on_hit" and not attack.hit_seats
    attacker, target = _hit_units(state)
    if attack.hit_attacker == attack.attacker:
        technique = attacking_technique(attack, state)
    else:
        technique = char(attacker).technique(attack.hit_technique or "")
    mods = HitMods(absorb=attack.card_absorb)
    played = list(reversed(list(zip(attack.hit_cards, attack.hit_card_args, strict=True))))
    for (seat, card_id), (unit_id, technique_id, cell) in played:
        if card(card_id).window == "on_hit":
            play = Play(
                seat,
                card(card_id),
                unit=state.find_unit(unit_id) if unit_id else None,
                technique=technique_id,
                to=cell,
                hit_attacker=attacker,
                hit_target=target,
                mods=mods,
            )
            apply_effects(ctx, play)
    if attack.reaction_card is not None and not attack.hit_from_clash:
        reaction = card(attack.reaction_card)
        if any(effect.op in _HIT_CHANGING for effect in reaction.effects):
            apply_effects(ctx, Play(target.seat, reaction, hit_target=target, mods=mods))
    assert attack.hit_origin is not None
    direction = attack.direction if attack.hit_attacker == attack.attacker else None
    dealt = resolve_hit(
        ctx, attacker, technique, target, attack.hit_origin, attack.hit_credit, direction, mods
    )
    _end_battle_aura(ctx, target)
    for (seat, card_id), _ in played:
        if card(card_id).window == "on_damage":
            play = Play(seat, card(card_id), hit_attacker=attacker, hit_target=target, mods=mods, dealt=dealt)
            apply_effects(ctx, play)
    finish(ctx)


def _end_battle_aura(ctx: Ctx, target: Unit) -> None:
    """Battle Aura's RES +1 lasts until the model is next hit, this hit included (A16); its
    Persistent card is then discarded (A6)."""
    if not any(modifier.until == "hit" for modifier in target.modifiers):
        return
    sources = {modifier.source for modifier in target.modifiers if modifier.until == "hit"}
    target.modifiers = [modifier for modifier in target.modifiers if modifier.until != "hit"]
    player = ctx.state.players[target.seat]
    for entry in list(player.persistent):
        if entry[0] in sources and entry[1] == target.id:
            player.persistent.remove(entry)
            player.discard.append(entry[0])
            ctx.say(
                "persistent_ended", Text("{card} ends", card=card_name(entry[0])), target.seat, card=entry[0]
            )


def settle_silent_hits(ctx: Ctx) -> None:
    """A hit with no On Hit / On Damage window (an attack a card grants, A13) resolves at once; it
    may start the next queued attack, which may hit at once too."""
    attack = ctx.state.attack
    while attack is not None and attack.stage == "on_hit" and not attack.hit_seats:
        resolve_pending_hit(ctx)
        attack = ctx.state.attack
