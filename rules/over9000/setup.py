"""Setting up a game of Over 9000: the characters chosen, the shuffled pile of tokens, and round 1's
draw."""

from __future__ import annotations

from pydantic import BaseModel, Field, model_validator

from rules.core.events import Event
from rules.core.rng import Rng
from rules.core.text import Text
from rules.over9000.content import catalogue
from rules.over9000.narration import listing, remember, say, with_level
from rules.over9000.rounds import refresh_prompt, start_round
from rules.over9000.state import Over9000State, PlayerState, Token


class Over9000Options(BaseModel):
    characters: list[str] = Field(min_length=2, max_length=6, description="character ids in seat order")

    @model_validator(mode="after")
    def _known_and_distinct(self) -> Over9000Options:
        known = {character.id for character in catalogue().characters}
        if len(set(self.characters)) != len(self.characters):
            raise ValueError("each character can be played by one player only")
        unknown = [character for character in self.characters if character not in known]
        if unknown:
            raise ValueError(f"unknown character(s): {', '.join(unknown)}")
        return self


def _token_ids(rng: Rng, count: int) -> list[str]:
    """Random ids, so that an id tells nothing about its token's kind."""
    ids: list[str] = []
    seen: set[str] = set()
    while len(ids) < count:
        token_id = f"tok-{rng.next_u64() & 0xFFFFFFFFFF:010x}"
        if token_id not in seen:
            seen.add(token_id)
            ids.append(token_id)
    return ids


def new_game(options: Over9000Options, seed: int) -> Over9000State:
    content = catalogue()
    rng = Rng(seed=seed)
    kinds = [kind for kind, count in content.settings.tokens.items() for _ in range(count)]
    pile = [
        Token(id=token_id, kind=kind)
        for token_id, kind in zip(_token_ids(rng, len(kinds)), kinds, strict=True)
    ]
    players = []
    for seat, character_id in enumerate(options.characters):
        character = content.character(character_id)
        players.append(
            PlayerState(seat=seat, character=character.id, name=character.name, power_level=character.start)
        )
    state = Over9000State(rng=rng, players=players, pile=pile)
    events: list[Event] = []
    lineup = listing([with_level(player) for player in players])
    say(events, "game_started", Text("Over 9000 begins: {lineup}", lineup=lineup))
    start_round(state, events)
    refresh_prompt(state)
    remember(state, events)
    return state
