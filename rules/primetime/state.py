"""The serialized Prime Time game state.

Secret here: each player's hand and deck order (empty until the cards arrive), each player's locked
Ascension plan until both are revealed (2.7: "choices are secret and revealed together") and the
generator. ``view`` shows each player only their own secrets.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core.events import Event
from rules.core.game import Outcome
from rules.core.rng import Rng
from rules.primetime.content import Technique
from rules.primetime.geometry import Cell, Point
from rules.primetime.scenario import QUICK_LOCATION, QUICK_MISSIONS, Zone, location
from rules.primetime.terrain import TerrainPiece

SCHEMA_VERSION = 1

Phase = Literal["setup", "initiative", "phase_start", "ascension", "activation", "discard", "over"]
Status = Literal["exhausted", "staggered", "overloaded", "frozen"]
PlacementKind = Literal["objective", "dragon_ball"]
SetupStep = Literal["terrain", "first_player", "side", "objectives", "deploy"]
PromptKind = Literal[
    "terrain",
    "first_player",
    "side",
    "objective",
    "deploy",
    "initiative",
    "phase_start",
    "ascension",
    "activation",
    "action",
    "activation_start",
    "reaction",
    "deflect",
    "evade_move",
    "on_hit",
    "discard",
]
AscensionChoice = Literal["stay", "ascend", "hold", "descend"]
Until = Literal["cleanup", "attack", "activation", "hit"]
PhaseName = Literal["power", "ascension", "activation", "cleanup"]


class Modifier(BaseModel):
    """A stat change from a rule or effect; all of a stat's modifiers together are capped (ZR-7, A12)."""

    stat: str
    amount: int
    source: str
    until: Until = "cleanup"


class Unit(BaseModel):
    """One model on the board. ``id`` is ``<character>-<seat>``, unique even in a mirror match."""

    id: str
    seat: int
    character: str
    cell: Cell
    level: int = 0
    tier: int = 0
    hp: int
    dazed: bool = False
    fall_damage: int = 0
    statuses: list[Status] = []
    modifiers: list[Modifier] = []
    activations: int = 0
    used_this_round: list[str] = []
    """Once-per-round abilities already used (Fighting Spirit, Mentor's Shield, Gentle Giant)."""
    attacked_by: list[str] = []
    """Characters that declared an attack on this model this round (Brutal Duo, Sibling Sync)."""
    legacy: list[str] = []
    """Legacy cards beside this model's profile (CT-5): permanent."""
    tax_waived_through: int = 0
    """The last round whose Ascension Tax a free-ascend card waives for this model (A10)."""

    def has_status(self, status: Status) -> bool:
        return status in self.statuses


class PlayerState(BaseModel):
    seat: int
    roster: str
    """The preset id, or ``custom``."""
    affiliation: str
    models: list[str] = []
    unlocks: list[str] = []
    bk: int = 0
    sk: int = 0
    glory: int = 0
    hand: list[str] = []
    deck: list[str] = []
    discard: list[str] = []
    removed: list[str] = []
    """OPG cards removed from the game (DK-7): they never come back."""
    legacy: list[tuple[str, str]] = []
    """Legacy cards beside a Human model's profile, as (card, unit); out of the deck cycle for good."""
    persistent: list[tuple[str, str]] = []
    """Persistent cards in play, as (card, unit they concern); discarded when their condition is met
    or at CL-2 (A6)."""
    draw_stopped: bool = False
    """DK-6: the draw pile ran out after this round's reshuffle; drawing stops until the next round."""
    reshuffled_this_round: bool = False
    flags: list[str] = []
    """Round effects of this player's cards (The Games Begin), cleared at CL-2."""
    tokens_generated: int = 0
    """PW-1's Order Pool this round: one named token per model plus bonus activations."""
    tokens_spent: int = 0
    bonus_tokens: int = 0
    fallen_tokens: int = 0
    power_ups: int = 0
    passed: bool = False
    ascension_plan: list[tuple[str, AscensionChoice]] | None = None
    """Locked and secret until both players have locked (2.7)."""
    dazed_friends_this_round: int = 0
    dazed_enemies_this_round: int = 0
    dazed_friends_last_round: int = 0
    dazed_enemies_last_round: int = 0
    friend_dazed_since_ascension: bool = False
    """Saiyan Accelerant (A10): a friendly model was Dazed since the last Ascension Phase."""
    objectives_held: int = 0
    """Objectives this player held at the last scoring (Galactic Tyranny, tiebreak 1)."""
    dazed_threat: int = 0
    """Threat of the enemy models this player Dazed during the game (tiebreak 2, A16)."""


class HeldPlay(BaseModel):
    """A card played into the Activation Start window, waiting for the reactive player's reply:
    then the window's cards resolve LIFO (A4)."""

    seat: int
    card: str
    unit: str | None = None
    target: str | None = None


class Activation(BaseModel):
    unit: str
    actions_left: int = 2
    altitude_changed: bool = False
    powered_up: bool = False
    android_discount_used: bool = False
    started: bool = False
    """The first action was taken: the Activation Start window is closed."""
    flags: list[str] = []
    """This activation's card effects: ``acc:N``, ``ignore_cover``, ``uncharged:<technique>``,
    ``free_techniques``, ``blast:<technique>:<inches>``, ``death_ball``."""
    recoil: int = 0
    """Undeniable damage the model takes when the activation ends (Kaio-ken Times Ten!, A16)."""
    start_plays: list[HeldPlay] = []
    """The Activation Start window's cards, in play order, until the reactive player has replied
    (2.9: it is prompted only once the active player played one)."""


class FollowUp(BaseModel):
    """An attack made after the current one resolves: a Joint Attack's second partner, or an attack
    a card grants (Z Warrior Teamwork, Relentless), which opens no On Hit / On Damage window (A13)."""

    attacker: str
    technique: Technique
    target: str
    hit_window: bool = True


class PendingAttack(BaseModel):
    """An attack between its declaration and its resolution, waiting for a defender's decision."""

    attacker: str
    technique: str
    boosted: Technique | None = None
    """The technique as the attacker's cards changed it at declaration (Death Ball, …)."""
    target: str
    origin: Cell
    """Where range, Cover and Push/Pull are measured from: the attacker, or the deflector (2.4 step 4)."""
    origin_level: int
    credit_seat: int
    """Whose attack it counts as for SK and tiebreaks: a deflected attack counts as the deflector's."""
    stage: Literal["reaction", "deflect", "evade_move", "on_hit"] = "reaction"
    unopposed: bool = False
    undeniable: bool = False
    direction: Cell | None = None
    can_intercept: bool = True
    can_clash: bool = True
    can_deflect: bool = True
    total: int | None = None
    evader: str | None = None
    evade_inches: int = 0
    deflect_to: str | None = None
    reaction_card: str | None = None
    """The defender's Z-Reaction card that changes the hit (Guard Up, Unbreakable, Barrier)."""
    card_absorb: int = 0
    """Absorb granted for this attack by a card (Expendable Soldier)."""
    hit_seats: list[int] = []
    """Who still answers the On Hit / On Damage prompt of this hit, in order (A13)."""
    hit_cards: list[tuple[int, str]] = []
    """Cards played into this hit's window, in play order; they resolve LIFO (A4)."""
    hit_card_args: list[tuple[str | None, str | None, Cell | None]] = []
    """Beside each of ``hit_cards``: the model, technique and cell the card names."""
    hit_from_clash: bool = False
    hit_attacker: str | None = None
    hit_target: str | None = None
    hit_technique: str | None = None
    hit_origin: Cell | None = None
    hit_credit: int = 0
    exhaust_after: list[str] = []
    """Models an Exhausting technique exhausts when the attack ends (a Clash's answering technique)."""
    hit_window: bool = True
    """False for an attack a card grants (A13): its hit resolves without an On Hit / On Damage window."""
    partner: str | None = None
    """Purple Spiral Flash's other partner: a Clash may answer either partner (A16)."""
    clash_family: str | None = None
    """Only this family may Clash the attack (Purple Spiral Flash: a Beam)."""
    follow_ups: list[FollowUp] = []
    """Attacks made, in order, once this one has resolved."""


class Prompt(BaseModel):
    """A pending decision: who must answer, what kind, the choices, and what a Timeout picks (2.9)."""

    who: int
    kind: PromptKind
    options: list[str] = []
    default: str | None = None


class PrimeTimeState(BaseModel):
    schema_version: int = SCHEMA_VERSION
    game: Literal["primetime"] = "primetime"
    rng: Rng
    round: int = 1
    phase: Phase = "ascension"
    first_seat: int = 0
    """Who activates first this round (the initiative)."""
    active_seat: int = 0
    players: list[PlayerState]
    units: list[Unit]
    terrain: tuple[TerrainPiece, ...]
    objectives: list[Point]
    activation: Activation | None = None
    attack: PendingAttack | None = None
    prompts: list[Prompt] = []
    window_plays: list[str] = []
    """``<window>:<seat>`` for each card played into the windows now open (TW-3: one per player)."""
    phase_start: PhaseName | None = None
    """The blind Phase Start window being answered (A4), and the answers so far."""
    phase_start_cards: list[tuple[int, str, str]] = []
    """(seat, card, the model it is played on or "") for each Phase Start card played blind."""
    phase_start_ready: list[int] = []
    outcome: Outcome | None = None
    recent_events: list[Event] = []
    actions_taken: int = 0
    # The scenario (3.6) and the setup prompts (SU-1…9, ``setup.py``); the defaults are the fixed game's.
    location: str = QUICK_LOCATION
    missions: list[str] = list(QUICK_MISSIONS)
    """The Opening (R1), Escalation (R2) and Finale (R3-4) Missions, in that order."""
    condition: str | None = None
    zones: list[Zone] = Field(default_factory=lambda: list(location(QUICK_LOCATION).zones))
    """Each seat's deployment zone, seat 0 first."""
    setup_step: SetupStep | None = None
    terrain_accepted: list[int] = []
    """SU-1: the seats that accepted the layout as it is now; any change clears it."""
    rerolls_left: int = 0
    side_chooser: int | None = None
    """SU-3: the player who chose the deployment side; it places the first objective (SU-7)."""
    placements: list[tuple[int, PlacementKind]] = []
    """SU-7: the objective placements still to make, in order, as (seat, kind)."""
    dragon_balls: list[Point] = []
    """Dragon Ball Hunt's extra objectives (also in ``objectives``)."""
    seized: list[tuple[Point, int]] = []
    """Dragon Radar: objectives Seized this round, with the seat that holds them at R1's scoring."""

    def unit(self, unit_id: str) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def active_unit(self) -> Unit:
        """The model whose activation is under way (there must be one)."""
        assert self.activation is not None
        return self.unit(self.activation.unit)

    def find_unit(self, unit_id: str) -> Unit | None:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        return None

    def units_of(self, seat: int) -> list[Unit]:
        return [unit for unit in self.units if unit.seat == seat]

    def prompt_for(self, seat: int) -> Prompt | None:
        for prompt in self.prompts:
            if prompt.who == seat:
                return prompt
        return None
