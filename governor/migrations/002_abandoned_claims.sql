-- A claim whose claimer died (a governor killed mid-tick) is closed as outcome 'abandoned' by the next tick or at a
-- governor's start (governor/decisions-store.ts); the rows still 'running' are few, and looked for at every tick.
CREATE INDEX decisions_running ON governor.decisions (decision_id) WHERE outcome = 'running';
