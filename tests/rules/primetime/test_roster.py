"""3.2 roster building, DK-1…4 and A9 decks: a coded refusal for every broken rule; the presets."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.primetime.cards import card, generic_cards
from rules.primetime.content import PRESET_IDS
from rules.primetime.roster import (
    Roster,
    character_slots_fillable,
    preset_roster,
    qualifying_affiliations,
    roster_problem,
)
from rules.primetime.rounds import PrimeTimeOptions
from tests.rules.primetime.helpers import started_game
from tests.rules.primetime.words import word_problems

Z_CARDS = ("kaioken_times_ten",) * 3 + ("regrow_limb",) * 3 + ("korins_senzu",) * 2 + ("never_give_up",) * 2


def z_roster(**changes) -> Roster:
    base = {
        "models": ("goku", "piccolo", "kid_gohan", "krillin"),
        "unlocks": ("goku",),
        "affiliation": "z_fighters",
        "cards": Z_CARDS,
    }
    return Roster(**{**base, **changes})


def code(roster: Roster) -> str | None:
    """The refusal's code; its sentence, which the roster builder shows, must be in words for people."""
    problem = roster_problem(roster)
    if problem is None:
        return None
    assert word_problems(problem.message) == [], problem.message
    return problem.code


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_preset_is_a_legal_30_threat_roster(preset: str) -> None:
    roster = preset_roster(preset)
    assert roster_problem(roster) is None and roster.threat == 30
    assert len(roster.deck()) == 20  # DK-1


def test_a_legal_custom_roster_is_accepted() -> None:
    assert code(z_roster()) is None


def test_threat_over_30_is_refused() -> None:
    # 3.2: 25 Threat of models + Goku's 3 + Piccolo's 2 + Gohan's 2 = 32.
    assert code(z_roster(unlocks=("goku", "piccolo", "kid_gohan"))) == "threat_over"


def test_under_51_percent_of_the_declared_affiliation_is_refused() -> None:
    # 3.2 [D!]: Ginyu 8 + Recoome 6 = 14 of Frieza 10 + Zarbon 5 + 14 = 29: 48% Ginyu Force.
    roster = Roster(
        models=("frieza", "zarbon", "ginyu", "recoome"),
        affiliation="ginyu_force",
        cards=(),
    )
    assert code(roster) == "affiliation_share"


def test_two_gohans_are_refused() -> None:
    assert code(z_roster(models=("goku", "kid_gohan", "kid_gohan", "krillin"))) in {
        "duplicate_character",
        "two_gohans",
    }


def test_a_card_2_not_unlocked_is_refused() -> None:
    cards = ("turtle_school_discipline", *Z_CARDS[1:])
    assert code(z_roster(cards=cards)) == "card_not_unlocked"
    assert code(z_roster(cards=cards, unlocks=("goku", "krillin"))) is None


def test_a_character_card_for_a_character_not_fielded_is_refused() -> None:
    cards = ("death_ball", *Z_CARDS[1:])
    assert code(z_roster(cards=cards)) == "card_not_fielded"


def test_copy_limits_of_a9() -> None:
    four = ("kaioken_times_ten",) * 4 + ("regrow_limb",) * 2 + Z_CARDS[6:]
    assert code(z_roster(cards=four)) == "copy_limit"  # character cards: 3
    three = Z_CARDS[:6] + ("korins_senzu",) * 3 + ("never_give_up",)
    assert code(z_roster(cards=three)) == "copy_limit"  # affiliation cards: 2
    legacy = ("turtle_school_discipline",) * 2 + Z_CARDS[2:]
    assert code(z_roster(cards=legacy, unlocks=("krillin",))) == "copy_limit"  # OPG and Legacy: 1
    assert card("senzu_bean").copy_limit == 1 and len(generic_cards()) == 10


def test_the_deck_needs_6_character_and_4_affiliation_cards() -> None:
    assert code(z_roster(cards=Z_CARDS[:-1])) == "deck_slots"
    assert code(z_roster(cards=("senzu_bean", *Z_CARDS[1:]))) == "generic_chosen"


def test_a_roster_qualifying_for_two_affiliations_declares_one() -> None:
    # DK-4: the whole Ginyu Force qualifies for both; its affiliation cards come from the declared one.
    models = ("ginyu", "recoome", "burter", "jeice")
    assert set(qualifying_affiliations(models)) == {"frieza_force", "ginyu_force"}
    character_cards = ("fastest_blitz",) * 3 + ("ultra_fighting_bomber",) * 3
    mixed = Roster(
        models=models,
        affiliation="frieza_force",
        cards=character_cards + ("scouter_network",) * 2 + ("elite_squadron",) * 2,
    )
    assert code(mixed) == "wrong_affiliation"
    declared = mixed.model_copy(
        update={"cards": character_cards + ("scouter_network", "planet_trade_tribute") * 2}
    )
    assert code(declared) is None


def test_a9_character_slots_must_be_fillable() -> None:
    # Goku alone: Card 1 gives 3 copies; his OPG Card 2 only 1 more.
    assert not character_slots_fillable(("goku",), ("goku",))
    assert not character_slots_fillable(("goku", "krillin"), ())  # Krillin's Legacy Card 1: 1 copy
    assert character_slots_fillable(("goku", "piccolo"), ())
    lonely = Roster(models=("krillin", "frieza", "zarbon"), affiliation="frieza_force", cards=())
    assert code(lonely) == "character_slots"


def test_options_refuse_an_illegal_roster_and_play_a_legal_one() -> None:
    with pytest.raises(ValidationError):
        PrimeTimeOptions(rosters=(z_roster(unlocks=("goku", "piccolo", "kid_gohan")), "cell_games"))
    state = started_game(PrimeTimeOptions(rosters=(z_roster(), "cell_games")), seed=3)
    player = state.players[0]
    assert player.roster == "custom" and player.models == ["goku", "piccolo", "kid_gohan", "krillin"]
    assert len(player.hand) + len(player.deck) == 20 and len(player.hand) == 3  # SU-9
