"""What Prime Time's players read about it: the rules pages and the list of commands."""

from __future__ import annotations

from bot.table.pages import RulePages

RULE_PAGES = RulePages(
    "primetime",
    "Prime Time",
    [
        (
            "The goal",
            'Two players field 3 to 6 models each on a 30" by 30" board and fight over three Dragon Ball '
            "objectives for four rounds. Each Cleanup scores Glory for the objectives you control; the "
            "most Glory after round 4 wins.",
        ),
        (
            "A round",
            "**Power**: BK (energy for techniques), SK (for ascending) and cards. **Ascension**: choose "
            "in secret which models ascend, hold their tier or descend; both plans are revealed together. "
            "**Activation**: players take turns activating one model for two actions. **Cleanup**: "
            "objectives score, Dazed models return, hands are cut to the limit.",
        ),
        (
            "Activations",
            "Press **Act…**: choose a model, then Move, a Technique (the menu shows each target's "
            "distance and your chance to hit), Power Up, or change altitude. Passing ends your round.",
        ),
        (
            "Being attacked",
            "The defender chooses a Z-Reaction on the board: **Z-Evasion**, **Brace**, a **Clash**, an "
            "Intercept, or a card. Nobody else can press those buttons. Wait too long and Z-Evasion is "
            "chosen for you.",
        ),
        (
            "Cards",
            "Your hand is secret: press **My hand** to see it and play cards in their windows. The "
            "board always offers **Play a card…** in every card window, so it never tells whether you "
            "hold one.",
        ),
    ],
)

HELP_TEXT = (
    "**/primetime start** — open a lobby in this channel (`ai_opponent` lets the AI take the second seat)\n"
    "**/primetime status** — post the current board again at the bottom of the channel\n"
    "**/primetime rules** — the whole game in short pages\n"
    "**/primetime card** — one card in full: start typing its name and pick it\n"
    "**/primetime log** — the recent public events\n"
    "**/primetime autoplay** — hand your seat to the AI, or take it back\n"
    "**/primetime settings** — answer every On Hit / On Damage prompt (`auto_pass_on_hit`) or every "
    "Phase Start (`auto_ready`) at once, or not; with neither, your choices\n"
    "**/primetime abandon** — end the game (host or channel managers)\n"
    "**/primetime help** — this list\n"
    "On the board, **My hand** shows your cards privately; **Act…** opens your activation panel."
)
