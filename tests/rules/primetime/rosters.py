"""Random legal rosters (3.2, A9) for the invariant harness and the view tests."""

from __future__ import annotations

import random

from rules.primetime.cards import cards
from rules.primetime.content import catalogue, character
from rules.primetime.roster import (
    AFFILIATION_SLOTS,
    CHARACTER_SLOTS,
    THREAT_LIMIT,
    Roster,
    character_slots_fillable,
    qualifying_affiliations,
    roster_problem,
)


def _models(chooser: random.Random) -> tuple[str, ...]:
    pool = sorted(profile.id for profile in catalogue().characters)
    chooser.shuffle(pool)
    chosen: list[str] = []
    for model in pool:
        if len(chosen) == 6:
            break
        threat = sum(character(other).threat for other in chosen) + character(model).threat
        if threat <= THREAT_LIMIT and not (
            character(model).has("gohan") and any(character(o).has("gohan") for o in chosen)
        ):
            chosen.append(model)
    return tuple(chosen)


def _pick(chooser: random.Random, options: list[str], slots: int) -> list[str]:
    """``slots`` cards from ``options``, each within its A9 copy limit."""
    room = [card_id for card_id in options for _ in range(cards()[card_id].copy_limit)]
    chooser.shuffle(room)
    return sorted(room[:slots])


def random_roster(chooser: random.Random) -> Roster:
    """A legal roster: random models within the Threat limit, a qualifying affiliation, affordable
    unlocks and random cards."""
    while True:
        models = _models(chooser)
        if len(models) < 3:
            continue
        affiliations = qualifying_affiliations(models)
        if not affiliations:
            continue
        affiliation = chooser.choice(affiliations)
        spare = THREAT_LIMIT - sum(character(model).threat for model in models)
        unlocks: list[str] = []
        for model in sorted(models, key=lambda _: chooser.random()):
            if character(model).unlock <= spare and chooser.random() < 0.6:
                unlocks.append(model)
                spare -= character(model).unlock
        if not character_slots_fillable(models, tuple(unlocks)):
            continue
        pool = cards()
        eligible = [
            card_id
            for card_id, card in pool.items()
            if card.slot and card.pool in models and (card.slot == 1 or card.pool in unlocks)
        ]
        own = [card_id for card_id, card in pool.items() if card.pool == affiliation]
        chosen = (*_pick(chooser, eligible, CHARACTER_SLOTS), *_pick(chooser, own, AFFILIATION_SLOTS))
        roster = Roster(models=models, unlocks=tuple(unlocks), affiliation=affiliation, cards=chosen)
        assert roster_problem(roster) is None, roster_problem(roster)
        return roster
