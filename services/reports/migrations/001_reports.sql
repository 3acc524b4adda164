-- Daily and weekly reports (bodies in the object store), fleet-health snapshots and shared market-data topics.
CREATE TABLE reports.reports (
  report_id   text PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('daily', 'weekly')),
  analyst_id  text NOT NULL,
  work_date   date NOT NULL,
  lang        text NOT NULL CHECK (lang IN ('en', 'zh', 'plain')),
  title       text,
  object_key  text NOT NULL,
  archived_at bigint NOT NULL
);
CREATE INDEX reports_by_author ON reports.reports (kind, work_date, analyst_id, lang, archived_at DESC);

CREATE TABLE reports.fleet_health (
  snapshot_id  text PRIMARY KEY,
  generated_at bigint NOT NULL,
  object_key   text NOT NULL
);
CREATE INDEX fleet_health_latest ON reports.fleet_health (generated_at DESC);

CREATE TABLE reports.known_topics (
  topic      text PRIMARY KEY,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE reports.data_topics (
  work_date  date NOT NULL,
  topic      text NOT NULL,
  document   jsonb NOT NULL CHECK (jsonb_typeof(document) = 'object'),
  bytes      integer NOT NULL,
  fetched_at bigint,
  PRIMARY KEY (work_date, topic)
);

-- One-shot coverage research: a request that ends with an artifact (delivered) or without one.
CREATE TABLE reports.coverage_artifacts (
  coverage_id  text PRIMARY KEY,
  topic        text NOT NULL,
  requested_by text NOT NULL,
  status       text NOT NULL CHECK (status IN ('completed', 'failed', 'expired', 'cancelled')),
  artifact     text, -- full text, markdown; null when the run ended without one
  analyst_id   text,
  work_date    date NOT NULL,
  created_at   bigint NOT NULL,
  ended_at     bigint NOT NULL
);
CREATE INDEX coverage_recent ON reports.coverage_artifacts (ended_at DESC, coverage_id DESC);
