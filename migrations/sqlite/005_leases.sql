-- Leases on work that must run in one bot process at a time when several share a database (the AI,
-- turn clocks, command sync, upkeep): who holds each and until when, in seconds since 1970.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at REAL NOT NULL
);
