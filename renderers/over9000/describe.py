"""Words for the Over 9000 board: the header's lines, each character's status and the alt text.

Everything here reads the public view only, which holds no face-down token's kind.
"""

from __future__ import annotations

from renderers.common import ALT_TEXT_LIMIT
from renderers.over9000.scouter import is_over
from rules.over9000.content import SLOT_COUNT, TOKEN_NAMES, format_level
from rules.over9000.view import LastDuelView, Over9000View, PlayerView

PHASE_WORDS = {"placement": "placement phase", "duel": "duel phase", "over": "game over"}
WIN_REASONS = {
    "over_9000": "power level over 9000",
    "clearly_highest": "clearly the strongest after sudden death",
    "shared_at_final_round": "tied at the top after the final round",
}


def names(view: Over9000View, seats: list[int]) -> str:
    listed = [view.players[seat].name for seat in seats]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def arranging(view: Over9000View) -> list[int]:
    return [player.seat for player in view.players if not player.placed]


def headline(view: Over9000View) -> str:
    """The big line of the header: the winner, the arrangement, or whose turn it is."""
    if view.outcome is not None:
        winners = view.outcome.winners
        return f"{names(view, winners)} {'wins' if len(winners) == 1 else 'share the victory'}!"
    if view.phase == "placement" or view.active_seat is None:
        return "Arranging tokens"
    return f"{view.players[view.active_seat].name}'s turn"


def activity(view: Over9000View) -> str:
    """What is happening right now, in a few words."""
    if view.outcome is not None:
        return WIN_REASONS.get(view.outcome.reason, view.outcome.reason)
    if view.phase == "placement" or view.active_seat is None:
        return f"waiting for {names(view, arranging(view))}"
    duel = view.duel
    if duel is None:
        return "choosing an attack"
    defender = view.players[duel.defender].name
    return f"attacks {defender}, declaring {TOKEN_NAMES[duel.declared]}; {defender} must reveal a slot"


def status(view: Over9000View, player: PlayerView) -> str | None:
    """The tag on a character's panel, or None when there is nothing to say."""
    if view.outcome is not None:
        return "WINNER" if player.seat in view.outcome.winners else None
    if view.phase == "placement":
        return "READY" if player.placed else "ARRANGING"
    if player.seat == view.active_seat:
        return "ATTACKING"
    if view.duel is not None and player.seat == view.duel.defender:
        return "DEFENDING"
    if sum(slot.face_down for slot in player.slots) == 0:
        return "OUT OF TOKENS"
    return None


def duel_verdict(duel: LastDuelView) -> str:
    if duel.result == "blocked":
        return "Bluff caught! Blocked" if duel.bluff else "Blocked"
    return "It hits!" if duel.result == "hit" else "No attack"


def signed_level(change: int) -> str:
    return f"+{format_level(change)}" if change >= 0 else f"-{format_level(-change)}"


def level_changes(view: Over9000View, duel: LastDuelView) -> list[str]:
    """Each power level the duel changed, with the level now: "Frieza +1,000 (7,000)"."""
    return [
        f"{view.players[seat].name} {signed_level(change)} ({format_level(view.players[seat].power_level)})"
        for seat, change in ((duel.attacker, duel.attacker_change), (duel.defender, duel.defender_change))
        if change
    ]


def power_flipped(player: PlayerView) -> bool:
    """A Dragon Ball lies face up from the reserve: the special power was used this round."""
    return any(face_up.slot is None for face_up in player.face_up)


def reserve_words(player: PlayerView) -> str:
    if power_flipped(player):
        return "Dragon Ball flipped"
    return "reserve hidden" if player.has_reserve else "reserve empty"


# The alt text.


def _duel_sentence(view: Over9000View) -> str:
    if view.outcome is not None:
        return f"{headline(view)} ({activity(view)})."
    if view.phase == "placement" or view.active_seat is None:
        return f"Players arrange their tokens; still arranging: {names(view, arranging(view))}."
    attacker = view.players[view.active_seat].name
    duel = view.duel
    if duel is None:
        return f"{attacker}'s turn: choosing a slot, a target and an attack to declare."
    defender = view.players[duel.defender].name
    return (
        f"{attacker}'s turn. Duel: {attacker} attacks {defender}, declaring {TOKEN_NAMES[duel.declared]}, "
        f"with a face-down token pushed from slot {duel.slot + 1}; {defender} must reveal a slot."
    )


def _last_duel_sentence(view: Over9000View) -> str:
    duel = view.last_duel
    if duel is None:
        return ""
    attacker, defender = view.players[duel.attacker].name, view.players[duel.defender].name
    changes = level_changes(view, duel)
    return (
        f"Last duel: {attacker} attacked {defender} declaring {TOKEN_NAMES[duel.declared]}, pushed "
        f"{TOKEN_NAMES[duel.pushed]}; {defender} revealed {TOKEN_NAMES[duel.revealed]}. "
        f"{duel_verdict(duel).rstrip('!')}{': ' + ', '.join(changes) if changes else ''}."
    )


def _level_words(player: PlayerView) -> str:
    over = " (over 9000!)" if is_over(player.power_level) else ""
    return f"{player.name} {format_level(player.power_level)}{over}"


def _levels_sentence(view: Over9000View) -> str:
    levels = [_level_words(player) for player in view.players]
    return "Power levels: " + ", ".join(levels) + "."


def _order_sentence(view: Over9000View) -> str:
    if view.phase != "duel" or not view.turn_order:
        return ""
    return "Turn order: " + ", ".join(view.players[seat].name for seat in view.turn_order) + "."


def _tokens_words(player: PlayerView) -> str:
    counts = [slot.face_down for slot in player.slots]
    words = [f"{sum(counts)} face down"]
    doubled = [index + 1 for index in range(SLOT_COUNT) if counts[index] > 1]
    if doubled:
        words.append(f"slot {doubled[0]} doubled")
    words.append(reserve_words(player))
    revealed = [TOKEN_NAMES[face_up.kind] for face_up in player.face_up if face_up.slot is not None]
    if revealed:
        words.append("revealed " + ", ".join(revealed))
    return f"{player.name}: " + ", ".join(words)


def _tokens_sentence(view: Over9000View) -> str:
    if view.outcome is not None:
        return ""
    return "Tokens: " + "; ".join(_tokens_words(player) for player in view.players) + "."


def _last_sentence(view: Over9000View) -> str:
    return f"Last: {view.recent_events[-1].text}" if view.recent_events else ""


def alt_text(view: Over9000View) -> str:
    """The board in words within Discord's 1,024 characters: the round and phase, whose turn and
    the duel, every power level; then the turn order, the last event and everybody's tokens, the
    tokens dropped first when they don't fit."""
    head = [
        f"Over 9000 board, round {view.round}, {PHASE_WORDS[view.phase]}.",
        _duel_sentence(view),
        _last_duel_sentence(view),
        _levels_sentence(view),
    ]
    order, tokens, last = _order_sentence(view), _tokens_sentence(view), _last_sentence(view)
    for tail in ([order, tokens, last], [order, last], [order], []):
        text = " ".join(part for part in [*head, *tail] if part)
        if len(text) <= ALT_TEXT_LIMIT:
            return text
    return text[: ALT_TEXT_LIMIT - 1] + "…"
