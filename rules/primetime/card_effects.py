"""The effect registry: each effect step of ``data/cards.json`` names an op interpreted here.

An op is a ``check`` (why the card cannot be played now, or None) and an ``apply``; ``apply``
returns False to stop the card's later steps (a condition that is not met). The steps that decide a
Z-Reaction or change a hit are applied by ``hits`` and ``card_play``, which hand them a ``Play``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.primetime.ascension import FREE_ASCENT, set_tier
from rules.primetime.cards import Card, Effect
from rules.primetime.content import RUSH, Rider
from rules.primetime.context import Ctx
from rules.primetime.damage import HitMods, daze, lose_hp
from rules.primetime.economy import draw, gain_sk
from rules.primetime.geometry import Cell, distance, within
from rules.primetime.sight import line_of_sight
from rules.primetime.state import FollowUp, Modifier, PrimeTimeState, Unit
from rules.primetime.stats import below_half, char, heal, hp_max
from rules.primetime.targeting import board, reach_from, reaches
from rules.primetime.techniques import target_problem


@dataclass
class Play:
    """One card being played: by whom, on which model, naming which enemy or technique; and, in an
    On Hit / On Damage window, the hit it answers."""

    seat: int
    card: Card
    unit: Unit | None = None
    target: Unit | None = None
    technique: str | None = None
    hit_attacker: Unit | None = None
    hit_target: Unit | None = None
    mods: HitMods = field(default_factory=HitMods)
    dealt: int = 0
    to: Cell | None = None


Check = Callable[[PrimeTimeState, Play, Effect], str | None]
Apply = Callable[[Ctx, Play, Effect], bool]


def _no_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    return None


def _subject(play: Play) -> Unit:
    assert play.unit is not None
    return play.unit


# Healing and resources.


def _heal(ctx: Ctx, play: Play, effect: Effect) -> bool:
    unit = _subject(play)
    gained = heal(unit, effect.amount if effect.op == "heal" else hp_max(unit))
    ctx.say("heal", f"{char(unit).name} recovers {gained} HP", play.seat, unit=unit.id, amount=gained)
    return True


def _heal_target(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Second Wind [D]: the damaged friendly model, if not Dazed, recovers the amount."""
    unit = play.hit_target
    if unit is None or unit.dazed or unit.seat != play.seat:
        return False
    gained = heal(unit, effect.amount)
    ctx.say("heal", f"{char(unit).name} recovers {gained} HP", play.seat, unit=unit.id, amount=gained)
    return True


def _drain(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Perfect Absorption: the attacking model heals by the damage dealt (A15)."""
    unit = play.hit_attacker
    if unit is None or unit.dazed or not play.dealt:
        return False
    gained = heal(unit, play.dealt)
    ctx.say("heal", f"{char(unit).name} absorbs {gained} HP", play.seat, unit=unit.id, amount=gained)
    return True


def _gain_bk(ctx: Ctx, play: Play, effect: Effect) -> bool:
    ctx.state.players[play.seat].bk += effect.amount
    ctx.say("card_bk", f"Seat {play.seat + 1} gains {effect.amount} BK", play.seat, amount=effect.amount)
    return True


def _opponent_bk(ctx: Ctx, play: Play, effect: Effect) -> bool:
    other = 1 - play.seat
    ctx.state.players[other].bk += effect.amount
    ctx.say("card_bk", f"Seat {other + 1} gains {effect.amount} BK", other, amount=effect.amount)
    return True


def _gain_sk(ctx: Ctx, play: Play, effect: Effect) -> bool:
    gained = gain_sk(ctx.state.players[play.seat], effect.amount)
    ctx.say("card_sk", f"Seat {play.seat + 1} gains {gained} SK", play.seat, amount=gained)
    return True


def _draw_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    """A16: a card whose only effect is to draw is not playable while drawing has stopped (DK-6)."""
    player = state.players[play.seat]
    if player.draw_stopped and all(step.op == "draw" for step in play.card.effects):
        return "Drawing has stopped for this round."
    return None


def _draw(ctx: Ctx, play: Play, effect: Effect) -> bool:
    draw(ctx, ctx.state.players[play.seat], effect.amount)
    return True


def _peek(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Scouter Readout: one random card of the opponent's hand, shown only to this player."""
    hand = ctx.state.players[1 - play.seat].hand
    if hand:
        seen = ctx.state.rng.choice(sorted(hand))
        ctx.say("peek", f"The scouter reads a card: {seen}", play.seat, [play.seat], card=seen)
    return True


def _bk_per_friend_near(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Lend Me Your Energy: +1 BK per friendly model within 6" of the chosen one (A15: itself too)."""
    chosen = _subject(play)
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
    ctx.say("card_glory", f"Seat {play.seat + 1} gains {effect.amount} Glory", play.seat)
    return True


# Stats, flags and statuses.


def _modify(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """A capped modifier (A12) on the model, until the activation ends, it is next hit, or Cleanup."""
    unit = _subject(play)
    assert effect.stat is not None
    until = effect.until or "cleanup"
    unit.modifiers.append(Modifier(stat=effect.stat, amount=effect.amount, source=play.card.id, until=until))  # type: ignore[arg-type]
    ctx.say(
        "card_modifier",
        f"{char(unit).name}: {effect.stat.upper()} {effect.amount:+d}",
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
    ctx.say("card_modifier", f"Ginyu Force: {effect.stat.upper()} {effect.amount:+d}", play.seat)
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
    unit = _subject(play)
    unit.statuses = [status for status in unit.statuses if status != effect.stat]
    return True


def _legacy(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """CT-5: the card goes beside the Human model's profile for good."""
    unit = _subject(play)
    unit.legacy.append(play.card.id)
    ctx.state.players[play.seat].legacy.append((play.card.id, unit.id))
    return True


def _legacy_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    unit = play.unit
    if unit is None or not char(unit).has("human"):
        return "A Legacy card goes beside a Human model."
    if play.card.id in unit.legacy:
        return "That Legacy card is already in play."
    return None


# Activation control and big effects.


def _end_activation_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    if state.activation is None or state.active_seat == play.seat:
        return "Play it in an enemy activation."
    return None


def _end_activation(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Time Freeze!: the active enemy's activation ends (its remaining actions are lost)."""
    activation = ctx.state.activation
    assert activation is not None
    activation.actions_left = 0
    ctx.say("time_freeze", "Time is frozen: the activation ends", play.seat)
    return True


def _swap_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    own, enemy = play.unit, play.target
    if own is None or enemy is None or enemy.dazed or enemy.seat == play.seat or char(enemy).has("android"):
        return "Choose a non-Android enemy model."
    if not within(own.cell, enemy.cell, effect.inches):
        return f'The enemy must be within {effect.inches}".'
    if not line_of_sight(board(state), own.cell, own.level, enemy.cell, enemy.level):
        return "The enemy must be in line of sight."
    return None


def _swap_hp(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Body Change: swap current HP, each capped at its own maximum (Undeniable)."""
    own, enemy = _subject(play), play.target
    assert enemy is not None
    own.hp, enemy.hp = min(enemy.hp, hp_max(own)), min(own.hp, hp_max(enemy))
    ctx.say("body_change", f"{char(own).name} and {char(enemy).name} swap bodies", play.seat)
    return True


def _self_destruct(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Self-Destruct Protocol: every other model within 3" takes 6 DMG (Undeniable); 16 is Dazed."""
    own = _subject(play)
    for unit in list(ctx.state.units):
        if unit.id != own.id and not unit.dazed and within(own.cell, unit.cell, effect.inches):
            lose_hp(ctx, unit, effect.amount, play.seat, "Self-Destruct")
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


def _friend_down_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    if _friend_down(state, play.seat):
        return None
    return "No friendly model was Dazed last round or is below half HP."


def _condition_friend_down(ctx: Ctx, play: Play, effect: Effect) -> bool:
    return _friend_down(ctx.state, play.seat)


def _condition_tier(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Perfect Form Achieved: the rest only on reaching tier ``amount`` or higher."""
    return play.unit is not None and play.unit.tier >= effect.amount


# Ascension Phase Start: the free-ascend cards (A10).


def _free_ascend_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    unit = play.unit
    if unit is None or unit.tier >= char(unit).max_tier:
        return "That model cannot ascend further."
    return None


def _free_ascend(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """A10: the model's one ascension this phase, at no SK cost; its Tax is waived this phase and,
    with ``amount``, for that many later Ascension Phases (100% Full Power). The model then has no
    choice to make in this phase's plan."""
    unit = _subject(play)
    if unit.tier >= char(unit).max_tier:
        return False
    set_tier(unit, unit.tier + 1)
    unit.tax_waived_through = ctx.state.round + effect.amount
    unit.used_this_round.append(FREE_ASCENT)
    ctx.say("ascension", f"{char(unit).name} ascends to T{unit.tier} for free", play.seat, unit=unit.id)
    return True


# Intercept grants, binds and moves.


def _bind_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    own, enemy = play.unit, play.target
    if own is None or enemy is None or enemy.dazed or enemy.seat == play.seat:
        return "Choose an enemy model."
    if not within(own.cell, enemy.cell, effect.inches):
        return f'The enemy must be within {effect.inches}".'
    if not line_of_sight(board(state), own.cell, own.level, enemy.cell, enemy.level):
        return "The enemy must be in line of sight."
    return None


def _move_to(ctx: Ctx, play: Play, unit: Unit, cell: Cell, inches: int) -> None:
    """A move a card grants, to a cell the model can still reach (else it stays)."""
    if cell == unit.cell or cell not in reach_from(ctx.state, unit, inches):
        return
    start, unit.cell = unit.cell, cell
    ctx.say(
        "move",
        f"{char(unit).name} moves to {cell[0]},{cell[1]}",
        play.seat,
        unit=unit.id,
        to=list(cell),
        **{"from": list(start)},
    )


def _move_check(state: PrimeTimeState, mover: Unit | None, to: Cell | None, inches: int) -> str | None:
    if to is None:
        return None
    if mover is None or to == mover.cell or to not in reach_from(state, mover, inches):
        return f'Choose a cell the model can reach within {inches}".'
    return None


def _move_self_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    """Elegant Assassin: the hit's attacker may move up to ``inches`` (``to``; none means stay)."""
    return _move_check(state, play.hit_attacker, play.to, effect.inches)


def _move_self(ctx: Ctx, play: Play, effect: Effect) -> bool:
    if play.to is not None and play.hit_attacker is not None and not play.hit_attacker.dazed:
        _move_to(ctx, play, play.hit_attacker, play.to, effect.inches)
    return True


def _in_contact_for_rush(state: PrimeTimeState, play: Play) -> bool:
    attacker, target = play.hit_attacker, play.hit_target
    assert attacker is not None and target is not None
    return reaches(state, attacker, RUSH, target)


def _relentless_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    """Relentless: a Rush on the hit's target when in contact (no cell), else a move (a cell)."""
    if _in_contact_for_rush(state, play):
        return None if play.to is None else "In contact, Relentless makes a Rush: name no cell."
    if play.to is None:
        return f'Not in contact, Relentless moves: name a cell within {effect.inches}".'
    return _move_check(state, play.hit_attacker, play.to, effect.inches)


def _relentless(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """The Rush is made once the hit has resolved (A13: it opens no On Hit window); contact is
    judged now, as the card resolves."""
    attacker, target = play.hit_attacker, play.hit_target
    assert attacker is not None and target is not None
    if attacker.dazed:
        return False
    if _in_contact_for_rush(ctx.state, play):
        _grant_attack(ctx, attacker, RUSH.id, target)
    elif play.to is not None:
        _move_to(ctx, play, attacker, play.to, effect.inches)
    return True


def _grant_attack(ctx: Ctx, attacker: Unit, technique_id: str, target: Unit) -> None:
    attack = ctx.state.attack
    assert attack is not None
    technique = char(attacker).technique(technique_id)
    attack.follow_ups.append(
        FollowUp(attacker=attacker.id, technique=technique, target=target.id, hit_window=False)
    )


GRANTED_TECHNIQUES = (RUSH.id, "ki_volley")


def _granted_attack_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    """Z Warrior Teamwork: another friendly model within ``inches`` of the target, with a Rush or
    Ki Volley that reaches it."""
    unit, target = play.unit, play.hit_target
    if unit is None or target is None or unit.id == (play.hit_attacker.id if play.hit_attacker else None):
        return "Choose another friendly model."
    if play.technique not in GRANTED_TECHNIQUES:
        return "Name a Rush or a Ki Volley."
    if not within(unit.cell, target.cell, effect.inches):
        return f'The model must be within {effect.inches}" of the target.'
    if target_problem(state, unit, char(unit).technique(play.technique), target):
        return "That attack does not reach the target."
    return None


def _granted_attack(ctx: Ctx, play: Play, effect: Effect) -> bool:
    unit, target = _subject(play), play.hit_target
    assert target is not None and play.technique is not None
    _grant_attack(ctx, unit, play.technique, target)
    return True


def _assemble_cell(state: PrimeTimeState, unit: Unit, towards: Unit, inches: int) -> Cell | None:
    """Ginyu Force, Assemble!: the reachable cell nearest the active model (ties: the shorter move,
    then 2.2), if it is nearer than where the model stands."""
    options = reach_from(state, unit, inches)
    best = min(
        options,
        key=lambda cell: (round(distance(cell, towards.cell), 9), options[cell], cell[1], cell[0]),
    )
    return best if distance(best, towards.cell) < distance(unit.cell, towards.cell) else None


def _assemble_check(state: PrimeTimeState, play: Play, effect: Effect) -> str | None:
    unit, activation = play.unit, state.activation
    if unit is None or activation is None or unit.id == activation.unit:
        return "Choose another friendly model."
    active = state.unit(activation.unit)
    if effect.stat not in char(unit).affiliations:
        return f"{char(unit).name} is not a {effect.stat} model."
    if not within(unit.cell, active.cell, effect.amount):
        return f'The model must be within {effect.amount}" of the active model.'
    if _assemble_cell(state, unit, active, effect.inches) is None:
        return "That model cannot move closer."
    return None


def _assemble(ctx: Ctx, play: Play, effect: Effect) -> bool:
    unit = _subject(play)
    assert ctx.state.activation is not None
    cell = _assemble_cell(ctx.state, unit, ctx.state.unit(ctx.state.activation.unit), effect.inches)
    if cell is not None:
        _move_to(ctx, play, unit, cell, effect.inches)
    return True


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
    """Evade, Brace, Clash and Intercept cards are carried out by ``card_play`` in the attack; the
    Persistent grant and bind cards act while they stay in play (``techniques``, ``targeting``)."""
    return True


REGISTRY: dict[str, tuple[Check, Apply]] = {
    "heal": (_no_check, _heal),
    "heal_full": (_no_check, _heal),
    "heal_target": (_no_check, _heal_target),
    "drain": (_no_check, _drain),
    "gain_bk": (_no_check, _gain_bk),
    "opponent_bk": (_no_check, _opponent_bk),
    "gain_sk": (_no_check, _gain_sk),
    "draw": (_draw_check, _draw),
    "peek": (_no_check, _peek),
    "bk_per_friend_near": (_no_check, _bk_per_friend_near),
    "glory_if_more_dazed": (_no_check, _glory_if_more_dazed),
    "modify": (_no_check, _modify),
    "modify_group": (_no_check, _modify_group),
    "flag": (_no_check, _flag),
    "recoil": (_no_check, _recoil),
    "clear_status": (_no_check, _clear_status),
    "legacy": (_legacy_check, _legacy),
    "end_activation": (_end_activation_check, _end_activation),
    "swap_hp": (_swap_check, _swap_hp),
    "self_destruct": (_no_check, _self_destruct),
    "if_target_dazed": (_no_check, _condition_target_dazed),
    "if_friend_down": (_friend_down_check, _condition_friend_down),
    "if_tier": (_no_check, _condition_tier),
    "free_ascend": (_free_ascend_check, _free_ascend),
    "grant_intercept": (_no_check, _reaction_step),
    "bind": (_bind_check, _reaction_step),
    "move_self": (_move_self_check, _move_self),
    "relentless": (_relentless_check, _relentless),
    "granted_attack": (_granted_attack_check, _granted_attack),
    "assemble": (_assemble_check, _assemble),
    "bonus_damage": (_no_check, _bonus_damage),
    "add_rider": (_no_check, _add_rider),
    "set_blast": (_no_check, _set_blast),
    "guard": (_no_check, _guard),
    "absorb": (_no_check, _absorb),
    "barrier": (_no_check, _barrier),
    "evade": (_no_check, _reaction_step),
    "brace": (_no_check, _reaction_step),
    "clash": (_no_check, _reaction_step),
    "intercept": (_no_check, _reaction_step),
}


def effect_problem(state: PrimeTimeState, play: Play) -> str | None:
    for effect in play.card.effects:
        problem = REGISTRY[effect.op][0](state, play, effect)
        if problem:
            return problem
    return None


def apply_effects(ctx: Ctx, play: Play) -> None:
    for effect in play.card.effects:
        if not REGISTRY[effect.op][1](ctx, play, effect):
            return
