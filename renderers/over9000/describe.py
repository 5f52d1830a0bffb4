"""Words for the Over 9000 board: the header's lines, each character's status and the alt text, in
the board's language (``words``).

Everything here reads the public view only, which holds no face-down token's kind.
"""

from __future__ import annotations

from renderers.common import ALT_TEXT_LIMIT
from renderers.over9000.scouter import is_over
from renderers.over9000.words import Over9000Words
from rules.core.text import N_
from rules.over9000.content import SLOT_COUNT
from rules.over9000.view import LastDuelView, Over9000View, PlayerView

PHASE_WORDS = {"placement": N_("placement phase"), "duel": N_("duel phase"), "over": N_("game over")}
WIN_REASONS = {
    "over_9000": N_("power level over 9000"),
    "clearly_highest": N_("clearly the strongest after sudden death"),
    "shared_at_final_round": N_("tied at the top after the final round"),
}
STATUS_WORDS = {
    "WINNER": N_("WINNER"),
    "READY": N_("READY"),
    "ARRANGING": N_("ARRANGING"),
    "ATTACKING": N_("ATTACKING"),
    "DEFENDING": N_("DEFENDING"),
    "OUT OF TOKENS": N_("OUT OF TOKENS"),
}
"""The tags on the characters' cards, by the status they stand for."""


def phase_words(view: Over9000View, words: Over9000Words) -> str:
    return words.gettext(PHASE_WORDS[view.phase])


def win_reason(view: Over9000View, words: Over9000Words) -> str:
    assert view.outcome is not None
    reason = WIN_REASONS.get(view.outcome.reason)
    return words.gettext(reason) if reason is not None else view.outcome.reason


def names(view: Over9000View, seats: list[int], words: Over9000Words) -> str:
    listed = [words.fighter(view.players[seat]) for seat in seats]
    if len(listed) == 1:
        return listed[0]
    return words.gettext("{names} and {last}").format(names=", ".join(listed[:-1]), last=listed[-1])


def arranging(view: Over9000View) -> list[int]:
    return [player.seat for player in view.players if not player.placed]


def headline(view: Over9000View, words: Over9000Words) -> str:
    """The big line of the header: the winner, the arrangement, or whose turn it is."""
    if view.outcome is not None:
        winners = view.outcome.winners
        if len(winners) == 1:
            return words.gettext("{fighter} wins!").format(fighter=names(view, winners, words))
        return words.gettext("{fighters} share the victory!").format(fighters=names(view, winners, words))
    if view.phase == "placement" or view.active_seat is None:
        return words.gettext("Arranging tokens")
    return words.gettext("{fighter}'s turn").format(fighter=words.fighter(view.players[view.active_seat]))


def status(view: Over9000View, player: PlayerView) -> str | None:
    """The status of a character's panel (a key of ``STATUS_WORDS``), or None when there is nothing
    to say."""
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


def duel_verdict(duel: LastDuelView, words: Over9000Words) -> str:
    if duel.result == "blocked":
        return words.gettext("Bluff caught! Blocked") if duel.bluff else words.gettext("Blocked")
    return words.gettext("It hits!") if duel.result == "hit" else words.gettext("No attack")


def level_changes(view: Over9000View, duel: LastDuelView, words: Over9000Words) -> list[str]:
    """Each power level the duel changed, with the level now: "Frieza +1,000 (7,000)"."""
    changes = []
    for seat, change in ((duel.attacker, duel.attacker_change), (duel.defender, duel.defender_change)):
        if not change:
            continue
        player = view.players[seat]
        message = (
            words.gettext("{fighter} +{change} ({level})")
            if change > 0
            else words.gettext("{fighter} -{change} ({level})")
        )
        changes.append(
            words.format(message, fighter=words.fighter(player), change=abs(change), level=player.power_level)
        )
    return changes


def power_flipped(player: PlayerView) -> bool:
    """A Dragon Ball lies face up from the reserve: the special power was used this round."""
    return any(face_up.slot is None for face_up in player.face_up)


def reserve_words(player: PlayerView, words: Over9000Words) -> str:
    if power_flipped(player):
        return words.gettext("Dragon Ball flipped")
    return words.gettext("reserve hidden") if player.has_reserve else words.gettext("reserve empty")


# The alt text.


def _duel_sentence(view: Over9000View, words: Over9000Words) -> str:
    if view.outcome is not None:
        return words.gettext("{headline} ({reason}).").format(
            headline=headline(view, words), reason=win_reason(view, words)
        )
    if view.phase == "placement" or view.active_seat is None:
        return words.gettext("Players arrange their tokens; still arranging: {names}.").format(
            names=names(view, arranging(view), words)
        )
    attacker = words.fighter(view.players[view.active_seat])
    duel = view.duel
    if duel is None:
        return words.gettext("{attacker}'s turn: choosing a slot, a target and an attack to declare.").format(
            attacker=attacker
        )
    return words.format(
        words.gettext(
            "{attacker}'s turn. Duel: {attacker} attacks {defender}, declaring {attack}, with a face-down "
            "token pushed from slot {slot}; {defender} must reveal a slot."
        ),
        attacker=attacker,
        defender=words.fighter(view.players[duel.defender]),
        attack=words.token(duel.declared),
        slot=duel.slot + 1,
    )


def _last_duel_sentence(view: Over9000View, words: Over9000Words) -> str:
    duel = view.last_duel
    if duel is None:
        return ""
    changes = level_changes(view, duel, words)
    verdict = duel_verdict(duel, words).rstrip("!")
    facts = words.gettext(
        "Last duel: {attacker} attacked {defender} declaring {declared}, pushed {pushed}; {defender} "
        "revealed {revealed}."
    ).format(
        attacker=words.fighter(view.players[duel.attacker]),
        defender=words.fighter(view.players[duel.defender]),
        declared=words.token(duel.declared),
        pushed=words.token(duel.pushed),
        revealed=words.token(duel.revealed),
    )
    if changes:
        outcome = words.gettext("{verdict}: {changes}.").format(verdict=verdict, changes=", ".join(changes))
    else:
        outcome = words.gettext("{verdict}.").format(verdict=verdict)
    return f"{facts} {outcome}"


def _level_words(player: PlayerView, words: Over9000Words) -> str:
    message = (
        words.gettext("{fighter} {level} (over 9000!)")
        if is_over(player.power_level)
        else words.gettext("{fighter} {level}")
    )
    return words.format(message, fighter=words.fighter(player), level=player.power_level)


def _levels_sentence(view: Over9000View, words: Over9000Words) -> str:
    levels = ", ".join(_level_words(player, words) for player in view.players)
    return words.gettext("Power levels: {levels}.").format(levels=levels)


def _order_sentence(view: Over9000View, words: Over9000Words) -> str:
    if view.phase != "duel" or not view.turn_order:
        return ""
    order = ", ".join(words.fighter(view.players[seat]) for seat in view.turn_order)
    return words.gettext("Turn order: {order}.").format(order=order)


def _tokens_words(player: PlayerView, words: Over9000Words) -> str:
    counts = [slot.face_down for slot in player.slots]
    face_down = words.ngettext("{count} face down", "{count} face down", sum(counts))
    parts = [words.format(face_down, count=sum(counts))]
    doubled = [index + 1 for index in range(SLOT_COUNT) if counts[index] > 1]
    if doubled:
        parts.append(words.format(words.gettext("slot {slot} doubled"), slot=doubled[0]))
    parts.append(reserve_words(player, words))
    revealed = [words.token(face_up.kind) for face_up in player.face_up if face_up.slot is not None]
    if revealed:
        parts.append(words.gettext("revealed {tokens}").format(tokens=", ".join(revealed)))
    return words.gettext("{fighter}: {tokens}").format(fighter=words.fighter(player), tokens=", ".join(parts))


def _tokens_sentence(view: Over9000View, words: Over9000Words) -> str:
    if view.outcome is not None:
        return ""
    tokens = "; ".join(_tokens_words(player, words) for player in view.players)
    return words.gettext("Tokens: {tokens}.").format(tokens=tokens)


def _last_sentence(view: Over9000View, words: Over9000Words) -> str:
    if not view.recent_events:
        return ""
    return words.gettext("Last: {event}").format(event=words.event(view.recent_events[-1]))


def alt_text(view: Over9000View, words: Over9000Words) -> str:
    """The board in words within Discord's 1,024 characters: the round and phase, whose turn and
    the duel, every power level; then the turn order, the last event and everybody's tokens, the
    tokens dropped first when they don't fit."""
    opening = words.gettext("Over 9000 board, round {round}, {phase}.")
    head = [
        words.format(opening, round=view.round, phase=phase_words(view, words)),
        _duel_sentence(view, words),
        _last_duel_sentence(view, words),
        _levels_sentence(view, words),
    ]
    order, tokens, last = (
        _order_sentence(view, words),
        _tokens_sentence(view, words),
        _last_sentence(view, words),
    )
    for tail in ([order, tokens, last], [order, last], [order], []):
        text = " ".join(part for part in [*head, *tail] if part)
        if len(text) <= ALT_TEXT_LIMIT:
            return text
    return text[: ALT_TEXT_LIMIT - 1] + "…"
