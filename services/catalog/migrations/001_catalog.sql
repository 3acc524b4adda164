-- The analyst catalog and the whiteboard. Timestamps are epoch milliseconds unless named otherwise.
CREATE TABLE catalog.categories (
  category_id text PRIMARY KEY,
  name        text NOT NULL,
  name_en     text,
  sort_order  integer NOT NULL DEFAULT 0
);

CREATE TABLE catalog.analysts (
  analyst_id    text PRIMARY KEY,
  name          text NOT NULL,
  name_en       text,
  icon          text,
  agent         text,
  specialty     text,
  specialty_en  text,
  category_id   text REFERENCES catalog.categories,
  tasks_default text[] NOT NULL DEFAULT '{}',
  sort_order    integer NOT NULL DEFAULT 0
);

CREATE TABLE catalog.threads (
  board_id        uuid PRIMARY KEY,
  work_date       date NOT NULL,
  root_analyst_id text,
  root_topic      text,
  root_question   text,
  status          text NOT NULL CHECK (status IN ('queued', 'active', 'running', 'completed', 'failed')),
  max_cards       integer NOT NULL CHECK (max_cards >= 0),
  created_at      bigint NOT NULL,
  updated_at      bigint NOT NULL
);
CREATE INDEX threads_recent ON catalog.threads (updated_at DESC, board_id DESC);
CREATE INDEX threads_status_recent ON catalog.threads (status, updated_at DESC, board_id DESC);

CREATE TABLE catalog.cards (
  card_id              text PRIMARY KEY,
  board_id             uuid NOT NULL REFERENCES catalog.threads ON DELETE CASCADE,
  card_index           integer NOT NULL,
  analyst_id           text,
  hand                 text,
  topic                text,
  question             text,
  stance               text,
  status               text NOT NULL,
  work_date            date,
  summary              text,
  report_path          text,
  report_r2_key        text,
  started_at           bigint,
  completed_at         bigint,
  follow_up_analyst_id text,
  follow_up_topic      text,
  UNIQUE (board_id, card_index)
);

-- One row per language a card's report exists in; 'plain' is the language-agnostic report.
CREATE TABLE catalog.card_reports (
  card_id     text NOT NULL REFERENCES catalog.cards ON DELETE CASCADE,
  lang        text NOT NULL CHECK (lang IN ('en', 'zh', 'plain')),
  object_key  text NOT NULL,
  archived_at bigint NOT NULL,
  PRIMARY KEY (card_id, lang)
);

CREATE TABLE catalog.topic_pool (
  pool_id              text PRIMARY KEY,
  topic                text NOT NULL,
  question             text,
  suggested_analyst_id text,
  rationale            text,
  source_kind          text NOT NULL,
  source_run_id        text,
  source_analyst_id    text,
  priority             text NOT NULL,
  score                double precision NOT NULL,
  status               text NOT NULL CHECK (status IN ('candidate', 'promoted', 'expired', 'rejected')),
  promoted_board_id    uuid,
  created_at           bigint NOT NULL,
  promoted_at          bigint,
  expires_at           bigint NOT NULL
);
CREATE INDEX topic_pool_drain ON catalog.topic_pool (status, score DESC, created_at);

CREATE TABLE catalog.similarity_log (
  log_id             text PRIMARY KEY,
  decided_at         bigint NOT NULL, -- epoch seconds, as the spec shows
  pool_id            text,
  board_id           uuid,
  candidate_topic    text,
  candidate_question text,
  decision           text NOT NULL CHECK (decision IN ('skip-summarize', 'context-augmented', 'fresh')),
  reason             text,
  top_cosine         double precision,
  top_match_kind     text,
  top_match_id       text,
  top_match_age_days double precision,
  matches            jsonb NOT NULL DEFAULT '[]',
  thresholds         jsonb
);
CREATE INDEX similarity_log_recent ON catalog.similarity_log (decided_at DESC, log_id DESC);
