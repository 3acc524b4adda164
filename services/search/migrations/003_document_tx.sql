-- The transaction that last wrote a document's searchable fields, so the in-process keyword index reads only rows
-- written since its last look (lib/keyword/live-text-index.ts), as the vector index does with its embeddings.
ALTER TABLE search.documents ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX documents_tx ON search.documents (tx);

CREATE FUNCTION search.touch_document_tx() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tx := pg_current_xact_id();
  RETURN NEW;
END $$;

CREATE TRIGGER documents_tx BEFORE UPDATE ON search.documents FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body OR OLD.lang IS DISTINCT FROM NEW.lang
        OR OLD.path IS DISTINCT FROM NEW.path OR OLD.analyst_id IS DISTINCT FROM NEW.analyst_id
        OR OLD.session_id IS DISTINCT FROM NEW.session_id OR OLD.archived_at IS DISTINCT FROM NEW.archived_at
        OR OLD.doc_id IS DISTINCT FROM NEW.doc_id)
  EXECUTE FUNCTION search.touch_document_tx();
