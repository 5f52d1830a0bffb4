"""Over 9000 as a pure reducer: setup, legal actions, apply, outcome.

Every rule check lives in one ``*_problem`` function per action that returns the rejection (or
None); ``legal_actions`` lists the candidate actions whose check passes and ``apply`` raises the
rejection, so the two can never disagree. Who must answer next is the state's ``prompt``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel, Field, model_validator

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT, Outcome, StateCodec, reduce_copy
from rules.core.rng import Rng
from rules.over9000.actions import (
    ACTION_ADAPTER,
    Attack,
    Keep,
    Over9000Action,
    Place,
    Reveal,
    TakeBack,
    UsePower,
)
from rules.over9000.content import (
    ATTACKS,
    DRAW_SIZE,
    SLOT_COUNT,
    SLOT_DEPTH,
    TOKEN_KINDS,
    TOKEN_NAMES,
    Power,
    catalogue,
    format_level,
    is_attack,
)
from rules.over9000.ending import settle_round
from rules.over9000.migrations import MIGRATIONS
from rules.over9000.powers import (
    PowerContext,
    change_level,
    duel_modifiers,
    needs_slot,
    needs_target,
    power_problem,
    run_power,
)
from rules.over9000.resolution import Resolution, resolve
from rules.over9000.state import (
    SCHEMA_VERSION,
    Duel,
    FaceUpToken,
    Over9000State,
    PlayerState,
    Prompt,
    Token,
    Turn,
)

WINDOW_TEXT = {
    "attack": "on your turn, before you attack",
    "defense": "when you are attacked, before you reveal a slot",
}
_KIND_ORDER = {kind: index for index, kind in enumerate(TOKEN_KINDS)}


class Over9000Options(BaseModel):
    characters: list[str] = Field(min_length=2, max_length=6, description="character ids in seat order")

    @model_validator(mode="after")
    def _known_and_distinct(self) -> Over9000Options:
        known = {character.id for character in catalogue().characters}
        if len(set(self.characters)) != len(self.characters):
            raise ValueError("each character can be played by one player only")
        unknown = [character for character in self.characters if character not in known]
        if unknown:
            raise ValueError(f"unknown character(s): {', '.join(unknown)}")
        return self


def _reject(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


def _say(
    events: list[Event],
    event_kind: str,
    text: str,
    actor: int | None = None,
    visible_to: list[int] | None = None,
    **data: object,
) -> None:
    events.append(Event(kind=event_kind, text=text, actor=actor, data=dict(data), visible_to=visible_to))


def power_of(state: Over9000State, seat: int) -> Power:
    return catalogue().character(state.players[seat].character).power


def slot_name(slot: int) -> str:
    return f"slot {slot + 1}"


# Setup and rounds.


def _token_ids(rng: Rng, count: int) -> list[str]:
    """Random ids, so that an id tells nothing about its token's kind."""
    ids: list[str] = []
    seen: set[str] = set()
    while len(ids) < count:
        token_id = f"tok-{rng.next_u64() & 0xFFFFFFFFFF:010x}"
        if token_id not in seen:
            seen.add(token_id)
            ids.append(token_id)
    return ids


def new_game(options: Over9000Options, seed: int) -> Over9000State:
    content = catalogue()
    rng = Rng(seed=seed)
    kinds = [kind for kind, count in content.settings.tokens.items() for _ in range(count)]
    pile = [
        Token(id=token_id, kind=kind)
        for token_id, kind in zip(_token_ids(rng, len(kinds)), kinds, strict=True)
    ]
    players = []
    for seat, character_id in enumerate(options.characters):
        character = content.character(character_id)
        players.append(
            PlayerState(seat=seat, character=character.id, name=character.name, power_level=character.start)
        )
    state = Over9000State(rng=rng, players=players, pile=pile)
    events: list[Event] = []
    lineup = ", ".join(f"{player.name} ({format_level(player.power_level)})" for player in players)
    _say(events, "game_started", f"Over 9000 begins: {lineup}")
    _start_round(state, events)
    _refresh_prompt(state)
    _remember(state, events)
    return state


def _start_round(state: Over9000State, events: list[Event]) -> None:
    state.round += 1
    state.phase = "placement"
    state.rng.shuffle(state.pile)
    _say(events, "round_started", f"Round {state.round}: everyone draws {DRAW_SIZE} tokens")
    for player in state.players:
        player.hand = sorted((state.pile.pop() for _ in range(DRAW_SIZE)), key=_kind_order)
        drawn = ", ".join(TOKEN_NAMES[token.kind] for token in player.hand)
        _say(
            events,
            "tokens_drawn",
            f"You draw: {drawn}",
            player.seat,
            visible_to=[player.seat],
            kinds=[token.kind for token in player.hand],
        )


def _kind_order(token: Token) -> int:
    return _KIND_ORDER[token.kind]


def _start_duels(state: Over9000State, events: list[Event]) -> None:
    state.phase = "duel"
    state.turn_order = sorted(
        range(state.player_count), key=lambda seat: (state.players[seat].power_level, seat)
    )
    order = ", ".join(
        f"{state.players[seat].name} ({format_level(state.players[seat].power_level)})"
        for seat in state.turn_order
    )
    _say(events, "turn_order", f"Everyone is ready. Turn order, lowest power level first: {order}")
    _next_turn(state, events, after=None)


def can_duel(state: Over9000State) -> bool:
    """A duel needs two players with at least one face-down token each."""
    return sum(1 for player in state.players if player.face_down_count > 0) >= 2


def _next_turn(state: Over9000State, events: list[Event], after: int | None) -> None:
    if not can_duel(state):
        _end_round(state, events)
        return
    order = state.turn_order
    start = 0 if after is None else order.index(after) + 1
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        if state.players[seat].face_down_count > 0:
            state.turn = Turn(seat=seat)
            return
    raise AssertionError("can_duel guarantees a player with a face-down token")


def _end_round(state: Over9000State, events: list[Event]) -> None:
    state.turn = None
    for player in state.players:
        returned = [*player.hand, *[face_up.token for face_up in player.face_up]]
        returned.extend(token for slot in player.slots for token in slot)
        if player.reserve is not None:
            returned.append(player.reserve)
        state.pile.extend(returned)
        player.hand, player.reserve, player.face_up, player.placed = [], None, [], False
        player.slots = [[] for _ in range(SLOT_COUNT)]
    levels = ", ".join(f"{player.name} {format_level(player.power_level)}" for player in state.players)
    _say(events, "round_ended", f"Round {state.round} is over: {levels}")
    settle_round(state, events)
    if state.outcome is None:
        _start_round(state, events)
    else:
        state.phase = "over"


# Placement.


def _has_double_slot(player: PlayerState) -> bool:
    return any(len(slot) >= SLOT_DEPTH for slot in player.slots)


def _in_hand(player: PlayerState, kind: str) -> Token | None:
    return next((token for token in player.hand if token.kind == kind), None)


def _keep_problem(state: Over9000State, action: Keep) -> IllegalAction | None:
    player = state.players[action.player]
    if player.reserve is not None:
        return _reject("reserve_full", "Your reserve slot already holds a token.")
    if _in_hand(player, action.kind) is None:
        return _reject("not_in_hand", f"You have no {TOKEN_NAMES[action.kind]} left to place.")
    return None


def _place_problem(state: Over9000State, action: Place) -> IllegalAction | None:
    player = state.players[action.player]
    if not 0 <= action.slot < SLOT_COUNT:
        return _reject("no_such_slot", f"Choose a slot from 1 to {SLOT_COUNT}.")
    if _in_hand(player, action.kind) is None:
        return _reject("not_in_hand", f"You have no {TOKEN_NAMES[action.kind]} left to place.")
    if player.reserve is None and len(player.hand) == 1:
        return _reject("reserve_needed", "Your last token goes into your reserve slot.")
    stack = player.slots[action.slot]
    if len(stack) >= SLOT_DEPTH:
        return _reject("slot_full", f"{slot_name(action.slot).capitalize()} already holds two tokens.")
    if stack and _has_double_slot(player):
        return _reject("one_double_slot", "Only one slot may hold two tokens.")
    return None


def _take_back_problem(state: Over9000State, action: TakeBack) -> IllegalAction | None:
    player = state.players[action.player]
    if player.reserve is None and player.face_down_count == 0:
        return _reject("nothing_placed", "You haven't placed any token yet.")
    return None


def _take_hand_token(player: PlayerState, kind: str) -> Token:
    token = _in_hand(player, kind)
    assert token is not None
    player.hand.remove(token)
    return token


def _after_arranging(state: Over9000State, events: list[Event], seat: int) -> None:
    player = state.players[seat]
    if player.hand:
        return
    player.placed = True
    _say(events, "tokens_arranged", f"{player.name} has arranged their tokens", seat)
    if all(other.placed for other in state.players):
        _start_duels(state, events)


# Special powers.


def _power_context(state: Over9000State, events: list[Event], action: UsePower) -> PowerContext:
    return PowerContext(
        state=state, events=events, user=action.player, target=action.target, slot=action.slot
    )


def _power_problem(state: Over9000State, action: UsePower) -> IllegalAction | None:
    player = state.players[action.player]
    power = power_of(state, action.player)
    assert state.prompt is not None
    window = "attack" if state.prompt.kind == "attack" else "defense"
    if power.window != window:
        return _reject("wrong_window", f"{power.name} is used {WINDOW_TEXT[power.window]}.")
    if player.reserve is None:
        return _reject("power_used", "You already flipped your Dragon Ball this round.")
    if player.reserve.kind != "dragon_ball":
        return _reject("no_dragon_ball", "Your reserve token is not a Dragon Ball.")
    problem = _power_target_problem(state, action, power) or _power_slot_problem(action, power)
    return problem or power_problem(_power_context(state, [], action), power)


def _power_target_problem(state: Over9000State, action: UsePower, power: Power) -> IllegalAction | None:
    if not needs_target(power):
        return (
            _reject("bad_option", f"{power.name} doesn't target anyone.")
            if action.target is not None
            else None
        )
    if action.target is None:
        return _reject("target_needed", f"Choose an opponent for {power.name}.")
    if not 0 <= action.target < state.player_count or action.target == action.player:
        return _reject("bad_target", "Choose an opponent in this game.")
    return None


def _power_slot_problem(action: UsePower, power: Power) -> IllegalAction | None:
    if not needs_slot(power):
        return (
            _reject("bad_option", f"{power.name} doesn't name a slot.") if action.slot is not None else None
        )
    if action.slot is None:
        return _reject("slot_needed", f"Choose a slot for {power.name}.")
    if not 0 <= action.slot < SLOT_COUNT:
        return _reject("no_such_slot", f"Choose a slot from 1 to {SLOT_COUNT}.")
    return None


def _use_power(state: Over9000State, events: list[Event], action: UsePower) -> None:
    player = state.players[action.player]
    power = power_of(state, action.player)
    assert player.reserve is not None and state.turn is not None
    player.face_up.append(FaceUpToken(token=player.reserve))
    player.reserve = None
    _say(
        events,
        "power_used",
        f"{player.name} flips a Dragon Ball: {power.name}!",
        action.player,
        power=power.name,
    )
    armed = run_power(_power_context(state, events, action), power)
    if power.window == "defense":
        assert state.turn.duel is not None
        state.turn.duel.defense_armed.extend(armed)
        return
    state.turn.armed.extend(armed)
    if not can_duel(state):
        _end_round(state, events)


# Duels.


def _attack_problem(state: Over9000State, action: Attack) -> IllegalAction | None:
    player = state.players[action.player]
    if not 0 <= action.slot < SLOT_COUNT:
        return _reject("no_such_slot", f"Choose a slot from 1 to {SLOT_COUNT}.")
    if player.top(action.slot) is None:
        return _reject("slot_empty", f"Your {slot_name(action.slot)} has no face-down token.")
    if not 0 <= action.target < state.player_count or action.target == action.player:
        return _reject("bad_target", "Attack an opponent in this game.")
    target = state.players[action.target]
    if target.face_down_count == 0:
        return _reject("target_out", f"{target.name} has no face-down token left and sits the duels out.")
    return None


def _attack(state: Over9000State, events: list[Event], action: Attack) -> None:
    assert state.turn is not None
    player = state.players[action.player]
    token = player.slots[action.slot].pop()
    exposed = player.exposed_attacks > 0
    state.turn.duel = Duel(
        defender=action.target, slot=action.slot, token=token, declared=action.declared, exposed=exposed
    )
    target = state.players[action.target].name
    _say(
        events,
        "attack_declared",
        f"{player.name} pushes {slot_name(action.slot)} forward at {target}: {TOKEN_NAMES[action.declared]}!",
        action.player,
        target=action.target,
        slot=action.slot,
        declared=action.declared,
    )
    if exposed:
        player.exposed_attacks -= 1
        _say(
            events,
            "attack_seen",
            f"{player.name} was caught bluffing, so you see the token pushed at you: a "
            f"{TOKEN_NAMES[token.kind]}",
            action.player,
            visible_to=[action.target],
            kind=token.kind,
        )


def _reveal_problem(state: Over9000State, action: Reveal) -> IllegalAction | None:
    if not 0 <= action.slot < SLOT_COUNT:
        return _reject("no_such_slot", f"Choose a slot from 1 to {SLOT_COUNT}.")
    if state.players[action.player].top(action.slot) is None:
        return _reject("slot_empty", f"Your {slot_name(action.slot)} has no face-down token.")
    return None


def _reveal(state: Over9000State, events: list[Event], action: Reveal) -> None:
    turn = state.turn
    assert turn is not None and turn.duel is not None
    duel = turn.duel
    attacker, defender = state.players[turn.seat], state.players[duel.defender]
    revealed = defender.slots[action.slot].pop()
    step = catalogue().settings.power_step
    modifiers = duel_modifiers([*turn.armed, *duel.defense_armed])
    resolution = resolve(duel.token.kind, duel.declared, revealed.kind, modifiers, step)
    attacker_change = change_level(state, attacker.seat, resolution.attacker_change)
    defender_change = change_level(state, defender.seat, resolution.defender_change)
    attacker.face_up.append(FaceUpToken(token=duel.token, slot=duel.slot))
    defender.face_up.append(FaceUpToken(token=revealed, slot=action.slot))
    _say(
        events,
        "duel_resolved",
        _duel_text(attacker, defender, duel, revealed, resolution, attacker_change, defender_change),
        attacker.seat,
        defender=defender.seat,
        pushed=duel.token.kind,
        declared=duel.declared,
        revealed=revealed.kind,
        result=resolution.result,
        bluff=resolution.bluff,
        attacker_change=attacker_change,
        defender_change=defender_change,
        exposed=duel.exposed,
    )
    if resolution.result == "blocked" and resolution.bluff and not modifiers.safe_attack:
        _expose(attacker, events)
    turn.duel = None
    _next_turn(state, events, after=attacker.seat)


def _expose(attacker: PlayerState, events: list[Event]) -> None:
    """A caught bluff's price (decision 7): the bluffer's next attacks are shown to their defenders
    before they reveal, so for those attacks a declaration can neither mislead nor protect."""
    count = catalogue().settings.exposed_attacks
    if not count:
        return
    attacker.exposed_attacks = count
    attacks = "attack is" if count == 1 else f"{count} attacks are"
    _say(
        events,
        "bluff_exposed",
        f"{attacker.name} was caught bluffing: {attacker.name}'s next {attacks} shown to the defender "
        "before they reveal",
        attacker.seat,
        attacks=count,
    )


def _signed(change: int) -> str:
    return f"+{format_level(change)}" if change >= 0 else f"-{format_level(-change)}"


def _bluff_note(pushed: str, bluff: bool) -> str:
    if not is_attack(pushed):
        return " (a feint!)"
    return " (a bluff!)" if bluff else ""


def _duel_text(
    attacker: PlayerState,
    defender: PlayerState,
    duel: Duel,
    revealed: Token,
    resolution: Resolution,
    attacker_change: int,
    defender_change: int,
) -> str:
    pushed = TOKEN_NAMES[duel.token.kind]
    bluff = _bluff_note(duel.token.kind, resolution.bluff)
    opening = f"{defender.name} reveals {TOKEN_NAMES[revealed.kind]}; {attacker.name} pushed {pushed}{bluff}."
    if resolution.result == "blocked":
        caught = "Bluff caught! " if resolution.bluff else ""
        verdict = f"{caught}Blocked"
    elif resolution.result == "hit":
        verdict = "It hits"
    else:
        verdict = "No attack"
    changes = [
        f"{player.name} {_signed(change)} ({format_level(player.power_level)})"
        for player, change in ((attacker, attacker_change), (defender, defender_change))
        if change
    ]
    return f"{opening} {verdict}" + (f": {', '.join(changes)}" if changes else ".")


# The reducer.


def _refresh_prompt(state: Over9000State) -> None:
    if state.outcome is not None:
        state.prompt = None
    elif state.phase == "placement":
        state.prompt = Prompt(
            kind="place", seats=[player.seat for player in state.players if not player.placed]
        )
    else:
        assert state.turn is not None
        duel = state.turn.duel
        state.prompt = (
            Prompt(kind="reveal", seats=[duel.defender])
            if duel
            else Prompt(kind="attack", seats=[state.turn.seat])
        )


def _waiting_problem(state: Over9000State) -> IllegalAction:
    prompt = state.prompt
    assert prompt is not None
    if prompt.kind == "place":
        return _reject("already_arranged", "Your tokens are arranged; waiting for the others.")
    name = state.players[prompt.seats[0]].name
    if prompt.kind == "attack":
        return _reject("not_your_turn", f"It is {name}'s turn.")
    return _reject("waiting_for_reveal", f"{name} must choose a slot to reveal.")


_PLACING = (Keep, Place, TakeBack)


def _phase_problem(state: Over9000State, action: Over9000Action) -> IllegalAction | None:
    assert state.prompt is not None
    kind = state.prompt.kind
    if isinstance(action, _PLACING) and kind != "place":
        return _reject("not_placing", "Tokens are arranged only at the start of a round.")
    if kind == "place" and not isinstance(action, _PLACING):
        return _reject("arrange_first", "Arrange your tokens first.")
    if isinstance(action, Attack) and kind != "attack":
        return _reject("reveal_first", "Choose a slot to reveal first.")
    if isinstance(action, Reveal) and kind != "reveal":
        return _reject("not_attacked", "Nobody is attacking you right now.")
    return None


def _problem(state: Over9000State, action: Over9000Action) -> IllegalAction | None:
    if state.outcome is not None:
        return _reject("game_over", "The game is over.")
    if not 0 <= action.player < state.player_count:
        return _reject("not_playing", "You are not playing in this game.")
    assert state.prompt is not None
    if action.player not in state.prompt.seats:
        return _waiting_problem(state)
    problem = _phase_problem(state, action)
    if problem:
        return problem
    check = _CHECKS.get(type(action))
    return check(state, action) if check else None


_CHECKS: dict[type, Callable[[Over9000State, Any], IllegalAction | None]] = {
    Keep: _keep_problem,
    Place: _place_problem,
    TakeBack: _take_back_problem,
    UsePower: _power_problem,
    Attack: _attack_problem,
    Reveal: _reveal_problem,
}


def _mutate(state: Over9000State, events: list[Event], action: Over9000Action) -> None:
    player = state.players[action.player]
    if isinstance(action, Keep):
        player.reserve = _take_hand_token(player, action.kind)
        _after_arranging(state, events, action.player)
    elif isinstance(action, Place):
        player.slots[action.slot].append(_take_hand_token(player, action.kind))
        _after_arranging(state, events, action.player)
    elif isinstance(action, TakeBack):
        returned = [token for slot in player.slots for token in slot]
        if player.reserve is not None:
            returned.append(player.reserve)
        player.hand = sorted([*player.hand, *returned], key=_kind_order)
        player.reserve, player.slots = None, [[] for _ in range(SLOT_COUNT)]
    elif isinstance(action, UsePower):
        _use_power(state, events, action)
    elif isinstance(action, Attack):
        _attack(state, events, action)
    else:
        _reveal(state, events, action)


def _remember(state: Over9000State, events: list[Event]) -> None:
    state.recent_events = [*state.recent_events, *events][-RECENT_EVENT_LIMIT:]


def apply(state: Over9000State, action: Over9000Action) -> tuple[Over9000State, list[Event]]:
    problem = _problem(state, action)
    if problem:
        raise problem

    def mutate(working: Over9000State, events: list[Event]) -> None:
        _mutate(working, events, action)
        working.actions_taken += 1
        _refresh_prompt(working)
        _remember(working, events)

    return reduce_copy(state, mutate)


def is_legal(state: Over9000State, action: Over9000Action) -> bool:
    return _problem(state, action) is None


# Enumeration: candidate actions filtered by the same checks apply uses.


def _power_candidates(state: Over9000State, seat: int) -> Iterator[Over9000Action]:
    power = power_of(state, seat)
    targets = (
        [other for other in range(state.player_count) if other != seat] if needs_target(power) else [None]
    )
    slots: list[int | None] = list(range(SLOT_COUNT)) if needs_slot(power) else [None]
    for target in targets:
        for slot in slots:
            yield UsePower(player=seat, target=target, slot=slot)


def _candidates(state: Over9000State, seat: int) -> Iterator[Over9000Action]:
    """The actions worth checking: the cheap filters here only skip what the checks would reject."""
    assert state.prompt is not None
    player = state.players[seat]
    if state.prompt.kind == "place":
        open_slots = [slot for slot in range(SLOT_COUNT) if len(player.slots[slot]) < SLOT_DEPTH]
        for kind in dict.fromkeys(token.kind for token in player.hand):
            if player.reserve is None:
                yield Keep(player=seat, kind=kind)
            for slot in open_slots:
                yield Place(player=seat, kind=kind, slot=slot)
        yield TakeBack(player=seat)
        return
    if player.reserve is not None and player.reserve.kind == "dragon_ball":
        yield from _power_candidates(state, seat)
    filled = [slot for slot in range(SLOT_COUNT) if player.slots[slot]]
    if state.prompt.kind == "reveal":
        for slot in filled:
            yield Reveal(player=seat, slot=slot)
        return
    targets = [other.seat for other in state.players if other.seat != seat and other.face_down_count > 0]
    for slot in filled:
        for target in targets:
            for declared in ATTACKS:
                yield Attack(player=seat, slot=slot, target=target, declared=declared)


def legal_actions(state: Over9000State, player: int) -> list[Over9000Action]:
    if state.outcome is not None or state.prompt is None or player not in state.prompt.seats:
        return []
    return [action for action in _candidates(state, player) if _problem(state, action) is None]


def outcome(state: Over9000State) -> Outcome | None:
    return state.outcome


CODEC = StateCodec(Over9000State, SCHEMA_VERSION, MIGRATIONS)


def parse_action(data: dict[str, Any]) -> Over9000Action:
    return ACTION_ADAPTER.validate_python(data)
