-- Withdrawals of search documents (docs/lifecycle.md), as in the reports schema: a row with who, when and why;
-- reinstating fills reinstated_at; nothing is deleted. The search service reads the withdrawn ids at each query and
-- leaves them out of every ranking, so a withdrawal takes effect with its commit, before any index refresh.
--
-- kind and item_id: search-documents, doc_id.
CREATE TABLE search.withdrawals (
  kind          text NOT NULL CHECK (kind IN ('search-documents')),
  item_id       text NOT NULL,
  reason        text NOT NULL,
  withdrawn_by  text NOT NULL,
  withdrawn_at  bigint NOT NULL,
  reinstated_by text,
  reinstated_at bigint,
  PRIMARY KEY (kind, item_id)
);

CREATE SEQUENCE search.data_version__withdrawals;
CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search.withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION search.bump_data_version();

CREATE VIEW search.withdrawn AS
  SELECT kind, item_id, reason, withdrawn_by, withdrawn_at FROM search.withdrawals WHERE reinstated_at IS NULL;
