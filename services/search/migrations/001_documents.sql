-- Archived output that semantic search covers. Embeddings are added by the search service's own migrations.
CREATE TABLE search.documents (
  doc_id      text PRIMARY KEY,
  session_id  text,
  analyst_id  text,
  path        text,
  title       text,
  lang        text NOT NULL CHECK (lang IN ('en', 'zh', 'plain')),
  body        text NOT NULL,
  archived_at bigint
);
CREATE INDEX documents_analyst ON search.documents (analyst_id);
CREATE INDEX documents_session ON search.documents (session_id);
