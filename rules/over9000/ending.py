"""The end of a round's settlement: who wins, who drops back, and sudden death.

The summary: "The game ends at the conclusion of a round where one or more players have a power
level exceeding 9000. If only one player has achieved this, they are declared the winner. If multiple
players have surpassed 9000, all players who did so reset their power level to 5000, and a new round
begins. Play continues with new tokens drawn until one player clearly has a higher power level than
all others, making them the winner." Sudden death (decision 14 of ``CONTENT.md``) is the designed
guard that makes long games end without ever breaking those sentences.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.core.game import Outcome
from rules.core.text import Text
from rules.over9000.content import catalogue
from rules.over9000.narration import fighter, listing
from rules.over9000.state import Over9000State, PlayerState


def _say(events: list[Event], event_kind: str, text: Text, **data: object) -> None:
    events.append(Event(kind=event_kind, text=text, data=dict(data)))


def settle_round(state: Over9000State, events: list[Event]) -> None:
    """The summary's ending: one player over 9000 wins; several all drop back to the reset level and
    a new round begins. Sudden death only settles a round in which nobody went over 9000."""
    settings = catalogue().settings
    over = [player for player in state.players if player.power_level > settings.over_threshold]
    if len(over) == 1:
        text = Text("{fighter}'s power level is over 9000!", fighter=fighter(over[0]))
        _win(state, events, over[0].seat, "over_9000", text)
    elif over:
        _reset(state, events, over)
    elif state.round >= settings.sudden_death_round:
        _sudden_death(state, events)


def _reset(state: Over9000State, events: list[Event], over: list[PlayerState]) -> None:
    reset_level = catalogue().settings.reset_level
    for player in over:
        player.power_level = reset_level
    state.last_crossing = [player.seat for player in over]
    names = listing([fighter(player) for player in over])
    _say(
        events,
        "levels_reset",
        Text("{fighters} all went over 9000: they drop back to {level}", fighters=names, level=reset_level),
        seats=state.last_crossing,
    )


def _sudden_death_contenders(state: Over9000State) -> list[int]:
    """Who sudden death may crown: the players of the latest reset, who did go over 9000, or anyone
    if nobody has gone over 9000 yet."""
    return state.last_crossing or [player.seat for player in state.players]


def _sudden_death(state: Over9000State, events: list[Event]) -> None:
    """Crowns the one player strictly ahead of everyone, if they are a contender; otherwise play
    goes on, because a shared or a contender-less victory would not be the summary's winner."""
    top = max(player.power_level for player in state.players)
    leaders = [player for player in state.players if player.power_level == top]
    if len(leaders) == 1 and leaders[0].seat in _sudden_death_contenders(state):
        leader = leaders[0]
        text = Text("{fighter} is clearly the strongest!", fighter=fighter(leader))
        _win(state, events, leader.seat, "clearly_highest", text)


def _win(state: Over9000State, events: list[Event], winner: int, reason: str, text: Text) -> None:
    state.outcome = Outcome(result="win", reason=reason, winners=[winner])
    _say(events, "game_won", text, winners=[winner])
