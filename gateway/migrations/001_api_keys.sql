-- Institute API keys: only the SHA-256 of a key is ever stored.
CREATE TABLE auth.api_keys (
  key_id     text PRIMARY KEY,
  name       text NOT NULL,
  key_sha256 text NOT NULL UNIQUE CHECK (key_sha256 ~ '^[0-9a-f]{64}$'),
  scopes     text[] NOT NULL CHECK (cardinality(scopes) > 0),
  created_at bigint NOT NULL,
  expires_at bigint,
  revoked_at bigint
);
