"""Custom ids are read strictly: a tampered client can send any text, and only ids written as the bot
writes them name a control (ASCII digits without sign, space or leading zero, numbers the database
holds); menu values and typed numbers that carry an index are read the same way."""

from __future__ import annotations

import pytest

from bot.games.over9000.panel import parse_code as over9000_code
from bot.games.primetime.codes import parse_cell, terrain_edit_code
from bot.ui.components import (
    STORED_NUMBER_LIMIT,
    button_id,
    control_of,
    index_in,
    modal_id,
    number_of,
    select_id,
    typed_answer,
)
from rules.core.errors import IllegalAction

# Full-width digits (\uff10…) and the long s (\u017f) are written escaped, as they look like ASCII.
NOT_NUMBERS = ["", "²", "³", "\uff11", "٣", "+1", "-1", " 1", "1 ", "01", "00", "1_0", "1.0", "0x1", "9" * 20]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_only_numbers_written_as_the_bot_writes_them_are_numbers(text: str) -> None:
    assert number_of(text) is None


def test_a_number_is_read_up_to_what_the_database_holds() -> None:
    assert number_of("0") == 0 and number_of("7") == 7
    assert number_of(str(STORED_NUMBER_LIMIT)) == STORED_NUMBER_LIMIT
    assert number_of(str(STORED_NUMBER_LIMIT + 1)) is None
    assert number_of("3", limit=2) is None


def test_an_index_names_an_item_of_its_list() -> None:
    assert index_in("0", 3) == 0 and index_in("2", 3) == 2
    assert index_in("3", 3) is None and index_in("0", 0) is None and index_in("²", 5) is None


def test_the_bot_s_own_ids_are_read_back() -> None:
    public = control_of(button_id(12, 3, "act", "place.kick.2"))
    private = control_of(select_id(12, 3, "act", "", seat=1), ("keep.kick",))
    assert public is not None and (public.game_id, public.version, public.op, public.arg) == (
        12,
        3,
        "act",
        "place.kick.2",
    )
    assert public.seat is None
    assert private is not None and private.seat == 1 and private.values == ("keep.kick",)
    assert private.drawn_for_another(0) and not private.drawn_for_another(1)
    assert not public.drawn_for_another(0)


def test_a_modal_s_id_carries_its_answer_s_control() -> None:
    typed = control_of(modal_id(12, 3, "cell", "dep.goku-1.0", seat=1), ("14,9",))
    assert typed is not None and typed.typed and not typed.menu
    assert (typed.game_id, typed.version, typed.op, typed.arg, typed.seat) == (
        12,
        3,
        "cell",
        "dep.goku-1.0",
        1,
    )
    assert typed.values == ("14,9",)
    clicked = control_of(button_id(12, 3, "cell", "move"), ("14,9",))
    assert clicked is not None and not clicked.typed and clicked.values == ()


def _field(value: object) -> dict[str, object]:
    return {"type": 4, "id": 2, "custom_id": "cell", "value": value}


def test_a_modal_s_answer_is_its_one_text_field() -> None:
    assert typed_answer([{"type": 1, "id": 1, "components": [_field("14,9")]}]) == "14,9"
    assert typed_answer([{"type": 18, "id": 1, "component": _field("x14 y9")}]) == "x14 y9"
    row = {"type": 1, "id": 1, "components": [_field("1,1")]}
    for forged in (
        None,
        "14,9",
        [],
        [row, row],
        [{"type": 1, "id": 1, "components": [_field(14)]}],
        [{"type": 1, "id": 1, "components": [_field("9" * 4001)]}],
        [{"type": 1, "id": 1, "components": "14,9"}],
        ["14,9"],
        [{"type": 10, "id": 1, "content": "14,9"}],
    ):
        assert typed_answer(forged) is None, forged


@pytest.mark.parametrize(
    "custom_id",
    [
        "gb:0:0:rules:cell.²",
        "gb:1:5:act:²",
        "gb:1:5:die:²",
        "gb:1:5:handoff:²",
        "gb:3:0:choose:cards.²",
        "gb:3:0:choose:tech.²",
        "gb:\uff11:5:act:0",
        "gb:1:\uff15:act:0",
        "gb:-1:5:act:0",
        "gb:+1:5:act:0",
        "gb:01:5:act:0",
        "gb: 1:5:act:0",
        f"gb:{STORED_NUMBER_LIMIT + 1}:5:act:0",
        f"gb:{2**64}:5:act:0",
        f"gb:1:{STORED_NUMBER_LIMIT + 1}:act:0",
        "gb:1:5:act:0:01",
        "gb:1:5:act:0:100",
        "gb:1:5:act:0:-1",
        "gb:1:5:act:0:",
        "gb:1:5:act",
        "gb:1:5",
        "gx:1:5:act:0",
        "gm:1²:5:cell:move:0",
        f"gm:{STORED_NUMBER_LIMIT + 1}:5:cell:move:0",
        "gm:1:5:cell:move:0:1",
        "gb:1:5:ACT:0",
        "gb:1:5:act:\u017f",
        "gb:1:5:act:" + "0" * 100,
        "gb:1:5:act:0\n",
    ],
)
def test_anything_else_names_no_control(custom_id: str) -> None:
    assert control_of(custom_id) is None


@pytest.mark.parametrize(
    "code", ["place.kick.+2", "place.kick.02", "place.kick.\uff12", "place.kick. 2", "reveal.²"]
)
def test_an_over_9000_code_is_read_only_as_written(code: str) -> None:
    with pytest.raises(IllegalAction):
        over9000_code(code, 0)


def test_typed_coordinates_and_edits_take_ascii_digits_only() -> None:
    assert parse_cell("14,9") == (14, 9)
    assert parse_cell("\uff11\uff14,\uff19") is None and parse_cell("1²,9") is None
    assert terrain_edit_code("remove \uff13") is None and terrain_edit_code("spire 4 1\uff10 2 2") is None
    assert terrain_edit_code("\u017fpire 4 10 2 2") is None
