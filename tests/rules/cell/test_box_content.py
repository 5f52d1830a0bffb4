"""The content obeys what the rulebook says about the components in the box (rulebook lines 5-12,
21, 53, 74, 103 and 123)."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from pydantic import ValidationError

from rules.cell import RULES, CellOptions
from rules.cell.actions import Spend, StartSelection
from rules.cell.content import MAX_PLAYERS, Catalogue, catalogue
from rules.cell.effects import THREAT_OPS
from rules.cell.engine import CODEC
from rules.cell.state import CellState
from tests.rules.cell.helpers import die_source, equip, rejected, set_faces, start


def test_every_threat_that_deals_damage_deals_it_to_each_fighter():
    """Line 123: "When Cell deals damage from a Threat Tile effect, he deals that amount of damage to
    each Z-Fighter." No step of the registry hits only some of them."""
    assert set(THREAT_OPS) == {"damage_all", "heal_cell", "discard_tokens", "drain_meter"}
    for tile in catalogue().threats:
        for step in tile.effects:
            assert step.op in THREAT_OPS, tile.name


def test_any_four_fighters_fit_the_boxs_hp_tokens():
    """Line 12 ("25 HP tokens") and line 21: each player takes "HP Tokens equal to their maximum
    health", so every table of four fighters must find enough tokens in the box."""
    assert catalogue().board.hp_tokens == 25
    for table in combinations(catalogue().fighters, MAX_PLAYERS):
        assert sum(fighter.max_hp for fighter in table) <= 25, [fighter.name for fighter in table]


def test_content_with_too_much_health_for_the_box_is_refused():
    """Line 21: the validator refuses fighters whose health the box's tokens could not cover."""
    data = catalogue().model_dump()
    for fighter in data["fighters"]:
        fighter["max_hp"] = 7
    with pytest.raises(ValidationError, match="HP tokens"):
        Catalogue.model_validate(data)


def test_content_naming_a_step_the_effect_registry_lacks_is_refused():
    """Threats and Power Ups are data interpreted by the effect registry: a tile whose step no
    function implements must fail when the content is validated, not when the tile comes up."""
    threat = catalogue().model_dump()
    threat["threats"][0]["effects"] = [{"op": "wish"}]
    with pytest.raises(ValidationError, match="unknown effect 'wish'"):
        Catalogue.model_validate(threat)
    passive = catalogue().model_dump()
    tile = next(tile for tile in passive["power_ups"] if tile["passive"])
    tile["passive"] = [{"op": "wish", "face": "attack"}]
    with pytest.raises(ValidationError, match="unknown passive effect 'wish'"):
        Catalogue.model_validate(passive)


def test_the_box_holds_four_sets_of_five_dice_in_their_own_colours():
    """Lines 6 and 53: 20 dice, "each set of dice will have its own unique color"."""
    colours = catalogue().board.dice_colours
    assert len(colours) * catalogue().board.dice_per_player == 20
    assert len({colour.name for colour in colours}) == len({colour.hex for colour in colours}) == len(colours)


def passive_damage_tile() -> int:
    return next(tile.id for tile in catalogue().power_ups if tile.is_passive)


def damage_dealt(state: CellState, spend: Spend) -> int:
    """The die's own damage, apart from any row bonus its slot completes."""
    _, events = RULES.apply(state, spend)
    return [event.data["amount"] for event in events if event.kind == "cell_damaged"][-1]


def test_a_passive_power_up_raises_the_damage_of_dice_put_on_the_track():
    """Line 103: "Power Up Tiles can increase how much damage your dice deal when you attack Cell";
    the tile has no activation cost and works while equipped."""
    tile = catalogue().power_ups[passive_damage_tile()]
    assert tile.activation_cost == [] and tile.effects == []
    face = tile.passive[0].face
    assert face in ("attack", "super_attack")
    state = start("goku")
    equip(state, 0, tile.id)
    die = set_faces(state, face)[0]
    dealt = damage_dealt(state, Spend(player=0, source=die_source(die), use="damage"))
    plain = 2 if face == "super_attack" else 1
    assert dealt == plain + tile.passive[0].amount


def test_a_passive_power_up_leaves_other_faces_alone():
    """Line 103: the bonus is the tile's; dice of another face deal their printed damage."""
    tile = catalogue().power_ups[passive_damage_tile()]
    other = "super_attack" if tile.passive[0].face == "attack" else "attack"
    state = start("goku")
    equip(state, 0, tile.id)
    die = set_faces(state, other)[0]
    dealt = damage_dealt(state, Spend(player=0, source=die_source(die), use="damage"))
    assert dealt == (2 if other == "super_attack" else 1)


def test_a_passive_power_up_has_nothing_to_activate():
    """Line 81: effects are used by spending the indicated dice; a passive tile indicates none."""
    tile = passive_damage_tile()
    state = start("goku")
    equip(state, 0, tile)
    set_faces(state, "attack", "assist")
    rejected(state, StartSelection(player=0, purpose="activate", tile=tile), "passive_tile")


def test_players_pick_their_dice_colours_and_free_seats_take_the_first_free_ones():
    """Line 53: "Dice colors are not assigned to any particular Z-Fighter, and therefore players can
    pick the color of dice they prefer"."""
    options = CellOptions(fighters=["goku", "gohan", "vegeta"], dice_colours=["teal", None, "orange"])
    state = RULES.new_game(options, seed=1)
    assert [fighter.dice_colour for fighter in state.fighters] == ["teal", "yellow", "orange"]
    assert "Goku (teal dice)" in str(state.recent_events[0].text)


def test_two_players_cannot_take_the_same_dice():
    """Line 53: each set of dice has its own colour, so one colour is one player's."""
    with pytest.raises(ValidationError, match="one player only"):
        CellOptions(fighters=["goku", "gohan"], dice_colours=["teal", "teal"])
    with pytest.raises(ValidationError, match="dice come in"):
        CellOptions(fighters=["goku"], dice_colours=["purple"])


def test_a_shared_die_is_named_by_its_colour_in_the_log():
    """Line 53: "Dice colors help players determine which dice belong to which Z-Fighter"."""
    state = RULES.new_game(CellOptions(fighters=["goku", "gohan"], dice_colours=["blue", "teal"]), seed=1)
    state.active_threats = []
    die = set_faces(state, "assist")[0]
    state, events = RULES.apply(state, Spend(player=0, source=die_source(die), use="share", target=1))
    assert "shares a blue Assist die with Gohan" in str(events[-1].text)


def test_games_saved_before_colours_were_chosen_load_with_the_palettes_colours():
    """Schema 1 stored no dice colour; such games keep playing with the palette in seat order."""
    state = start("goku", "gohan")
    document = state.model_dump(mode="json")
    document["schema_version"] = 1
    for fighter in document["fighters"]:
        del fighter["dice_colour"]
    loaded = CODEC.load(json.dumps(document))
    assert [fighter.dice_colour for fighter in loaded.fighters] == ["orange", "yellow"]


def test_a_reroll_needs_another_die_to_reroll():
    """CONTENT.md decision 11 and line 74: burn a die, then "reroll as many of your remaining dice as
    you wish ... as long as you have additional dice to burn": burning the last die to reroll
    nothing is refused."""
    state = start("goku")
    die = set_faces(state, "assist")[0]
    rejected(state, StartSelection(player=0, purpose="reroll", burn=die), "nothing_to_reroll")
