"""The end of the game, sentence by sentence of the summary
(``shared/seeds/002_c207ad2a5475875f.txt``), and decision 14 of ``rules/over9000/CONTENT.md``
(sudden death, the guard that makes long games end)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.over9000.actions import UsePower
from rules.over9000.content import catalogue
from rules.over9000.engine import apply, legal_actions
from rules.over9000.state import Over9000State
from tests.rules.over9000.helpers import duel, last_duel_of_round, two_player_duel

SUDDEN_DEATH = catalogue().settings.sudden_death_round


def _levels(state: Over9000State) -> list[int]:
    return [player.power_level for player in state.players]


def _event_kinds(state: Over9000State) -> list[str]:
    return [event.kind for event in state.recent_events]


def test_going_over_9000_mid_round_does_not_end_the_game() -> None:
    """Summary: "The game concludes at the end of a round when at least one player has achieved a
    power level exceeding 9000"."""
    state = two_player_duel("kick", "punch")
    state.players[0].power_level = 9000
    state = duel(state, "kick")
    assert state.players[0].power_level == 10000
    assert state.outcome is None and state.round == 1


def test_one_player_over_9000_at_the_round_end_wins() -> None:
    """Summary: "If only one player has achieved this, they are declared the winner"."""
    state = duel(last_duel_of_round((9000, 5000)), "kick")
    assert state.outcome is not None
    assert state.outcome.winners == [0] and state.outcome.reason == "over_9000"
    assert state.phase == "over" and state.prompt is None
    assert legal_actions(state, 0) == legal_actions(state, 1) == []


def test_exactly_9000_is_not_over_9000() -> None:
    """Decision: "over 9000" means strictly more than 9,000."""
    state = duel(last_duel_of_round((8000, 5000)), "kick")
    assert state.players[0].power_level == 9000 and state.outcome is None


def test_several_over_9000_drop_back_to_5000_and_a_new_round_begins() -> None:
    """Summary: "If multiple players have surpassed 9000, all players who did so reset their power
    level to 5000, and a new round begins. Play continues with new tokens drawn"."""
    state = duel(last_duel_of_round((9000, 9500, 7000)), "kick")
    assert state.outcome is None
    assert _levels(state) == [5000, 5000, 7000]
    assert state.last_crossing == [0, 1]
    assert state.round == 2 and state.phase == "placement"
    assert all(len(player.hand) == 6 for player in state.players)


def test_a_reset_in_sudden_death_crowns_nobody_and_a_new_round_begins() -> None:
    """Regression: 10,000 / 10,000 / 6,000 at the end of round 10 once reset the two and crowned the
    third in the same settlement. Summary: "all players who did so reset their power level to 5000,
    and a new round begins"."""
    state = duel(last_duel_of_round((9000, 10000, 6000), round_number=SUDDEN_DEATH), "kick")
    assert _levels(state) == [5000, 5000, 6000]
    assert state.outcome is None and "game_won" not in _event_kinds(state)
    assert state.round == SUDDEN_DEATH + 1 and state.phase == "placement"


def test_sudden_death_never_crowns_a_player_left_out_of_the_last_crossing() -> None:
    """Decision 14: after the reset above, the player who stayed at 6,000 is still strictly highest
    when the next round ends, but never went over 9000 while the other two did: play goes on."""
    state = last_duel_of_round((4000, 5000, 6000), round_number=SUDDEN_DEATH + 1)
    state.last_crossing = [0, 1]
    state = duel(state, "kick")
    assert _levels(state) == [5000, 5000, 6000]
    assert state.outcome is None and state.round == SUDDEN_DEATH + 2


def test_sudden_death_crowns_a_player_of_the_last_crossing_clearly_ahead() -> None:
    """Summary: "Play continues with new tokens drawn until one player clearly has a higher power
    level than all others, making them the winner"."""
    state = last_duel_of_round((6000, 5000, 6000), round_number=SUDDEN_DEATH + 1)
    state.last_crossing = [0, 1]
    state = duel(state, "kick")
    assert state.outcome is not None and state.outcome.reason == "clearly_highest"
    assert state.outcome.winners == [0]


def test_sudden_death_crowns_the_clearly_highest_when_nobody_went_over_9000() -> None:
    """Decision 14: from the end of round 10, one player strictly highest ends the game."""
    state = duel(last_duel_of_round((6000, 6000), round_number=SUDDEN_DEATH), "kick")
    assert state.outcome is not None and state.outcome.reason == "clearly_highest"
    assert state.outcome.winners == [0]


def test_sudden_death_waits_for_its_round() -> None:
    state = duel(last_duel_of_round((6000, 6000), round_number=SUDDEN_DEATH - 1), "kick")
    assert state.outcome is None and state.round == SUDDEN_DEATH


@pytest.mark.parametrize("round_number", [SUDDEN_DEATH, 15, 40])
def test_a_tied_top_never_shares_the_win(round_number: int) -> None:
    """Regression: after round 15 tied leaders once shared the win. Summary: the winner is the one
    player who "clearly has a higher power level than all others"; until then play continues."""
    state = duel(last_duel_of_round((6000, 7000, 7000), round_number=round_number), "kick")
    assert _levels(state) == [7000, 7000, 7000]
    assert state.outcome is None and state.round == round_number + 1


def test_one_player_over_9000_wins_in_sudden_death_even_outside_the_last_crossing() -> None:
    """Summary: "If only one player has achieved this, they are declared the winner", whoever
    dropped back before."""
    state = last_duel_of_round((9000, 5000, 5000), round_number=SUDDEN_DEATH + 2)
    state.last_crossing = [1, 2]
    state = duel(state, "kick")
    assert state.outcome is not None and state.outcome.reason == "over_9000"
    assert state.outcome.winners == [0]


def test_finished_games_reject_everything() -> None:
    state = duel(last_duel_of_round((9000, 5000)), "kick")
    with pytest.raises(IllegalAction) as caught:
        apply(state, UsePower(player=0))
    assert caught.value.code == "game_over"
