-- Actions extracted from a whiteboard card's text by the relay's logic_extract task (the governor's drain, spec §8).
-- One row per card once an extraction completed (an empty array is a result too); a card without a row still
-- lacks extracted actions.
CREATE TABLE catalog.card_actions (
  card_id      text PRIMARY KEY REFERENCES catalog.cards ON DELETE CASCADE,
  actions      jsonb NOT NULL CHECK (jsonb_typeof(actions) = 'array'),
  source       text NOT NULL,    -- which text was sent: report:<lang> or summary
  source_chars integer NOT NULL, -- characters sent (at most 8000)
  truncated    boolean NOT NULL,
  task_id      text NOT NULL,
  extracted_at bigint NOT NULL
);
