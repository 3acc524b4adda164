-- Fact-check claims, and the chain facts (with tags and provenance links) the tool endpoint pages through.
CREATE TABLE factcard.fact_cards (
  fact_card_id       text PRIMARY KEY,
  parent_kind        text NOT NULL CHECK (parent_kind IN ('whiteboard_card', 'session_message', 'external')),
  parent_id          text NOT NULL,
  parent_session_id  text,
  claim_text         text NOT NULL,
  claim_text_en      text NOT NULL,
  claim_category     text NOT NULL CHECK (claim_category IN ('comparison', 'date', 'financial', 'geographic', 'named_entity', 'numerical', 'prose', 'spec')),
  priority           text NOT NULL CHECK (priority IN ('high', 'normal', 'low')),
  status             text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'reused', 'skipped')),
  verdict            text CHECK (verdict IN ('verified', 'disputed', 'uncertain', 'unverifiable')),
  found_text         text,
  found_text_en      text,
  source_urls        text[],
  similar_to_fact_id text,
  similarity_score   double precision,
  embedding_status   text NOT NULL CHECK (embedding_status IN ('pending', 'done', 'failed', 'skipped')),
  created_at         bigint NOT NULL,
  completed_at       bigint,
  updated_at         bigint NOT NULL
);
CREATE INDEX fact_cards_newest ON factcard.fact_cards (created_at DESC, fact_card_id DESC);
CREATE INDEX fact_cards_parent ON factcard.fact_cards (parent_kind, parent_id);

CREATE TABLE factcard.chain_facts (
  fact_id    text PRIMARY KEY,
  chain_id   text NOT NULL,
  seq        integer NOT NULL,
  statement  text NOT NULL,
  analyst_id text,
  work_date  date NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (chain_id, seq)
);
CREATE INDEX chain_facts_page ON factcard.chain_facts (created_at DESC, fact_id DESC);

CREATE TABLE factcard.chain_fact_tags (
  fact_id   text NOT NULL REFERENCES factcard.chain_facts ON DELETE CASCADE,
  tag       text NOT NULL,
  tagged_at bigint NOT NULL,
  PRIMARY KEY (fact_id, tag)
);

-- Provenance links (spec §2.13): type is always 'artifact'; origin is this service's project identifier.
CREATE TABLE factcard.chain_links (
  fact_id       text NOT NULL REFERENCES factcard.chain_facts ON DELETE CASCADE,
  artifact_kind text NOT NULL CHECK (artifact_kind IN ('committee_memo', 'analyst_report', 'fact_card')),
  ref           text NOT NULL,
  author        text NOT NULL,
  date          date NOT NULL,
  PRIMARY KEY (fact_id, ref)
);
