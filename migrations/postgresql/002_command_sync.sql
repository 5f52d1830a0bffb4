-- The slash-command definitions last synced to Discord, per scope ("global" or a guild id): the bot
-- syncs again only when the hash of its definitions changes, as Discord asks of bots.
CREATE TABLE command_sync (
    scope TEXT PRIMARY KEY,
    definition_hash TEXT NOT NULL,
    synced_at TEXT NOT NULL
);
