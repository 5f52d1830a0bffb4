"""Words for the board: the phase line in the header and the image's alt text, in the view's
language."""

from __future__ import annotations

from renderers.cell.language import (
    CellBoardView,
    fighter_name,
    in_language,
    power_up_name,
    threat_name,
    words,
)
from renderers.common import ALT_TEXT_LIMIT
from rules.cell.content import catalogue
from rules.cell.view import CellView, ThreatView
from rules.cell.words import VARIANTS
from rules.core.text import N_

LOSS_REASONS = {
    "all_knocked_out": N_("every Z-Fighter is KO'd"),
    "threat_stack_empty": N_("the Threat stack ran out"),
}

RESTRICTION_WORDS = {"no_share": N_("no sharing"), "no_reroll": N_("no rerolls")}


def variant_name(view: CellBoardView) -> str:
    return words(view.language).pgettext(VARIANTS[view.variant].context, VARIANTS[view.variant].msgid)


def headline(view: CellView) -> str:
    """The big line of the header: the outcome, or whose turn it is."""
    view = in_language(view)
    _ = words(view.language).gettext
    if view.outcome is not None:
        if view.outcome.result == "win":
            return _("Victory! Cell has been defeated")
        reason = LOSS_REASONS.get(view.outcome.reason)
        return _("Cell wins: {reason}").format(reason=_(reason) if reason else view.outcome.reason)
    return _("{fighter}'s turn").format(fighter=fighter_name(view.fighters[view.active_seat], view.language))


def activity(view: CellView) -> str:
    """What the active fighter is doing right now (empty once the game is over)."""
    view = in_language(view)
    if view.outcome is not None:
        return ""
    _ = words(view.language).gettext
    if not view.rolled:
        return _("rolling the dice")
    selection = view.selection
    if selection is None:
        return _("spending dice")
    tile = power_up_name(selection.tile, view.language) if selection.tile is not None else ""
    chosen = len(selection.chosen)
    if selection.purpose == "reroll":
        return _("burning a die to reroll ({chosen} chosen)").format(chosen=chosen)
    if selection.purpose == "free_reroll":
        return _("choosing dice for the free reroll ({chosen} chosen)").format(chosen=chosen)
    if selection.purpose == "retrieve":
        return _("burning a die to retrieve dice ({chosen} chosen)").format(chosen=chosen)
    if selection.purpose == "buy":
        return _("paying for {power_up} ({chosen} paid)").format(power_up=tile, chosen=chosen)
    return _("paying to use {power_up} ({chosen} paid)").format(power_up=tile, chosen=chosen)


def track_summary(view: CellView) -> tuple[int, int, list[int]]:
    """(slots filled, slots counting for this player count, numbers of the complete rows)."""
    filled = len(view.damage_track)
    complete, end = [], 0
    for number, row in enumerate(view.track_rows, start=1):
        end += len(row.slots)
        if filled >= end:
            complete.append(number)
    return filled, end, complete


def _threat_words(view: CellBoardView, threat: ThreatView, detail: bool) -> str:
    _ = words(view.language).gettext
    tile = catalogue().threats[threat.tile]
    name = threat_name(threat.tile, view.language)
    if not detail:
        return _("{threat} (canceled)").format(threat=name) if threat.canceled else name
    notes = [_(RESTRICTION_WORDS[restriction]) for restriction in tile.restrictions]
    notes.append(
        _("canceled")
        if threat.canceled
        else _("{placed} of {cost} dice").format(placed=len(threat.placed), cost=len(tile.cost))
    )
    return _("{threat} ({notes})").format(threat=name, notes=", ".join(notes))


def _threats_sentence(view: CellBoardView, level: int) -> str:
    _ = words(view.language).gettext
    count = len(view.active_threats)
    stack = _("{count} in the stack").format(count=view.threat_stack_size)
    if level == 2 or not count:
        canceled = sum(1 for threat in view.active_threats if threat.canceled)
        return _("Active threats: {count} ({canceled} canceled), {stack}.").format(
            count=count, canceled=canceled, stack=stack
        )
    listed = "; ".join(_threat_words(view, threat, detail=level == 0) for threat in view.active_threats)
    return _("Active threats ({count}): {threats}; {stack}.").format(count=count, threats=listed, stack=stack)


def _fighter_words(view: CellBoardView) -> str:
    _ = words(view.language).gettext
    parts = []
    for fighter in view.fighters:
        name = fighter_name(fighter, view.language)
        parts.append(
            (
                _("{fighter} {hp}/{max_hp} HP, KO'd")
                if fighter.knocked_out
                else _("{fighter} {hp}/{max_hp} HP, standing")
            ).format(fighter=name, hp=fighter.hp, max_hp=fighter.max_hp)
        )
    return _("Z-Fighters: {fighters}.").format(fighters="; ".join(parts))


def alt_text(view: CellView) -> str:
    """A description of the board within Discord's 1,024 characters: the key numbers first, the
    threats in as much detail as fits."""
    view = in_language(view)
    _ = words(view.language).gettext
    doing = activity(view)
    filled, slots, complete = track_summary(view)
    supply = ", ".join(power_up_name(tile, view.language) for tile in view.power_supply) or _("empty")
    head = [
        _("Perfect Cell board, round {round} ({variant}).").format(
            round=view.round, variant=variant_name(view)
        ),
        (_("{headline}: {doing}.") if doing else _("{headline}.")).format(
            headline=headline(view), doing=doing
        ),
        _("Cell health {hp} of {max_hp}.").format(hp=view.cell_hp, max_hp=view.cell_max_hp),
        _fighter_words(view),
    ]
    tail = [
        (
            _("Damage Track {filled} of {slots}, rows {rows} complete.").format(
                filled=filled, slots=slots, rows=", ".join(map(str, complete))
            )
            if complete
            else _("Damage Track {filled} of {slots}.").format(filled=filled, slots=slots)
        ),
        _("Dragon Ball Meter {filled} of {capacity}.").format(
            filled=len(view.dragon_ball_meter), capacity=view.meter_capacity
        ),
        _("Power Supply: {power_ups} ({count} in the stack).").format(
            power_ups=supply, count=view.power_stack_size
        ),
    ]
    for level in range(3):
        for kept in range(len(tail), -1, -1):
            text = " ".join([*head, _threats_sentence(view, level), *tail[:kept]])
            if len(text) <= ALT_TEXT_LIMIT:
                return text
    text = " ".join([*head, _threats_sentence(view, 2)])
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1] + "…"
