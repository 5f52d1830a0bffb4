"""Whole games played through the fake Discord by purposeful people, for ``bench/table_flow.py``.

Each game's own AI chooses every person's move; the game's flow module (``cell``, ``over9000``,
``primetime``) presses the visible controls that make it. ``table`` runs the game and counts the clicks
per turn; ``figures`` reads what the channel went through; ``run`` plays the plan against one bot
process.
"""
