"""The affiliation bonuses of 3.1 (PW-2), and the small rulings of CONTENT.md that guard actions."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import EvadeMove, Move, PowerUp, React, UseTechnique
from rules.primetime.context import Ctx
from rules.primetime.damage import daze
from rules.primetime.economy import affiliation_bonus, draw, draw_to_limit
from rules.primetime.engine import legal_actions
from tests.rules.primetime.helpers import act, activated, board, kinds, piece


def _round_2(rosters: tuple[str, str]):
    state = board([("goku", 0, (5, 5)), ("ginyu", 1, (20, 20))], rosters=rosters)
    state.round = 2
    return state


@pytest.mark.parametrize(
    ("roster", "field", "counted", "bonus"),
    [
        ("z_fighters", "dazed_friends_last_round", 3, 2),
        ("z_fighters", "dazed_friends_last_round", 1, 1),
        ("frieza_force", "objectives_held", 2, 2),
        ("cell_games", "dazed_enemies_last_round", 0, 0),
        ("cell_games", "dazed_enemies_last_round", 1, 1),
    ],
)
def test_previous_round_bonuses_count_up_to_2(roster: str, field: str, counted: int, bonus: int) -> None:
    state = _round_2((roster, "ginyu_force"))
    setattr(state.players[0], field, counted)
    assert affiliation_bonus(state, 0) == bonus
    state.round = 1
    assert affiliation_bonus(state, 0) == 1


def test_special_squadron_needs_every_model_within_8_inches_of_another() -> None:
    state = board(
        [("ginyu", 1, (5, 5)), ("jeice", 1, (12, 5)), ("burter", 1, (21, 5)), ("goku", 0, (5, 25))],
        rosters=("z_fighters", "ginyu_force"),
    )
    assert affiliation_bonus(state, 1) == 0
    state.unit("burter-1").cell = (20, 5)
    assert affiliation_bonus(state, 1) == 2


def test_a_power_up_for_sk_at_the_cap_and_a_move_in_place_are_refused() -> None:
    state = activated(board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], sk=10), "krillin", 0)
    assert PowerUp(player=0, resource="sk") not in legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        act(state, PowerUp(player=0, resource="sk"))
    with pytest.raises(IllegalAction) as caught:
        act(state, Move(player=0, to=(5, 5)))
    assert caught.value.code == "no_move"


def test_the_evade_move_prompt_is_skipped_when_the_evader_cannot_move() -> None:
    # Krillin at 5,5 in a pocket of Mesas, the only way out held by Frieza at 5,4.
    walls = [piece("mesa", 0, 0, 4, 8), piece("mesa", 5, 0, 4, 8), piece("mesa", 4, 5, 2, 2)]
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (5, 4))], walls)
    state = activated(state, "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="ki_volley", target="krillin-0"))
    after, events = act(state, React(player=0, choice="z_evasion"), dice=[2, 10])
    assert "evaded" in kinds(events) and after.attack is None
    with pytest.raises(IllegalAction):
        act(after, EvadeMove(player=0, to=(5, 5)))


def test_a_clash_won_by_the_defender_pushes_from_the_defenders_cell() -> None:
    state = activated(
        board([("goku", 0, (5, 6)), ("recoome", 1, (5, 5))], rosters=("z_fighters", "ginyu_force")), "goku", 0
    )
    state, _ = act(state, UseTechnique(player=0, technique="kaioken_barrage", target="recoome-1"))
    after, _ = act(state, React(player=1, choice="clash", technique="recoome_kick"), dice=[1, 20])
    assert after.unit("goku-0").cell == (5, 9)
    assert after.unit("goku-0").hp == 14 - (5 - 1)


def test_drawing_reshuffles_the_discards_once_and_then_stops() -> None:
    state = board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))])
    player = state.players[0]
    player.deck, player.discard = ["a"], ["b", "c"]
    ctx = Ctx(state)
    draw_to_limit(ctx, player)  # R1 limit 3: "a", then the discards become the pile (DK-5)
    assert sorted(player.hand) == ["a", "b", "c"] and player.deck == [] and player.discard == []
    player.hand, player.discard = [], ["d"]
    state.round = 2
    player.deck = ["e"]
    player.reshuffled_this_round = False  # a new round's draw step
    draw_to_limit(ctx, player)  # "e", one reshuffle for "d", then nothing is left (DK-6, A5)
    assert sorted(player.hand) == ["d", "e"] and player.draw_stopped
    player.discard = ["f"]
    assert draw(ctx, player, 1) == []  # drawing has stopped for the round
    drawn = [event for event in ctx.events if event.kind == "cards_drawn"]
    assert all(event.visible_to == [0] for event in drawn)


def test_emperors_command_token_stays_when_frieza_is_dazed() -> None:
    state = board([("frieza", 1, (5, 5)), ("krillin", 0, (20, 20))])
    state.players[1].bonus_tokens, state.players[1].tokens_generated = 1, 2
    daze(Ctx(state), state.unit("frieza-1"), by_seat=0)
    assert state.players[1].bonus_tokens == 1 and state.players[1].fallen_tokens == 1
