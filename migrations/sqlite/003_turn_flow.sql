-- The turn clock: one row per person a running game waits for, since when, and how far the clock
-- has gone (0 waiting, 1 reminded). A restart reads it back, so nothing is lost or fired twice.
CREATE TABLE turn_clocks (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    called_at TEXT NOT NULL,
    stage INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

-- What a server chose with /settings, as JSON validated by the bot (unknown keys are ignored).
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings_json TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
