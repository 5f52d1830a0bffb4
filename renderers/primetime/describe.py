"""Words for the Prime Time board: the panel's lines and the alt text, in the table's language.

Everything here reads the public view only, plus the game's published content (the characters, the
affiliations and the mission of each round), which every player knows. The fixed words below are
the ``primetime`` catalogue's English messages, looked up in the board's language where shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from locales.languages import Language
from renderers.common import ALT_TEXT_LIMIT
from renderers.primetime.objectives import controller
from renderers.primetime.words import (
    catalogue,
    condition_name,
    fighter_name,
    location_name,
    named,
    said,
)
from rules.core.text import N_
from rules.primetime.content import catalogue as content
from rules.primetime.content import settings
from rules.primetime.scenario import Mission
from rules.primetime.scenario import mission as mission_named
from rules.primetime.state import Unit
from rules.primetime.stats import char, hp_max
from rules.primetime.view import PlayerView, PrimeTimeView

ENGLISH = Language.ENGLISH
PHASE_WORDS = {
    "setup": N_("setup"),
    "initiative": N_("initiative"),
    "phase_start": N_("Phase Start"),
    "ascension": N_("Ascension Phase"),
    "activation": N_("Activation Phase"),
    "discard": N_("Cleanup Phase"),
    "over": N_("game over"),
}
SETUP_HEADLINES = {
    "terrain": N_("{who}: accept, reroll or edit the terrain"),
    "first_player": N_("{who}: won the roll-off: initiative or a side"),
    "side": N_("{who}: chooses a deployment side"),
    "objective": N_("{who}: places an objective"),
    "deploy": N_("{who}: deploys a model"),
}
LEVEL_WORDS = (N_("Ground"), N_("L1"), N_("L2"))
SIDE_SHAPES = (N_("square bases"), N_("round bases"))
"""The shape of each seat's bases and tags on the board."""
WIN_REASONS = {
    "glory": N_("most Glory"),
    "objectives_held": N_("tie on Glory, more objectives held"),
    "threat_dazed": N_("tie on Glory and objectives, more Threat Dazed"),
}
STATUS_WORDS = {
    "exhausted": N_("Exhausted"),
    "staggered": N_("Staggered"),
    "overloaded": N_("Overloaded"),
    "frozen": N_("Frozen"),
}
PROMPT_HEADLINES = {
    "initiative": N_("{who} chooses who activates first"),
    "phase_start": N_("Phase Start: a card or Ready"),
    "discard": N_("{who} discards down to the hand limit"),
    "activation_start": N_("{who} may answer the Activation Start card"),
    "activation": N_("{who} activates a model or passes"),
}
ATTACK_HEADLINES = {
    "deflect": N_("{who} picks the Deflect's new target"),
    "on_hit": N_("{who} may play an On Hit or On Damage card"),
}


def affiliation_name(player: PlayerView, language: Language = ENGLISH) -> str:
    if not player.affiliation:
        return catalogue(language).gettext("roster hidden")
    english = content().affiliation(player.affiliation).name
    return named(language, "affiliations", player.affiliation, english)


def round_words(view: PrimeTimeView, language: Language = ENGLISH) -> str:
    return (
        catalogue(language)
        .gettext("Round {round}/{rounds}")
        .format(round=view.round, rounds=settings().rounds)
    )


def mission(view: PrimeTimeView) -> Mission:
    """The Mission in force: the Opening in R1, the Escalation in R2, the Finale in R3-4 (SU-5)."""
    return mission_named(view.missions[min(view.round, 3) - 1])


def scoring_words(rule: Mission, language: Language = ENGLISH) -> str:
    _ = catalogue(language).gettext
    if rule.centre_glory:
        return _("{centre} Glory for the objective nearest the centre, {glory} for each other").format(
            centre=rule.centre_glory, glory=rule.glory
        )
    if rule.extra:
        return _("{extra} Glory per Dragon Ball held, {glory} per other objective").format(
            extra=rule.extra_glory, glory=rule.glory
        )
    words = _("{glory} Glory per objective held").format(glory=rule.glory)
    if rule.bonus == "more_held":
        words += _(", +{bonus} for holding more").format(bonus=rule.bonus_glory)
    elif rule.bonus == "dazed":
        words += _(", +1 per enemy Dazed this round (max {bonus})").format(bonus=rule.bonus_glory)
    elif rule.bonus == "ascended":
        words += _(", +{bonus} with a friendly T1+ model in its zone").format(bonus=rule.bonus_glory)
    if rule.seize:
        words += _("; Seize in R1")
    if rule.collapse_round:
        words += _("; the nearest an edge goes at R{round}").format(round=rule.collapse_round)
    return words


def scenario_drawn(view: PrimeTimeView) -> bool:
    """SU-4…6 come after the roll-off; before that the view holds the defaults, not the draws."""
    return view.setup_step not in ("terrain", "first_player", "side")


def scenario_words(view: PrimeTimeView, language: Language = ENGLISH) -> str:
    """The Location and the Condition, once drawn (SU-4, SU-6)."""
    _ = catalogue(language).gettext
    if not scenario_drawn(view):
        return _("Location, Missions, Condition: drawn after the roll-off")
    place = location_name(view.location, language)
    if view.condition is None:
        return _("{place} · no Condition").format(place=place)
    return f"{place} · {condition_name(view.condition, language)}"


def _together(names: list[str], language: Language) -> str:
    if len(names) == 1:
        return names[0]
    return catalogue(language).gettext("{first} and {second}").format(first=names[0], second=names[1])


def headline(view: PrimeTimeView, names: Sequence[str], language: Language = ENGLISH) -> str:
    """Who won, or who must act now and how."""
    words = catalogue(language)
    _ = words.gettext
    if view.outcome is not None:
        if not view.outcome.winners:
            return _("Game over: a draw")
        return _("Game over: {who} wins").format(who=names[view.outcome.winners[0]])
    if not view.prompts:
        return _("Resolving")
    units = {unit.id: unit for unit in view.units}
    prompt = view.prompts[0]
    who = names[prompt.who]
    deciding = [names[prompt.who] for prompt in view.prompts]
    if prompt.kind in SETUP_HEADLINES:
        return _(SETUP_HEADLINES[prompt.kind]).format(who=_together(deciding, language))
    if prompt.kind == "ascension":
        chooses = words.ngettext("{who} chooses Ascension", "{who} choose Ascension", len(deciding))
        return chooses.format(who=_together(deciding, language))
    if prompt.kind in PROMPT_HEADLINES:
        return _(PROMPT_HEADLINES[prompt.kind]).format(who=who)
    if prompt.kind == "action" and view.activation is not None:
        name = fighter_name(units[view.activation.unit].character, language)
        left = view.activation.actions_left
        acts = words.ngettext(
            "{who}: {fighter} acts, {count} action left", "{who}: {fighter} acts, {count} actions left", left
        )
        return acts.format(who=who, fighter=name, count=left)
    attack = view.attack
    if attack is None:
        return _("{who} to act").format(who=who)
    target = fighter_name(units[attack.target].character, language)
    if prompt.kind == "reaction":
        technique = char(units[attack.attacker]).technique(attack.technique)
        technique_name = named(language, "techniques", technique.id, technique.name)
        return _("{who} reacts: {technique} on {target}").format(
            who=who, technique=technique_name, target=target
        )
    if prompt.kind in ATTACK_HEADLINES:
        return _(ATTACK_HEADLINES[prompt.kind]).format(who=who)
    return _("{who} moves {target} after the evasion").format(who=who, target=target)


def outcome_reason(view: PrimeTimeView, language: Language = ENGLISH) -> str:
    if view.outcome is None:
        return ""
    return catalogue(language).gettext(WIN_REASONS.get(view.outcome.reason, N_("equal on every tiebreak")))


def tier_words(unit: Unit, language: Language = ENGLISH) -> str:
    return catalogue(language).gettext("Base") if unit.tier == 0 else f"T{unit.tier}"


def model_words(unit: Unit, language: Language = ENGLISH) -> str:
    _ = catalogue(language).gettext
    name, cell = fighter_name(unit.character, language), f"{unit.cell[0]},{unit.cell[1]}"
    if unit.dazed:
        return _("{fighter} Dazed at {cell}").format(fighter=name, cell=cell)
    words = _("{fighter} {tier} {hp}/{most} HP {cell} {level}").format(
        fighter=name,
        tier=tier_words(unit, language),
        hp=unit.hp,
        most=hp_max(unit),
        cell=cell,
        level=_(LEVEL_WORDS[unit.level]),
    )
    statuses = [_(STATUS_WORDS[status]) for status in unit.statuses]
    return words + (" " + " ".join(statuses) if statuses else "")


def _score_sentence(view: PrimeTimeView, names: Sequence[str], language: Language) -> str:
    _ = catalogue(language).gettext
    scores = [
        _("{who} ({affiliation}) {glory}").format(
            who=names[player.seat], affiliation=affiliation_name(player, language), glory=player.glory
        )
        for player in view.players
    ]
    return _("Glory: {scores}.").format(scores=", ".join(scores))


def _models_sentence(view: PrimeTimeView, names: Sequence[str], seat: int, language: Language) -> str:
    _ = catalogue(language).gettext
    models = [model_words(unit, language) for unit in view.units if unit.seat == seat]
    return _("{who} ({shape}): {models}.").format(
        who=names[seat],
        shape=_(SIDE_SHAPES[seat]),
        models="; ".join(models) if models else _("nothing deployed yet"),
    )


def _objectives_sentence(view: PrimeTimeView, names: Sequence[str], language: Language) -> str:
    if not view.objectives:
        return ""
    _ = catalogue(language).gettext
    held = []
    for number, point in enumerate(view.objectives, start=1):
        seat = controller(view.units, point)
        holder = names[seat] if seat is not None else _("open")
        held.append(
            _("{number} at {point} {holder}").format(
                number=number, point=f"{point[0]},{point[1]}", holder=holder
            )
        )
    return _("Objectives: {objectives}.").format(objectives=", ".join(held))


def _last_sentence(view: PrimeTimeView, names: Sequence[str], language: Language) -> str:
    if not view.recent_events:
        return ""
    last = said(view.recent_events[-1], names, language)
    return catalogue(language).gettext("Last: {event}.").format(event=last)


def alt_text(view: PrimeTimeView, names: Sequence[str], language: Language = ENGLISH) -> str:
    """The board in words within Discord's 1,024 characters: round and phase, who acts, the score,
    then every model with its tier, HP, cell and altitude; the objectives and the last event follow
    when they fit."""
    _ = catalogue(language).gettext
    finished = f" ({outcome_reason(view, language)})" if view.outcome is not None else ""
    head = [
        _("Prime Time board, {round}, {phase}.").format(
            round=round_words(view, language).lower(), phase=_(PHASE_WORDS[view.phase])
        ),
        f"{headline(view, names, language)}{finished}.",
        _score_sentence(view, names, language),
        *(_models_sentence(view, names, player.seat, language) for player in view.players),
    ]
    objectives, last = _objectives_sentence(view, names, language), _last_sentence(view, names, language)
    for tail in ([objectives, last], [objectives], []):
        text = " ".join(part for part in [*head, *tail] if part)
        if len(text) <= ALT_TEXT_LIMIT:
            return text
    return text[: ALT_TEXT_LIMIT - 1] + "…"
