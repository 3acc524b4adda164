-- The transaction that last wrote a fact card's texts, so the in-process keyword index reads only cards
-- written since its last look (lib/keyword/live-text-index.ts), and the bilingual bridge learns from the claim and
-- finding pairs. Status and embedding bookkeeping do not touch it.
ALTER TABLE factcard.fact_cards ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX fact_cards_tx ON factcard.fact_cards (tx);

CREATE FUNCTION factcard.touch_fact_card_tx() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tx := pg_current_xact_id();
  RETURN NEW;
END $$;

CREATE TRIGGER fact_cards_tx BEFORE UPDATE ON factcard.fact_cards FOR EACH ROW
  WHEN (OLD.claim_text IS DISTINCT FROM NEW.claim_text OR OLD.claim_text_en IS DISTINCT FROM NEW.claim_text_en
        OR OLD.found_text IS DISTINCT FROM NEW.found_text OR OLD.found_text_en IS DISTINCT FROM NEW.found_text_en
        OR OLD.claim_category IS DISTINCT FROM NEW.claim_category OR OLD.fact_card_id IS DISTINCT FROM NEW.fact_card_id)
  EXECUTE FUNCTION factcard.touch_fact_card_tx();
