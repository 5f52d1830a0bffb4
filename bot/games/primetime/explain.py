"""What Prime Time's cards and techniques do, in the words players read where they choose them: a
card's window, cost and effect (a hand line, a menu description, the full card), and a technique's
range, cost, DMG and riders, each in its reader's language (``words``). The effects are the content's
texts (``rules.primetime.texts``, translated in ``data/locales``); the numbers come from the content
data, as the engine uses them."""

from __future__ import annotations

import discord

from bot.games.primetime.speech import Speaker
from rules.core.text import Text
from rules.primetime.cards import Card, card, cards, joint_attacks
from rules.primetime.content import Technique, character
from rules.primetime.texts import card_text, technique_text, term, texts

WINDOW_NAMES = {
    "open": Text("Open"),
    "activation_start": Text("Activation Start"),
    "z_reaction": Text("Z-Reaction"),
    "on_hit": Text("On Hit"),
    "on_damage": Text("On Damage"),
    "phase_start": Text("Phase Start"),
}
PHASE_START_NAMES = {
    "power": Text("Power Phase Start"),
    "ascension": Text("Ascension Phase Start"),
    "activation": Text("Activation Phase Start"),
    "cleanup": Text("Cleanup Phase Start"),
}
TYPE_NAMES = {
    "burst": Text("Burst"),
    "opg": Text("One use"),
    "persistent": Text("Persistent"),
    "z_reaction": Text("Z-Reaction"),
    "legacy": Text("Legacy"),
}
COST_WORDS = {
    "burst": Text("No BK or SK: the card is discarded once played."),
    "opg": Text("No BK or SK: the card is removed from the game once played."),
    "persistent": Text("No BK or SK: the card stays in play until its condition ends it."),
    "z_reaction": Text("No BK or SK: the card is discarded once played."),
    "legacy": Text("No BK or SK: the card stays beside its model all game."),
}
"""A card costs no BK or SK: what playing it costs is the card itself (CONTENT.md, texts)."""
SPENT_WORDS = {
    "burst": Text("discarded"),
    "opg": Text("one use"),
    "persistent": Text("stays in play"),
    "z_reaction": Text("discarded"),
    "legacy": Text("kept all game"),
}
FAMILY_NAMES = {
    "melee": Text("Melee"),
    "ki": Text("Ki"),
    "beam": Text("Beam"),
    "disc": Text("Disc"),
    "special": Text("Special"),
}
SKILL_NAMES = {"foc": "FOC", "imp": "IMP"}
"""The skills keep their abbreviations in every language, as the stats do."""
RIDER_NAMES = {
    "push": Text("Push"),
    "pull": Text("Pull"),
    "stagger": Text("Stagger"),
    "blast": Text("Blast"),
    "freeze": Text("Freeze"),
    "drain": Text("Drain"),
}
FLAG_NAMES = {
    "pierce": Text("Pierce"),
    "unopposed": Text("Unopposed"),
    "undeniable": Text("Undeniable"),
    "charged": Text("Charged"),
    "exhausting": Text("Exhausting"),
}
"""The words of a technique's families, riders and flags (the rules terms of ``texts.json``)."""


def window_name(chosen: Card, words: Speaker) -> str:
    if chosen.phase is not None:
        return words.say(PHASE_START_NAMES[chosen.phase])
    return words.say(WINDOW_NAMES[chosen.window])


def card_effect(card_id: str, words: Speaker, full: bool = True) -> str:
    """The card's effect in ``words``' language: whole, or (not ``full``) in a menu option's room."""
    text = card_text(card_id)
    if full:
        return words.text("cards", card_id, "text", text.text)
    if text.short is None:
        return words.text("cards", card_id, "text", text.text)
    return words.text("cards", card_id, "short", text.short)


def card_line(card_id: str, words: Speaker, full: bool = False, copies: int = 1) -> str:
    """One card of a hand (held ``copies`` times): its name, window, cost (what playing it spends)
    and effect, in a menu's room or (``full``) whole."""
    chosen = card(card_id)
    name = f"**{words.card(card_id)}**"
    if copies > 1:
        name = words.gettext("{card} x{copies}").format(card=name, copies=words.number(copies))
    return words.gettext("{card} · {window} · {spent}: {effect}").format(
        card=name,
        window=window_name(chosen, words),
        spent=words.say(SPENT_WORDS[chosen.type]),
        effect=card_effect(card_id, words, full),
    )


def card_summary(card_id: str, words: Speaker) -> str:
    """The card's effect in a menu option's room."""
    return card_effect(card_id, words, full=False)


def _owner_words(chosen: Card, words: Speaker) -> str:
    limit = words.number(chosen.copy_limit)
    if chosen.pool == "generic":
        return words.gettext("Generic: in every deck, one copy")
    if chosen.slot:
        owner = words.character(chosen.pool)
        if chosen.slot == 1:
            first = words.gettext("{owner}'s Card 1 (free for a roster fielding {owner}), up to {limit}")
            return first.format(owner=owner, limit=limit)
        second = words.gettext("{owner}'s Card 2 (unlocked for {unlock} Threat), up to {limit}")
        return second.format(owner=owner, unlock=words.number(character(chosen.pool).unlock), limit=limit)
    affiliation = words.affiliation(chosen.pool)
    return words.gettext("{affiliation} affiliation card, up to {limit}").format(
        affiliation=affiliation, limit=limit
    )


def card_embed(card_id: str, words: Speaker) -> discord.Embed:
    """One card in full, as `/primetime card` shows it, in its reader's language."""
    chosen = card(card_id)
    embed = discord.Embed(
        title=words.card(card_id), description=card_effect(card_id, words), colour=discord.Colour.gold()
    )
    embed.add_field(
        name=words.gettext("Window: {window}").format(window=window_name(chosen, words)),
        value=words.text("terms", chosen.window, "text", term(chosen.window)),
        inline=False,
    )
    embed.add_field(
        name=words.gettext("Cost: {type}").format(type=words.say(TYPE_NAMES[chosen.type])),
        value=words.say(COST_WORDS[chosen.type]),
    )
    embed.add_field(name=words.gettext("In a deck"), value=_owner_words(chosen, words))
    return embed


def find_cards(typed: str) -> list[Card]:
    """The cards whose English name or id holds ``typed`` (case and punctuation aside), best matches
    first."""
    wanted = _plain(typed)
    found = [chosen for chosen in cards().values() if wanted in _plain(chosen.name) or wanted == chosen.id]
    return sorted(found, key=lambda chosen: (not _plain(chosen.name).startswith(wanted), chosen.name))


def _plain(text: str) -> str:
    return "".join(letter for letter in text.lower() if letter.isalnum())


# Techniques.


def _inches(words: Speaker, inches: int) -> str:
    return f'{words.number(inches)}"'


def _rider_words(technique: Technique, words: Speaker) -> list[str]:
    found = []
    for rider in technique.riders:
        name = words.say(RIDER_NAMES[rider.op])
        if rider.inches and rider.compass:
            name = words.gettext("{rider} {inches} any way").format(
                rider=name, inches=_inches(words, rider.inches)
            )
        elif rider.inches:
            name = f"{name} {_inches(words, rider.inches)}"
        elif rider.compass:
            name = words.gettext("{rider} any way").format(rider=name)
        found.append(name)
    return found


def _reach(technique: Technique, words: Speaker) -> str:
    family = words.say(FAMILY_NAMES[technique.family])
    reach = _inches(words, technique.range)
    if technique.area:
        return words.gettext("{family}, all within {range}").format(family=family, range=reach)
    if technique.family == "melee":
        return (
            words.gettext("{family}, {range} reach").format(family=family, range=reach)
            if technique.range
            else family
        )
    return f"{family} {reach}"


def _signed(number: int) -> str:
    return f"{number:+d}"


def technique_stats(
    technique: Technique, words: Speaker, dmg: int | None = None, cost: str | None = None
) -> str:
    """Family and range, skill, BK, DMG and every rider and flag, e.g.
    ``Beam 18" · FOC · 2 BK · DMG 6 · Exhausting``, in ``words``' language; ``dmg`` is what it deals
    for the model using it (its tier and, for a basic, its DMG stat), else the printed DMG (none for a
    basic); ``cost`` what it costs the model now, else its printed BK."""
    printed = words.gettext("{bk} BK").format(bk=words.number(technique.bk))
    parts = [_reach(technique, words), SKILL_NAMES[technique.skill], cost or printed]
    if technique.dmg or (technique.basic and dmg is not None):
        dealt = technique.dmg if dmg is None else dmg
        parts.append(words.gettext("DMG {dmg}").format(dmg=words.number(dealt)))
    if technique.acc:
        parts.append(words.gettext("Acc {acc}").format(acc=_signed(technique.acc)))
    if technique.acc_if_friend_dazed:
        parts.append(
            words.gettext("Acc {acc} if a friend is Dazed").format(acc=_signed(technique.acc_if_friend_dazed))
        )
    if technique.evasion_against:
        parts.append(
            words.gettext("Z-Evasion {change} against it").format(change=_signed(technique.evasion_against))
        )
    if technique.dash:
        parts.append(words.gettext("dashes {distance} first").format(distance=_inches(words, technique.dash)))
    if technique.min_tier:
        parts.append(words.gettext("T{tier}+ only").format(tier=technique.min_tier))
    flags = [flag for flag in ("pierce", "unopposed", "undeniable") if getattr(technique, flag)]
    parts.extend(words.say(FLAG_NAMES[flag]) for flag in flags)
    parts.extend(_rider_words(technique, words))
    late = [flag for flag in ("charged", "exhausting") if getattr(technique, flag)]
    parts.extend(words.say(FLAG_NAMES[flag]) for flag in late)
    return " · ".join(parts)


def technique_line(
    technique: Technique, words: Speaker, dmg: int | None = None, cost: str | None = None
) -> str:
    """A technique's name, stats and effect, for the panel above its menu."""
    return words.gettext("{technique} · {stats}: {effect}").format(
        technique=f"**{words.name('techniques', technique.id, technique.name)}**",
        stats=technique_stats(technique, words, dmg, cost),
        effect=words.text("techniques", technique.id, "text", technique_text(technique.id)),
    )


def joint_attack_line(joint_id: str, words: Speaker) -> str:
    """A Joint Attack's name and effect, for the panel above its menu."""
    name = words.name("joint_attacks", joint_id, joint_attacks()[joint_id].name)
    effect = words.text("joint_attacks", joint_id, "text", texts().joint_attacks[joint_id])
    return words.gettext("{technique}: {effect}").format(technique=f"**{name}**", effect=effect)
