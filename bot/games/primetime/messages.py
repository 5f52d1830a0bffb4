"""Prime Time's messages: the public board (embed, controls and the line that calls the players) and
each player's private panel. The board reads the public view and public prompts only; the panel is
drawn for one seat and sent only to its player, ephemerally. The board speaks its table's language,
the panel its reader's (``words``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.games.primetime.ascension_panel import CHOICE_WORDS, ascension_total, step_letters
from bot.games.primetime.explain import card_line
from bot.games.primetime.module import answered_at_once
from bot.games.primetime.panel import (
    PANEL_LABELS,
    PUBLIC_KINDS,
    Controls,
    prompt_items,
    prompt_words,
    step_lines,
)
from bot.games.primetime.speech import Speaker
from bot.storage import GameRecord
from bot.ui.components import button, view_of
from bot.ui.messages import player_tag
from bot.ui.text import clip
from locales.catalogues import N_
from renderers.primetime.describe import PHASE_WORDS, outcome_reason
from renderers.primetime.words import condition_name, location_name, mission_name
from rules.core.events import Event, events_for
from rules.primetime import PrimeTimeView, view
from rules.primetime.cleanup import hand_limit
from rules.primetime.content import settings
from rules.primetime.state import PrimeTimeState, Prompt

RECENT_ON_BOARD = 6
SECRET_PROMPT_WORDS = {
    "terrain": N_("looking at the terrain (Accept, Reroll or Edit)."),
    "deploy": N_("deploying a model."),
    "ascension": N_("choosing Ascension in secret."),
    "discard": N_("discarding down to the hand limit."),
}
"""What the board says of a seat deciding what only it may see."""
PHASE_START_WORDS = {
    "power": N_("Power Phase Start: Ready, or a card, blind."),
    "ascension": N_("Ascension Phase Start: Ready, or a card, blind."),
    "activation": N_("Activation Phase Start: Ready, or a card, blind."),
    "cleanup": N_("Cleanup Phase Start: Ready, or a card, blind."),
}
ANY_PHASE_START = N_("Phase Start: Ready, or a card, blind.")


def _names(record: GameRecord) -> list[str]:
    return [player["name"] for player in record.lobby["players"]]


def board_names(record: GameRecord) -> tuple[str, str]:
    """The names the board image gives the two seats, as the messages do ("AI" for an AI seat)."""
    first, second = _names(record)
    return first, second


def _status_line(state: PrimeTimeState, record: GameRecord, words: Speaker) -> str:
    names = _names(record)
    if state.outcome is not None:
        why = outcome_reason(view(state, None), words.language)
        if not state.outcome.winners:
            return words.gettext("**The game ends in a draw** ({why}).").format(why=why)
        winner = names[state.outcome.winners[0]]
        return "🏆 " + words.gettext("**{player} wins** ({why}).").format(player=winner, why=why)
    parts = []
    for seat in _deciding(state, record):
        prompt = state.prompt_for(seat)
        assert prompt is not None
        parts.append(f"**{names[seat]}**: {_public_prompt_words(state, record, seat, prompt.kind, words)}")
    return "\n".join(parts) or words.gettext("Resolving…")


def _deciding(state: PrimeTimeState, record: GameRecord) -> list[int]:
    """The seats with a decision to make, in prompt order, but for a prompt its player chose to answer
    at once (its default is applied as it opens, so the board neither lists nor calls them for it)."""
    players = record.lobby["players"]
    return [
        seat
        for seat in dict.fromkeys(prompt.who for prompt in state.prompts)
        if not all(
            answered_at_once(prompt.kind, players[seat]) for prompt in state.prompts if prompt.who == seat
        )
    ]


def _public_prompt_words(
    state: PrimeTimeState, record: GameRecord, seat: int, kind: str, words: Speaker
) -> str:
    """What the board says a seat is deciding: never what only the seat may know."""
    if kind in PUBLIC_KINDS or kind in ("activation", "action"):
        if kind == "action" and state.activation is not None:
            left = state.activation.actions_left
            acts = words.ngettext(
                "{model} acts ({count} action left).", "{model} acts ({count} actions left).", left
            )
            return acts.format(model=words.unit(state, state.activation.unit), count=words.number(left))
        return prompt_words(state, seat, _names(record), words)
    if kind == "phase_start":
        return words.gettext(PHASE_START_WORDS.get(state.phase_start or "", ANY_PHASE_START))
    return words.gettext(SECRET_PROMPT_WORDS[kind])


def _player_line(public: PrimeTimeView, record: GameRecord, seat: int, words: Speaker) -> str:
    player = public.players[seat]
    lobby_player = record.lobby["players"][seat]
    # Before SU-2 reveals both rosters the view hides the affiliation.
    affiliation = (
        words.affiliation(player.affiliation) if player.affiliation else words.gettext("roster hidden")
    )
    who = (
        "**" + words.gettext("AI") + "**"
        if lobby_player.get("ai") and lobby_player["user_id"] < 0
        else (f"**{lobby_player['name']}** ({player_tag(lobby_player)})")
    )
    resources = words.gettext("Glory **{glory}** · BK {bk} · SK {sk} · hand {hand} · deck {deck}").format(
        glory=words.number(player.glory),
        bk=words.number(player.bk),
        sk=words.number(player.sk),
        hand=words.number(player.hand_size),
        deck=words.number(player.deck_size),
    )
    return f"{who} · {affiliation} · {resources}"


def _scenario_line(public: PrimeTimeView, words: Speaker) -> str | None:
    """The Location, the Missions of R1, R2 and R3-4 and the Condition, once SU-4…6 revealed them."""
    if public.setup_step in ("terrain", "first_player", "side"):
        return None
    language = words.language
    missions = " / ".join(mission_name(mission_id, language) for mission_id in public.missions)
    place = location_name(public.location, language)
    found = "📍 " + words.gettext("**{location}** · Missions: {missions}").format(
        location=place, missions=missions
    )
    if public.condition:
        found += " · " + words.gettext("Condition: {condition}").format(
            condition=condition_name(public.condition, language)
        )
    return found


def _deadline_line(deadlines: dict[int, float], record: GameRecord, words: Speaker) -> str | None:
    if not deadlines:
        return None
    names = _names(record)
    default = words.gettext("{player}: default {when}")
    return " · ".join(
        "⏳ " + default.format(player=names[seat], when=f"<t:{int(due)}:R>")
        for seat, due in sorted(deadlines.items())
    )


def board_embed(
    state: PrimeTimeState, record: GameRecord, deadlines: dict[int, float], words: Speaker
) -> discord.Embed:
    """The board's embed in the table's language (``words``)."""
    if state.outcome is not None:
        title = words.gettext("Prime Time — game over")
    else:
        phase = words.gettext(PHASE_WORDS[state.phase])
        title = words.gettext("Prime Time — round {round}/{rounds} · {phase}").format(
            round=words.number(state.round),
            rounds=words.number(settings().rounds),
            phase=phase[:1].upper() + phase[1:],
        )
    lines = [_status_line(state, record, words)]
    deadline = _deadline_line(deadlines, record, words)
    if deadline:
        lines.append(deadline)
    lines.append("")
    public = view(state, None)
    scenario = _scenario_line(public, words)
    if scenario:
        lines.append(scenario)
    lines.extend(_player_line(public, record, seat, words) for seat in range(len(public.players)))
    names = _names(record)
    recent = [words.event(event.text, names) for event in events_for(state.recent_events, None)]
    recent = recent[-RECENT_ON_BOARD:]
    if recent:
        lines.append("")
        lines.extend(f"• {text}" for text in recent)
    return discord.Embed(
        title=title, description=clip("\n".join(lines), 4000), colour=discord.Colour.orange()
    )


def call_line(state: PrimeTimeState, record: GameRecord, words: Speaker) -> str | None:
    """The line above the board that pings the players to decide, in the table's language."""
    if state.outcome is not None:
        return None
    players = record.lobby["players"]
    people = [seat for seat in _deciding(state, record) if not players[seat].get("ai")]
    if not people:
        thinking = any(players[prompt.who].get("ai") for prompt in state.prompts)
        return words.gettext("The AI is thinking…") if thinking else None
    mentions = ", ".join(f"<@{players[seat]['user_id']}>" for seat in people)
    return words.gettext("{mentions}: your move.").format(mentions=mentions)


def board_prompt(record: GameRecord, state: PrimeTimeState) -> Prompt | None:
    """The prompt the board's controls answer: the first one a person must answer. The AI's own
    prompts get no controls: nobody could press them."""
    players = record.lobby["players"]
    return next((prompt for prompt in state.prompts if not players[prompt.who].get("ai")), None)


def board_items(
    record: GameRecord, state: PrimeTimeState, seat_moves: int, words: Speaker
) -> list[discord.ui.Item[Any]]:
    """The board's controls, labelled in the table's language (``words``); ``seat_moves`` is the move
    count of the seat of ``board_prompt``."""
    items: list[discord.ui.Item[Any]] = []
    prompt = board_prompt(record, state)
    if prompt is not None and prompt.kind in PUBLIC_KINDS:
        controls = Controls(record.id, seat_moves, "act", names=tuple(_names(record)), words=words)
        items = [item for item in prompt_items(state, prompt.who, controls, "main") if item.row != 4]
    elif prompt is not None and prompt.kind == "phase_start":
        items = phase_start_items(record, state, words)
    elif prompt is not None:
        items.append(
            button(
                record.id,
                record.version,
                "panel",
                label=words.say(PANEL_LABELS[prompt.kind]),
                style=discord.ButtonStyle.success,
                row=4,
            )
        )
    my_hand = words.pgettext("button", "My hand")
    items.append(button(record.id, record.version, "panel", "hand", label=my_hand, emoji="🎴", row=4))
    return items


def phase_start_items(
    record: GameRecord, state: PrimeTimeState, words: Speaker
) -> list[discord.ui.Item[Any]]:
    """DESIGN.md 4.1: the blind Phase Start rides on the board the phase already has: Ready answers
    for whoever presses it (its argument names the window, so a later one is not answered by it),
    and Play a card… opens the presser's panel at their cards."""
    window = f"{state.round}.{state.phase_start}"
    ready, play = words.pgettext("button", "Ready"), words.pgettext("button", "Play a card…")
    return [
        button(record.id, 0, "ready", window, label=ready, style=discord.ButtonStyle.success, row=0),
        button(record.id, record.version, "panel", "cards", label=play, row=0),
    ]


# The private panel.


def done_note(record: GameRecord, events: list[Event], seat: int, words: Speaker) -> str:
    """What the mover's own move did, in their language (``words``)."""
    said = [words.event(event.text, _names(record)) for event in events_for(events, seat)]
    return clip("✅ " + " ".join(said), 1900) if said else "✅ " + words.gettext("Done.")


def panel_message(
    record: GameRecord,
    state: PrimeTimeState,
    seat: int,
    seat_moves: int,
    step: str,
    note: str | None,
    words: Speaker,
) -> dict[str, Any]:
    """A player's ephemeral panel in their language (``words``): their hand and resources, and the
    controls for their decision."""
    names = tuple(_names(record))
    player = state.players[seat]
    lines = [
        words.gettext(
            "Glory **{glory}** · BK **{bk}** · SK **{sk}** · hand {hand}/{limit} · deck {deck}"
        ).format(
            glory=words.number(player.glory),
            bk=words.number(player.bk),
            sk=words.number(player.sk),
            hand=words.number(len(player.hand)),
            limit=words.number(hand_limit(state)),
            deck=words.number(len(player.deck)),
        )
    ]
    lines.append(words.gettext("**Your hand:**") if player.hand else words.gettext("**Your hand:** empty"))
    held = Counter(player.hand)
    lines.extend(f"• {card_line(card_id, words, copies=copies)}" for card_id, copies in held.items())
    if player.ascension_plan is not None and state.phase == "ascension":
        plan = ", ".join(
            f"{words.unit(state, unit)}: {words.gettext(CHOICE_WORDS.get(choice, choice))}"
            for unit, choice in player.ascension_plan
        )
        lines.append(words.gettext("**Your locked plan** (secret until both lock): {plan}").format(plan=plan))
    if step.startswith("asc."):
        letters = step_letters(state, seat, step)
        cost = words.gettext("**Ascension cost:** {cost} SK of {sk}")
        lines.append(
            cost.format(cost=words.number(ascension_total(state, seat, letters)), sk=words.number(player.sk))
        )
    private = [words.event(event.text, names) for event in state.recent_events if event.visible_to == seat]
    lines.extend(f"🔒 {text}" for text in private[-4:])
    lines.append("")
    lines.append(prompt_words(state, seat, names, words))
    shown = step_lines(state, seat, step, words)
    if shown:
        lines.append("")
        lines.extend(shown)
    embed = discord.Embed(
        title=words.gettext("{player} — your hand").format(player=record.lobby["players"][seat]["name"]),
        description=clip("\n".join(lines), 4000),
        colour=discord.Colour.dark_orange(),
    )
    embed.set_footer(text=words.gettext("Only you can see this. Press My hand on the board to see it again."))
    controls = Controls(record.id, seat_moves, "pact", seat, names, words=words)
    items = prompt_items(state, seat, controls, step)
    refresh = controls.button("choose", "main", label=words.pgettext("button", "Refresh"), emoji="🔄", row=4)
    # A step's Back redraws the first screen as Refresh would: one control, since Discord refuses
    # two with one custom id.
    if all(getattr(item, "custom_id", None) != getattr(refresh, "custom_id", "") for item in items):
        items.append(refresh)
    return {"content": note, "embed": embed, "view": view_of(items)}
