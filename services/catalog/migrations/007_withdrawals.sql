-- Withdrawals of whiteboard output (docs/lifecycle.md), as in the reports schema: a row with who, when and why;
-- reinstating fills reinstated_at; nothing is deleted. The service reads the published_* views, so a withdrawn item
-- leaves every read path in the statement that reads it, and this table's data-version trigger tells the caches.
--
-- kind and item_id:
--   threads       board_id          the thread, its cards, their reports and actions
--   cards         card_id           one card (the thread's card_count drops it), its reports and actions
--   card-reports  <card_id>/<lang>  one language of a card's report
--   card-actions  card_id           the actions extracted from a card
CREATE TABLE catalog.withdrawals (
  kind          text NOT NULL CHECK (kind IN ('threads', 'cards', 'card-reports', 'card-actions')),
  item_id       text NOT NULL,
  reason        text NOT NULL,
  withdrawn_by  text NOT NULL,
  withdrawn_at  bigint NOT NULL,
  reinstated_by text,
  reinstated_at bigint,
  PRIMARY KEY (kind, item_id)
);

CREATE SEQUENCE catalog.data_version__withdrawals;
CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog.withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.bump_data_version();

CREATE VIEW catalog.withdrawn AS
  SELECT kind, item_id, reason, withdrawn_by, withdrawn_at FROM catalog.withdrawals WHERE reinstated_at IS NULL;

CREATE VIEW catalog.published_threads AS
  SELECT t.*
    FROM catalog.threads t
   WHERE NOT EXISTS (SELECT 1 FROM catalog.withdrawn w WHERE w.kind = 'threads' AND w.item_id = t.board_id::text);

CREATE VIEW catalog.published_cards AS
  SELECT c.*
    FROM catalog.cards c
   WHERE NOT EXISTS (SELECT 1 FROM catalog.withdrawn w WHERE w.kind = 'threads' AND w.item_id = c.board_id::text)
     AND NOT EXISTS (SELECT 1 FROM catalog.withdrawn w WHERE w.kind = 'cards' AND w.item_id = c.card_id);

CREATE VIEW catalog.published_card_reports AS
  SELECT r.*
    FROM catalog.card_reports r
   WHERE EXISTS (SELECT 1 FROM catalog.published_cards c WHERE c.card_id = r.card_id)
     AND NOT EXISTS (SELECT 1 FROM catalog.withdrawn w
                      WHERE w.kind = 'card-reports' AND w.item_id = r.card_id || '/' || r.lang);

CREATE VIEW catalog.published_card_actions AS
  SELECT a.*
    FROM catalog.card_actions a
   WHERE EXISTS (SELECT 1 FROM catalog.published_cards c WHERE c.card_id = a.card_id)
     AND NOT EXISTS (SELECT 1 FROM catalog.withdrawn w WHERE w.kind = 'card-actions' AND w.item_id = a.card_id);
