-- Leases on work that must run in one bot process at a time when several share a database (the AI,
-- turn clocks, command sync, upkeep): who holds each and until when, in seconds since 1970 by the
-- database server's clock, the one clock every process agrees on.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
