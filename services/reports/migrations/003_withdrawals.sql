-- Withdrawals of published reports and shared-data documents (docs/lifecycle.md). Nothing is deleted: a withdrawal
-- is a row with who, when and why, and reinstating it fills reinstated_at and reinstated_by, so the row says which
-- state the item is in and the audit log (audit.events) keeps every change. What the service serves comes through the
-- published_* views below, so every read path drops a withdrawn item in the same statement that reads it.
--
-- kind and item_id (the withdrawal's id):
--   daily        the work date                      every draft and language of that date's daily
--   weekly       <Monday of the ISO week>/<analyst> every draft and language of that analyst's weekly that week
--   reports      report_id                          one draft; the latest archived_at among the rest then wins
--   data-topics  <work date>/<topic>                one shared-data document
CREATE TABLE reports.withdrawals (
  kind          text NOT NULL CHECK (kind IN ('daily', 'weekly', 'reports', 'data-topics')),
  item_id       text NOT NULL,
  reason        text NOT NULL,
  withdrawn_by  text NOT NULL,
  withdrawn_at  bigint NOT NULL,
  reinstated_by text,
  reinstated_at bigint,
  PRIMARY KEY (kind, item_id)
);

CREATE SEQUENCE reports.data_version__withdrawals;
CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reports.withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION reports.bump_data_version();

-- In force: withdrawn and not reinstated since.
CREATE VIEW reports.withdrawn AS
  SELECT kind, item_id, reason, withdrawn_by, withdrawn_at FROM reports.withdrawals WHERE reinstated_at IS NULL;

-- One NOT EXISTS per way a report can be withdrawn, so each is an anti-join on the primary key.
CREATE VIEW reports.published_reports AS
  SELECT r.*
    FROM reports.reports r
   WHERE NOT EXISTS (SELECT 1 FROM reports.withdrawn w WHERE w.kind = 'reports' AND w.item_id = r.report_id)
     AND NOT EXISTS (SELECT 1 FROM reports.withdrawn w
                      WHERE r.kind = 'daily' AND w.kind = 'daily' AND w.item_id = r.work_date::text)
     AND NOT EXISTS (SELECT 1 FROM reports.withdrawn w
                      WHERE r.kind = 'weekly' AND w.kind = 'weekly'
                        AND w.item_id = date_trunc('week', r.work_date)::date::text || '/' || r.analyst_id);

CREATE VIEW reports.published_data_topics AS
  SELECT t.*
    FROM reports.data_topics t
   WHERE NOT EXISTS (SELECT 1 FROM reports.withdrawn w
                      WHERE w.kind = 'data-topics' AND w.item_id = t.work_date::text || '/' || t.topic);
