"""Prime Time's roster builder: an ephemeral panel opened from the lobby where a player picks an
affiliation, 3 to 6 models (with the live Threat total and the 51% check) and Card 2 unlocks.

The draft lives in the lobby beside the player (``draft``) and is seen only in the panel; the lobby
shows "ready ✓" once the roster is legal and used. The 10 chosen cards are filled in automatically:
the most copies A9 allows of the fielded characters' cards (Card 2s first), then of the declared
affiliation's cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.components import button, select, view_of
from bot.storage import GameRecord
from bot.text import clip
from rules.primetime.cards import cards
from rules.primetime.content import PRESET_IDS, catalogue, character
from rules.primetime.roster import (
    AFFILIATION_SLOTS,
    CHARACTER_SLOTS,
    MODELS_MAX,
    THREAT_LIMIT,
    Roster,
    affiliation_share_ok,
    preset_roster,
    roster_problem,
)

CUSTOM = "custom"


def draft_of(player: dict[str, Any]) -> dict[str, Any]:
    """The player's draft: their picked preset's roster to start from, else the first preset's."""
    if "draft" in player:
        return dict(player["draft"])
    preset = player["character"] if player["character"] in PRESET_IDS else None
    roster = preset_roster(preset or catalogue().presets[0].id)
    return {"affiliation": roster.affiliation, "models": list(roster.models), "unlocks": list(roster.unlocks)}


def suggested_cards(models: tuple[str, ...], unlocks: tuple[str, ...], affiliation: str) -> tuple[str, ...]:
    """6 Character and 4 Affiliation cards within the copy limits, as a new player would pick them."""
    pool = sorted(cards().values(), key=lambda chosen: (-chosen.slot, chosen.id))
    picked: list[str] = []
    for wanted, eligible in (
        (
            CHARACTER_SLOTS,
            [c for c in pool if c.slot and c.pool in models and (c.slot == 1 or c.pool in unlocks)],
        ),
        (AFFILIATION_SLOTS, [c for c in pool if not c.slot and c.pool == affiliation]),
    ):
        taken = 0
        for chosen in eligible:
            copies = min(chosen.copy_limit, wanted - taken)
            picked.extend([chosen.id] * copies)
            taken += copies
    return tuple(picked)


def roster_from(draft: dict[str, Any]) -> Roster:
    models, unlocks = tuple(draft["models"]), tuple(draft["unlocks"])
    return Roster(
        models=models,
        unlocks=unlocks,
        affiliation=draft["affiliation"],
        cards=suggested_cards(models, unlocks, draft["affiliation"]),
    )


def change_draft(draft: dict[str, Any], part: str, values: tuple[str, ...]) -> dict[str, Any]:
    """The draft with one menu's new values; unlocks of models no longer fielded drop out."""
    changed = dict(draft)
    if part == "aff" and values:
        changed["affiliation"] = values[0]
    elif part == "models":
        changed["models"] = [model for model in values if model in {c.id for c in catalogue().characters}]
    elif part == "unlocks":
        changed["unlocks"] = list(values)
    changed["unlocks"] = [model for model in changed["unlocks"] if model in changed["models"]]
    return changed


def builder_message(record: GameRecord, draft: dict[str, Any], note: str | None) -> dict[str, Any]:
    roster = roster_from(draft)
    problem = roster_problem(roster)
    share = "✓" if affiliation_share_ok(roster.models, roster.affiliation) else "✗"
    affiliation = catalogue().affiliation(roster.affiliation).name
    models = ", ".join(f"{character(model).name} ({character(model).threat})" for model in roster.models)
    unlocks = ", ".join(f"{character(model).name} (+{character(model).unlock})" for model in roster.unlocks)
    counted = Counter(cards()[card_id].name for card_id in roster.cards)
    lines = [
        f"**Affiliation:** {affiliation} · 51% of the model Threat {share}",
        f"**Models:** {models or 'none'}",
        f"**Card 2 unlocks:** {unlocks or 'none'}",
        f"**Threat:** {roster.threat}/{THREAT_LIMIT}",
        "**Cards (chosen for you):** " + ", ".join(f"{n} x {name}" for name, n in counted.items()),
        "",
        f"⚠️ {problem.message}" if problem else "✅ A legal roster: press **Use this roster**.",
    ]
    embed = discord.Embed(
        title="Your Prime Time roster",
        description=clip("\n".join(lines), 4000),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(text="Only you can see this. The other player sees only that you are ready.")
    game_id = record.id
    affiliations = [
        discord.SelectOption(label=a.name, value=a.id, default=a.id == roster.affiliation)
        for a in catalogue().affiliations
    ]
    fielded = set(roster.models)
    characters = [
        discord.SelectOption(
            label=f"{c.name} · Threat {c.threat}",
            value=c.id,
            description=", ".join(catalogue().affiliation(a).name for a in c.affiliations)[:100],
            default=c.id in fielded,
        )
        for c in catalogue().characters
    ]
    items: list[Any] = [
        select(game_id, 0, "roster", affiliations, placeholder="Affiliation", arg="aff", row=0),
        select(
            game_id,
            0,
            "roster",
            characters,
            placeholder="Models (3 to 6)",
            arg="models",
            row=1,
            max_values=MODELS_MAX,
        ),
    ]
    if roster.models:
        unlockable = [
            discord.SelectOption(
                label=f"Card 2 of {character(model).name} (+{character(model).unlock} Threat)",
                value=model,
                default=model in roster.unlocks,
            )
            for model in roster.models
        ]
        items.append(
            select(
                game_id,
                0,
                "roster",
                unlockable,
                placeholder="Card 2 unlocks (none or more)",
                arg="unlocks",
                row=2,
                min_values=0,
                max_values=len(unlockable),
            )
        )
    items.append(
        button(
            game_id,
            0,
            "roster",
            "done",
            label="Use this roster",
            style=discord.ButtonStyle.success,
            disabled=problem is not None,
            row=3,
        )
    )
    return {"content": note, "embed": embed, "view": view_of(items)}
