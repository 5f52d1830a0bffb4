-- What follows a move is kept beside it, so a crash strands nothing that a restart cannot finish.

-- The game version the board message shows: lower than ``version``, or NULL, means the board must be
-- redrawn. Boards already posted are taken as showing their game (the bot that posted them kept them
-- up to date), so the first start after this migration does not redraw every board.
ALTER TABLE games ADD COLUMN board_version INTEGER;
UPDATE games SET board_version = version WHERE message_id IS NOT NULL;

-- The message that notified the player of this call; NULL while that notification is still owed.
-- Players already called were notified by the board of their game.
ALTER TABLE turn_clocks ADD COLUMN ping_message_id BIGINT;
UPDATE turn_clocks SET ping_message_id = (SELECT message_id FROM games WHERE games.id = turn_clocks.game_id);

-- The outbox of notifications whose call has ended: written in the transaction that ends the call,
-- emptied once the message is dealt with in the channel.
CREATE TABLE stale_pings (
    message_id BIGINT PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id),
    channel_id BIGINT NOT NULL
);
