"""Words for the board: the phase line in the header and the image's alt text."""

from __future__ import annotations

from renderers.common import ALT_TEXT_LIMIT
from rules.cell.content import catalogue
from rules.cell.view import CellView, ThreatView

LOSS_REASONS = {
    "all_knocked_out": "every Z-Fighter is KO'd",
    "threat_stack_empty": "the Threat stack ran out",
}

RESTRICTION_WORDS = {"no_share": "no sharing", "no_reroll": "no rerolls"}


def headline(view: CellView) -> str:
    """The big line of the header: the outcome, or whose turn it is."""
    if view.outcome is not None:
        if view.outcome.result == "win":
            return "Victory! Cell has been defeated"
        return f"Cell wins: {LOSS_REASONS.get(view.outcome.reason, view.outcome.reason)}"
    return f"{view.fighters[view.active_seat].name}'s turn"


def activity(view: CellView) -> str:
    """What the active fighter is doing right now (empty once the game is over)."""
    if view.outcome is not None:
        return ""
    if not view.rolled:
        return "rolling the dice"
    selection = view.selection
    if selection is None:
        return "spending dice"
    tile = catalogue().power_ups[selection.tile].name if selection.tile is not None else ""
    chosen = len(selection.chosen)
    return {
        "reroll": f"burning a die to reroll ({chosen} chosen)",
        "free_reroll": f"choosing dice for the free reroll ({chosen} chosen)",
        "retrieve": f"burning a die to retrieve dice ({chosen} chosen)",
        "buy": f"paying for {tile} ({chosen} paid)",
        "activate": f"paying to use {tile} ({chosen} paid)",
    }[selection.purpose]


def track_summary(view: CellView) -> tuple[int, int, list[int]]:
    """(slots filled, slots counting for this player count, numbers of the complete rows)."""
    filled = len(view.damage_track)
    complete, end = [], 0
    for number, row in enumerate(view.track_rows, start=1):
        end += len(row.slots)
        if filled >= end:
            complete.append(number)
    return filled, end, complete


def _threat_words(threat: ThreatView, detail: bool) -> str:
    tile = catalogue().threats[threat.tile]
    if not detail:
        return tile.name + (" (canceled)" if threat.canceled else "")
    notes = [RESTRICTION_WORDS[restriction] for restriction in tile.restrictions]
    notes.append("canceled" if threat.canceled else f"{len(threat.placed)} of {len(tile.cost)} dice")
    return f"{tile.name} ({', '.join(notes)})"


def _threats_sentence(view: CellView, level: int) -> str:
    count = len(view.active_threats)
    stack = f"{view.threat_stack_size} in the stack"
    if level == 2 or not count:
        canceled = sum(1 for threat in view.active_threats if threat.canceled)
        return f"Active threats: {count} ({canceled} canceled), {stack}."
    listed = "; ".join(_threat_words(threat, detail=level == 0) for threat in view.active_threats)
    return f"Active threats ({count}): {listed}; {stack}."


def _fighter_words(view: CellView) -> str:
    parts = []
    for fighter in view.fighters:
        state = "KO'd" if fighter.knocked_out else "standing"
        parts.append(f"{fighter.name} {fighter.hp}/{fighter.max_hp} HP, {state}")
    return "Z-Fighters: " + "; ".join(parts) + "."


def alt_text(view: CellView) -> str:
    """A description of the board within Discord's 1,024 characters: the key numbers first, the
    threats in as much detail as fits."""
    doing = activity(view)
    filled, slots, complete = track_summary(view)
    rows = f", rows {', '.join(map(str, complete))} complete" if complete else ""
    head = [
        f"Perfect Cell board, round {view.round} ({view.variant}).",
        f"{headline(view)}{': ' + doing if doing else ''}.",
        f"Cell health {view.cell_hp} of {view.cell_max_hp}.",
        _fighter_words(view),
    ]
    tail = [
        f"Damage Track {filled} of {slots}{rows}.",
        f"Dragon Ball Meter {len(view.dragon_ball_meter)} of {view.meter_capacity}.",
        "Power Supply: "
        + (", ".join(catalogue().power_ups[tile].name for tile in view.power_supply) or "empty")
        + f" ({view.power_stack_size} in the stack).",
    ]
    for level in range(3):
        for kept in range(len(tail), -1, -1):
            text = " ".join([*head, _threats_sentence(view, level), *tail[:kept]])
            if len(text) <= ALT_TEXT_LIMIT:
                return text
    text = " ".join([*head, _threats_sentence(view, 2)])
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1] + "…"
