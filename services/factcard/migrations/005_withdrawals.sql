-- Withdrawals of fact cards and chain facts (docs/lifecycle.md), as in the reports schema: a row with who, when and
-- why; reinstating fills reinstated_at; nothing is deleted. Reads go through the published_* views; similar facts
-- also leave the withdrawn ids out of their rankings at query time, before any index refresh.
--
-- kind and item_id:
--   fact-cards   fact_card_id
--   chain-facts  fact_id       the fact, its tags and its provenance links
CREATE TABLE factcard.withdrawals (
  kind          text NOT NULL CHECK (kind IN ('fact-cards', 'chain-facts')),
  item_id       text NOT NULL,
  reason        text NOT NULL,
  withdrawn_by  text NOT NULL,
  withdrawn_at  bigint NOT NULL,
  reinstated_by text,
  reinstated_at bigint,
  PRIMARY KEY (kind, item_id)
);

CREATE SEQUENCE factcard.data_version__withdrawals;
CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON factcard.withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION factcard.bump_data_version();

CREATE VIEW factcard.withdrawn AS
  SELECT kind, item_id, reason, withdrawn_by, withdrawn_at FROM factcard.withdrawals WHERE reinstated_at IS NULL;

CREATE VIEW factcard.published_fact_cards AS
  SELECT c.*
    FROM factcard.fact_cards c
   WHERE NOT EXISTS (SELECT 1 FROM factcard.withdrawn w WHERE w.kind = 'fact-cards' AND w.item_id = c.fact_card_id);

CREATE VIEW factcard.published_chain_facts AS
  SELECT f.*
    FROM factcard.chain_facts f
   WHERE NOT EXISTS (SELECT 1 FROM factcard.withdrawn w WHERE w.kind = 'chain-facts' AND w.item_id = f.fact_id);

CREATE VIEW factcard.published_chain_fact_tags AS
  SELECT t.*
    FROM factcard.chain_fact_tags t
   WHERE NOT EXISTS (SELECT 1 FROM factcard.withdrawn w WHERE w.kind = 'chain-facts' AND w.item_id = t.fact_id);

CREATE VIEW factcard.published_chain_links AS
  SELECT l.*
    FROM factcard.chain_links l
   WHERE NOT EXISTS (SELECT 1 FROM factcard.withdrawn w WHERE w.kind = 'chain-facts' AND w.item_id = l.fact_id);
