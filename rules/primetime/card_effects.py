"""The effect registry: each effect step of ``data/cards.json`` names an op interpreted here or in
``card_grants``.

An op is a ``check`` (why the card cannot be played now, or None) and an ``apply``; ``apply``
returns False to stop the card's later steps (a condition that is not met). The steps that decide a
Z-Reaction or change a hit are applied by ``hits`` and ``card_play``, which hand them a ``Play``.
"""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.card_context import Apply, Check, Play, no_check, subject
from rules.primetime.card_grants import GRANTS
from rules.primetime.cards import Effect
from rules.primetime.content import Rider
from rules.primetime.context import Ctx
from rules.primetime.damage import daze, lose_hp
from rules.primetime.economy import draw, gain_sk
from rules.primetime.geometry import within
from rules.primetime.names import affiliation_name, card_name, fighter, seat_word, signed
from rules.primetime.sight import line_of_sight
from rules.primetime.state import Modifier, PrimeTimeState
from rules.primetime.stats import below_half, char, heal, hp_max
from rules.primetime.targeting import board

# Healing and resources.


def _heal(ctx: Ctx, play: Play, effect: Effect) -> bool:
    unit = subject(play)
    gained = heal(unit, effect.amount if effect.op == "heal" else hp_max(unit))
    ctx.say(
        "heal",
        Text("{fighter} recovers {gained} HP", fighter=fighter(unit), gained=gained),
        play.seat,
        unit=unit.id,
        amount=gained,
    )
    return True


def _heal_target(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Second Wind [D]: the damaged friendly model, if not Dazed, recovers the amount."""
    unit = play.hit_target
    if unit is None or unit.dazed or unit.seat != play.seat:
        return False
    gained = heal(unit, effect.amount)
    ctx.say(
        "heal",
        Text("{fighter} recovers {gained} HP", fighter=fighter(unit), gained=gained),
        play.seat,
        unit=unit.id,
        amount=gained,
    )
    return True


def _drain(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Perfect Absorption: the attacking model heals by the damage dealt (A15)."""
    unit = play.hit_attacker
    if unit is None or unit.dazed or not play.dealt:
        return False
    gained = heal(unit, play.dealt)
    ctx.say(
        "heal",
        Text("{fighter} absorbs {gained} HP", fighter=fighter(unit), gained=gained),
        play.seat,
        unit=unit.id,
        amount=gained,
    )
    return True


def _gain_bk(ctx: Ctx, play: Play, effect: Effect) -> bool:
    ctx.state.players[play.seat].bk += effect.amount
    ctx.say(
        "card_bk",
        Text("{seat} gains {amount} BK", seat=seat_word(play.seat), amount=effect.amount),
        play.seat,
        amount=effect.amount,
    )
    return True


def _opponent_bk(ctx: Ctx, play: Play, effect: Effect) -> bool:
    other = 1 - play.seat
    ctx.state.players[other].bk += effect.amount
    ctx.say(
        "card_bk",
        Text("{seat} gains {amount} BK", seat=seat_word(other), amount=effect.amount),
        other,
        amount=effect.amount,
    )
    return True


def _gain_sk(ctx: Ctx, play: Play, effect: Effect) -> bool:
    gained = gain_sk(ctx.state.players[play.seat], effect.amount)
    ctx.say(
        "card_sk",
        Text("{seat} gains {gained} SK", seat=seat_word(play.seat), gained=gained),
        play.seat,
        amount=gained,
    )
    return True


def _draw_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    """A16: a card whose only effect is to draw is not playable while drawing has stopped (DK-6)."""
    player = state.players[play.seat]
    if player.draw_stopped and all(step.op == "draw" for step in play.card.effects):
        return Text("Drawing has stopped for this round.")
    return None


def _draw(ctx: Ctx, play: Play, effect: Effect) -> bool:
    draw(ctx, ctx.state.players[play.seat], effect.amount)
    return True


def _peek(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Scouter Readout: one random card of the opponent's hand, shown only to this player."""
    hand = ctx.state.players[1 - play.seat].hand
    if hand:
        seen = ctx.state.rng.choice(sorted(hand))
        ctx.say(
            "peek",
            Text("The scouter reads a card: {card}", card=card_name(seen)),
            play.seat,
            [play.seat],
            card=seen,
        )
    return True


def _bk_per_friend_near(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Lend Me Your Energy: +1 BK per friendly model within 6" of the chosen one (A15: itself too)."""
    chosen = subject(play)
    friends = [
        unit
        for unit in ctx.state.units_of(play.seat)
        if not unit.dazed and within(unit.cell, chosen.cell, effect.inches)
    ]
    return _gain_bk(ctx, play, effect.model_copy(update={"amount": min(effect.amount, len(friends))}))


def _glory_if_more_dazed(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """World Broadcast: +2 Glory if you Dazed more enemy models than the opponent this round."""
    players = ctx.state.players
    mine, theirs = players[play.seat], players[1 - play.seat]
    if mine.dazed_enemies_this_round <= theirs.dazed_enemies_this_round:
        return False
    mine.glory += effect.amount
    ctx.say(
        "card_glory",
        Text("{seat} gains {amount} Glory", seat=seat_word(play.seat), amount=effect.amount),
        play.seat,
    )
    return True


# Stats, flags and statuses.


def _modify(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """A capped modifier (A12) on the model, until the activation ends, it is next hit, or Cleanup."""
    unit = subject(play)
    assert effect.stat is not None
    until = effect.until or "cleanup"
    unit.modifiers.append(Modifier(stat=effect.stat, amount=effect.amount, source=play.card.id, until=until))  # type: ignore[arg-type]
    ctx.say(
        "card_modifier",
        Text(
            "{fighter}: {stat} {amount}",
            fighter=fighter(unit),
            stat=effect.stat.upper(),
            amount=signed(effect.amount),
        ),
        play.seat,
        unit=unit.id,
    )
    return True


def _modify_group(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Ginyu models (within ``inches`` of the card's model, or all when 0) until Cleanup."""
    assert effect.stat is not None
    centre = play.unit
    for unit in ctx.state.units_of(play.seat):
        if unit.dazed or "ginyu_force" not in char(unit).affiliations:
            continue
        if effect.inches and (centre is None or not within(unit.cell, centre.cell, effect.inches)):
            continue
        unit.modifiers.append(Modifier(stat=effect.stat, amount=effect.amount, source=play.card.id))
    ctx.say(
        "card_modifier",
        Text(
            "{affiliation}: {stat} {amount}",
            affiliation=affiliation_name("ginyu_force"),
            stat=effect.stat.upper(),
            amount=signed(effect.amount),
        ),
        play.seat,
    )
    return True


def _flag(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """An effect read where its rule lives: on the activation (``until`` activation, or its next
    technique) or on the player for the round."""
    assert effect.stat is not None
    name = effect.stat
    if effect.op == "flag" and name == "acc":
        name = f"acc:{effect.amount}"
    elif name.startswith("blast:"):
        name = f"{name}:{effect.inches}"
    elif name.startswith("boost:"):
        name = f"{name}:{effect.amount}"
    if effect.until in ("activation", "technique"):
        activation = ctx.state.activation
        assert activation is not None
        activation.flags.append(name)
    else:
        ctx.state.players[play.seat].flags.append(name)
    return True


def _recoil(ctx: Ctx, play: Play, effect: Effect) -> bool:
    activation = ctx.state.activation
    assert activation is not None
    activation.recoil += effect.amount
    return True


def _clear_status(ctx: Ctx, play: Play, effect: Effect) -> bool:
    unit = subject(play)
    unit.statuses = [status for status in unit.statuses if status != effect.stat]
    return True


def _legacy(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """CT-5: the card goes beside the Human model's profile for good."""
    unit = subject(play)
    unit.legacy.append(play.card.id)
    ctx.state.players[play.seat].legacy.append((play.card.id, unit.id))
    return True


def _legacy_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    unit = play.unit
    if unit is None or not char(unit).has("human"):
        return Text("A Legacy card goes beside a Human model.")
    if play.card.id in unit.legacy:
        return Text("That Legacy card is already in play.")
    return None


# Activation control and big effects.


def _end_activation_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    if state.activation is None or state.active_seat == play.seat:
        return Text("Play it in an enemy activation.")
    return None


def _end_activation(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Time Freeze!: the active enemy's activation ends (its remaining actions are lost)."""
    activation = ctx.state.activation
    assert activation is not None
    activation.actions_left = 0
    ctx.say("time_freeze", Text("Time is frozen: the activation ends"), play.seat)
    return True


def _swap_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    own, enemy = play.unit, play.target
    if own is None or enemy is None or enemy.dazed or enemy.seat == play.seat or char(enemy).has("android"):
        return Text("Choose a non-Android enemy model.")
    if not within(own.cell, enemy.cell, effect.inches):
        return Text('The enemy must be within {inches}".', inches=effect.inches)
    if not line_of_sight(board(state), own.cell, own.level, enemy.cell, enemy.level):
        return Text("The enemy must be in line of sight.")
    return None


def _swap_hp(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Body Change: swap current HP, each capped at its own maximum (Undeniable)."""
    own, enemy = subject(play), play.target
    assert enemy is not None
    own.hp, enemy.hp = min(enemy.hp, hp_max(own)), min(own.hp, hp_max(enemy))
    ctx.say(
        "body_change",
        Text("{fighter} and {enemy} swap bodies", fighter=fighter(own), enemy=fighter(enemy)),
        play.seat,
    )
    return True


def _self_destruct(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Self-Destruct Protocol: every other model within 3" takes 6 DMG (Undeniable); 16 is Dazed."""
    own = subject(play)
    for unit in list(ctx.state.units):
        if unit.id != own.id and not unit.dazed and within(own.cell, unit.cell, effect.inches):
            lose_hp(ctx, unit, effect.amount, play.seat, Text.in_context("damage cause", "Self-Destruct"))

    daze(ctx, own, None)
    activation = ctx.state.activation
    if activation is not None and activation.unit == own.id:
        activation.actions_left = 0
    return True


def _condition_target_dazed(ctx: Ctx, play: Play, effect: Effect) -> bool:
    return play.hit_target is not None and play.hit_target.dazed and play.hit_target.seat != play.seat


def _friend_down(state: PrimeTimeState, seat: int) -> bool:
    """Hidden Power Unleashed: a friendly model was Dazed last round or is below half HP (A15)."""
    hurt = any(not unit.dazed and below_half(unit) for unit in state.units_of(seat))
    return state.players[seat].dazed_friends_last_round > 0 or hurt


def _friend_down_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    if _friend_down(state, play.seat):
        return None
    return Text("No friendly model was Dazed last round or is below half HP.")


def _condition_friend_down(ctx: Ctx, play: Play, effect: Effect) -> bool:
    return _friend_down(ctx.state, play.seat)


# Hit changes (On Hit cards and Z-Reaction cards that change the hit).


def _bonus_damage(ctx: Ctx, play: Play, effect: Effect) -> bool:
    play.mods.bonus += effect.amount
    return True


def _add_rider(ctx: Ctx, play: Play, effect: Effect) -> bool:
    assert effect.stat is not None
    play.mods.riders.append(Rider(op=effect.stat, inches=effect.inches))  # type: ignore[arg-type]
    return True


def _set_blast(ctx: Ctx, play: Play, effect: Effect) -> bool:
    play.mods.blast = effect.inches
    return True


def _guard(ctx: Ctx, play: Play, effect: Effect) -> bool:
    play.mods.reduce += effect.amount
    play.mods.no_forced = True
    return True


def _absorb(ctx: Ctx, play: Play, effect: Effect) -> bool:
    play.mods.absorb = max(play.mods.absorb, effect.amount)
    return True


def _barrier(ctx: Ctx, play: Play, effect: Effect) -> bool:
    play.mods.exactly = effect.amount
    return True


def _reaction_step(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Evade, Brace, Clash and Intercept cards are carried out by ``card_play`` in the attack."""
    return True


REGISTRY: dict[str, tuple[Check, Apply]] = {
    "heal": (no_check, _heal),
    "heal_full": (no_check, _heal),
    "heal_target": (no_check, _heal_target),
    "drain": (no_check, _drain),
    "gain_bk": (no_check, _gain_bk),
    "opponent_bk": (no_check, _opponent_bk),
    "gain_sk": (no_check, _gain_sk),
    "draw": (_draw_check, _draw),
    "peek": (no_check, _peek),
    "bk_per_friend_near": (no_check, _bk_per_friend_near),
    "glory_if_more_dazed": (no_check, _glory_if_more_dazed),
    "modify": (no_check, _modify),
    "modify_group": (no_check, _modify_group),
    "flag": (no_check, _flag),
    "recoil": (no_check, _recoil),
    "clear_status": (no_check, _clear_status),
    "legacy": (_legacy_check, _legacy),
    "end_activation": (_end_activation_check, _end_activation),
    "swap_hp": (_swap_check, _swap_hp),
    "self_destruct": (no_check, _self_destruct),
    "if_target_dazed": (no_check, _condition_target_dazed),
    "if_friend_down": (_friend_down_check, _condition_friend_down),
    "bonus_damage": (no_check, _bonus_damage),
    "add_rider": (no_check, _add_rider),
    "set_blast": (no_check, _set_blast),
    "guard": (no_check, _guard),
    "absorb": (no_check, _absorb),
    "barrier": (no_check, _barrier),
    "evade": (no_check, _reaction_step),
    "brace": (no_check, _reaction_step),
    "clash": (no_check, _reaction_step),
    "intercept": (no_check, _reaction_step),
    **GRANTS,
}


def effect_problem(state: PrimeTimeState, play: Play) -> Text | None:
    for effect in play.card.effects:
        problem = REGISTRY[effect.op][0](state, play, effect)
        if problem:
            return problem
    return None


def apply_effects(ctx: Ctx, play: Play) -> None:
    for effect in play.card.effects:
        if not REGISTRY[effect.op][1](ctx, play, effect):
            return
