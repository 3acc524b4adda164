-- The operator's console (admin/console/): its sessions and its one-time sign-in links. Only the SHA-256 of a session
-- id or of a link's token is stored, so a copy of this table opens nothing. Timestamps are epoch milliseconds.
CREATE TABLE console.sessions (
  session_sha256 text PRIMARY KEY CHECK (session_sha256 ~ '^[0-9a-f]{64}$'),
  -- A short public name for the session (audit rows and the page header): random, never derived from the id.
  handle         text NOT NULL UNIQUE CHECK (handle ~ '^[0-9a-f]{8,16}$'),
  -- How the operator signed in: 'operator token' or 'sign-in link'.
  method         text NOT NULL,
  address        text CHECK (length(address) <= 100),
  created_at     bigint NOT NULL,
  expires_at     bigint NOT NULL,
  -- Set by sign-out; a session is open while this is null and expires_at is in the future.
  ended_at       bigint
);
CREATE INDEX sessions_by_expiry ON console.sessions (expires_at);

CREATE TABLE console.sign_in_links (
  link_sha256 text PRIMARY KEY CHECK (link_sha256 ~ '^[0-9a-f]{64}$'),
  created_at  bigint NOT NULL,
  expires_at  bigint NOT NULL,
  -- Set when the link is exchanged for a session: it works once.
  used_at     bigint
);
