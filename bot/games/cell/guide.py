"""What Perfect Cell's players read about it: the rules pages and the list of commands, as messages
of the cell catalogue (the table says them in each reader's language)."""

from __future__ import annotations

from bot.table.pages import RulePages
from locales.translate import command
from rules.cell import words
from rules.cell.content import catalogue
from rules.core.text import Name, Param, Text


def _passive_tile(tile: int) -> Text:
    english = catalogue().power_ups[tile].effect_text
    effect = Name(kind="power_ups", id=str(tile), english=english, field="effect_text")
    return Text("{power_up} — {effect}", power_up=words.power_up(tile), effect=effect)


def _dice_colours() -> Param:
    colours = [words.colour(colour.name) for colour in catalogue().board.dice_colours]
    return Text("{colours} or {last}", colours=words.listed(colours[:-1]), last=colours[-1])


PASSIVE_TILES = words.listed([_passive_tile(tile.id) for tile in catalogue().power_ups if tile.is_passive])
DICE_COLOURS = _dice_colours()

PAGES: list[tuple[Text, Text]] = [
    (
        Text("The goal"),
        Text(
            "Cell attacks every round. Work together to bring his health to 0 before every Z-Fighter "
            "is KO'd or the Threat stack runs out. Each round: **New Threats** (one per player), "
            "**Z-Fighter turns** in seat order, then **Cell activates**. In the lobby each player picks "
            "a fighter and a free dice colour ({colours}); the board and the log show your dice in it.",
            colours=DICE_COLOURS,
        ),
    ),
    (
        Text("Your turn"),
        Text(
            "Press **Roll dice**, then pick from the menu of a kind of die what one die (or all of that "
            "face) does; **Several dice at once** cancels threats and pays Power Ups.\n"
            "🐉 Dragon Ball: heal, collect a Dragon Ball token, fill the Dragon Ball Meter.\n"
            "🤝 Assist: heal, buy Power Ups, share with a teammate.\n"
            "👊 Attack: 1 damage. 💥 Super Attack: 2 damage.\n"
            "Any die can go on a Threat tile that needs it, or be burned to reroll or retrieve dice.\n"
            "Opposite faces (Piccolo turns a die over): Dragon Ball and Super Attack, Assist and Attack."
        ),
    ),
    (
        Text("The Damage Track"),
        Text(
            "Dice that damage Cell fill the Damage Track bottom-left first; completing a row deals its "
            "bonus at once (+1, +2, +2, +3, +3, +5). Rows are longer with more players. The track clears "
            "when Cell activates, so the whole team fills it together each round."
        ),
    ),
    (
        Text("Threats"),
        Text(
            "Cancel a threat by placing the dice it shows. A ? box takes any die, linked boxes must all "
            "match, separated boxes must all differ. Canceled threats are discarded when Cell activates; "
            "the rest act, one by one: their damage hits **every** Z-Fighter, and Cell's healing never "
            "takes him above his starting health. No-sharing and no-reroll threats hold until discarded."
        ),
    ),
    (
        Text("Power Ups, tokens and the meter"),
        Text(
            "Buy Power Ups from the supply with Assists (3 at most; a 4th replaces one). Use one by "
            "paying its whole activation cost at once. A **passive** tile (marked P on the board) has no "
            "cost and works while you hold it ({passive_tiles}). Dragon Ball tokens are one-use faces "
            "(Wild is any face). A full Dragon Ball Meter revives and heals everyone to full when Cell "
            "activates.",
            passive_tiles=PASSIVE_TILES,
        ),
    ),
    (
        Text("KO and the end"),
        Text(
            "A KO'd fighter still rolls: Dragon Balls go to the meter, Assists can only be shared, "
            "nothing else. You win when Cell reaches 0; you lose when everyone is KO'd or a threat must "
            "be drawn from an empty stack. Easy: Cell has 50 health. Challenge/Impossible: fewer threats."
        ),
    ),
]


RULE_PAGES = RulePages("cell", "Perfect Cell", PAGES)

HELP_TEXT = Text(
    "**{start}** — open a lobby in this channel (choose the difficulty)\n"
    "**{status}** — post the current board again at the bottom of the channel\n"
    "**{rules}** — the rules in short pages\n"
    "**{log}** — the recent events\n"
    "**{hint}** — privately: what the AI would do with the rest of your turn\n"
    "**{autoplay}** — hand your seat to the AI, or take it back\n"
    "**{abandon}** — end the game (host or channel managers)\n"
    "**{help}** — this list",
    {
        name: command(f"cell {name}")
        for name in ("start", "status", "rules", "log", "hint", "autoplay", "abandon", "help")
    },
)
