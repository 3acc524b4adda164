-- The vector of each fact card's English claim text, of one model at a time (a change of model replaces it).
-- Written by the owner-side embed job (lib/embedding/embed-job.ts), which keeps fact_cards.embedding_status
-- equal to this row's status ('pending' while there is none for the current model).
CREATE TABLE factcard.fact_card_embeddings (
  fact_card_id text PRIMARY KEY REFERENCES factcard.fact_cards ON DELETE CASCADE,
  model        text NOT NULL,
  dimensions   integer NOT NULL CHECK (dimensions > 0),
  status       text NOT NULL CHECK (status IN ('done', 'failed', 'skipped')),
  embedding    bytea,
  source_md5   text NOT NULL,
  error        text,
  embedded_at  bigint NOT NULL,
  tx           xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CHECK ((status = 'done') = (embedding IS NOT NULL)),
  CHECK (embedding IS NULL OR octet_length(embedding) = 4 * dimensions)
);
CREATE INDEX fact_card_embeddings_tx ON factcard.fact_card_embeddings (tx);
