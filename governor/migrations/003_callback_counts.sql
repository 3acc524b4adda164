-- Callbacks the gateway answered, counted per minute and outcome: recorded, duplicate, untracked (verified, no task
-- of ours), refused-signature (401), refused-request (400), refused-too-large (413), error (the inbox failed, 5xx).
-- The gateway counts in memory and adds its counts here periodically, so a flood of bad signatures costs one upsert
-- per minute and outcome, not a row each; a crash loses at most one flush interval of counts.
CREATE TABLE governor.callback_counts (
  minute_at bigint NOT NULL, -- the minute's start, epoch milliseconds
  outcome   text NOT NULL CHECK (outcome IN ('recorded', 'duplicate', 'untracked', 'refused-signature',
                                             'refused-request', 'refused-too-large', 'error')),
  n         integer NOT NULL CHECK (n > 0),
  PRIMARY KEY (minute_at, outcome)
);
