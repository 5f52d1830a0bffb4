"""The rules' words as data: English through str(), saved and read back whole."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.core.text import N_, Name, Plural, Text

GOKU = Name(kind="fighters", id="goku", english="Goku")


def test_str_is_the_english_sentence() -> None:
    text = Text("{fighter} rolls {dice}", fighter=GOKU, dice=Plural("{count} die", "{count} dice", 3))

    assert str(text) == "Goku rolls 3 dice"
    assert str(Plural("{count} die", "{count} dice", 1)) == "1 die"
    assert str(Text("Cell has {hp} HP left", {"hp": 53})) == "Cell has 53 HP left"


def test_a_context_is_kept_apart_from_the_parameters() -> None:
    join = Text.in_context("button", "Join")

    assert join.context == "button" and join.params == {} and str(join) == "Join"


def test_a_text_is_saved_and_read_back_as_it_was() -> None:
    text = Text(
        "{fighter} deals {damage} to {target}: {left}",
        fighter=GOKU,
        damage=2.5,
        target="Cell",
        left=Plural("{count} HP left", "{count} HP left", 51, context="status"),
    )

    assert Text.model_validate_json(text.model_dump_json()) == text
    assert Text.model_validate(text.model_dump()) == text


def test_a_parameter_of_no_known_kind_is_refused() -> None:
    with pytest.raises(ValidationError):
        Text("{dice}", dice=[1, 2])


def test_a_marked_constant_is_its_own_english() -> None:
    assert N_("Perfect Cell") == "Perfect Cell"


def test_equal_messages_are_one_in_a_set_and_different_ones_two() -> None:
    goku = Name(kind="characters", id="goku", english="Goku")
    attacks = Text("{fighter} attacks", fighter=goku)
    left = Plural("{count} die left", "{count} dice left", 2)

    assert {attacks, Text("{fighter} attacks", fighter=goku), left} == {attacks, left}
    assert len({attacks, Text("{fighter} attacks", fighter="Vegeta")}) == 2
