"""Perfect Cell as a pure reducer: setup, legal actions, apply, view and outcome.

Every rule check lives in one ``*_problem`` function per action that returns the rejection (or
None); ``legal_actions`` lists the actions whose check passes and ``apply`` raises the rejection, so
the two can never disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, Field, model_validator

from rules.cell import board
from rules.cell.actions import (
    ACTION_ADAPTER,
    CancelSelection,
    CellAction,
    ChangeFace,
    Choose,
    Confirm,
    EndTurn,
    GiveTile,
    Roll,
    Spend,
    StartSelection,
)
from rules.cell.content import FACES, MAX_PLAYERS, Face, Restriction, TokenKind, catalogue
from rules.cell.effects import EffectContext, passive_damage_bonus, run_power_up, run_threat
from rules.cell.state import (
    SCHEMA_VERSION,
    ActiveThreat,
    CellState,
    Die,
    FighterState,
    Selection,
    Source,
    Variant,
)
from rules.cell.threat_slots import fits_with, is_complete
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT, Outcome, StateCodec, reduce_copy
from rules.core.rng import Rng

MAX_EQUIPPED = 3
SUPPLY_SIZE = 3
THREATS_REMOVED_PER_PLAYER: dict[str, int] = {"normal": 0, "easy": 0, "challenge": 1, "impossible": 2}


class CellOptions(BaseModel):
    fighters: list[str] = Field(min_length=1, max_length=MAX_PLAYERS, description="fighter ids in seat order")
    variant: Variant = "normal"
    dice_colours: list[str | None] = Field(
        default=[],
        description="each seat's chosen dice colour in seat order; None (or none given) takes a free one",
    )

    @model_validator(mode="after")
    def _known_and_distinct(self) -> CellOptions:
        known = {fighter.id for fighter in catalogue().fighters}
        if len(set(self.fighters)) != len(self.fighters):
            raise ValueError("each Z-Fighter can be played by one player only")
        unknown = [fighter for fighter in self.fighters if fighter not in known]
        if unknown:
            raise ValueError(f"unknown Z-Fighter(s): {', '.join(unknown)}")
        if self.dice_colours and len(self.dice_colours) != len(self.fighters):
            raise ValueError("give one dice colour per seat, or none")
        chosen = [colour for colour in self.dice_colours if colour is not None]
        palette = {colour.name for colour in catalogue().board.dice_colours}
        if any(colour not in palette for colour in chosen):
            raise ValueError(f"dice come in {', '.join(sorted(palette))}")
        if len(set(chosen)) != len(chosen):
            raise ValueError("each set of dice can be taken by one player only")
        return self

    def seat_colours(self) -> list[str]:
        """The chosen colours, and for every seat without one the first colour nobody took
        (the rulebook: "players can pick the color of dice they prefer")."""
        wanted = self.dice_colours or [None] * len(self.fighters)
        free = [c.name for c in catalogue().board.dice_colours if c.name not in wanted]
        return [colour if colour is not None else free.pop(0) for colour in wanted]


def _reject(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


# Setup.


def new_game(options: CellOptions, seed: int) -> CellState:
    content = catalogue()
    rng = Rng(seed=seed)
    players = len(options.fighters)

    threats = [tile.id for tile in content.threats]
    rng.shuffle(threats)
    removed_count = THREATS_REMOVED_PER_PLAYER[options.variant] * players
    removed, threats = threats[:removed_count], threats[removed_count:]

    fighters: list[FighterState] = []
    starting_tiles: list[int] = []
    colours = options.seat_colours()
    for seat, fighter_id in enumerate(options.fighters):
        card = content.fighter(fighter_id)
        tiles = [content.power_up_named(card.starting_tile).id] if card.starting_tile else []
        starting_tiles.extend(tiles)
        fighters.append(
            FighterState(
                seat=seat,
                fighter=card.id,
                name=card.name,
                hp=card.max_hp,
                max_hp=card.max_hp,
                dice_colour=colours[seat],
                power_ups=tiles,
            )
        )
    power_stack = [tile.id for tile in content.power_ups if tile.id not in starting_tiles]
    rng.shuffle(power_stack)
    supply = [power_stack.pop() for _ in range(SUPPLY_SIZE)]

    token_pile: list[TokenKind] = [kind for kind, count in content.board.tokens.items() for _ in range(count)]
    rng.shuffle(token_pile)

    per_player = content.board.dice_per_player
    dice = [
        Die(id=seat * per_player + index, owner=seat, holder=seat)
        for seat in range(players)
        for index in range(per_player)
    ]
    health = content.board.easy_cell_health if options.variant == "easy" else content.board.cell_health
    state = CellState(
        variant=options.variant,
        rng=rng,
        cell_hp=health,
        cell_max_hp=health,
        fighters=fighters,
        dice=dice,
        threat_stack=threats,
        removed_threats=removed,
        power_stack=power_stack,
        power_supply=supply,
        token_pile=token_pile,
    )
    events: list[Event] = []
    names = ", ".join(f"{fighter.name} ({fighter.dice_colour} dice)" for fighter in fighters)
    board.say(
        state, events, "game_started", f"The Cell Games begin ({options.variant}): {names} against Cell"
    )
    _start_round(state, events)
    _remember(state, events)
    return state


# Queries shared by the checks.


def restriction_active(state: CellState, restriction: Restriction) -> bool:
    threats = catalogue().threats
    return any(restriction in threats[threat.tile].restrictions for threat in state.active_threats)


def _ability(state: CellState, seat: int) -> str:
    return catalogue().fighter(state.fighters[seat].fighter).ability


def _purchase_cost(state: CellState, seat: int, tile: int) -> int:
    cost = catalogue().power_ups[tile].purchase_cost
    return max(1, cost - 1) if _ability(state, seat) == "discount_and_gift" else cost


def _rolled_dice(state: CellState, seat: int) -> list[Die]:
    return [die for die in state.dice if die.zone == "mat" and die.holder == seat and die.face is not None]


def _placed_dice(state: CellState) -> list[Die]:
    return [die for die in state.dice if die.zone in ("threat", "meter")]


def _sources(
    state: CellState, seat: int, one_per_kind: bool = False, excluded: frozenset[int] = frozenset()
) -> list[Source]:
    """Every die and token the fighter could spend right now, a Wild token once per face; with
    ``one_per_kind``, one die per owner and face, since such dice are interchangeable."""
    dice = [die for die in _rolled_dice(state, seat) if die.id not in excluded]
    sources = [Source(die=die.id) for die in (_one_per_face(dice) if one_per_kind else dice)]
    fighter = state.fighters[seat]
    if not fighter.knocked_out:
        for kind in dict.fromkeys(fighter.tokens):
            faces: tuple[Face, ...] = FACES if kind == "wild" else (kind,)
            sources.extend(Source(token=kind, face=face) for face in faces)
    return sources


def _source_problem(
    state: CellState, seat: int, source: Source, already: list[Source] = ()
) -> IllegalAction | None:  # type: ignore[assignment]
    if source.die is not None:
        if not 0 <= source.die < len(state.dice):
            return _reject("no_such_die", "There is no such die.")
        die = state.dice[source.die]
        if die.zone != "mat" or die.holder != seat:
            return _reject("die_not_yours", "That die is not on your mat.")
        if die.face is None:
            return _reject(
                "die_not_rolled", "That die came back this turn and is rolled at the start of your next turn."
            )
        if source in already:
            return _reject("die_already_chosen", "You already chose that die.")
        return None
    fighter = state.fighters[seat]
    if fighter.knocked_out:
        return _reject("ko_no_tokens", "A KO'd fighter can't use Dragon Ball tokens.")
    held = fighter.tokens.count(source.token)  # type: ignore[arg-type]
    committed = sum(1 for other in already if other.token == source.token)
    if held <= committed:
        return _reject("no_such_token", "You don't have that Dragon Ball token.")
    return None


# Single-die spending.


def _spend_problem(state: CellState, action: Spend) -> IllegalAction | None:
    seat, source, use, target = action.player, action.source, action.use, action.target
    problem = _source_problem(state, seat, source)
    if problem:
        return problem
    face = board.source_face(state, source)
    fighter = state.fighters[seat]
    if fighter.knocked_out and use != "share":
        return _reject("ko_share_only", f"{fighter.name} is KO'd: Assists can only be shared.")
    if use in ("heal", "share") and (target is None or not 0 <= target < state.players):
        return _reject("bad_target", "Choose a Z-Fighter in this game.")
    if use in ("damage", "meter", "collect") and target is not None:
        return _reject("bad_option", "That choice doesn't apply here.")
    if use == "heal":
        if face not in ("dragon_ball", "assist"):
            return _reject("wrong_face", "Only Dragon Balls and Assists heal.")
        patient = state.fighters[target]  # type: ignore[index]
        if patient.knocked_out:
            return _reject("heal_ko", f"{patient.name} is KO'd: only a full Dragon Ball Meter revives them.")
        if patient.hp >= patient.max_hp:
            return _reject("heal_full", f"{patient.name} is already at full health.")
        return None
    if use == "damage":
        if face not in ("attack", "super_attack"):
            return _reject("wrong_face", "Only Attacks and Super Attacks deal damage.")
        if board.track_room(state) == 0:
            return _reject("track_full", "The Damage Track is full until Cell activates.")
        return None
    if use == "cancel":
        threat = state.active_threat(target) if target is not None else None
        if threat is None:
            return _reject("no_such_threat", "That threat is not in play.")
        cost = catalogue().threats[threat.tile].cost
        placed = [placement.face for placement in threat.placed]
        if is_complete(cost, placed):
            return _reject("threat_canceled", "That threat is already canceled.")
        if not fits_with(cost, placed, face):
            die = board.with_article(board.face_name(face), capital=True)
            return _reject("threat_mismatch", f"{die} doesn't fit the dice still needed there.")
        return None
    if use == "meter":
        if face != "dragon_ball":
            return _reject("wrong_face", "Only Dragon Balls fill the Dragon Ball Meter.")
        if board.meter_full(state):
            return _reject("meter_full", "The Dragon Ball Meter is already full.")
        return None
    if use == "collect":
        if face != "dragon_ball":
            return _reject("wrong_face", "Only Dragon Balls collect Dragon Ball tokens.")
        if not board.tokens_available(state):
            return _reject("no_tokens_left", "Every Dragon Ball token is already held by a fighter.")
        return None
    if source.die is None:
        return _reject("share_token", "Dragon Ball tokens can't be shared, only dice.")
    if face != "assist" and _ability(state, seat) != "share_any":
        return _reject("share_assist_only", "Only Assists can be shared (Goku can share any die).")
    if target == seat:
        return _reject("share_self", "Share with another Z-Fighter.")
    if restriction_active(state, "no_share"):
        return _reject("no_share", "A threat in play blocks sharing until it is discarded.")
    return None


def _apply_spend(state: CellState, events: list[Event], action: Spend) -> None:
    seat, source = action.player, action.source
    what = board.describe_source(state, source)
    name = board.fighter_name(state, seat)
    if action.use == "heal":
        board.spend_to_used_pile(state, seat, source)
        board.heal_fighter(state, events, seat, action.target, 1, f"{name} spends {what}")  # type: ignore[arg-type]
    elif action.use == "damage":
        placement = board.take_source(state, seat, source)
        boost = passive_damage_bonus(state.fighters[seat].power_ups, placement.face)
        amount = (2 if placement.face == "super_attack" else 1) + boost + board.strike_bonus(state, seat)
        board.place_on_track(state, events, placement)
        board.damage_cell(state, events, amount, seat, f"{what} (+{boost} from Power Ups)" if boost else what)
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
        status = "canceled!" if done else f"{len(threat.placed)}/{len(tile.cost)}"
        board.say(
            state, events, "threat_progress", f"{name}: {what} on {tile.name} ({status})", seat, tile=tile.id
        )
    elif action.use == "meter":
        board.place_on_meter(state, board.take_source(state, seat, source))
        board.say(
            state,
            events,
            "meter_filled",
            f"{name}: {what} on the Dragon Ball Meter ({_meter_text(state)})",
            seat,
        )
    elif action.use == "collect":
        board.spend_to_used_pile(state, seat, source)
        board.draw_token(state, events, seat)
    else:
        die = state.dice[source.die]  # type: ignore[index]
        die.holder, die.face = action.target, None
        receiver = board.fighter_name(state, action.target)  # type: ignore[arg-type]
        board.say(
            state,
            events,
            "die_shared",
            f"{name} shares {board.with_article(f'{state.fighters[die.owner].dice_colour} {what}')} die "
            f"with {receiver}",
            seat,
            to=action.target,
        )


def _meter_text(state: CellState) -> str:
    return f"{len(state.dragon_ball_meter)}/{board.meter_capacity(state)}"


# Multi-die selections.


def _cost_fits(cost: list[str], faces: list[Face]) -> bool:
    """Can ``faces`` pay part of an activation cost (fixed faces first, ``any`` takes the rest)?"""
    needed = Counter(slot for slot in cost if slot != "any")
    spare = cost.count("any")
    for face, count in Counter(faces).items():
        spare -= max(0, count - needed[face])
    return spare >= 0 and len(faces) <= len(cost)


def _affordable_sources(state: CellState, seat: int, cost: list[str]) -> bool:
    """Can the fighter's rolled dice and tokens pay ``cost`` in full? Fixed faces are paid first
    from matching dice and tokens, Wild tokens cover what is missing, and ``any`` takes the rest."""
    fighter = state.fighters[seat]
    available = Counter(die.face for die in _rolled_dice(state, seat))
    wilds = 0
    if not fighter.knocked_out:
        tokens = Counter(fighter.tokens)
        wilds = tokens.pop("wild", 0)
        available.update(tokens)
    needed = Counter(slot for slot in cost if slot != "any")
    missing = sum(max(0, count - available[face]) for face, count in needed.items())
    spare = sum(max(0, count - needed[face]) for face, count in available.items())
    return missing <= wilds and missing + cost.count("any") <= wilds + spare


def _payment_cost(state: CellState, selection: Selection, seat: int) -> list[str]:
    if selection.purpose == "buy":
        return ["assist"] * _purchase_cost(state, seat, selection.tile)  # type: ignore[arg-type]
    return list(catalogue().power_ups[selection.tile].activation_cost)  # type: ignore[index]


def _start_problem(state: CellState, action: StartSelection) -> IllegalAction | None:
    seat, purpose = action.player, action.purpose
    fighter = state.fighters[seat]
    if purpose in ("reroll", "retrieve"):
        if action.burn is None:
            return _reject("burn_needed", "Burn one of your rolled dice to do that.")
        problem = _source_problem(state, seat, Source(die=action.burn))
        if problem:
            return problem
    elif action.burn is not None:
        return _reject("no_burn", "That doesn't burn a die.")
    if purpose not in ("buy", "activate") and action.tile is not None:
        return _reject("bad_option", "That choice doesn't apply here.")
    if purpose in ("reroll", "free_reroll"):
        if fighter.knocked_out:
            return _reject("ko_no_reroll", f"{fighter.name} is KO'd: dice can't be rerolled.")
        if restriction_active(state, "no_reroll"):
            return _reject("no_reroll", "A threat in play blocks rerolls until it is discarded.")
        if purpose == "free_reroll":
            if _ability(state, seat) != "free_reroll":
                return _reject("no_ability", "Only Gohan has a free reroll.")
            if fighter.free_reroll_used:
                return _reject("free_reroll_used", "Gohan's free reroll is already used this turn.")
        others = [die for die in _rolled_dice(state, seat) if die.id != action.burn]
        if not others:
            return _reject("nothing_to_reroll", "There are no other dice to reroll.")
        return None
    if purpose == "retrieve":
        if not _placed_dice(state):
            return _reject(
                "nothing_to_retrieve", "There are no dice on Threat tiles or the Dragon Ball Meter."
            )
        return None
    if fighter.knocked_out:
        return _reject("ko_no_power_ups", f"{fighter.name} is KO'd: Power Ups can't be bought or used.")
    tile_id = action.tile
    if tile_id is None or not 0 <= tile_id < len(catalogue().power_ups):
        return _reject("no_such_tile", "There is no such Power Up tile.")
    tile = catalogue().power_ups[tile_id]
    if purpose == "buy":
        if tile_id not in state.power_supply:
            return _reject("not_in_supply", f"{tile.name} is not in the Power Supply.")
        if not _affordable_sources(state, seat, ["assist"] * _purchase_cost(state, seat, tile_id)):
            return _reject(
                "cannot_afford", f"{tile.name} costs {_purchase_cost(state, seat, tile_id)} Assists."
            )
        return None
    if tile_id not in fighter.power_ups:
        return _reject("not_equipped", f"You don't have {tile.name} equipped.")
    if tile.is_passive:
        return _reject(
            "passive_tile", f"{tile.name} works by itself while equipped: there is nothing to pay."
        )
    if tile.once_per_turn and tile_id in fighter.power_ups_used:
        return _reject("once_per_turn", f"{tile.name} can be used once per turn.")
    if not _affordable_sources(state, seat, list(tile.activation_cost)):
        return _reject("cannot_afford", f"You don't have the dice {tile.name} needs.")
    return _activation_target_problem(state, seat, tile_id)


def _activation_target_problem(state: CellState, seat: int, tile_id: int) -> IllegalAction | None:
    tile = catalogue().power_ups[tile_id]
    ops = {step.op for step in tile.effects}
    if "damage" in ops and board.track_room(state) < len(tile.activation_cost):
        return _reject("track_full", "The Damage Track doesn't have room for those dice.")
    if ops & {"heal", "heal_all"} and not any(f.hp < f.max_hp and not f.knocked_out for f in state.fighters):
        return _reject("nobody_to_heal", "Nobody can be healed right now.")
    if "collect_tokens" in ops and not board.tokens_available(state):
        return _reject("no_tokens_left", "Every Dragon Ball token is already held by a fighter.")
    if "retrieve_own" in ops and not any(die.owner == seat for die in _placed_dice(state)):
        return _reject(
            "nothing_to_retrieve", "None of your dice are on Threat tiles or the Dragon Ball Meter."
        )
    return None


def _choose_problem(state: CellState, action: Choose) -> IllegalAction | None:
    selection = state.selection
    assert selection is not None
    seat, source = action.player, action.source
    if selection.purpose == "retrieve":
        if source.die is None or not 0 <= source.die < len(state.dice):
            return _reject("retrieve_dice_only", "Only dice can be retrieved.")
        if state.dice[source.die].zone not in ("threat", "meter"):
            return _reject("not_placed", "Retrieve dice from Threat tiles or the Dragon Ball Meter.")
        if source in selection.chosen:
            return _reject("die_already_chosen", "You already chose that die.")
        return None
    if selection.purpose in ("reroll", "free_reroll"):
        if source.die is None:
            return _reject("reroll_dice_only", "Tokens can't be rerolled.")
        if source.die == selection.burn:
            return _reject("burned_die", "That die is the one being burned.")
        return _source_problem(state, seat, source, selection.chosen)
    problem = _source_problem(state, seat, source, selection.chosen)
    if problem:
        return problem
    cost = _payment_cost(state, selection, seat)
    faces = [board.source_face(state, chosen) for chosen in selection.chosen]
    if len(faces) >= len(cost):
        return _reject("paid_in_full", "That is already paid in full: confirm it.")
    if not _cost_fits(cost, [*faces, board.source_face(state, source)]):
        die = board.with_article(board.face_name(board.source_face(state, source)), capital=True)
        return _reject("wrong_face", f"{die} isn't part of that cost.")
    return None


def _confirm_problem(state: CellState, action: Confirm) -> IllegalAction | None:
    selection = state.selection
    assert selection is not None
    seat = action.player
    if selection.purpose in ("reroll", "free_reroll", "retrieve"):
        if action.give_to is not None or action.discard is not None or action.target is not None:
            return _reject("bad_option", "That choice doesn't apply here.")
        if not selection.chosen:
            return _reject("nothing_chosen", "Choose at least one die first.")
        return None
    cost = _payment_cost(state, selection, seat)
    if len(selection.chosen) < len(cost):
        return _reject("not_paid", f"Choose {len(cost) - len(selection.chosen)} more dice or tokens first.")
    if selection.purpose == "activate":
        if action.give_to is not None or action.discard is not None:
            return _reject("bad_option", "That choice doesn't apply here.")
        return _heal_target_problem(state, selection.tile, action.target)  # type: ignore[arg-type]
    if action.target is not None:
        return _reject("bad_option", "That choice doesn't apply here.")
    receiver = seat if action.give_to is None else action.give_to
    if action.give_to is not None:
        if _ability(state, seat) != "discount_and_gift":
            return _reject("no_ability", "Only Krillin can give Power Ups to other fighters.")
        if not 0 <= action.give_to < state.players or action.give_to == seat:
            return _reject("bad_target", "Give the tile to another Z-Fighter in this game.")
    return _discard_problem(state, receiver, action.discard)


def _heal_target_problem(state: CellState, tile_id: int, target: int | None) -> IllegalAction | None:
    if not catalogue().power_ups[tile_id].needs_target:
        return _reject("bad_option", "That Power Up has no target.") if target is not None else None
    if target is None or not 0 <= target < state.players:
        return _reject("bad_target", "Choose which Z-Fighter to heal.")
    patient = state.fighters[target]
    if patient.knocked_out:
        return _reject("heal_ko", f"{patient.name} is KO'd: only a full Dragon Ball Meter revives them.")
    if patient.hp >= patient.max_hp:
        return _reject("heal_full", f"{patient.name} is already at full health.")
    return None


def _discard_problem(state: CellState, receiver: int, discard: int | None) -> IllegalAction | None:
    fighter = state.fighters[receiver]
    if len(fighter.power_ups) >= MAX_EQUIPPED:
        if discard not in fighter.power_ups:
            return _reject(
                "discard_needed", f"{fighter.name} has 3 Power Ups: choose one of theirs to discard."
            )
    elif discard is not None:
        return _reject("no_discard", f"{fighter.name} has room: nothing needs discarding.")
    return None


def _apply_confirm(state: CellState, events: list[Event], action: Confirm) -> None:
    selection = state.selection
    assert selection is not None
    state.selection = None
    seat = action.player
    name = board.fighter_name(state, seat)
    if selection.purpose in ("reroll", "free_reroll"):
        if selection.burn is not None:
            burned = state.dice[selection.burn]
            burned.zone, burned.holder = "spent", None
        else:
            state.fighters[seat].free_reroll_used = True
        before = [board.face_name(state.dice[s.die].face) for s in selection.chosen]  # type: ignore[arg-type,index]
        after = []
        for source in selection.chosen:
            die = state.dice[source.die]  # type: ignore[index]
            die.face = catalogue().board.die_faces[state.rng.below(6)]
            after.append(board.face_name(die.face))
        how = "free reroll" if selection.burn is None else "burns a die and rerolls"
        board.say(
            state,
            events,
            "rerolled",
            f"{name} {how}: {', '.join(before)} → {', '.join(after)}",
            seat,
            faces=after,
        )
    elif selection.purpose == "retrieve":
        burned = state.dice[selection.burn]  # type: ignore[index]
        burned.zone, burned.holder = "spent", None
        chosen = {source.die for source in selection.chosen}
        for threat in state.active_threats:
            threat.placed = [p for p in threat.placed if p.die not in chosen]
        state.dragon_ball_meter = [p for p in state.dragon_ball_meter if p.die not in chosen]
        for die_id in chosen:
            board.return_die(state, state.dice[die_id])  # type: ignore[index]
        board.say(
            state, events, "dice_retrieved", f"{name} burns a die and retrieves {len(chosen)} dice", seat
        )
    elif selection.purpose == "buy":
        _buy(state, events, seat, selection, action)
    else:
        _activate(state, events, seat, selection, action.target)


def _buy(state: CellState, events: list[Event], seat: int, selection: Selection, action: Confirm) -> None:
    tile = catalogue().power_ups[selection.tile]  # type: ignore[index]
    for source in selection.chosen:
        board.spend_to_used_pile(state, seat, source)
    state.power_supply.remove(tile.id)
    receiver = seat if action.give_to is None else action.give_to
    equip(state, events, receiver, tile.id, action.discard)
    gift = "" if receiver == seat else f" for {board.fighter_name(state, receiver)}"
    board.say(
        state,
        events,
        "power_up_bought",
        f"{board.fighter_name(state, seat)} acquires {tile.name}{gift}",
        seat,
        tile=tile.id,
    )


def equip(state: CellState, events: list[Event], receiver: int, tile_id: int, discard: int | None) -> None:
    fighter = state.fighters[receiver]
    if discard is not None:
        fighter.power_ups.remove(discard)
        state.power_discard.append(discard)
        board.say(
            state,
            events,
            "power_up_discarded",
            f"{fighter.name} discards {catalogue().power_ups[discard].name}",
            receiver,
        )
    fighter.power_ups.append(tile_id)


def _activate(
    state: CellState, events: list[Event], seat: int, selection: Selection, target: int | None
) -> None:
    tile = catalogue().power_ups[selection.tile]  # type: ignore[index]
    fighter = state.fighters[seat]
    if tile.once_per_turn:
        fighter.power_ups_used.append(tile.id)
    board.say(state, events, "power_up_used", f"{fighter.name} uses {tile.name}", seat, tile=tile.id)
    deals_damage = any(step.op == "damage" for step in tile.effects)
    bonus = 0
    for source in selection.chosen:
        if deals_damage:
            bonus += board.strike_bonus(state, seat)
            board.place_on_track(state, events, board.take_source(state, seat, source))
        else:
            board.spend_to_used_pile(state, seat, source)
    run_power_up(
        EffectContext(state=state, events=events, source_name=tile.name, actor=seat, target=target), tile
    )
    if bonus:
        board.damage_cell(state, events, bonus, seat, "Burning Attack")


# Fighter abilities outside selections.


def _change_face_problem(state: CellState, action: ChangeFace) -> IllegalAction | None:
    fighter = state.fighters[action.player]
    if _ability(state, action.player) != "change_face":
        return _reject("no_ability", "Only Piccolo can change a die's face.")
    if fighter.knocked_out:
        return _reject("ko_no_ability", f"{fighter.name} is KO'd and can't change faces.")
    if fighter.face_change_used:
        return _reject("face_change_used", "Piccolo already changed a die's face this turn.")
    problem = _source_problem(state, action.player, Source(die=action.die))
    if problem:
        return problem
    face = state.dice[action.die].face
    if face is None or action.face != catalogue().board.opposite_face(face):
        return _reject("not_opposite_face", "Piccolo turns a die over: it can only show its opposite face.")
    return None


def _give_tile_problem(state: CellState, action: GiveTile) -> IllegalAction | None:
    if _ability(state, action.player) != "discount_and_gift":
        return _reject("no_ability", "Only Krillin can give Power Ups to other fighters.")
    if action.tile not in state.fighters[action.player].power_ups:
        return _reject("not_equipped", "You can only give a Power Up you have.")
    if not 0 <= action.to < state.players or action.to == action.player:
        return _reject("bad_target", "Give the tile to another Z-Fighter in this game.")
    return _discard_problem(state, action.to, action.discard)


# Turns and rounds.


def _start_round(state: CellState, events: list[Event]) -> None:
    state.round += 1
    state.active_seat = 0
    state.rolled = False
    board.say(state, events, "round_started", f"Round {state.round}: Cell makes the first move!")
    for _ in range(state.players):
        if not state.threat_stack:
            state.outcome = Outcome(result="loss", reason="threat_stack_empty")
            board.say(state, events, "game_lost", "A threat must be drawn but the stack is empty. Cell wins.")
            return
        tile = state.threat_stack.pop()
        state.active_threats.append(ActiveThreat(tile=tile))
        threat = catalogue().threats[tile]
        board.say(
            state, events, "threat_revealed", f"New threat: {threat.name} — {threat.effect_text}", tile=tile
        )


def _roll(state: CellState, events: list[Event], seat: int) -> None:
    state.rolled = True
    fighter = state.fighters[seat]
    faces = catalogue().board.die_faces
    rolled = [die for die in state.dice if die.zone == "mat" and die.holder == seat]
    for die in rolled:
        die.face = faces[state.rng.below(len(faces))]
    shown = ", ".join(board.face_name(die.face) for die in rolled) or "no dice"  # type: ignore[arg-type]
    board.say(state, events, "rolled", f"{fighter.name} rolls: {shown}", seat, faces=[d.face for d in rolled])
    if fighter.knocked_out:
        for die in rolled:
            if die.face == "dragon_ball" and not board.meter_full(state):
                board.place_on_meter(state, board.take_source(state, seat, Source(die=die.id)))
                board.say(
                    state,
                    events,
                    "meter_filled",
                    f"{fighter.name} is KO'd: a Dragon Ball goes to the meter ({_meter_text(state)})",
                    seat,
                )


def _end_turn(state: CellState, events: list[Event], seat: int) -> None:
    fighter = state.fighters[seat]
    for die in state.dice:
        if die.zone == "spent":
            board.return_die(state, die)
        elif die.zone == "mat" and die.holder == seat:
            die.face = None
    fighter.free_reroll_used = fighter.face_change_used = fighter.struck_first = False
    fighter.power_ups_used = []
    while len(state.power_supply) < SUPPLY_SIZE and state.power_stack:
        state.power_supply.append(state.power_stack.pop())
    board.say(state, events, "turn_ended", f"{fighter.name} ends their turn", seat)
    if seat + 1 < state.players:
        state.active_seat = seat + 1
        state.rolled = False
        return
    _cell_activates(state, events)
    if state.outcome is None:
        _start_round(state, events)


def _cell_activates(state: CellState, events: list[Event]) -> None:
    board.say(state, events, "cell_activates", "Cell activates!")
    content = catalogue()
    remaining: list[ActiveThreat] = []
    for threat in state.active_threats:
        tile = content.threats[threat.tile]
        if is_complete(tile.cost, [p.face for p in threat.placed]):
            board.release_placements(state, threat.placed)
            state.discarded_threats.append(threat.tile)
            board.say(
                state, events, "threat_discarded", f"{tile.name} was canceled and is discarded", tile=tile.id
            )
        else:
            remaining.append(threat)
    state.active_threats = remaining
    for threat in remaining:
        tile = content.threats[threat.tile]
        run_threat(EffectContext(state=state, events=events, source_name=tile.name), tile)
        if state.outcome is not None:
            return
    board.release_placements(state, state.damage_track)
    state.damage_track = []
    if board.meter_full(state):
        for fighter in state.fighters:
            fighter.hp = fighter.max_hp
        board.release_placements(state, state.dragon_ball_meter)
        state.dragon_ball_meter = []
        board.say(
            state,
            events,
            "wish_granted",
            "The Dragon Ball Meter is full: Shenron revives and heals every Z-Fighter!",
        )


# The reducer.


def _problem(state: CellState, action: CellAction) -> IllegalAction | None:
    if state.outcome is not None:
        return _reject("game_over", "The game is over.")
    if not 0 <= action.player < state.players:
        return _reject("not_playing", "You are not playing in this game.")
    if action.player != state.active_seat:
        return _reject("not_your_turn", f"It is {board.fighter_name(state, state.active_seat)}'s turn.")
    if isinstance(action, Roll):
        return _reject("already_rolled", "You already rolled this turn.") if state.rolled else None
    if not state.rolled:
        return _reject("roll_first", "Roll your dice first.")
    if state.selection is not None and not isinstance(action, Choose | Confirm | CancelSelection):
        return _reject("finish_selection", "Finish or cancel the choice in progress first.")
    if state.selection is None and isinstance(action, Choose | Confirm | CancelSelection):
        return _reject("no_selection", "There is no choice in progress.")
    check = _CHECKS.get(type(action))
    return check(state, action) if check else None  # type: ignore[operator]


_CHECKS: dict[type, Any] = {
    Spend: _spend_problem,
    StartSelection: _start_problem,
    Choose: _choose_problem,
    Confirm: _confirm_problem,
    ChangeFace: _change_face_problem,
    GiveTile: _give_tile_problem,
}


def _mutate(state: CellState, events: list[Event], action: CellAction) -> None:
    seat = action.player
    if isinstance(action, Roll):
        _roll(state, events, seat)
    elif isinstance(action, Spend):
        _apply_spend(state, events, action)
    elif isinstance(action, StartSelection):
        state.selection = Selection(purpose=action.purpose, tile=action.tile, burn=action.burn)
    elif isinstance(action, Choose):
        state.selection.chosen.append(action.source)  # type: ignore[union-attr]
    elif isinstance(action, Confirm):
        _apply_confirm(state, events, action)
    elif isinstance(action, CancelSelection):
        state.selection = None
    elif isinstance(action, ChangeFace):
        die = state.dice[action.die]
        before = die.face
        die.face = action.face
        state.fighters[seat].face_change_used = True
        board.say(
            state,
            events,
            "face_changed",
            f"{board.fighter_name(state, seat)} turns a {board.face_name(before)} into a "  # type: ignore[arg-type]
            f"{board.face_name(action.face)}",
            seat,
        )
    elif isinstance(action, GiveTile):
        state.fighters[seat].power_ups.remove(action.tile)
        equip(state, events, action.to, action.tile, action.discard)
        board.say(
            state,
            events,
            "power_up_given",
            f"{board.fighter_name(state, seat)} gives {catalogue().power_ups[action.tile].name} to "
            f"{board.fighter_name(state, action.to)}",
            seat,
        )
    else:
        _end_turn(state, events, seat)


def _remember(state: CellState, events: list[Event]) -> None:
    state.recent_events = [*state.recent_events, *events][-RECENT_EVENT_LIMIT:]


_SHARED_LISTS = frozenset({"recent_events"})


def apply(state: CellState, action: CellAction) -> tuple[CellState, list[Event]]:
    problem = _problem(state, action)
    if problem:
        raise problem

    def mutate(working: CellState, events: list[Event]) -> None:
        _mutate(working, events, action)
        working.actions_taken += 1
        _remember(working, events)

    return reduce_copy(state, mutate, _SHARED_LISTS)


def is_legal(state: CellState, action: CellAction) -> bool:
    return _problem(state, action) is None


# Enumeration: candidate actions filtered by the same checks apply uses.


def _candidates(state: CellState, seat: int) -> Iterator[CellAction]:
    """Every action worth checking. Actions that the fighter's ability or the die's face rule out
    at once are not listed: enumeration runs on every step of every playout."""
    if not state.rolled:
        yield Roll(player=seat)
        return
    selection = state.selection
    if selection is not None:
        yield from _selection_candidates(state, seat, selection)
        return
    seats = range(state.players)
    ability = _ability(state, seat)
    others = [target for target in seats if target != seat]
    for source in _sources(state, seat, one_per_kind=True):
        face = board.source_face(state, source)
        if face in ("dragon_ball", "assist"):
            for target in seats:
                yield Spend(player=seat, source=source, use="heal", target=target)
        if source.die is not None and (face == "assist" or ability == "share_any"):
            for target in others:
                yield Spend(player=seat, source=source, use="share", target=target)
        for threat in state.active_threats:
            yield Spend(player=seat, source=source, use="cancel", target=threat.tile)
        uses = (
            ("damage",)
            if face in ("attack", "super_attack")
            else ("meter", "collect")
            if face == "dragon_ball"
            else ()
        )
        for use in uses:
            yield Spend(player=seat, source=source, use=use)  # type: ignore[arg-type]
    rolled = _rolled_dice(state, seat)
    for die in _one_per_face(rolled):
        yield StartSelection(player=seat, purpose="reroll", burn=die.id)
        yield StartSelection(player=seat, purpose="retrieve", burn=die.id)
        if ability == "change_face" and die.face is not None:
            yield ChangeFace(player=seat, die=die.id, face=catalogue().board.opposite_face(die.face))
    if ability == "free_reroll":
        yield StartSelection(player=seat, purpose="free_reroll")
    for tile in state.power_supply:
        yield StartSelection(player=seat, purpose="buy", tile=tile)
    for tile in state.fighters[seat].power_ups:
        yield StartSelection(player=seat, purpose="activate", tile=tile)
        if ability == "discount_and_gift":
            for to in others:
                for discard in [None, *state.fighters[to].power_ups]:
                    yield GiveTile(player=seat, tile=tile, to=to, discard=discard)
    yield EndTurn(player=seat)


def _one_per_face(dice: list[Die]) -> list[Die]:
    """Dice of one owner showing one face are interchangeable: list one of each kind."""
    seen: dict[tuple[int, str | None], Die] = {}
    for die in dice:
        seen.setdefault((die.owner, die.face), die)
    return list(seen.values())


def _selection_candidates(state: CellState, seat: int, selection: Selection) -> Iterator[CellAction]:
    if selection.purpose == "retrieve":
        for die in _placed_dice(state):
            yield Choose(player=seat, source=Source(die=die.id))
    else:
        taken = frozenset(source.die for source in selection.chosen if source.die is not None)
        excluded = taken | {selection.burn} if selection.burn is not None else taken
        for source in _sources(state, seat, one_per_kind=True, excluded=excluded):
            yield Choose(player=seat, source=source)
    yield CancelSelection(player=seat)
    if selection.purpose == "buy":
        gifts = [None, *range(state.players)] if _ability(state, seat) == "discount_and_gift" else [None]
        for give_to in gifts:
            receiver = seat if give_to is None else give_to
            for discard in [None, *state.fighters[receiver].power_ups]:
                yield Confirm(player=seat, give_to=give_to, discard=discard)
    elif selection.purpose == "activate":
        for target in [None, *range(state.players)]:
            yield Confirm(player=seat, target=target)
    else:
        yield Confirm(player=seat)


def legal_actions(state: CellState, player: int) -> list[CellAction]:
    """The legal actions, one per kind: where several dice of one owner show the same face, only the
    lowest-numbered appears (``apply`` accepts any of them; ``with_die`` swaps in another)."""
    if state.outcome is not None or player != state.active_seat:
        return []
    return [action for action in _candidates(state, player) if _problem(state, action) is None]


def with_die(action: CellAction, die: int) -> CellAction:
    """The same action spending, burning or choosing ``die`` instead of its interchangeable twin."""
    if isinstance(action, Spend | Choose) and action.source.die is not None:
        return action.model_copy(update={"source": Source(die=die)})
    if isinstance(action, StartSelection) and action.burn is not None:
        return action.model_copy(update={"burn": die})
    if isinstance(action, ChangeFace):
        return action.model_copy(update={"die": die})
    return action


def twin_dice(state: CellState, die: int) -> list[int]:
    """Dice interchangeable with ``die``: same mat, same owner, same face."""
    reference = state.dice[die]
    return [
        other.id
        for other in state.dice
        if (other.zone, other.holder, other.owner, other.face)
        == (reference.zone, reference.holder, reference.owner, reference.face)
    ]


# Views and storage.


def outcome(state: CellState) -> Outcome | None:
    return state.outcome


def _colour_dice(document: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 to 2: dice colours became the players' choice; older games keep the palette's order."""
    palette = [colour.name for colour in catalogue().board.dice_colours]
    for seat, fighter in enumerate(document["fighters"]):
        fighter.setdefault("dice_colour", palette[seat])
    return {**document, "schema_version": 2}


CODEC = StateCodec(CellState, SCHEMA_VERSION, {1: _colour_dice})


def parse_action(data: dict[str, Any]) -> CellAction:
    return ACTION_ADAPTER.validate_python(data)
