"""Prime Time's roster builder: an ephemeral panel opened from the lobby where a player picks an
affiliation, 3 to 6 models (with the live Threat total and the 51% check) and Card 2 unlocks.

The draft lives in the lobby beside the player (``draft``) and is seen only in the panel; the lobby
shows "ready ✓" once the roster is legal and used. The 10 chosen cards start filled in (the most
copies A9 allows of the fielded characters' cards, Card 2s first, then of the declared affiliation's);
the Cards pages then offer one menu per fielded character and one for the affiliation, each listing
that group's legal copy combinations ("3x Kaio-ken Times Ten! + 1x …"), four menus a page, with
live counts that must reach 6 and 4.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.games.primetime.speech import Speaker
from bot.storage import GameRecord
from bot.ui.components import button, index_in, select, view_of
from bot.ui.text import clip
from locales.languages import Language
from rules.core.errors import IllegalAction
from rules.primetime.cards import Card, cards
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


AFFILIATION_GROUP = "aff"
GROUPS_PER_PAGE = 4
MENU_SIZE = 25


def eligible(draft: dict[str, Any], group: str) -> list[Card]:
    """The cards of one group: a fielded character's (its Card 2s once unlocked), or ``aff``'s."""
    pool = sorted(cards().values(), key=lambda chosen: (-chosen.slot, chosen.id))
    if group == AFFILIATION_GROUP:
        return [c for c in pool if not c.slot and c.pool == draft["affiliation"]]
    return [c for c in pool if c.slot and c.pool == group and (c.slot == 1 or group in draft["unlocks"])]


def combinations(draft: dict[str, Any], group: str) -> list[dict[str, int]]:
    """The group's legal copy combinations, the fullest first, at most one menu's worth."""
    most = AFFILIATION_SLOTS if group == AFFILIATION_GROUP else CHARACTER_SLOTS
    found: list[dict[str, int]] = [{}]
    for chosen in eligible(draft, group):
        found = [
            {**combo, chosen.id: copies} if copies else combo
            for combo in found
            for copies in range(chosen.copy_limit + 1)
            if sum(combo.values()) + copies <= most
        ]
    found.sort(key=lambda combo: (-sum(combo.values()), sorted(combo.items())))
    return found[:MENU_SIZE]


def groups_of(draft: dict[str, Any]) -> list[str]:
    return [*draft["models"], AFFILIATION_GROUP]


def picks_of(draft: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The chosen copies per group, still eligible; the suggested deck until the player chooses."""
    if "picks" in draft:
        picks = draft["picks"]
    else:
        suggested = Counter(
            suggested_cards(tuple(draft["models"]), tuple(draft["unlocks"]), draft["affiliation"])
        )
        picks = {
            group: {c.id: suggested[c.id] for c in eligible(draft, group) if suggested[c.id]}
            for group in groups_of(draft)
        }
    return {
        group: {
            card_id: copies
            for card_id, copies in picks.get(group, {}).items()
            if card_id in {c.id for c in eligible(draft, group)}
        }
        for group in groups_of(draft)
    }


def pick_cards(draft: dict[str, Any], group: str, index: str) -> dict[str, Any]:
    """The draft with combination number ``index`` of ``group``'s menu."""
    combos = combinations(draft, group)
    at = index_in(index, len(combos))
    if group not in groups_of(draft) or at is None:
        return draft
    changed = dict(draft)
    changed["picks"] = {**picks_of(draft), group: combos[at]}
    return changed


def roster_from(draft: dict[str, Any]) -> Roster:
    chosen = [card_id for combo in picks_of(draft).values() for card_id, n in combo.items() for _ in range(n)]
    return Roster(
        models=tuple(draft["models"]),
        unlocks=tuple(draft["unlocks"]),
        affiliation=draft["affiliation"],
        cards=tuple(chosen),
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


def _combo_text(combo: dict[str, int], words: Speaker) -> str:
    copies = words.catalogue.gettext("{copies}x {card}")
    parts = [copies.format(copies=words.number(n), card=words.card(card_id)) for card_id, n in combo.items()]
    return " + ".join(parts) or words.none()


def _summary(roster: Roster, problem: IllegalAction | None, words: Speaker) -> str:
    _ = words.catalogue.gettext
    share = "✓" if affiliation_share_ok(roster.models, roster.affiliation) else "✗"
    models = ", ".join(
        f"{words.character(model)} ({words.number(character(model).threat)})" for model in roster.models
    )
    unlocks = ", ".join(
        f"{words.character(model)} (+{words.number(character(model).unlock)})" for model in roster.unlocks
    )
    counted = Counter(roster.cards)
    character_count = sum(1 for card_id in roster.cards if cards()[card_id].slot)
    lines = [
        _("**Affiliation:** {affiliation} · 51% of the model Threat {share}").format(
            affiliation=words.affiliation(roster.affiliation), share=share
        ),
        _("**Models:** {models}").format(models=models or words.none()),
        _("**Card 2 unlocks:** {unlocks}").format(unlocks=unlocks or words.none()),
        _("**Threat:** {threat}/{limit}").format(
            threat=words.number(roster.threat), limit=words.number(THREAT_LIMIT)
        ),
        _(
            "**Cards:** Character {characters}/{character_slots} · "
            "Affiliation {affiliation}/{affiliation_slots}"
        ).format(
            characters=words.number(character_count),
            character_slots=words.number(CHARACTER_SLOTS),
            affiliation=words.number(len(roster.cards) - character_count),
            affiliation_slots=words.number(AFFILIATION_SLOTS),
        ),
        ", ".join(f"{words.number(n)} x {words.card(card_id)}" for card_id, n in counted.items()),
        "",
        "⚠️ " + words.say(problem.words) if problem else _("✅ A legal roster: press **Use this roster**."),
    ]
    return clip("\n".join(lines), 4000)


def _roster_menus(game_id: int, roster: Roster, words: Speaker) -> list[Any]:
    pgettext = words.catalogue.pgettext
    affiliations = [
        discord.SelectOption(label=words.affiliation(a.id), value=a.id, default=a.id == roster.affiliation)
        for a in catalogue().affiliations
    ]
    fielded = set(roster.models)
    characters = [
        discord.SelectOption(
            label=pgettext("menu option", "{character} · Threat {threat}").format(
                character=words.character(c.id), threat=words.number(c.threat)
            ),
            value=c.id,
            description=", ".join(words.affiliation(a) for a in c.affiliations)[:100],
            default=c.id in fielded,
        )
        for c in catalogue().characters
    ]
    items: list[Any] = [
        select(
            game_id,
            0,
            "roster",
            affiliations,
            placeholder=pgettext("placeholder", "Affiliation"),
            arg="aff",
            row=0,
        ),
        select(
            game_id,
            0,
            "roster",
            characters,
            placeholder=pgettext("placeholder", "Models (3 to 6)"),
            arg="models",
            row=1,
            max_values=MODELS_MAX,
        ),
    ]
    if roster.models:
        unlockable = [
            discord.SelectOption(
                label=pgettext("menu option", "Card 2 of {character} (+{threat} Threat)").format(
                    character=words.character(model), threat=words.number(character(model).unlock)
                ),
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
                placeholder=pgettext("placeholder", "Card 2 unlocks (none or more)"),
                arg="unlocks",
                row=2,
                min_values=0,
                max_values=len(unlockable),
            )
        )
    items.append(button(game_id, 0, "roster", "cards.0", label=pgettext("button", "Cards…"), row=3))
    return items


def _card_menus(game_id: int, draft: dict[str, Any], page: int, words: Speaker) -> list[Any]:
    pgettext = words.catalogue.pgettext
    groups = groups_of(draft)
    pages = max(1, -(-len(groups) // GROUPS_PER_PAGE))
    page = max(0, min(page, pages - 1))
    picks = picks_of(draft)
    items: list[Any] = []
    for group in groups[page * GROUPS_PER_PAGE : (page + 1) * GROUPS_PER_PAGE]:
        combos = combinations(draft, group)
        name = (
            pgettext("placeholder", "Affiliation cards")
            if group == AFFILIATION_GROUP
            else words.character(group)
        )
        options = [
            discord.SelectOption(
                label=clip(_combo_text(combo, words), 100),
                value=str(index),
                default=combo == picks.get(group, {}),
            )
            for index, combo in enumerate(combos)
        ]
        chosen = _combo_text(picks.get(group, {}), words)
        items.append(
            select(
                game_id,
                0,
                "roster",
                options,
                placeholder=clip(
                    pgettext("placeholder", "{group}: {cards}").format(group=name, cards=chosen), 150
                ),
                arg=f"pick.{group}.{page}",
                row=len(items),
            )
        )
    items.append(button(game_id, 0, "roster", "open", label=pgettext("button", "◀ Roster"), row=4))
    if pages > 1:
        more = pgettext("button", "More cards")
        items.append(button(game_id, 0, "roster", f"cards.{(page + 1) % pages}", label=more, row=4))
    return items


def builder_message(
    record: GameRecord,
    draft: dict[str, Any],
    note: str | None,
    card_page: int | None = None,
    language: Language = Language.ENGLISH,
) -> dict[str, Any]:
    """The builder, in its player's ``language``: the roster page, or (``card_page``) a page of card
    menus."""
    words = Speaker(language)
    _ = words.catalogue
    roster = roster_from(draft)
    problem = roster_problem(roster)
    embed = discord.Embed(
        title=_.gettext("Your Prime Time roster"),
        description=_summary(roster, problem, words),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(text=_.gettext("Only you can see this. The other player sees only that you are ready."))
    items = (
        _roster_menus(record.id, roster, words)
        if card_page is None
        else _card_menus(record.id, draft, card_page, words)
    )
    items.append(
        button(
            record.id,
            0,
            "roster",
            "done",
            label=_.pgettext("button", "Use this roster"),
            style=discord.ButtonStyle.success,
            disabled=problem is not None,
            row=3 if card_page is None else 4,
        )
    )
    return {"content": note, "embed": embed, "view": view_of(items)}
