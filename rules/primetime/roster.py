"""Roster building (DESIGN.md 3.2, SU-2) and decks (DK-1…4, A9), with a coded refusal for every
broken rule. A roster lists its models, its Card 2 unlocks, its one declared affiliation and its 10
chosen cards (6 Character + 4 Affiliation); the 10 Generic cards are added to make the deck of 20.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel

from rules.core.errors import IllegalAction
from rules.core.text import Plural, Text
from rules.primetime.cards import card, cards, generic_cards
from rules.primetime.content import catalogue, character
from rules.primetime.names import affiliation_name, card_name, character_name

THREAT_LIMIT = 30
MODELS_MIN, MODELS_MAX = 3, 6
CHARACTER_SLOTS, AFFILIATION_SLOTS = 6, 4
SHARE_PERCENT = 51


class Roster(BaseModel, frozen=True):
    models: tuple[str, ...]
    unlocks: tuple[str, ...] = ()
    affiliation: str
    cards: tuple[str, ...]
    """The chosen 6 Character and 4 Affiliation cards (the Generic 10 are fixed)."""

    @property
    def threat(self) -> int:
        """3.2: models plus Card 2 unlocks."""
        return model_threat(self.models) + sum(character(model).unlock for model in self.unlocks)

    def deck(self) -> list[str]:
        return [*generic_cards(), *self.cards]


def model_threat(models: tuple[str, ...]) -> int:
    return sum(character(model).threat for model in models)


def affiliation_share_ok(models: tuple[str, ...], affiliation: str) -> bool:
    """3.2 [D!]: 100 x (Threat of the affiliation's members) >= 51 x (total model Threat)."""
    members = sum(character(model).threat for model in models if affiliation in character(model).affiliations)
    return 100 * members >= SHARE_PERCENT * model_threat(models)


def qualifying_affiliations(models: tuple[str, ...]) -> list[str]:
    """DK-4: every affiliation the roster could declare (it declares exactly one)."""
    return [
        affiliation.id
        for affiliation in catalogue().affiliations
        if affiliation_share_ok(models, affiliation.id)
    ]


def _refuse(code: str, message: Text | Plural) -> IllegalAction:
    return IllegalAction(code, message)


def _models_problem(roster: Roster) -> IllegalAction | None:
    known = {profile.id for profile in catalogue().characters}
    unknown = [model for model in roster.models if model not in known]
    if unknown:
        return _refuse("unknown_character", Text("The roster names a character this game does not have."))
    if not MODELS_MIN <= len(roster.models) <= MODELS_MAX:
        return _refuse(
            "model_count",
            Text("A roster fields {least} to {most} models.", least=MODELS_MIN, most=MODELS_MAX),
        )
    if len(set(roster.models)) != len(roster.models):
        return _refuse("duplicate_character", Text("Each character can be fielded at most once."))
    if sum(1 for model in roster.models if character(model).has("gohan")) > 1:
        return _refuse("two_gohans", Text("Kid and Adult Gohan count as one character: field only one."))
    for model in roster.unlocks:
        if model not in roster.models:
            name = character_name(model) if model in known else Text("a character")
            return _refuse(
                "unlock_not_fielded",
                Text("The Card 2 of {name} can only be bought if it is fielded.", name=name),
            )
    if len(set(roster.unlocks)) != len(roster.unlocks):
        return _refuse("duplicate_unlock", Text("Each Card 2 is bought once."))
    if roster.threat > THREAT_LIMIT:
        return _refuse(
            "threat_over",
            Text(
                "The roster's Threat is {threat}, over the limit of {limit}.",
                threat=roster.threat,
                limit=THREAT_LIMIT,
            ),
        )
    return None


def _affiliation_problem(roster: Roster) -> IllegalAction | None:
    if roster.affiliation not in {affiliation.id for affiliation in catalogue().affiliations}:
        return _refuse(
            "unknown_affiliation", Text("The roster declares an affiliation this game does not have.")
        )
    if not affiliation_share_ok(roster.models, roster.affiliation):
        name = affiliation_name(roster.affiliation)
        return _refuse(
            "affiliation_share",
            Text(
                "Under {share}% of the roster's model Threat belongs to the {name}.",
                share=SHARE_PERCENT,
                name=name,
            ),
        )
    return None


def _cards_problem(roster: Roster) -> IllegalAction | None:
    if not character_slots_fillable(roster.models, roster.unlocks):
        return _refuse(
            "character_slots",
            Text(
                "This roster's character cards cannot fill the 6 slots (at most 3 copies of a card, 1 of "
                "an OPG or Legacy card): buy a Card 2 or change the roster."
            ),
        )
    pool = cards()
    counts = Counter(roster.cards)
    character_count = affiliation_count = 0
    for card_id, copies in sorted(counts.items()):
        if card_id not in pool:
            return _refuse("unknown_card", Text("The deck names a card this game does not have."))
        chosen = card(card_id)
        name = card_name(card_id)
        if chosen.pool == "generic":
            return _refuse(
                "generic_chosen", Text("The 10 Generic cards are fixed; choose only the other 10.")
            )
        if chosen.slot:
            if chosen.pool not in roster.models:
                owner = character_name(chosen.pool)
                return _refuse(
                    "card_not_fielded", Text("{card} needs {owner} in the roster.", card=name, owner=owner)
                )
            if chosen.slot == 2 and chosen.pool not in roster.unlocks:
                return _refuse(
                    "card_not_unlocked", Text("{card} is a Card 2: buy its unlock first.", card=name)
                )
            character_count += copies
        else:
            if chosen.pool != roster.affiliation:
                return _refuse(
                    "wrong_affiliation",
                    Text("{card} belongs to another affiliation than the declared one.", card=name),
                )
            affiliation_count += copies
        if copies > chosen.copy_limit:
            return _refuse(
                "copy_limit",
                Plural(
                    "A deck holds at most {count} copy of {card}.",
                    "A deck holds at most {count} copies of {card}.",
                    chosen.copy_limit,
                    card=name,
                ),
            )
    if character_count != CHARACTER_SLOTS or affiliation_count != AFFILIATION_SLOTS:
        return _refuse(
            "deck_slots",
            Text(
                "A deck holds {characters} Character and {affiliations} Affiliation cards "
                "(this one {character_count} and {affiliation_count}).",
                characters=CHARACTER_SLOTS,
                affiliations=AFFILIATION_SLOTS,
                character_count=character_count,
                affiliation_count=affiliation_count,
            ),
        )

    return None


def roster_problem(roster: Roster) -> IllegalAction | None:
    """3.2, DK-1…4 and A9, in that order; None for a legal roster."""
    return _models_problem(roster) or _affiliation_problem(roster) or _cards_problem(roster)


def character_slots_fillable(models: tuple[str, ...], unlocks: tuple[str, ...]) -> bool:
    """A9: whether the eligible character cards can fill the 6 slots within the copy limits."""
    room = sum(
        chosen.copy_limit
        for chosen in cards().values()
        if chosen.slot and chosen.pool in models and (chosen.slot == 1 or chosen.pool in unlocks)
    )
    return room >= CHARACTER_SLOTS


def preset_roster(preset_id: str) -> Roster:
    preset = catalogue().preset(preset_id)
    return Roster(
        models=preset.models, unlocks=preset.unlocks, affiliation=preset.affiliation, cards=preset.cards
    )
