-- Games played in a thread of their own (the server's "games in threads" setting). The game's
-- channel is then its thread, and this is the channel the thread was opened in; NULL for a game
-- played in its channel.
ALTER TABLE games ADD COLUMN parent_channel_id BIGINT;

-- When the thread of an ended game was archived and the result told in the parent channel: NULL
-- while that is still to do, so a restart finishes what a crash interrupted and tells it once.
ALTER TABLE games ADD COLUMN thread_closed_at TEXT;
