"""What Over 9000's players read about it: the rules pages and the list of commands.

Every page and the list are messages of the game's catalogue (``N_``), so that they can be shown in
each reader's language, looked up in the ``over9000`` domain (the pages' game). A page's numbers are
the content's (``data/game.json``); a test holds them to it.
"""

from __future__ import annotations

from bot.table.pages import RulePages
from rules.core.text import N_

RULE_PAGES = RulePages(
    "over9000",
    "Over 9000",
    [
        (
            N_("The goal"),
            N_(
                "Be the only fighter whose power level is **over 9000** when a round ends. Fighters start "
                "between 4,000 and 6,000, and every duel moves power levels by 1,000 or more."
            ),
        ),
        (
            N_("Arranging your tokens"),
            N_(
                "Each round everyone draws six tokens and arranges them in secret, all at once: press "
                "**My tokens**. One token goes into your reserve, the other five into your four slots, so "
                "one slot holds two (the one placed last is on top). **Take back** starts over until your "
                "last token is placed. Everyone sees how many tokens lie in each slot, never which."
            ),
        ),
        (
            N_("Duels"),
            N_(
                "The lowest power level attacks first, then round the table. On your turn push the top "
                "token of one of your slots at an opponent and declare **Kick**, **Punch** or **High "
                "Blast** — you may bluff. The defender reveals the top token of one of their slots. Both "
                "tokens stay face up until the round ends."
            ),
        ),
        (
            N_("Hits, blocks and feints"),
            N_(
                "A real attack hits (+1,000 to the attacker) unless the defender reveals the same attack "
                "or its defense: then it is blocked (the attacker loses 1,000 and the defender gains "
                "1,000). A caught bluff costs the same, but your next 3 attacks are shown to their "
                "defender before they reveal. Pushing a token that is no attack is a feint: nothing "
                "happens, except that a Power-Up facing no attack gains its owner 1,000."
            ),
        ),
        (
            N_("Dragon Balls and special powers"),
            N_(
                "A Dragon Ball in your reserve can be flipped once per round for your fighter's special "
                "power: attack powers on your turn before you attack, defense powers when you are "
                "attacked, before you reveal. Your panel offers it whenever you can use it."
            ),
        ),
        (
            N_("The end"),
            N_(
                "The round ends when fewer than two fighters have face-down tokens; every token goes back "
                "and everyone draws again. One fighter over 9000 wins; if several are, they drop to 5,000 "
                "and a new round begins. From round 10, a fighter strictly ahead of all others when a "
                "round ends with nobody over 9000 wins (if some fighters dropped back to 5,000, only one "
                "of the last of them can win this way)."
            ),
        ),
    ],
)

HELP_TEXT = N_(
    "**/over9000 start** — open a lobby in this channel (AI players can fill empty seats)\n"
    "**/over9000 status** — post the current board again at the bottom of the channel\n"
    "**/over9000 rules** — the rules in short pages\n"
    "**/over9000 log** — the recent public events\n"
    "**/over9000 autoplay** — hand your seat to the AI, or take it back\n"
    "**/over9000 abandon** — end the game (host or channel managers)\n"
    "**/over9000 help** — this list\n"
    "On the board, **My tokens** shows you your own tokens, privately, and what you can do now."
)
