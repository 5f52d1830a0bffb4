"""How calm a channel stays and how many clicks a turn takes, in whole games played by purposeful people.

Against one bot process (on a temporary SQLite file) and the fake Discord from the test suite (nothing
leaves 127.0.0.1), people play whole games, each in a channel of its own: two-player Perfect Cell
(Normal), four-player Perfect Cell, three-player Over 9000 and two-player Prime Time, with the quick
setup and with the full one. At each of their decisions the game's own AI chooses the move, and the
person presses the visible controls of the board and of their private panels that make it
(``tests/bot/flow``: one module per game says which). The bot's game seeds follow ``--seed``. Run by
hand:

    PYTHONPATH=. nice -n 10 .venv/bin/python bench/table_flow.py [--seed 0] [--games 1] [--quick]

People act as soon as their screen shows the game as saved, and the fake does not enforce Discord's
rate limits here, so the bursts are those the quickest players would cause, the bot never slowed by a
429. Every request the bot sends is still checked against Discord's spec: a violation stops the bench.

Per game it prints: the public messages the bot created (deleted ones included); the files it uploaded
(count, how many public, MB of 10^6 bytes); the live board images at the end, i.e. the bot's public
messages in the game's channel still showing an image (every image there is of that game's board), the
final board included; the most public messages within any 5 seconds; the ephemeral messages each player
still has at the end; the clicks each player made; and the clicks per turn (Perfect Cell, Over 9000) or
per activation (Prime Time) of the player whose turn it is, people's turns only: median, p90 (nearest
rank) and max. A click is a button, a menu choice or a modal submitted; a turn is a player's turn in
Perfect Cell, their placement of a round or one of their attacks in Over 9000 (a reveal is no turn), and
in Prime Time an activation from Activate to its end. For Prime Time it also prints the active player's
clicks for an activation that moves then attacks (from Activate through the attack, over the activations
whose first attack follows a move), median, p90 and max, and the other player's clicks in each activation
(``reply_clicks``).

The last line holds every figure as ``key=value``: per kind of game (``cell2``, ``cell4``,
``over9000``, ``primetime``, ``primetime_full``) ``_public``, ``_uploads``, ``_upload_mb``,
``_live_boards``, ``_most_in_5s``, ``_private_left_max``, ``_clicks_median``, ``_clicks_p90``,
``_not_offered`` (moves the AI chose that the controls did not offer: the person made another), and
``primetime_move_attack_clicks_median`` / ``_p90`` / ``_max`` / ``_count``; then over all games
``live_boards_max``, ``most_in_5s``, ``private_left_max`` and ``bot_errors`` (error lines the bot
logged). With ``--games
N`` each kind is played N times: counts are the largest of its games, clicks are taken over all their
turns. Besides, Over 9000's placements and attacks are given apart (``over9000_place_clicks_…``,
``over9000_attack_clicks_…``), and every sample of that kind has its ``_count``. ``--quick`` plays one
game of each game (two-player Perfect Cell, Over 9000, Prime Time's quick setup), each cut after 40
decisions of people: a check that the bench still runs, whose figures are not the games' own.
"""

from __future__ import annotations

import argparse
import asyncio

from tests.bot.flow.figures import GameFigures, median, p90
from tests.bot.flow.run import FlowReport, run_flow


def kind_figures(label: str, games: list[GameFigures]) -> dict[str, str]:
    clicks = [clicks for game in games for clicks in game.turn_clicks]
    found: dict[str, object] = {
        "public": max(game.public for game in games),
        "uploads": max(game.uploads for game in games),
        "upload_mb": f"{max(game.upload_mb for game in games):.1f}",
        "live_boards": max(game.live_boards for game in games),
        "most_in_5s": max(game.most_in_5s for game in games),
        "private_left_max": max(max(game.private_left) for game in games),
        "clicks_median": f"{median(clicks):g}",
        "clicks_p90": f"{p90(clicks):g}",
        "not_offered": sum(game.log.not_offered for game in games),
    }
    for name in dict.fromkeys(name for game in games for name in game.samples):
        values = [value for game in games for value in game.samples.get(name, [])]
        found[f"{name}_count"] = len(values)
        if values:
            found[f"{name}_median"] = f"{median(values):g}"
            found[f"{name}_p90"] = f"{p90(values):g}"
            found[f"{name}_max"] = max(values)
    return {f"{label}_{name}": str(value) for name, value in found.items()}


def last_line(report: FlowReport) -> str:
    figures: dict[str, str] = {}
    labels = list(dict.fromkeys(game.label for game in report.games))
    for label in labels:
        figures.update(kind_figures(label, [game for game in report.games if game.label == label]))
    games = report.games
    figures["live_boards_max"] = str(max(game.live_boards for game in games))
    figures["most_in_5s"] = str(max(game.most_in_5s for game in games))
    figures["private_left_max"] = str(max(max(game.private_left) for game in games))
    figures["bot_errors"] = str(len(report.bot_errors))
    return " ".join(f"{key}={value}" for key, value in figures.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="seeds the bot's games")
    parser.add_argument("--games", type=int, default=1, help="games of each kind")
    parser.add_argument("--quick", action="store_true", help="one short game of each game")
    arguments = parser.parse_args()
    report = asyncio.run(
        run_flow(
            arguments.seed, arguments.games, arguments.quick, lambda game: print(game.line(), flush=True)
        )
    )
    for line in report.bot_errors:
        print(f"bot error: {line}")
    print(last_line(report))


if __name__ == "__main__":
    main()
