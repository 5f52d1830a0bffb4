"""Who must answer next, and what a Timeout answers for them (2.9).

``refresh_prompts`` rebuilds ``state.prompts`` after every action from the phase, the activation and
the pending attack; ``default_action`` is the 2.9 default of a prompt, applied on a Timeout.
"""

from __future__ import annotations

from rules.primetime import (
    activation,
    ascension,
    combat,
    missions,
    rounds,
    setup,
    setup_prompts,
    start_window,
)
from rules.primetime.actions import (
    ChooseInitiative,
    Deflect,
    Discard,
    EvadeMove,
    LockAscension,
    PassWindow,
    PrimeTimeAction,
    React,
)
from rules.primetime.cleanup import default_discard
from rules.primetime.geometry import distance
from rules.primetime.state import PrimeTimeState, Prompt, Unit
from rules.primetime.targeting import deflect_targets, evade_cells


def _reaction_default(options: list[str]) -> str:
    return "z_evasion" if "z_evasion" in options else "none"


DECLINE_DEFLECT = "decline"
"""The Deflect prompt's option for no Deflect: the attack is simply evaded (2.4 step 4)."""


def default_deflect(state: PrimeTimeState, deflector: Unit) -> Unit | None:
    """2.9: the eligible enemy model nearest the defender (ties: 2.2), else None: declined."""
    enemies = [unit for unit in deflect_targets(state, deflector) if unit.seat != deflector.seat]

    def key(unit: Unit) -> tuple[float, int, int]:
        return round(distance(deflector.cell, unit.cell), 9), unit.cell[1], unit.cell[0]

    return min(enemies, key=key, default=None)


def _attack_prompt(state: PrimeTimeState) -> Prompt:
    attack = state.attack
    assert attack is not None
    if attack.stage == "on_hit":
        return Prompt(who=attack.hit_seats[0], kind="on_hit", options=["pass", "card"], default="pass")
    if attack.stage == "reaction":
        options = combat.reaction_options(state)
        if options and not attack.unopposed:
            options = [*options, "card"]
        return Prompt(
            who=state.unit(attack.target).seat,
            kind="reaction",
            options=options,
            default=_reaction_default(options),
        )
    assert attack.evader is not None
    evader = state.unit(attack.evader)
    if attack.stage == "deflect":
        options = [*(unit.id for unit in deflect_targets(state, evader)), DECLINE_DEFLECT]
        default = default_deflect(state, evader)
        return Prompt(
            who=evader.seat,
            kind="deflect",
            options=options,
            default=default.id if default is not None else DECLINE_DEFLECT,
        )
    cells = [f"{x},{y}" for x, y in evade_cells(state, evader, attack.evade_inches)]
    stay = f"{evader.cell[0]},{evader.cell[1]}"
    return Prompt(who=evader.seat, kind="evade_move", options=cells, default=stay)


def refresh_prompts(state: PrimeTimeState) -> None:
    """Rebuilds ``state.prompts`` from the phase, the pending attack and the activation (run after
    every action, and by tests after editing a state by hand)."""
    if state.outcome is not None:
        state.prompts = []
    elif state.phase == "setup":
        state.prompts = setup_prompts.prompts(state)
    elif state.phase == "initiative":
        chooser = rounds.initiative_chooser(state)
        assert chooser is not None
        state.prompts = [Prompt(who=chooser, kind="initiative", options=["first", "second"], default="first")]
    elif state.phase == "phase_start":
        state.prompts = [
            Prompt(who=seat, kind="phase_start", options=["ready", "card"], default="ready")
            for seat in (0, 1)
            if seat not in state.phase_start_ready
        ]
    elif state.phase == "discard":
        state.prompts = [
            Prompt(who=seat, kind="discard", options=["discard"], default="newest")
            for seat in rounds.over_limit(state)
        ]
    elif state.phase == "ascension":
        state.prompts = [
            Prompt(
                who=player.seat,
                kind="ascension",
                options=[
                    f"{unit.id}:{choice}"
                    for unit in ascension.deciding_units(state, player.seat)
                    for choice in ascension.choices_for(unit)
                ],
                default="pay_taxes",
            )
            for player in state.players
            if player.ascension_plan is None
        ]
    elif state.attack is not None:
        state.prompts = [_attack_prompt(state)]
    elif (reply := start_window.reply_prompt(state)) is not None:
        state.prompts = [reply]
    elif state.activation is not None:
        seize = ["seize"] if missions.seize_points(state, state.active_unit()) else []
        state.prompts = [
            Prompt(
                who=state.active_seat,
                kind="action",
                options=["move", "technique", "power_up", "altitude", *seize, "end"],
            )
        ]
    else:
        seat = state.active_seat
        usable = [
            unit.id for unit in state.units_of(seat) if activation.activation_problem(state, unit) is None
        ]
        state.prompts = [Prompt(who=seat, kind="activation", options=[*usable, "pass"])]


def default_action(state: PrimeTimeState, prompt: Prompt) -> PrimeTimeAction:
    """The 2.9 Timeout default of a prompt."""
    seat = prompt.who
    if prompt.kind in setup.SETUP_KINDS:
        return setup_prompts.default_action(state, prompt)
    if prompt.kind == "initiative":
        return ChooseInitiative(player=seat, first=True)
    if prompt.kind == "ascension":
        return LockAscension(player=seat, plan=ascension.default_plan(state, seat))
    if prompt.kind == "reaction":
        return React(player=seat, choice=_reaction_default(prompt.options))  # type: ignore[arg-type]
    if prompt.kind in ("on_hit", "phase_start", "activation_start"):
        return PassWindow(player=seat)
    if prompt.kind == "discard":
        return Discard(player=seat, cards=default_discard(state, seat))
    if prompt.kind == "deflect":
        return Deflect(player=seat, unit=None if prompt.default == DECLINE_DEFLECT else prompt.default)
    assert state.attack is not None and state.attack.evader is not None
    return EvadeMove(player=seat, to=state.unit(state.attack.evader).cell)
