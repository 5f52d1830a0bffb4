"""Words for the Prime Time board: the panel's lines and the alt text.

Everything here reads the public view only, plus the game's published content (the characters, the
affiliations and the mission of each round), which every player knows.
"""

from __future__ import annotations

from collections.abc import Sequence

from renderers.common import ALT_TEXT_LIMIT
from renderers.primetime.objectives import controller
from rules.primetime.content import catalogue, settings
from rules.primetime.scenario import Mission, condition, location
from rules.primetime.scenario import mission as mission_named
from rules.primetime.seat_words import with_names
from rules.primetime.state import Unit
from rules.primetime.stats import char, hp_max
from rules.primetime.view import PlayerView, PrimeTimeView

PHASE_WORDS = {
    "setup": "setup",
    "initiative": "initiative",
    "phase_start": "Phase Start",
    "ascension": "Ascension Phase",
    "activation": "Activation Phase",
    "discard": "Cleanup Phase",
    "over": "game over",
}
SETUP_HEADLINES = {
    "terrain": "accept, reroll or edit the terrain",
    "first_player": "won the roll-off: initiative or a side",
    "side": "chooses a deployment side",
    "objective": "places an objective",
    "deploy": "deploys a model",
}
LEVEL_WORDS = ("Ground", "L1", "L2")
SIDE_SHAPES = ("square", "round")
"""The shape of each seat's bases and tags on the board."""
WIN_REASONS = {
    "glory": "most Glory",
    "objectives_held": "tie on Glory, more objectives held",
    "threat_dazed": "tie on Glory and objectives, more Threat Dazed",
}
STATUS_WORDS = {
    "exhausted": "Exhausted",
    "staggered": "Staggered",
    "overloaded": "Overloaded",
    "frozen": "Frozen",
}


def affiliation_name(player: PlayerView) -> str:
    if not player.affiliation:
        return "roster hidden"
    return catalogue().affiliation(player.affiliation).name


def round_words(view: PrimeTimeView) -> str:
    return f"Round {view.round}/{settings().rounds}"


def mission(view: PrimeTimeView) -> Mission:
    """The Mission in force: the Opening in R1, the Escalation in R2, the Finale in R3-4 (SU-5)."""
    return mission_named(view.missions[min(view.round, 3) - 1])


def scoring_words(rule: Mission) -> str:
    if rule.centre_glory:
        return f"{rule.centre_glory} Glory for the objective nearest the centre, {rule.glory} for each other"
    if rule.extra:
        return f"{rule.extra_glory} Glory per Dragon Ball held, {rule.glory} per other objective"
    words = f"{rule.glory} Glory per objective held"
    if rule.bonus == "more_held":
        words += f", +{rule.bonus_glory} for holding more"
    elif rule.bonus == "dazed":
        words += f", +1 per enemy Dazed this round (max {rule.bonus_glory})"
    elif rule.bonus == "ascended":
        words += f", +{rule.bonus_glory} with a friendly T1+ model in its zone"
    if rule.seize:
        words += "; Seize in R1"
    if rule.collapse_round:
        words += f"; the nearest an edge goes at R{rule.collapse_round}"
    return words


def scenario_drawn(view: PrimeTimeView) -> bool:
    """SU-4…6 come after the roll-off; before that the view holds the defaults, not the draws."""
    return view.setup_step not in ("terrain", "first_player", "side")


def scenario_words(view: PrimeTimeView) -> str:
    """The Location and the Condition, once drawn (SU-4, SU-6)."""
    if not scenario_drawn(view):
        return "Location, Missions, Condition: drawn after the roll-off"
    place = location(view.location).name
    if view.condition is None:
        return f"{place} · no Condition"
    return f"{place} · {condition(view.condition).name}"


def headline(view: PrimeTimeView, names: Sequence[str]) -> str:
    """Who won, or who must act now and how."""
    if view.outcome is not None:
        if not view.outcome.winners:
            return "Game over: a draw"
        return f"Game over: {names[view.outcome.winners[0]]} wins"
    if not view.prompts:
        return "Resolving"
    units = {unit.id: unit for unit in view.units}
    prompt = view.prompts[0]
    who = names[prompt.who]
    if prompt.kind in SETUP_HEADLINES:
        deciding = " and ".join(names[prompt.who] for prompt in view.prompts)
        return f"{deciding}: {SETUP_HEADLINES[prompt.kind]}"
    if prompt.kind == "ascension":
        deciding = " and ".join(names[prompt.who] for prompt in view.prompts)
        return f"{deciding} {'choose' if len(view.prompts) > 1 else 'chooses'} Ascension"
    if prompt.kind == "initiative":
        return f"{who} chooses who activates first"
    if prompt.kind == "phase_start":
        return "Phase Start: a card or Ready"
    if prompt.kind == "discard":
        return f"{who} discards down to the hand limit"
    if prompt.kind == "activation_start":
        return f"{who} may answer the Activation Start card"
    if prompt.kind == "activation":
        return f"{who} activates a model or passes"
    if prompt.kind == "action" and view.activation is not None:
        name = char(units[view.activation.unit]).name
        left = view.activation.actions_left
        return f"{who}: {name} acts, {left} action{'s' if left != 1 else ''} left"
    attack = view.attack
    if attack is None:
        return f"{who} to act"
    target = char(units[attack.target]).name
    if prompt.kind == "reaction":
        technique = char(units[attack.attacker]).technique(attack.technique).name
        return f"{who} reacts: {technique} on {target}"
    if prompt.kind == "deflect":
        return f"{who} picks the Deflect's new target"
    if prompt.kind == "on_hit":
        return f"{who} may play an On Hit or On Damage card"
    return f"{who} moves {target} after the evasion"


def outcome_reason(view: PrimeTimeView) -> str:
    if view.outcome is None:
        return ""
    return WIN_REASONS.get(view.outcome.reason, "equal on every tiebreak")


def tier_words(unit: Unit) -> str:
    return "Base" if unit.tier == 0 else f"T{unit.tier}"


def model_words(unit: Unit) -> str:
    profile = char(unit)
    if unit.dazed:
        return f"{profile.name} Dazed at {unit.cell[0]},{unit.cell[1]}"
    words = (
        f"{profile.name} {tier_words(unit)} {unit.hp}/{hp_max(unit)} HP "
        f"{unit.cell[0]},{unit.cell[1]} {LEVEL_WORDS[unit.level]}"
    )
    statuses = [STATUS_WORDS[status] for status in unit.statuses]
    return words + (" " + " ".join(statuses) if statuses else "")


def _score_sentence(view: PrimeTimeView, names: Sequence[str]) -> str:
    scores = [f"{names[player.seat]} ({affiliation_name(player)}) {player.glory}" for player in view.players]
    return "Glory: " + ", ".join(scores) + "."


def _models_sentence(view: PrimeTimeView, names: Sequence[str], seat: int) -> str:
    models = [model_words(unit) for unit in view.units if unit.seat == seat]
    shape = SIDE_SHAPES[seat]
    return (
        f"{names[seat]} ({shape} bases): " + ("; ".join(models) if models else "nothing deployed yet") + "."
    )


def _objectives_sentence(view: PrimeTimeView, names: Sequence[str]) -> str:
    if not view.objectives:
        return ""
    held = []
    for number, point in enumerate(view.objectives, start=1):
        seat = controller(view.units, point)
        held.append(f"{number} at {point[0]},{point[1]} {names[seat] if seat is not None else 'open'}")
    return "Objectives: " + ", ".join(held) + "."


def _last_sentence(view: PrimeTimeView, names: Sequence[str]) -> str:
    return f"Last: {with_names(view.recent_events[-1].text, names)}." if view.recent_events else ""


def alt_text(view: PrimeTimeView, names: Sequence[str]) -> str:
    """The board in words within Discord's 1,024 characters: round and phase, who acts, the score,
    then every model with its tier, HP, cell and altitude; the objectives and the last event follow
    when they fit."""
    finished = f" ({outcome_reason(view)})" if view.outcome is not None else ""
    head = [
        f"Prime Time board, {round_words(view).lower()}, {PHASE_WORDS[view.phase]}.",
        f"{headline(view, names)}{finished}.",
        _score_sentence(view, names),
        *(_models_sentence(view, names, player.seat) for player in view.players),
    ]
    objectives, last = _objectives_sentence(view, names), _last_sentence(view, names)
    for tail in ([objectives, last], [objectives], []):
        text = " ".join(part for part in [*head, *tail] if part)
        if len(text) <= ALT_TEXT_LIMIT:
            return text
    return text[: ALT_TEXT_LIMIT - 1] + "…"
