-- What the service observes about its readers and its data (docs/usage.md). Gateways count requests and reads in
-- memory and add them here every USAGE_FLUSH_MS by upserts that add counts, so any number of replicas add up.
-- A credential is named by what identifies it to the operator, never by a secret or a digest of one:
-- `key:<key id>`, `peer:<party id>`, `oauth:<subject>`, or `anonymous` (no valid credential). Timestamps are epoch ms.

-- Requests per UTC hour, credential, surface, route (REST route pattern, tool name or JSON-RPC method) and outcome.
CREATE TABLE usage.requests (
  hour         bigint NOT NULL CHECK (hour % 3600000 = 0),
  credential   text NOT NULL CHECK (length(credential) BETWEEN 1 AND 300),
  surface      text NOT NULL CHECK (surface IN ('rest', 'mcp', 'other')),
  route        text NOT NULL CHECK (length(route) BETWEEN 1 AND 300),
  status_class text NOT NULL CHECK (status_class IN ('1xx', '2xx', '3xx', '4xx', '5xx')),
  -- '' when served; else why it was refused: "401 missing_credential", "403 missing_scope", "429 rate_limit", …
  refusal      text NOT NULL CHECK (length(refusal) <= 100),
  requests     bigint NOT NULL CHECK (requests > 0),
  last_at      bigint NOT NULL,
  PRIMARY KEY (hour, credential, surface, route, status_class, refusal)
);
CREATE INDEX requests_by_credential ON usage.requests (credential, hour DESC);

-- Reads of published items (daily and weekly reports, card reports, threads) per credential and surface.
CREATE TABLE usage.readership (
  item_kind     text NOT NULL CHECK (item_kind IN ('daily', 'weekly', 'card', 'thread')),
  item_id       text NOT NULL CHECK (length(item_id) BETWEEN 1 AND 300),
  credential    text NOT NULL CHECK (length(credential) BETWEEN 1 AND 300),
  surface       text NOT NULL CHECK (surface IN ('rest', 'mcp')),
  reads         bigint NOT NULL CHECK (reads > 0),
  first_read_at bigint NOT NULL,
  last_read_at  bigint NOT NULL,
  PRIMARY KEY (item_kind, item_id, credential, surface)
);
CREATE INDEX readership_by_credential ON usage.readership (credential, last_read_at DESC);

-- Every bundle import, whoever ran it and however it ended.
CREATE TABLE usage.imports (
  import_id   bigserial PRIMARY KEY,
  started_at  bigint NOT NULL,
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  actor       text NOT NULL CHECK (length(actor) BETWEEN 1 AND 200),   -- cli:<os user>, console:<operator>, …
  source      text CHECK (length(source) <= 1000),                     -- the bundle folder
  outcome     text NOT NULL CHECK (outcome IN ('imported', 'refused', 'failed')),
  kinds       jsonb NOT NULL DEFAULT '{}',                              -- {"<kind>": {"lines", "changed"}}
  detail      text CHECK (length(detail) <= 4000)                       -- the first problems, or why it failed
);
CREATE INDEX imports_recent ON usage.imports (started_at DESC, import_id DESC);
