"""What Prime Time's cards and techniques do, in the words players read where they choose them: a
card's window, cost and effect (a hand line, a menu description, the full card), and a technique's
range, cost, DMG and riders. The effects are the content's texts (``rules.primetime.texts``); the
numbers come from the content data, as the engine uses them."""

from __future__ import annotations

import discord

from rules.primetime.cards import Card, card, cards
from rules.primetime.content import Technique, catalogue, character
from rules.primetime.texts import card_text, technique_text, term, texts

WINDOW_NAMES = {
    "open": "Open",
    "activation_start": "Activation Start",
    "z_reaction": "Z-Reaction",
    "on_hit": "On Hit",
    "on_damage": "On Damage",
    "phase_start": "Phase Start",
}
TYPE_NAMES = {
    "burst": "Burst",
    "opg": "One use",
    "persistent": "Persistent",
    "z_reaction": "Z-Reaction",
    "legacy": "Legacy",
}
COST_WORDS = {
    "burst": "discarded once played",
    "opg": "removed from the game once played",
    "persistent": "stays in play until its condition ends it",
    "z_reaction": "discarded once played",
    "legacy": "stays beside its model all game",
}
"""A card costs no BK or SK: what playing it costs is the card itself (CONTENT.md, texts)."""
FAMILY_NAMES = {"melee": "Melee", "ki": "Ki", "beam": "Beam", "disc": "Disc", "special": "Special"}
SKILL_NAMES = {"foc": "FOC", "imp": "IMP"}


def window_name(chosen: Card) -> str:
    if chosen.phase is not None:
        return f"{chosen.phase.title()} Phase Start"
    return WINDOW_NAMES[chosen.window]


def cost_words(chosen: Card) -> str:
    return f"{TYPE_NAMES[chosen.type]}, {COST_WORDS[chosen.type]}"


SPENT_WORDS = {
    "burst": "discarded",
    "opg": "one use",
    "persistent": "stays in play",
    "z_reaction": "discarded",
    "legacy": "kept all game",
}


def card_line(card_id: str, full: bool = False, copies: int = 1) -> str:
    """One card of a hand (held ``copies`` times): its name, window, cost (what playing it spends)
    and effect, in a menu's room or (``full``) whole."""
    chosen = card(card_id)
    text = card_text(card_id)
    effect = text.text if full else text.summary
    name = f"**{chosen.name}**" + (f" x{copies}" if copies > 1 else "")
    return f"{name} · {window_name(chosen)} · {SPENT_WORDS[chosen.type]}: {effect}"


def card_summary(card_id: str) -> str:
    """The card's effect in a menu option's room."""
    return card_text(card_id).summary


def _owner_words(chosen: Card) -> str:
    if chosen.pool == "generic":
        return "Generic: in every deck, one copy"
    if chosen.slot:
        owner = character(chosen.pool).name
        if chosen.slot == 1:
            return f"{owner}'s Card 1 (free for a roster fielding {owner}), up to {chosen.copy_limit}"
        unlock = character(chosen.pool).unlock
        return f"{owner}'s Card 2 (unlocked for {unlock} Threat), up to {chosen.copy_limit}"
    affiliation = catalogue().affiliation(chosen.pool).name
    return f"{affiliation} affiliation card, up to {chosen.copy_limit}"


def card_embed(card_id: str) -> discord.Embed:
    """One card in full, as `/primetime card` shows it."""
    chosen = card(card_id)
    embed = discord.Embed(
        title=chosen.name, description=card_text(card_id).text, colour=discord.Colour.gold()
    )
    embed.add_field(name=f"Window: {window_name(chosen)}", value=term(chosen.window), inline=False)
    embed.add_field(
        name=f"Cost: {TYPE_NAMES[chosen.type]}", value=f"No BK or SK: the card is {COST_WORDS[chosen.type]}."
    )
    embed.add_field(name="In a deck", value=_owner_words(chosen))
    return embed


def find_cards(typed: str) -> list[Card]:
    """The cards whose name or id holds ``typed`` (case and punctuation aside), best matches first."""
    wanted = _plain(typed)
    found = [chosen for chosen in cards().values() if wanted in _plain(chosen.name) or wanted == chosen.id]
    return sorted(found, key=lambda chosen: (not _plain(chosen.name).startswith(wanted), chosen.name))


def _plain(text: str) -> str:
    return "".join(letter for letter in text.lower() if letter.isalnum())


# Techniques.


def _rider_words(technique: Technique) -> list[str]:
    words = []
    for rider in technique.riders:
        name = rider.op.title()
        if rider.inches:
            name += f' {rider.inches}"'
        if rider.compass:
            name += " any way"
        words.append(name)
    return words


def technique_stats(technique: Technique, dmg: int | None = None, cost: str | None = None) -> str:
    """Family and range, skill, BK, DMG and every rider and flag, e.g.
    ``Beam 18" · FOC · 2 BK · DMG 6 · Exhausting``; ``dmg`` is what it deals for the model using it
    (its tier and, for a basic, its DMG stat), else the printed DMG (none for a basic); ``cost`` what
    it costs the model now, else its printed BK."""
    family = FAMILY_NAMES[technique.family]
    if technique.area:
        reach = f'{family}, all within {technique.range}"'
    elif technique.family == "melee":
        reach = f'Melee, {technique.range}" reach' if technique.range else "Melee"
    else:
        reach = f'{family} {technique.range}"'
    parts = [reach, SKILL_NAMES[technique.skill], cost or f"{technique.bk} BK"]
    if technique.dmg or (technique.basic and dmg is not None):
        parts.append(f"DMG {technique.dmg if dmg is None else dmg}")
    if technique.acc:
        parts.append(f"Acc {technique.acc:+d}")
    if technique.acc_if_friend_dazed:
        parts.append(f"Acc {technique.acc_if_friend_dazed:+d} if a friend is Dazed")
    if technique.evasion_against:
        parts.append(f"Z-Evasion {technique.evasion_against:+d} against it")
    if technique.dash:
        parts.append(f'dashes {technique.dash}" first')
    if technique.min_tier:
        parts.append(f"T{technique.min_tier}+ only")
    parts.extend(flag.title() for flag in ("pierce", "unopposed", "undeniable") if getattr(technique, flag))
    parts.extend(_rider_words(technique))
    parts.extend(flag.title() for flag in ("charged", "exhausting") if getattr(technique, flag))
    return " · ".join(parts)


def technique_line(technique: Technique, dmg: int | None = None, cost: str | None = None) -> str:
    return f"**{technique.name}** · {technique_stats(technique, dmg, cost)}: {technique_text(technique.id)}"


def joint_attack_line(joint_id: str, name: str) -> str:
    return f"**{name}**: {texts().joint_attacks[joint_id]}"
