-- The operator's audit log: one row per operator action (sign-in, failed sign-in, key mint, revoke and rotation,
-- the governor's kill switch, fleet health on demand, withdrawals and reinstatements, imports), whichever way in it
-- came (the command line, the console, an admin route, a bundle). Rows are appended, never updated; no secret is
-- ever written (lib/audit/audit-log.ts refuses one). Timestamps are epoch milliseconds.
CREATE TABLE audit.events (
  event_id bigserial PRIMARY KEY,
  at       bigint NOT NULL,
  actor    text NOT NULL CHECK (length(actor) BETWEEN 1 AND 200),   -- operator:<user>, console:<session>, …
  action   text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.-]{0,63}$'),
  target   text CHECK (length(target) <= 500),                       -- a key id, "daily 2026-11-24", …
  address  text CHECK (length(address) <= 100),                      -- the client address; null from the command line
  detail   jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX events_recent ON audit.events (at DESC, event_id DESC);
CREATE INDEX events_by_action ON audit.events (action, at DESC);
