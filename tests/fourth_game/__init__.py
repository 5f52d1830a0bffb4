"""Seven Balls, a game that exists only in the tests: it proves that a game is three packages and one
registry line. Seven Dragon Balls lie on the table; two players take one or two in turn, and whoever
takes the last one wins. ``rules/`` is its engine, ``renderer/`` draws its board, ``bot/`` is its
Discord side, and ``registry.py`` the line that makes the bot run it."""
