"""Seven Balls' Discord side (its ``module.py``, like every game's, imports no discord.py)."""
