-- One vector per document, of one model at a time: a change of model replaces it, so an index never mixes two.
-- Written by the owner-side embed job (lib/embedding/embed-job.ts); read by the search service's index.
CREATE TABLE search.document_embeddings (
  doc_id      text PRIMARY KEY REFERENCES search.documents ON DELETE CASCADE,
  model       text NOT NULL,
  dimensions  integer NOT NULL CHECK (dimensions > 0),
  -- done: embedding holds the vector; skipped: nothing to embed (blank text); failed: the embedder refused (error says why).
  status      text NOT NULL CHECK (status IN ('done', 'failed', 'skipped')),
  embedding   bytea,
  -- md5 of the text that was embedded: a document whose text changes is embedded again.
  source_md5  text NOT NULL,
  error       text,
  embedded_at bigint NOT NULL,
  -- The writing transaction: the index reads only rows written since its last look (lib/vector/live-index.ts).
  tx          xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CHECK ((status = 'done') = (embedding IS NOT NULL)),
  CHECK (embedding IS NULL OR octet_length(embedding) = 4 * dimensions)
);
CREATE INDEX document_embeddings_tx ON search.document_embeddings (tx);
