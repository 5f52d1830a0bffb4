"""Setting up a game of Perfect Cell: the players' choices (fighters, variant, dice colours) and the
opening state, with round 1's threats revealed and the first fighter about to roll."""

from __future__ import annotations

from pydantic import BaseModel, Field, model_validator

from rules.cell import board, words
from rules.cell.content import MAX_PLAYERS, TokenKind, catalogue
from rules.cell.rounds import SUPPLY_SIZE, start_round
from rules.cell.state import CellState, Die, FighterState, Variant
from rules.core.events import Event
from rules.core.rng import Rng
from rules.core.text import Text

THREATS_REMOVED_PER_PLAYER: dict[str, int] = {"normal": 0, "easy": 0, "challenge": 1, "impossible": 2}


class CellOptions(BaseModel):
    fighters: list[str] = Field(min_length=1, max_length=MAX_PLAYERS, description="fighter ids in seat order")
    variant: Variant = "normal"
    dice_colours: list[str | None] = Field(
        default=[],
        description="each seat's chosen dice colour in seat order; None (or none given) takes a free one",
    )

    @model_validator(mode="after")
    def _known_and_distinct(self) -> CellOptions:
        known = {fighter.id for fighter in catalogue().fighters}
        if len(set(self.fighters)) != len(self.fighters):
            raise ValueError("each Z-Fighter can be played by one player only")
        unknown = [fighter for fighter in self.fighters if fighter not in known]
        if unknown:
            raise ValueError(f"unknown Z-Fighter(s): {', '.join(unknown)}")
        if self.dice_colours and len(self.dice_colours) != len(self.fighters):
            raise ValueError("give one dice colour per seat, or none")
        chosen = [colour for colour in self.dice_colours if colour is not None]
        palette = {colour.name for colour in catalogue().board.dice_colours}
        if any(colour not in palette for colour in chosen):
            raise ValueError(f"dice come in {', '.join(sorted(palette))}")
        if len(set(chosen)) != len(chosen):
            raise ValueError("each set of dice can be taken by one player only")
        return self

    def seat_colours(self) -> list[str]:
        """The chosen colours, and for every seat without one the first colour nobody took
        (the rulebook: "players can pick the color of dice they prefer")."""
        wanted = self.dice_colours or [None] * len(self.fighters)
        free = [c.name for c in catalogue().board.dice_colours if c.name not in wanted]
        return [colour if colour is not None else free.pop(0) for colour in wanted]


def new_game(options: CellOptions, seed: int) -> CellState:
    content = catalogue()
    rng = Rng(seed=seed)
    players = len(options.fighters)

    threats = [tile.id for tile in content.threats]
    rng.shuffle(threats)
    removed_count = THREATS_REMOVED_PER_PLAYER[options.variant] * players
    removed, threats = threats[:removed_count], threats[removed_count:]

    fighters: list[FighterState] = []
    starting_tiles: list[int] = []
    colours = options.seat_colours()
    for seat, fighter_id in enumerate(options.fighters):
        card = content.fighter(fighter_id)
        tiles = [content.power_up_named(card.starting_tile).id] if card.starting_tile else []
        starting_tiles.extend(tiles)
        fighters.append(
            FighterState(
                seat=seat,
                fighter=card.id,
                name=card.name,
                hp=card.max_hp,
                max_hp=card.max_hp,
                dice_colour=colours[seat],
                power_ups=tiles,
            )
        )
    power_stack = [tile.id for tile in content.power_ups if tile.id not in starting_tiles]
    rng.shuffle(power_stack)
    supply = [power_stack.pop() for _ in range(SUPPLY_SIZE)]

    token_pile: list[TokenKind] = [kind for kind, count in content.board.tokens.items() for _ in range(count)]
    rng.shuffle(token_pile)

    per_player = content.board.dice_per_player
    dice = [
        Die(id=seat * per_player + index, owner=seat, holder=seat)
        for seat in range(players)
        for index in range(per_player)
    ]
    health = content.board.easy_cell_health if options.variant == "easy" else content.board.cell_health
    state = CellState(
        variant=options.variant,
        rng=rng,
        cell_hp=health,
        cell_max_hp=health,
        fighters=fighters,
        dice=dice,
        threat_stack=threats,
        removed_threats=removed,
        power_stack=power_stack,
        power_supply=supply,
        token_pile=token_pile,
    )
    events: list[Event] = []
    names = words.listed(
        [
            Text(
                "{fighter} ({colour} dice)",
                fighter=words.fighter(state, seat),
                colour=words.colour(fighter.dice_colour),
            )
            for seat, fighter in enumerate(fighters)
        ]
    )
    said = Text(
        "The Cell Games begin ({variant}): {fighters} against Cell",
        variant=words.VARIANTS[options.variant],
        fighters=names,
    )
    board.say(state, events, "game_started", said)
    start_round(state, events)
    board.remember(state, events)
    return state
