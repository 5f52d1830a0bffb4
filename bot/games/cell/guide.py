"""What Perfect Cell's players read about it: the rules pages and the list of commands, in each
player's language (the English here is the cell catalogue's message ids)."""

from __future__ import annotations

from functools import cache

from bot.games.cell.speech import Speaker, speaker
from bot.table.pages import RulePages
from locales.languages import Language
from rules.cell import words
from rules.cell.content import catalogue


def _passive_tiles(speak: Speaker) -> str:
    return "; ".join(
        f"{speak.power_up(tile.id)}: {_without_label(speak.power_up_effect(tile.id)).rstrip('.')}"
        for tile in catalogue().power_ups
        if tile.is_passive
    )


def _without_label(effect: str) -> str:
    """A passive tile's effect without its "Passive:" label (the page says they are passive)."""
    return effect.partition(":")[2].strip() or effect


def _dice_colours(speak: Speaker) -> str:
    colours = [speak.say(words.colour(colour.name)) for colour in catalogue().board.dice_colours]
    return speak.gettext("{colours} or {last}").format(colours=", ".join(colours[:-1]), last=colours[-1])


def _pages(speak: Speaker) -> list[tuple[str, str]]:
    _ = speak.gettext
    return [
        (
            _("The goal"),
            _(
                "Cell attacks every round. Work together to bring his health to 0 before every Z-Fighter "
                "is KO'd or the Threat stack runs out. Each round: **New Threats** (one per player), "
                "**Z-Fighter turns** in seat order, then **Cell activates**. In the lobby each player picks "
                "a fighter and a free dice colour ({colours}); the board and the log show your dice in it."
            ).format(colours=_dice_colours(speak)),
        ),
        (
            _("Your turn"),
            _(
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
            _("The Damage Track"),
            _(
                "Dice that damage Cell fill the Damage Track bottom-left first; completing a row deals its "
                "bonus at once (+1, +2, +2, +3, +3, +5). Rows are longer with more players. The track clears "
                "when Cell activates, so the whole team fills it together each round."
            ),
        ),
        (
            _("Threats"),
            _(
                "Cancel a threat by placing the dice it shows. A ? box takes any die, linked boxes must all "
                "match, separated boxes must all differ. Canceled threats are discarded when Cell activates; "
                "the rest act, one by one: their damage hits **every** Z-Fighter, and Cell's healing never "
                "takes him above his starting health. No-sharing and no-reroll threats hold until discarded."
            ),
        ),
        (
            _("Power Ups, tokens and the meter"),
            _(
                "Buy Power Ups from the supply with Assists (3 at most; a 4th replaces one). Use one by "
                "paying its whole activation cost at once. A **passive** tile (marked P on the board) has no "
                "cost and works while you hold it ({passive_tiles}). Dragon Ball tokens are one-use faces "
                "(Wild is any face). A full Dragon Ball Meter revives and heals everyone to full when Cell "
                "activates."
            ).format(passive_tiles=_passive_tiles(speak)),
        ),
        (
            _("KO and the end"),
            _(
                "A KO'd fighter still rolls: Dragon Balls go to the meter, Assists can only be shared, "
                "nothing else. You win when Cell reaches 0; you lose when everyone is KO'd or a threat must "
                "be drawn from an empty stack. Easy: Cell has 50 health. Challenge/Impossible: fewer threats."
            ),
        ),
    ]


@cache
def rule_pages(language: Language) -> RulePages:
    return RulePages("cell", "Perfect Cell", _pages(speaker(language)))


RULE_PAGES = rule_pages(Language.ENGLISH)


@cache
def help_text(language: Language) -> str:
    _ = speaker(language).gettext
    return "\n".join(
        [
            _("**/cell start** — open a lobby in this channel (choose the difficulty)"),
            _("**/cell status** — post the current board again at the bottom of the channel"),
            _("**/cell rules** — the rules in short pages"),
            _("**/cell log** — the recent events"),
            _("**/cell hint** — privately: what the AI would do with the rest of your turn"),
            _("**/cell autoplay** — hand your seat to the AI, or take it back"),
            _("**/cell abandon** — end the game (host or channel managers)"),
            _("**/cell help** — this list"),
        ]
    )


HELP_TEXT = help_text(Language.ENGLISH)
