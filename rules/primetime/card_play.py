"""Playing cards (TW-1…4, A4, A13, 2.9): which windows are open for a player, whether a card can go
into one, what playing it does with the card (CT-1…5), and the Z-Reaction cards' part in an attack.

Windows:
- Open: while the active player is choosing an activation or an action, for either player.
- Activation Start: before the active model's first action, for the active player; then, when it
  played a card, the reactive player's reply (``start_window``).
- Z-Reaction: the defender's reaction prompt (a Z-Reaction card is that player's reaction, TW-4).
- On Hit / On Damage: one prompt per player per hit, the active player first (``hits``).
- Phase Start: the blind prompt of the Power, Activation and Cleanup Phases (``phase_start``).
TW-3: one card per window per player, recorded in ``state.window_plays`` until the window closes.
"""

from __future__ import annotations

from rules.core.text import N_, Text
from rules.primetime.actions import PlayCard
from rules.primetime.attack_numbers import attacking_technique
from rules.primetime.card_context import Play
from rules.primetime.card_effects import apply_effects, effect_problem
from rules.primetime.card_grants import GRANTED_TECHNIQUES
from rules.primetime.cards import Card, Window, card, cards
from rules.primetime.clash import clash
from rules.primetime.combat import Evasion, intercept, roll
from rules.primetime.context import Ctx
from rules.primetime.geometry import Cell, within
from rules.primetime.names import card_name, character_name, fighter, seat_word, technique_name
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import can_fly, char
from rules.primetime.targeting import reach_from
from rules.primetime.techniques import clash_fits

OPEN_PROMPTS = frozenset({"activation", "action"})
WINDOW_WORDS: dict[Window, str] = {
    "open": N_("{card} plays in an Open window, which is not open to you now."),
    "activation_start": N_("{card} plays in an Activation Start window, which is not open to you now."),
    "z_reaction": N_("{card} plays in a Z-Reaction window, which is not open to you now."),
    "on_hit": N_("{card} plays in an On Hit window, which is not open to you now."),
    "on_damage": N_("{card} plays in an On Damage window, which is not open to you now."),
    "phase_start": N_("{card} plays in a Phase Start window, which is not open to you now."),
}
"""Why a card of each of TW-1's windows cannot be played now (the card filled in)."""
PHASE_START_WORDS: dict[str, str] = {
    "power": N_("{card} plays at the start of the Power Phase."),
    "ascension": N_("{card} plays at the start of the Ascension Phase."),
    "activation": N_("{card} plays at the start of the Activation Phase."),
    "cleanup": N_("{card} plays at the start of the Cleanup Phase."),
}
"""Why a Phase Start card cannot be played in another phase's Phase Start (the card filled in)."""
NAMES_TECHNIQUE = frozenset({"clash", "granted_attack"})
NAMES_CELL = frozenset({"move_self", "relentless"})
NAMES_ENEMY = frozenset({"swap_hp", "bind"})


def _has(chosen: Card, ops: frozenset[str]) -> bool:
    return any(effect.op in ops for effect in chosen.effects)


def names_enemy(chosen: Card) -> bool:
    """Whether a play of the card names an enemy model (``PlayCard.target``)."""
    return chosen.subject == "enemy" or _has(chosen, NAMES_ENEMY)


def open_windows(state: PrimeTimeState, seat: int) -> list[Window]:
    """The windows ``seat`` may play a card into right now."""
    if state.outcome is not None:
        return []
    if state.phase == "phase_start":
        return ["phase_start"] if seat not in state.phase_start_ready else []
    attack = state.attack
    if attack is not None:
        if attack.stage == "reaction" and state.prompts and state.prompts[0].who == seat:
            return ["z_reaction"] if not attack.unopposed and not attack.undeniable else []
        if attack.stage == "on_hit" and attack.hit_seats and attack.hit_seats[0] == seat:
            return ["on_hit", "on_damage"]
        return []
    if state.phase != "activation" or not state.prompts:
        return []
    if state.prompts[0].kind == "activation_start":
        # 2.9: the reactive player's reply to the active player's Activation Start card.
        replied = f"activation_start:{seat}" in state.window_plays
        return ["activation_start"] if state.prompts[0].who == seat and not replied else []
    if state.prompts[0].kind not in OPEN_PROMPTS:
        return []
    found: list[Window] = []
    if f"open:{seat}" not in state.window_plays:
        found.append("open")
    activation = state.activation
    if (
        activation is not None
        and seat == state.active_seat
        and not activation.started
        and f"activation_start:{seat}" not in state.window_plays
    ):
        found.append("activation_start")
    return found


def _own_model(state: PrimeTimeState, seat: int, chosen: Card) -> Unit | None:
    """A15: a character card is played only for its own character's model."""
    return next(
        (unit for unit in state.units_of(seat) if unit.character == chosen.pool and not unit.dazed), None
    )


def _subject_problem(state: PrimeTimeState, play: Play) -> Text | None:
    chosen = play.card
    subject = chosen.subject
    unit = play.unit
    if subject == "none":
        return None if unit is None else Text("{card} is not played on a model.", card=card_name(chosen.id))
    if unit is None or unit.dazed:
        return Text("Choose a non-Dazed model for {card}.", card=card_name(chosen.id))
    if chosen.slot and unit.character != chosen.pool:
        return Text(
            "{card} is played only for {owner}'s model.",
            card=card_name(chosen.id),
            owner=character_name(chosen.pool),
        )
    if subject == "active":
        if state.activation is None or state.activation.unit != unit.id or unit.seat != play.seat:
            return Text("{card} is played on your active model.", card=card_name(chosen.id))
    elif subject == "enemy":
        return None
    elif unit.seat != play.seat:
        return Text("{card} is played on one of your models.", card=card_name(chosen.id))
    return None


def _requirement_problem(state: PrimeTimeState, play: Play) -> Text | None:
    attack = state.attack
    for requirement in play.card.requires:
        if requirement == "own_activation":
            own = state.activation is not None and play.unit is not None
            if not own or state.activation.unit != play.unit.id:  # type: ignore[union-attr]
                return Text("{card} is played in its model's own activation.", card=card_name(play.card.id))
        elif requirement == "enemy_activation":
            if state.activation is None or state.active_seat == play.seat:
                return Text("{card} is played in an enemy activation.", card=card_name(play.card.id))
        elif requirement in ("ranged", "melee"):
            if attack is None:
                return Text("{card} answers an attack.", card=card_name(play.card.id))
            ranged = attacking_technique(attack, state).ranged
            if ranged != (requirement == "ranged"):
                return Text(
                    "{card} answers only a {requirement} attack.",
                    card=card_name(play.card.id),
                    requirement=requirement,
                )
        elif attack is not None and attack.hit_attacker is not None and attack.hit_target is not None:
            attacker, target = state.unit(attack.hit_attacker), state.unit(attack.hit_target)
            if requirement == "own_attack" and attacker.seat != play.seat:
                return Text("{card} is played on your own attack's hit.", card=card_name(play.card.id))
            if requirement == "own_attacker" and (
                attacker.seat != play.seat or attacker.character != play.card.pool
            ):
                return Text("{card} is played on its own character's hit.", card=card_name(play.card.id))
            if requirement == "own_target" and target.seat != play.seat:
                return Text("{card} is played when your model is hit.", card=card_name(play.card.id))
    return None


def _reaction_problem(state: PrimeTimeState, play: Play, action: PlayCard) -> Text | None:
    """Z-Reaction cards that carry out a reaction: Intercept and Clash need a model and a technique."""
    attack = state.attack
    assert attack is not None
    for effect in play.card.effects:
        if effect.op == "intercept":
            unit = play.unit
            target = state.unit(attack.target)
            if unit is None or unit.seat != play.seat or unit.dazed or unit.id == target.id:
                return Text("Choose another friendly model to intercept.")
            if not attack.can_intercept:
                return Text("This attack cannot be intercepted any more.")
            kind = effect.stat or ""
            if kind not in char(unit).affiliations and not char(unit).has(kind):
                return Text(
                    "{fighter} cannot intercept with {card}.",
                    fighter=fighter(unit),
                    card=card_name(play.card.id),
                )
            if not within(unit.cell, target.cell, effect.inches):
                return Text('The interceptor must be within {inches}" of the target.', inches=effect.inches)
            melee = attacking_technique(attack, state).family == "melee"
            if melee and unit.level != target.level and not (can_fly(unit) and can_fly(target)):
                return Text("That Intercept would change a non-flyer's altitude.")
        elif effect.op == "clash":
            problem = _clash_problem(state, play, action, effect.stat, effect.bk_discount)
            if problem:
                return problem
    return None


def _clash_problem(
    state: PrimeTimeState, play: Play, action: PlayCard, family: str | None, discount: int
) -> Text | None:
    attack = state.attack
    assert attack is not None
    attacking = attacking_technique(attack, state)
    if not attack.can_clash or not attacking.clashable or (family and attacking.family != family):
        return Text("This attack cannot be Clashed with this card.")
    defender = state.unit(attack.target)
    if defender.has_status("staggered") or defender.character != play.card.pool:
        return Text("This model cannot Clash.")
    profile = char(defender)
    if action.technique not in {technique.id for technique in profile.techniques}:
        return Text("Name one of the defender's techniques to Clash with.")
    answering = profile.technique(action.technique)
    answering = answering.model_copy(update={"bk": max(0, answering.bk - discount)})
    if not clash_fits(state, attack, answering):
        return Text("{technique} cannot Clash with this attack now.", technique=technique_name(answering))
    return None


def build_play(state: PrimeTimeState, action: PlayCard) -> Play:
    chosen = card(action.card)
    unit = state.find_unit(action.unit) if action.unit else None
    target = state.find_unit(action.target) if action.target else None
    play = Play(
        seat=action.player, card=chosen, unit=unit, target=target, technique=action.technique, to=action.to
    )
    attack = state.attack
    if attack is not None and attack.hit_attacker is not None and attack.hit_target is not None:
        play.hit_attacker, play.hit_target = state.unit(attack.hit_attacker), state.unit(attack.hit_target)
    return play


def play_problem(state: PrimeTimeState, action: PlayCard) -> Text | None:
    """Why ``action`` cannot be played now; None if it can."""
    if action.card not in cards():
        return Text("There is no such card.")
    chosen = card(action.card)
    if action.card not in state.players[action.player].hand:
        return Text("{card} is not in your hand.", card=card_name(chosen.id))
    windows = open_windows(state, action.player)
    if chosen.window not in windows:
        return Text(WINDOW_WORDS[chosen.window], card=card_name(chosen.id))
    if chosen.window == "phase_start" and chosen.phase != state.phase_start:
        return Text(PHASE_START_WORDS[chosen.phase or "power"], card=card_name(chosen.id))
    if action.unit is not None and state.find_unit(action.unit) is None:
        return Text("There is no such model.")
    if action.target is not None and state.find_unit(action.target) is None:
        return Text("There is no such model.")
    if action.target is not None and not names_enemy(chosen):
        return Text("{card} does not name an enemy model.", card=card_name(chosen.id))
    if action.technique is not None and not _has(chosen, NAMES_TECHNIQUE):
        return Text("{card} does not name a technique.", card=card_name(chosen.id))
    if action.to is not None and not _has(chosen, NAMES_CELL):
        return Text("{card} does not name a cell.", card=card_name(chosen.id))
    if chosen.slot and _own_model(state, action.player, chosen) is None:
        return Text("{card} needs its character's model in play and not Dazed.", card=card_name(chosen.id))
    play = build_play(state, action)
    if chosen.window == "z_reaction":
        problem = _reaction_problem(state, play, action)
        if problem:
            return problem
    if any(effect.op == "intercept" for effect in chosen.effects):
        return _requirement_problem(state, play)
    return resolution_problem(state, play)


def _subject_candidates(state: PrimeTimeState, seat: int, chosen: Card) -> list[str | None]:
    if any(effect.op == "intercept" for effect in chosen.effects):
        return [unit.id for unit in state.units_of(seat) if not unit.dazed]
    if chosen.subject == "none":
        return [None]
    if chosen.subject == "active":
        return [state.activation.unit] if state.activation is not None else []
    if chosen.slot or chosen.subject == "own":
        own = _own_model(state, seat, chosen)
        return [own.id] if own is not None else []
    return [unit.id for unit in state.units_of(seat) if not unit.dazed]


def _technique_candidates(state: PrimeTimeState, chosen: Card) -> list[str | None]:
    if _has(chosen, frozenset({"clash"})) and state.attack is not None:
        return [technique.id for technique in char(state.unit(state.attack.target)).techniques]
    if _has(chosen, frozenset({"granted_attack"})):
        return list(GRANTED_TECHNIQUES)
    return [None]


def _cell_candidates(state: PrimeTimeState, chosen: Card) -> list[Cell | None]:
    """The cells a card's move may name: staying (None) and every cell the hit's attacker reaches."""
    attack = state.attack
    if not _has(chosen, NAMES_CELL) or attack is None or attack.hit_attacker is None:
        return [None]
    mover = state.unit(attack.hit_attacker)
    inches = max(effect.inches for effect in chosen.effects if effect.op in NAMES_CELL)
    return [None, *(cell for cell in sorted(reach_from(state, mover, inches)) if cell != mover.cell)]


def candidate_plays(state: PrimeTimeState, seat: int, only: str | None = None) -> list[PlayCard]:
    """Every legal card play of ``seat`` now (one per distinct card, model and named option), or
    only those of the card ``only``."""
    windows = open_windows(state, seat)
    if not windows:
        return []
    found: list[PlayCard] = []
    for card_id in sorted(set(state.players[seat].hand)):
        if only is not None and card_id != only:
            continue
        chosen = card(card_id)
        if chosen.window not in windows:
            continue
        techniques = _technique_candidates(state, chosen)
        cells = _cell_candidates(state, chosen)
        targets: list[str | None] = [None]
        if names_enemy(chosen):
            targets = [unit.id for unit in state.units if unit.seat != seat and not unit.dazed]
        for unit_id in _subject_candidates(state, seat, chosen):
            for target in targets:
                for technique in techniques:
                    for cell in cells:
                        action = PlayCard(
                            player=seat,
                            card=card_id,
                            unit=unit_id,
                            target=target,
                            technique=technique,
                            to=cell,
                        )
                        if play_problem(state, action) is None:
                            found.append(action)
    return found


def dispose(ctx: Ctx, seat: int, chosen: Card, unit: Unit | None) -> None:
    """The card leaves the hand for where its type sends it (``put_away``)."""
    ctx.state.players[seat].hand.remove(chosen.id)
    put_away(ctx, seat, chosen, unit)


def put_away(ctx: Ctx, seat: int, chosen: Card, unit: Unit | None) -> None:
    """CT-1…5: Burst and Z-Reaction cards are discarded, OPG removed from the game (DK-7), Legacy
    cards stay beside their model, Persistent cards stay in play until their condition or CL-2."""
    player = ctx.state.players[seat]
    if chosen.type == "opg":
        player.removed.append(chosen.id)
    elif chosen.type == "persistent":
        player.persistent.append((chosen.id, unit.id if unit is not None else ""))
    elif chosen.type != "legacy":
        player.discard.append(chosen.id)


def play_card(ctx: Ctx, action: PlayCard) -> None:
    """Plays a card into its window; On Hit / On Damage and Phase Start cards wait for the window's
    resolution, every other card resolves at once."""
    state = ctx.state
    chosen = card(action.card)
    play = build_play(state, action)
    assert chosen.window != "activation_start", "Activation Start cards wait for the reply (start_window)"
    if chosen.window == "phase_start":
        # Blind (A4): the card stays in the hand, and only its owner knows, until both are Ready.
        state.phase_start_cards.append((action.player, chosen.id, action.unit or ""))
        state.phase_start_ready.append(action.player)
        ctx.say(
            "card_chosen",
            Text("You will play {card}", card=card_name(chosen.id)),
            action.player,
            [action.player],
            card=chosen.id,
        )
        return
    # A Persistent card concerns the enemy it names (Psychic Bind), else the model it is played on.
    dispose(ctx, action.player, chosen, play.target or play.unit)
    say_played(ctx, action)
    if chosen.window in ("on_hit", "on_damage"):
        attack = state.attack
        assert attack is not None
        attack.hit_cards.append((action.player, chosen.id))
        attack.hit_card_args.append((action.unit, action.technique, action.to))
        attack.hit_seats.pop(0)
        return
    if chosen.window == "z_reaction":
        _react_with(ctx, play)
        return
    state.window_plays.append(f"{chosen.window}:{action.player}")
    apply_effects(ctx, play)


def say_played(ctx: Ctx, action: PlayCard) -> None:
    """A card played is public: who played it, on which model, naming which enemy."""
    ctx.say(
        "card_played",
        Text("{seat} plays {card}", seat=seat_word(action.player), card=card_name(action.card)),
        action.player,
        card=action.card,
        unit=action.unit,
        target=action.target,
    )


def resolution_problem(state: PrimeTimeState, play: Play) -> Text | None:
    """Why a card that waited in its window can no longer take effect when it resolves."""
    return _subject_problem(state, play) or _requirement_problem(state, play) or effect_problem(state, play)


def _react_with(ctx: Ctx, play: Play) -> None:
    """TW-4: the card is the defender's Z-Reaction; it decides how the attack goes on."""
    attack = ctx.state.attack
    assert attack is not None
    attack.reaction_card = play.card.id
    for effect in play.card.effects:
        if effect.op == "evade":
            roll(
                ctx,
                Evasion(
                    "z_evasion",
                    roll_bonus=effect.amount,
                    inches=effect.inches or None,
                    bonus_bk=effect.bonus_bk,
                ),
            )
            return
        if effect.op == "brace":
            roll(ctx, Evasion("brace", brace_penalty=effect.amount, success_stat=effect.stat))
            return
        if effect.op == "clash":
            assert play.technique is not None
            attack.reaction_card = None
            clash(ctx, play.technique, roll_bonus=effect.amount, bk_discount=effect.bk_discount)
            return
        if effect.op == "intercept":
            assert play.unit is not None
            intercept(ctx, play.unit.id, card_absorb=effect.amount)
            return
    roll(ctx, None)


def resolve_phase_card(ctx: Ctx, seat: int, card_id: str, unit: Unit | None) -> None:
    """A blind Phase Start card resolves once both players are Ready; a card whose model has been
    Dazed since does nothing (it was still played)."""
    chosen = card(card_id)
    dispose(ctx, seat, chosen, unit)
    ctx.say(
        "card_played",
        Text("{seat} plays {card}", seat=seat_word(seat), card=card_name(chosen.id)),
        seat,
        card=card_id,
    )
    if unit is not None and unit.dazed:
        return
    apply_effects(ctx, Play(seat=seat, card=chosen, unit=unit))
