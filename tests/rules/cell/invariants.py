"""The Perfect Cell invariant harness: random legal playouts checked at every step.

``play_checked`` plays one game to its end, choosing among the legal actions with ``pick`` (a turn is
wound up after ``TURN_STEP_LIMIT`` steps so every game ends), and at every step checks that

- every legal action applies, and every resulting state keeps the invariants below;
- actions by other seats, random malformed actions and mutated spends are either rejected with a typed
  error and the state untouched, or are a legal action (up to interchangeable dice);
- every die is in exactly one place and the placements agree with the dice; the 24 tokens (12/8/4)
  are all accounted for; tiles are neither lost nor duplicated; health stays within bounds;
- the state survives a JSON round trip unchanged, and views hide what nobody may see;

and at the end that replaying the seed and the actions gives the identical state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import get_args

from rules.cell import RULES, board
from rules.cell.actions import (
    CancelSelection,
    CellAction,
    ChangeFace,
    Choose,
    Confirm,
    EndTurn,
    GiveTile,
    Roll,
    Spend,
    SpendUse,
    StartSelection,
)
from rules.cell.content import FACES, catalogue
from rules.cell.engine import MAX_EQUIPPED, SUPPLY_SIZE, CellOptions, is_legal, twin_dice, with_die
from rules.cell.state import CellState, Placement, SelectionPurpose, Source
from rules.cell.threat_slots import faces_fit
from rules.core.errors import IllegalAction

TURN_STEP_LIMIT = 12
MAX_ROUNDS = 22
HIDDEN_FIELDS = ("rng", "threat_stack", "removed_threats", "power_stack", "token_pile")
USES: tuple[SpendUse, ...] = get_args(SpendUse)
PURPOSES: tuple[SelectionPurpose, ...] = get_args(SelectionPurpose)
TOKEN_KINDS = ("attack", "super_attack", "wild")


def hardy_fighters(state: CellState) -> None:
    """Fighters tough enough to outlast the threat stack, so games reach the late rounds."""
    for fighter in state.fighters:
        fighter.hp = fighter.max_hp = 99


def weakened_cell(state: CellState) -> None:
    """Cell low enough for random play to win now and then."""
    state.cell_hp = 4


SCENARIOS: dict[str, Callable[[CellState], None] | None] = {
    "as dealt": None,
    "hardy fighters": hardy_fighters,
    "weakened Cell": weakened_cell,
}


def step_bound(players: int) -> int:
    """No game can take more steps: each round reveals a threat per player from at most 22, and each
    turn closes within the step limit plus a confirm or cancel and the end of the turn."""
    return MAX_ROUNDS * players * (TURN_STEP_LIMIT + 3)


def policy(legal: list[CellAction], steps_this_turn: int, pick: Callable[[int], int]) -> CellAction:
    """A picked legal action; a long turn is wound up (confirm or cancel, then end it). A selection is
    cancelled only when nothing else is possible, otherwise a random walk would rarely pay a cost."""
    if steps_this_turn >= TURN_STEP_LIMIT:
        for kind in (EndTurn, Confirm, CancelSelection):
            closing = [action for action in legal if isinstance(action, kind)]
            if closing:
                return closing[0]
    onward = [action for action in legal if not isinstance(action, CancelSelection)] or legal
    return onward[pick(len(onward))]


# State invariants.


def check_state(state: CellState, options: CellOptions) -> None:
    check_dice(state)
    check_tokens(state)
    check_tiles(state)
    check_health_and_outcome(state, options)


def _placed_dice(state: CellState) -> list[tuple[str, int | None, Placement]]:
    placed: list[tuple[str, int | None, Placement]] = [
        ("threat", threat.tile, placement) for threat in state.active_threats for placement in threat.placed
    ]
    placed += [("meter", None, placement) for placement in state.dragon_ball_meter]
    placed += [("track", None, placement) for placement in state.damage_track]
    return placed


def check_dice(state: CellState) -> None:
    per_player = catalogue().board.dice_per_player
    assert len(state.dice) == per_player * state.players
    assert [die.id for die in state.dice] == list(range(len(state.dice)))
    assert Counter(die.owner for die in state.dice) == dict.fromkeys(range(state.players), per_player)
    where: dict[int, tuple[str, int | None]] = {}
    for zone, tile, placement in _placed_dice(state):
        assert (placement.die is None) != (placement.token is None), placement
        if placement.die is not None:
            assert placement.die not in where, f"die {placement.die} placed twice"
            where[placement.die] = (zone, tile)
            assert state.dice[placement.die].face == placement.face
    for die in state.dice:
        if die.zone in ("threat", "meter", "track"):
            assert where.get(die.id) == (die.zone, die.threat), (die, where.get(die.id))
            assert die.holder is None
        else:
            assert die.id not in where
            assert die.threat is None
        if die.zone == "mat":
            assert die.holder is not None and 0 <= die.holder < state.players
            being_played = state.rolled and die.holder == state.active_seat
            assert being_played or die.face is None, f"die {die.id} rolled outside its holder's turn"
        if die.zone == "spent":
            assert state.rolled and die.holder is None, f"die {die.id} spent outside a turn"


def check_tokens(state: CellState) -> None:
    everywhere = [*state.token_pile, *state.token_discard]
    for fighter in state.fighters:
        everywhere += fighter.tokens
    for _, _, placement in _placed_dice(state):
        if placement.token is not None:
            assert placement.token == "wild" or placement.face == placement.token
            everywhere.append(placement.token)
    assert Counter(everywhere) == catalogue().board.tokens


def check_tiles(state: CellState) -> None:
    threats = [
        *state.threat_stack,
        *state.removed_threats,
        *state.discarded_threats,
        *(threat.tile for threat in state.active_threats),
    ]
    assert sorted(threats) == list(range(len(catalogue().threats)))
    for threat in state.active_threats:
        cost = tuple(catalogue().threats[threat.tile].cost)
        assert faces_fit(cost, tuple(sorted(placement.face for placement in threat.placed)))
    power_ups = [*state.power_stack, *state.power_supply, *state.power_discard]
    for fighter in state.fighters:
        assert len(fighter.power_ups) <= MAX_EQUIPPED
        power_ups += fighter.power_ups
    assert sorted(power_ups) == list(range(len(catalogue().power_ups)))
    assert len(state.power_supply) <= SUPPLY_SIZE
    assert len(state.damage_track) <= board.track_capacity(state)
    assert len(state.dragon_ball_meter) <= board.meter_capacity(state)


def check_health_and_outcome(state: CellState, options: CellOptions) -> None:
    board_data = catalogue().board
    assert state.cell_max_hp == (
        board_data.easy_cell_health if options.variant == "easy" else board_data.cell_health
    )
    assert 0 <= state.cell_hp <= state.cell_max_hp
    for fighter in state.fighters:
        assert 0 <= fighter.hp <= fighter.max_hp
    assert 0 <= state.active_seat < state.players
    assert state.selection is None or state.rolled
    if state.outcome is None:
        assert state.cell_hp > 0
        assert not all(fighter.knocked_out for fighter in state.fighters)
    elif state.outcome.result == "win":
        assert state.cell_hp == 0


def check_round_trip_and_views(state: CellState) -> None:
    text = RULES.dump_state(state)
    loaded = RULES.load_state(text)
    assert loaded == state
    assert RULES.dump_state(loaded) == text
    for viewer in [None, *range(state.players)]:
        shown = RULES.view(state, viewer).model_dump()
        assert not set(HIDDEN_FIELDS) & shown.keys()


# Illegal actions.


def random_action(state: CellState, chooser: random.Random) -> CellAction:
    """A random, usually malformed, action: any seat, any die or token, any use, target or tile."""
    players = state.players
    seat = chooser.choice([state.active_seat] * 3 + [chooser.randrange(-1, players + 1)])

    def die() -> int:
        return chooser.randrange(-1, len(state.dice) + 1)

    def source() -> Source:
        if chooser.random() < 0.7:
            return Source(die=die())
        kind = chooser.choice(TOKEN_KINDS)
        return Source(token=kind, face=chooser.choice(FACES) if kind == "wild" else kind)  # type: ignore[arg-type]

    def seat_or_tile() -> int | None:
        return chooser.choice([None, chooser.randrange(-1, players + 1), chooser.randrange(-1, 23)])

    makers: list[Callable[[], CellAction]] = [
        lambda: Roll(player=seat),
        lambda: Spend(player=seat, source=source(), use=chooser.choice(USES), target=seat_or_tile()),
        lambda: StartSelection(
            player=seat,
            purpose=chooser.choice(PURPOSES),
            tile=seat_or_tile(),
            burn=chooser.choice([None, die()]),
        ),
        lambda: Choose(player=seat, source=source()),
        lambda: Confirm(player=seat, give_to=seat_or_tile(), discard=seat_or_tile(), target=seat_or_tile()),
        lambda: CancelSelection(player=seat),
        lambda: ChangeFace(player=seat, die=die(), face=chooser.choice(FACES)),
        lambda: GiveTile(
            player=seat,
            tile=chooser.randrange(-1, 19),
            to=chooser.randrange(-1, players + 1),
            discard=seat_or_tile(),
        ),
        lambda: EndTurn(player=seat),
    ]
    return chooser.choice(makers)()


def mutated_spends(legal: list[CellAction], state: CellState, chooser: random.Random) -> list[CellAction]:
    """Legal spends with the use, the target or the die swapped: wrong faces, wrong targets."""
    spends = [action for action in legal if isinstance(action, Spend)]
    mutated: list[CellAction] = []
    for spend in chooser.sample(spends, min(3, len(spends))):
        mutated.append(spend.model_copy(update={"use": chooser.choice(USES)}))
        mutated.append(spend.model_copy(update={"target": chooser.choice([None, -1, state.players, 99])}))
        if spend.source.die is not None:
            mutated.append(
                spend.model_copy(update={"source": Source(die=chooser.randrange(len(state.dice)))})
            )
    return mutated


def other_seats(legal: list[CellAction], state: CellState, chooser: random.Random) -> list[CellAction]:
    """Legal actions sent by someone whose turn it isn't."""
    outsiders = [seat for seat in range(-1, state.players + 1) if seat != state.active_seat]
    return [
        action.model_copy(update={"player": chooser.choice(outsiders)})
        for action in chooser.sample(legal, min(3, len(legal)))
    ]


def _equivalent_to_legal(action: CellAction, legal: list[CellAction], state: CellState) -> bool:
    if action in legal:
        return True
    die = _die_of(action)
    return (
        die is not None
        and 0 <= die < len(state.dice)
        and any(with_die(action, twin) in legal for twin in twin_dice(state, die))
    )


def _die_of(action: CellAction) -> int | None:
    if isinstance(action, Spend | Choose):
        return action.source.die
    if isinstance(action, StartSelection):
        return action.burn
    if isinstance(action, ChangeFace):
        return action.die
    return None


def check_refusals(state: CellState, legal: list[CellAction], candidates: list[CellAction]) -> None:
    """Each candidate is refused with a typed, worded error and no change, or is a legal action."""
    before = state.model_dump()
    for action in candidates:
        try:
            RULES.apply(state, action)
        except IllegalAction as refusal:
            assert refusal.code and refusal.message.strip(), refusal
            assert not is_legal(state, action)
            if not 0 <= action.player < state.players:
                assert refusal.code in ("not_playing", "game_over")
            elif action.player != state.active_seat:
                assert refusal.code in ("not_your_turn", "game_over")
            continue
        assert _equivalent_to_legal(action, legal, state), f"accepted but not listed: {action!r}"
    assert state.model_dump() == before


# The playout.


def _dealt(options: CellOptions, seed: int, scenario: str) -> CellState:
    state = RULES.new_game(options, seed)
    arrange = SCENARIOS[scenario]
    if arrange is not None:
        arrange(state)
    return state


def play_checked(
    options: CellOptions,
    seed: int,
    pick: Callable[[int], int],
    scenario: str = "as dealt",
    check_every_successor: bool = True,
) -> CellState:
    """Plays one game to its end under every check; returns the final state."""
    chooser = random.Random(seed)
    state = _dealt(options, seed, scenario)
    check_state(state, options)
    taken: list[CellAction] = []
    steps_this_turn = 0
    while state.outcome is None:
        assert len(taken) < step_bound(state.players), "the game did not end"
        seat = state.active_seat
        legal = RULES.legal_actions(state, seat)
        assert legal, "the active fighter has nothing to do"
        assert len(set(map(repr, legal))) == len(legal), "duplicate legal actions"
        for other in range(state.players):
            assert other == seat or RULES.legal_actions(state, other) == []
        if check_every_successor:
            for action in legal:
                check_state(RULES.apply(state, action)[0], options)
        candidates = [random_action(state, chooser) for _ in range(4)]
        check_refusals(
            state,
            legal,
            candidates + mutated_spends(legal, state, chooser) + other_seats(legal, state, chooser),
        )
        action = policy(legal, steps_this_turn, pick)
        state, _ = RULES.apply(state, action)
        taken.append(action)
        check_state(state, options)
        check_round_trip_and_views(state)
        steps_this_turn = (
            0 if state.active_seat != seat or isinstance(action, EndTurn) else steps_this_turn + 1
        )
    assert RULES.legal_actions(state, state.active_seat) == []
    check_refusals(state, [], [EndTurn(player=state.active_seat), Roll(player=state.active_seat)])
    replayed = _dealt(options, seed, scenario)
    for action in taken:
        replayed, _ = RULES.apply(replayed, action)
    assert replayed.model_dump() == state.model_dump()
    return state
