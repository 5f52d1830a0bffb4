-- A seat's move count (asked on every click in games where several seats act at once) is read
-- from this index alone, however long the game's log.
CREATE INDEX actions_by_seat ON actions (game_id, seat);
