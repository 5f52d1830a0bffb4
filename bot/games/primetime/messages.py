"""Prime Time's messages: the public board (embed, controls and the line that calls the players) and
each player's private panel. The board reads the public view and public prompts only; the panel is
drawn for one seat and sent only to its player, ephemerally.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.games.primetime.ascension_panel import ascension_total, step_letters
from bot.games.primetime.codes import unit_name
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
from bot.storage import GameRecord
from bot.ui.components import button, view_of
from bot.ui.messages import player_tag
from bot.ui.text import clip
from renderers.primetime.describe import WIN_REASONS
from rules.core.events import Event, events_for
from rules.primetime import PrimeTimeView, view
from rules.primetime.cleanup import hand_limit
from rules.primetime.content import catalogue, settings
from rules.primetime.scenario import condition, location, mission
from rules.primetime.seat_words import with_names
from rules.primetime.state import PrimeTimeState, Prompt

RECENT_ON_BOARD = 6


def _names(record: GameRecord) -> list[str]:
    return [player["name"] for player in record.lobby["players"]]


def board_names(record: GameRecord) -> tuple[str, str]:
    """The names the board image gives the two seats, as the messages do ("AI" for an AI seat)."""
    first, second = _names(record)
    return first, second


def _status_line(state: PrimeTimeState, record: GameRecord) -> str:
    names = _names(record)
    if state.outcome is not None:
        why = WIN_REASONS.get(state.outcome.reason, "equal on every tiebreak")
        if not state.outcome.winners:
            return f"**The game ends in a draw** ({why})."
        return f"🏆 **{names[state.outcome.winners[0]]} wins** ({why})."
    parts = []
    for seat in _deciding(state, record):
        prompt = state.prompt_for(seat)
        assert prompt is not None
        parts.append(f"**{names[seat]}**: {_public_prompt_words(state, record, seat, prompt.kind)}")
    return "\n".join(parts) or "Resolving…"


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


def _public_prompt_words(state: PrimeTimeState, record: GameRecord, seat: int, kind: str) -> str:
    """What the board says a seat is deciding: never what only the seat may know."""
    if kind in PUBLIC_KINDS or kind in ("activation", "action"):
        if kind == "action" and state.activation is not None:
            left = state.activation.actions_left
            plural = "s" if left != 1 else ""
            return f"{unit_name(state, state.activation.unit)} acts ({left} action{plural} left)."
        return prompt_words(state, seat, _names(record))
    return {
        "terrain": "looking at the terrain (Accept, Reroll or Edit).",
        "deploy": "deploying a model.",
        "ascension": "choosing Ascension in secret.",
        "discard": "discarding down to the hand limit.",
        "phase_start": f"{(state.phase_start or 'phase').title()} Phase Start: Ready, or a card, blind.",
    }[kind]


def _player_line(public: PrimeTimeView, record: GameRecord, seat: int) -> str:
    player = public.players[seat]
    lobby_player = record.lobby["players"][seat]
    # Before SU-2 reveals both rosters the view hides the affiliation.
    affiliation = catalogue().affiliation(player.affiliation).name if player.affiliation else "roster hidden"
    who = (
        "**AI**"
        if lobby_player.get("ai") and lobby_player["user_id"] < 0
        else (f"**{lobby_player['name']}** ({player_tag(lobby_player)})")
    )
    return (
        f"{who} · {affiliation} · "
        f"Glory **{player.glory}** · BK {player.bk} · SK {player.sk} · hand {player.hand_size} · "
        f"deck {player.deck_size}"
    )


def _scenario_line(public: PrimeTimeView) -> str | None:
    """The Location, the Missions of R1, R2 and R3-4 and the Condition, once SU-4…6 revealed them."""
    if public.setup_step in ("terrain", "first_player", "side"):
        return None
    missions = " / ".join(mission(mission_id).name for mission_id in public.missions)
    found = f"📍 **{location(public.location).name}** · Missions: {missions}"
    return found + (f" · Condition: {condition(public.condition).name}" if public.condition else "")


def _deadline_line(deadlines: dict[int, float], record: GameRecord) -> str | None:
    if not deadlines:
        return None
    names = _names(record)
    return " · ".join(
        f"⏳ {names[seat]}: default <t:{int(due)}:R>" for seat, due in sorted(deadlines.items())
    )


def board_embed(state: PrimeTimeState, record: GameRecord, deadlines: dict[int, float]) -> discord.Embed:
    phase = state.phase.replace("_", " ").title()
    title = (
        "Prime Time — game over"
        if state.outcome is not None
        else f"Prime Time — round {state.round}/{settings().rounds} · {phase}"
    )
    lines = [_status_line(state, record)]
    deadline = _deadline_line(deadlines, record)
    if deadline:
        lines.append(deadline)
    lines.append("")
    public = view(state, None)
    scenario = _scenario_line(public)
    if scenario:
        lines.append(scenario)
    lines.extend(_player_line(public, record, seat) for seat in range(len(public.players)))
    names = _names(record)
    recent = [with_names(str(event.text), names) for event in events_for(state.recent_events, None)]
    recent = recent[-RECENT_ON_BOARD:]
    if recent:
        lines.append("")
        lines.extend(f"• {text}" for text in recent)
    return discord.Embed(
        title=title, description=clip("\n".join(lines), 4000), colour=discord.Colour.orange()
    )


def call_line(state: PrimeTimeState, record: GameRecord) -> str | None:
    if state.outcome is not None:
        return None
    players = record.lobby["players"]
    people = [seat for seat in _deciding(state, record) if not players[seat].get("ai")]
    if not people:
        return (
            "The AI is thinking…" if any(players[prompt.who].get("ai") for prompt in state.prompts) else None
        )
    mentions = ", ".join(f"<@{players[seat]['user_id']}>" for seat in people)
    return f"{mentions}: your move."


def board_prompt(record: GameRecord, state: PrimeTimeState) -> Prompt | None:
    """The prompt the board's controls answer: the first one a person must answer. The AI's own
    prompts get no controls: nobody could press them."""
    players = record.lobby["players"]
    return next((prompt for prompt in state.prompts if not players[prompt.who].get("ai")), None)


def board_items(record: GameRecord, state: PrimeTimeState, seat_moves: int) -> list[discord.ui.Item[Any]]:
    """The board's controls; ``seat_moves`` is the move count of the seat of ``board_prompt``."""
    items: list[discord.ui.Item[Any]] = []
    prompt = board_prompt(record, state)
    if prompt is not None and prompt.kind in PUBLIC_KINDS:
        controls = Controls(record.id, seat_moves, "act", names=tuple(_names(record)))
        items = [item for item in prompt_items(state, prompt.who, controls, "main") if item.row != 4]
    elif prompt is not None and prompt.kind == "phase_start":
        items = phase_start_items(record, state)
    elif prompt is not None:
        items.append(
            button(
                record.id,
                record.version,
                "panel",
                label=PANEL_LABELS[prompt.kind],
                style=discord.ButtonStyle.success,
                row=4,
            )
        )
    items.append(button(record.id, record.version, "panel", "hand", label="My hand", emoji="🎴", row=4))
    return items


def phase_start_items(record: GameRecord, state: PrimeTimeState) -> list[discord.ui.Item[Any]]:
    """DESIGN.md 4.1: the blind Phase Start rides on the board the phase already has: Ready answers
    for whoever presses it (its argument names the window, so a later one is not answered by it),
    and Play a card… opens the presser's panel at their cards."""
    window = f"{state.round}.{state.phase_start}"
    return [
        button(record.id, 0, "ready", window, label="Ready", style=discord.ButtonStyle.success, row=0),
        button(record.id, record.version, "panel", "cards", label="Play a card…", row=0),
    ]


# The private panel.


def done_note(record: GameRecord, events: list[Event], seat: int) -> str:
    said = [with_names(str(event.text), _names(record)) for event in events_for(events, seat)]
    return clip("✅ " + " ".join(said), 1900) if said else "✅ Done."


def panel_message(
    record: GameRecord, state: PrimeTimeState, seat: int, seat_moves: int, step: str, note: str | None
) -> dict[str, Any]:
    """A player's ephemeral panel: their hand and resources, and the controls for their decision."""
    names = tuple(_names(record))
    player = state.players[seat]
    lines = [
        f"Glory **{player.glory}** · BK **{player.bk}** · SK **{player.sk}** · "
        f"hand {len(player.hand)}/{hand_limit(state)} · deck {len(player.deck)}"
    ]
    lines.append("**Your hand:**" + ("" if player.hand else " empty"))
    held = Counter(player.hand)
    lines.extend(f"• {card_line(card_id, copies=copies)}" for card_id, copies in held.items())
    if player.ascension_plan is not None and state.phase == "ascension":
        plan = ", ".join(f"{unit_name(state, unit)}: {choice}" for unit, choice in player.ascension_plan)
        lines.append(f"**Your locked plan** (secret until both lock): {plan}")
    if step.startswith("asc."):
        letters = step_letters(state, seat, step)
        lines.append(f"**Ascension cost:** {ascension_total(state, seat, letters)} SK of {player.sk}")
    names = _names(record)
    private = [
        with_names(str(event.text), names) for event in state.recent_events if event.visible_to == seat
    ]
    lines.extend(f"🔒 {text}" for text in private[-4:])
    lines.append("")
    lines.append(prompt_words(state, seat, names))
    shown = step_lines(state, seat, step)
    if shown:
        lines.append("")
        lines.extend(shown)
    embed = discord.Embed(
        title=f"{record.lobby['players'][seat]['name']} — your hand",
        description=clip("\n".join(lines), 4000),
        colour=discord.Colour.dark_orange(),
    )
    embed.set_footer(text="Only you can see this. Press My hand on the board to see it again.")
    controls = Controls(record.id, seat_moves, "pact", seat, names)
    items = prompt_items(state, seat, controls, step)
    refresh = controls.button("choose", "main", label="Refresh", emoji="🔄", row=4)
    # A step's Back redraws the first screen as Refresh would: one control, since Discord refuses
    # two with one custom id.
    if all(getattr(item, "custom_id", None) != getattr(refresh, "custom_id", "") for item in items):
        items.append(refresh)
    return {"content": note, "embed": embed, "view": view_of(items)}
