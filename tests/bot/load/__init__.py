"""A load test of the bot: many channels playing at once against one bot process on the fake Discord.

``run.py`` drives the channels and counts what went wrong, ``bot_process.py`` runs the real bot in a
process of its own (so its memory and its event loop are its own), ``tables.py`` plays the games with
the end-to-end drivers, ``reader.py`` reads the bot's database as an onlooker, and ``long_game.py``
times a move in a game with a long log against one in a fresh game.
"""
