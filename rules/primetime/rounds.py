"""The game's creation, the quick fixed game (SU-1 to SU-9 with their defaults, no prompts; the full
setup's prompts are ``setup.py``'s) and the flow between phases: RD-1's Power -> Ascension ->
Activation -> Cleanup, four rounds (A8), and initiative (2.7)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from rules.core.events import Event
from rules.core.rng import Rng
from rules.core.text import Name, Plural, Text
from rules.primetime import scenario
from rules.primetime.activation import next_turn
from rules.primetime.ascension import deciding_units, reveal
from rules.primetime.card_play import resolve_phase_card
from rules.primetime.cleanup import (
    OUTCOME_WORDS,
    cleanup_after_discard,
    cleanup_until_discard,
    final_outcome,
    over_limit,
)
from rules.primetime.content import PRESET_IDS, catalogue, character, settings
from rules.primetime.context import Ctx
from rules.primetime.economy import power_phase
from rules.primetime.geometry import Cell
from rules.primetime.missions import round_start
from rules.primetime.names import character_name, point_word, seat_word
from rules.primetime.roster import Roster, preset_roster, roster_problem
from rules.primetime.state import PhaseName, PlayerState, PrimeTimeState, Unit
from rules.primetime.terrain import terrain_of

RosterChoice = str | Roster


class PrimeTimeOptions(BaseModel):
    """The two rosters, seat 0 first: a preset id of 3.2 or a built ``Roster`` (mirrors allowed).

    ``setup="full"`` plays SU-1…9 as prompts with drawn Location, Missions and Condition;
    ``"quick"`` is the fixed game of CONTENT.md, starting at Round 1 with the defaults applied."""

    rosters: tuple[RosterChoice, RosterChoice] = Field(default=("z_fighters", "frieza_force"))
    setup: Literal["quick", "full"] = "quick"

    @field_validator("rosters")
    @classmethod
    def _legal(cls, rosters: tuple[RosterChoice, RosterChoice]) -> tuple[RosterChoice, RosterChoice]:
        for roster in rosters:
            if isinstance(roster, str):
                if roster not in PRESET_IDS:
                    raise ValueError(f"unknown roster {roster}; choose from {', '.join(PRESET_IDS)}")
                continue
            problem = roster_problem(roster)
            if problem is not None:
                raise ValueError(f"illegal roster ({problem.code}): {problem}")
        return rosters

    def roster(self, seat: int) -> Roster:
        choice = self.rosters[seat]
        return preset_roster(choice) if isinstance(choice, str) else choice

    def roster_name(self, seat: int) -> str:
        choice = self.rosters[seat]
        return choice if isinstance(choice, str) else "custom"


def roster_words(roster: str) -> Name | Text:
    """A player's roster as people call it: the preset's name, or a custom roster."""
    if roster in PRESET_IDS:
        return Name(kind="presets", id=roster, english=catalogue().preset(roster).name)
    return Text("a custom roster")


def roll_off(ctx: Ctx) -> int:
    """SU-3: both roll D20, ties reroll; the higher roller takes the initiative (the 2.9 default)."""
    while True:
        first, second = ctx.d20(seat_word(0)), ctx.d20(seat_word(1))
        if first != second:
            return 0 if first > second else 1


def _deploy(ctx: Ctx, seat: int, character_id: str) -> Unit:
    """SU-8 with its default: a seeded free cell of the seat's zone, at Ground."""
    state = ctx.state
    terrain = terrain_of(state.terrain)
    taken = {unit.cell for unit in state.units}
    free: list[Cell] = [
        cell for cell in state.zones[seat].cells() if cell not in taken and terrain.passable(cell, 0)
    ]
    cell = ctx.state.rng.choice(free)
    profile = character(character_id)
    unit = Unit(id=f"{character_id}-{seat}", seat=seat, character=character_id, cell=cell, hp=profile.base.hp)
    ctx.say(
        "deployed",
        Text("{fighter} deploys at {point}", fighter=character_name(character_id), point=point_word(cell)),
        seat,
        unit=unit.id,
    )
    return unit


def base_state(options: PrimeTimeOptions, seed: int) -> PrimeTimeState:
    """Both players with their rosters and shuffled decks, nothing on the board yet."""
    rosters = [options.roster(seat) for seat in (0, 1)]
    players = [
        PlayerState(
            seat=seat,
            roster=options.roster_name(seat),
            affiliation=roster.affiliation,
            models=list(roster.models),
            unlocks=list(roster.unlocks),
            sk=settings().sk_start,
            deck=roster.deck(),
        )
        for seat, roster in enumerate(rosters)
    ]
    state = PrimeTimeState(rng=Rng(seed=seed), players=players, units=[], terrain=(), objectives=[])
    for player in state.players:
        state.rng.shuffle(player.deck)
    return state


def new_state(options: PrimeTimeOptions, seed: int, events: list[Event]) -> PrimeTimeState:
    """The quick fixed game: Namek Plains, the fixed layout, First Contact / Hold the Centre / Last
    Stand, no Condition, the default roll-off and deployment."""
    content = catalogue()
    state = base_state(options, seed)
    place = scenario.location(state.location)
    state.terrain = (*place.features, *content.layout)
    state.objectives = list(scenario.mission(state.missions[0]).fixed)
    ctx = Ctx(state, events)
    players = state.players
    first, second = (roster_words(player.roster) for player in players)
    place_name = Name(kind="locations", id=place.id, english=place.name)
    ctx.say(
        "game_started",
        Text("Prime Time on {place}: {first} vs {second}", place=place_name, first=first, second=second),
    )
    state.first_seat = roll_off(ctx)
    ctx.say(
        "initiative", Text("{seat} takes the initiative", seat=seat_word(state.first_seat)), state.first_seat
    )
    queues = [list(player.models) for player in players]
    seat = state.first_seat
    while queues[0] or queues[1]:
        if queues[seat]:
            state.units.append(_deploy(ctx, seat, queues[seat].pop(0)))
        seat = 1 - seat
    start_round(ctx)
    return state


def start_round(ctx: Ctx) -> None:
    """The round opens with the Power Phase's blind Phase Start window."""
    state = ctx.state
    ctx.say(
        "round_started",
        Text("Round {round} of {rounds}", round=state.round, rounds=settings().rounds),
        round=state.round,
    )
    round_start(ctx)
    open_phase_start(ctx, "power")


def open_phase_start(ctx: Ctx, phase: PhaseName) -> None:
    """A4 / 2.9: one blind prompt per player (a card or Ready) before the phase's steps."""
    state = ctx.state
    state.phase = "phase_start"
    state.phase_start = phase
    state.phase_start_cards = []
    state.phase_start_ready = []


def resolve_phase_start(ctx: Ctx) -> None:
    """Both players are Ready or have played their card: the cards resolve, the initiative
    holder's first (A4, A16), and the phase goes on."""
    state = ctx.state
    for owner, card_id, unit_id in sorted(
        state.phase_start_cards, key=lambda entry: entry[0] != state.first_seat
    ):
        resolve_phase_card(ctx, owner, card_id, state.find_unit(unit_id) if unit_id else None)
    phase = state.phase_start
    state.phase_start = None
    state.phase_start_cards, state.phase_start_ready = [], []
    if phase == "power":
        power_phase(ctx)
        open_phase_start(ctx, "ascension")
    elif phase == "ascension":
        _ascension(ctx)
    elif phase == "activation":
        _start_activation(ctx)
    else:
        _cleanup(ctx)


def _ascension(ctx: Ctx) -> None:
    """The Ascension prompts, after the phase's Phase Start window (the free-ascend cards, A10);
    players with nothing to decide lock at once."""
    state = ctx.state
    state.phase = "ascension"
    for player in state.players:
        if not deciding_units(state, player.seat):
            player.ascension_plan = []
    maybe_reveal(ctx)


def maybe_reveal(ctx: Ctx) -> None:
    state = ctx.state
    if any(player.ascension_plan is None for player in state.players):
        return
    reveal(ctx)
    open_phase_start(ctx, "activation")


def _start_activation(ctx: Ctx) -> None:
    state = ctx.state
    state.phase = "activation"
    ctx.say(
        "activation_phase",
        Text("Activation Phase: {seat} starts", seat=seat_word(state.first_seat)),
        state.first_seat,
    )
    next_turn(ctx, 1 - state.first_seat)


def initiative_chooser(state: PrimeTimeState) -> int | None:
    """2.7: the player with less Glory chooses who starts; None on a tie."""
    first, second = (player.glory for player in state.players)
    if first == second:
        return None
    return 0 if first < second else 1


def choose_initiative(ctx: Ctx, seat: int, first: bool) -> None:
    ctx.state.first_seat = seat if first else 1 - seat
    ctx.say(
        "initiative",
        Text("{seat} activates first this round", seat=seat_word(ctx.state.first_seat)),
        ctx.state.first_seat,
    )
    start_round(ctx)


def advance(ctx: Ctx) -> None:
    """After both passes: Cleanup, then the end (A8) or the next round's initiative."""
    state = ctx.state
    if state.phase != "activation" or state.activation or state.attack:
        return
    if not all(player.passed for player in state.players):
        return
    state.window_plays = []
    open_phase_start(ctx, "cleanup")


def _cleanup(ctx: Ctx) -> None:
    """CL-1 and CL-2, then the CL-3 discard prompts of players over the hand limit, if any."""
    state = ctx.state
    cleanup_until_discard(ctx)
    if over_limit(state):
        state.phase = "discard"
        return
    finish_round(ctx)


def discarded(ctx: Ctx, seat: int, cards: tuple[str, ...]) -> None:
    """CL-3: the owner's chosen cards go to the discard pile; the round ends once all are done."""
    player = ctx.state.players[seat]
    for card_id in cards:
        player.hand.remove(card_id)
        player.discard.append(card_id)
    ctx.say(
        "hand_discard",
        Plural(
            "{seat} discards {count} card", "{seat} discards {count} cards", len(cards), seat=seat_word(seat)
        ),
        seat,
        count=len(cards),
    )
    if not over_limit(ctx.state):
        finish_round(ctx)


def finish_round(ctx: Ctx) -> None:
    """CL-3…6, then the end (A8) or the next round's initiative."""
    state = ctx.state
    cleanup_after_discard(ctx)
    if state.round >= settings().rounds:
        state.phase = "over"
        state.outcome = final_outcome(state)
        how = OUTCOME_WORDS[state.outcome.reason]
        winners = state.outcome.winners
        text = (
            Text("The game is over: {seat} wins {how}", seat=seat_word(winners[0]), how=how)
            if winners
            else Text("The game is over: {how}", how=how)
        )
        ctx.say("game_over", text, winners=winners, reason=state.outcome.reason)
        return
    state.round += 1
    if initiative_chooser(state) is None:
        # On a Glory tie, last round's second player starts.
        state.first_seat = 1 - state.first_seat
        ctx.say(
            "initiative",
            Text("{seat} activates first this round", seat=seat_word(state.first_seat)),
            state.first_seat,
        )
        start_round(ctx)
    else:
        state.phase = "initiative"
