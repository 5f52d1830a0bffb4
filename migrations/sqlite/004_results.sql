-- One row per seat of every finished game, written in the same transaction as the save that ends
-- it. Rows outlive the game itself (pruned after the retention period), so stats, leaderboards and
-- history keep counting. AI seats are recorded with ai = 1 and never ranked; a user who asked to be
-- forgotten keeps their rows under an anonymous seat label and a negative id.
CREATE TABLE results (
    game_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    ai INTEGER NOT NULL CHECK (ai IN (0, 1)),
    character TEXT NOT NULL,
    variant TEXT NOT NULL,
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    outcome TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX results_by_guild ON results (guild_id, game, finished_at);
CREATE INDEX results_by_user ON results (guild_id, user_id);
