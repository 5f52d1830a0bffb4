-- One row per game ever started. A channel has at most one running (lobby or active) game;
-- finished and abandoned games are kept for replay and audit.
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    lobby_json TEXT NOT NULL,
    seed INTEGER NOT NULL,
    state_json TEXT,
    schema_version INTEGER,
    version INTEGER NOT NULL DEFAULT 0,
    message_id INTEGER,
    outcome TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE UNIQUE INDEX games_one_running_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');

-- Every accepted engine action, in order: seed + these rows replay the game exactly.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    actor_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
