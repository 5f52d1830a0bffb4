"""The text of a player's private panel ("My tokens"), in their own language (``words``): their
power level, hand, reserve and slots, what they alone learned this round, and what the game waits
for. The panel's controls are in ``bot.games.over9000.panel``."""

from __future__ import annotations

from collections import Counter

import discord

from bot.ui.text import clip
from renderers.over9000.words import Over9000Words
from rules.core.text import N_
from rules.over9000 import Over9000View, view
from rules.over9000.state import Over9000State
from rules.over9000.view import PlayerView, SlotView

TOKEN_EMOJI = {
    "kick": "🦶",
    "punch": "👊",
    "blast": "💥",
    "kick_defense": "🛡️",
    "punch_defense": "🛡️",
    "blast_defense": "🛡️",
    "power_up": "⚡",
    "dragon_ball": "🐉",
}


def token_label(kind: str, words: Over9000Words) -> str:
    """A token as the panel shows it: its icon and name."""
    return f"{TOKEN_EMOJI[kind]} {words.token(kind)}"


def counted(name: str, count: int) -> str:
    """A token's name with how many of it there are, when more than one ("Kick x2")."""
    return f"{name} x{count}" if count > 1 else name


def _slot_text(slot: SlotView, words: Over9000Words) -> str:
    if not slot.tokens:
        return words.gettext("empty")
    top_first = [words.token(token.kind) for token in reversed(slot.tokens)]
    return (
        words.gettext("{top} on {bottom}").format(top=top_first[0], bottom=top_first[1])
        if len(top_first) > 1
        else top_first[0]
    )


def _reserve_text(me: PlayerView, words: Over9000Words) -> str:
    if me.reserve is not None:
        return token_label(me.reserve.kind, words)
    if any(face_up.slot is None for face_up in me.face_up):
        return words.gettext("flipped for {power}").format(power=words.power(me))
    return words.gettext("empty")


def panel_status(state: Over9000State, seat: int, words: Over9000Words) -> str:
    prompt = state.prompt
    if state.outcome is not None or prompt is None:
        return words.gettext("The game is over.")
    names = [words.fighter(state.players[other]) for other in prompt.seats]
    if prompt.kind == "place":
        if seat in prompt.seats:
            return words.gettext(
                "**Arrange your tokens:** choose a token, then where it goes. One goes into your "
                "reserve, the other five into the four slots (one slot holds two)."
            )
        return words.gettext("Your tokens are arranged. Still arranging: {names}.").format(
            names=", ".join(names)
        )
    turn = state.turn
    assert turn is not None
    if prompt.kind == "attack":
        if seat == turn.seat:
            return words.gettext(
                "**Your turn:** choose a slot and a target, then declare an attack. You may bluff: "
                "the token you push decides what happens."
            )
        return words.gettext("It's {fighter}'s turn to attack.").format(fighter=names[0])
    duel = turn.duel
    assert duel is not None
    attacker = words.fighter(state.players[turn.seat])
    if seat == duel.defender:
        return words.format(
            words.gettext(
                "**{attacker} pushes slot {slot} at you, declaring {attack}!** Choose a slot to reveal."
            ),
            attacker=attacker,
            slot=duel.slot + 1,
            attack=words.token(duel.declared),
        )
    return words.gettext("{fighter} is choosing a slot to reveal against {attacker}.").format(
        fighter=names[0], attacker=attacker
    )


def _private_notes(mine: Over9000View, words: Over9000Words) -> list[str]:
    """What only this player learned this round (their draw, Scouter readings, swapped tokens)."""
    events = mine.recent_events
    starts = [index for index, event in enumerate(events) if event.kind == "round_started"]
    this_round = events[starts[-1] :] if starts else events
    return [f"🔒 {words.event(event)}" for event in this_round if event.visible_to is not None]


AI_PLAYS = N_("🤖 The AI is playing your seat: `{command}` takes it back.")


def _power_line(me: PlayerView, words: Over9000Words) -> str:
    window = (
        words.gettext("**{power}** (attack power): {text}")
        if me.power_window == "attack"
        else words.gettext("**{power}** (defense power): {text}")
    )
    return window.format(power=words.power(me), text=words.power_text(me))


def _face_up_text(me: PlayerView, words: Over9000Words) -> str:
    revealed = [
        words.gettext("{token} (reserve)").format(token=words.token(face_up.kind))
        if face_up.slot is None
        else words.format(
            words.gettext("{token} (slot {slot})"), token=words.token(face_up.kind), slot=face_up.slot + 1
        )
        for face_up in me.face_up
    ]
    return words.gettext("**Face up:** {tokens}").format(tokens=", ".join(revealed))


def panel_embed(state: Over9000State, seat: int, ai_plays: bool, words: Over9000Words) -> discord.Embed:
    mine = view(state, seat)
    me = mine.players[seat]
    lines = [
        words.format(
            words.gettext("Power level **{level}** · round {round}"), level=me.power_level, round=mine.round
        )
    ]
    if me.hand:
        held = Counter(token.kind for token in me.hand)
        tokens = ", ".join(counted(token_label(kind, words), n) for kind, n in held.items())
        lines.append(words.gettext("**In hand:** {tokens}").format(tokens=tokens))
    lines.append(words.gettext("**Reserve:** {token}").format(token=_reserve_text(me, words)))
    lines.extend(
        words.format(
            words.gettext("**Slot {slot}:** {tokens}"), slot=index + 1, tokens=_slot_text(slot, words)
        )
        for index, slot in enumerate(me.slots)
    )
    if me.face_up:
        lines.append(_face_up_text(me, words))
    lines.append(_power_line(me, words))
    lines.extend(_private_notes(mine, words)[-4:])
    lines.append("")
    lines.append(
        words.gettext(AI_PLAYS).format(command=words.command("over9000", "autoplay"))
        if ai_plays
        else panel_status(state, seat, words)
    )
    embed = discord.Embed(
        title=words.gettext("{fighter} — your tokens").format(fighter=words.fighter(me)),
        description=clip("\n".join(lines), 4000),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(
        text=words.gettext(
            "Only you can see this. It keeps up with the game; {button} on the board opens it again."
        ).format(button=words.pgettext("button", "My tokens"))
    )
    return embed
