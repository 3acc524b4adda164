-- The governor's dispatch state (spec §8). Every submission, callback and decision lives here, so the per-hour
-- ceiling and the 25-minute local deadline hold across replicas and restarts. Timestamps are epoch milliseconds.

-- Operator settings; the kill switch is the row named 'enabled' (absent: enabled).
CREATE TABLE governor.settings (
  name       text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at bigint NOT NULL,
  updated_by text NOT NULL
);

-- One row per task submitted to the relay. task_id is ours: the relay's Idempotency-Key and the callback's client_ref.
-- Every row counts toward the per-hour ceiling from submitted_at, whatever became of it.
CREATE TABLE governor.tasks (
  task_id       text PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('chain_tag', 'logic_extract')),
  subject_id    text NOT NULL, -- the chain fact or the whiteboard card
  status        text NOT NULL CHECK (status IN ('submitting', 'submitted', 'completed', 'failed', 'timed_out', 'rejected')),
  relay_task_id text UNIQUE,
  slot_at       bigint NOT NULL, -- the tick that submitted it
  detail        jsonb NOT NULL DEFAULT '{}',
  submitted_at  bigint NOT NULL,
  deadline_at   bigint NOT NULL, -- submitted_at + 25 minutes: the sweep closes it as timed_out after this
  closed_at     bigint,
  error         text
);
-- At most one open task per subject: a fact or card is never in flight twice.
CREATE UNIQUE INDEX tasks_one_open_per_subject ON governor.tasks (kind, subject_id) WHERE status IN ('submitting', 'submitted');
CREATE INDEX tasks_submitted ON governor.tasks (submitted_at);
CREATE INDEX tasks_subject ON governor.tasks (kind, subject_id);

-- Each HTTP attempt of a submission (retries reuse the task's idempotency key).
CREATE TABLE governor.submissions (
  task_id     text NOT NULL REFERENCES governor.tasks ON DELETE CASCADE,
  attempt     integer NOT NULL,
  started_at  bigint NOT NULL,
  duration_ms integer NOT NULL,
  http_status integer,
  outcome     text NOT NULL CHECK (outcome IN ('accepted', 'refused', 'error')),
  error       text,
  PRIMARY KEY (task_id, attempt)
);

-- The durable callback inbox: a verified relay callback is a row here before the receiver answers 200.
-- delivery_id is the relay's delivery header (the idempotency key); the governor applies each row once.
CREATE TABLE governor.deliveries (
  delivery_id text PRIMARY KEY,
  task_id     text NOT NULL REFERENCES governor.tasks ON DELETE CASCADE,
  event_type  text NOT NULL CHECK (event_type IN ('task.completed', 'task.failed')),
  body        text NOT NULL, -- the exact bytes that were verified (UTF-8)
  received_at bigint NOT NULL,
  applied_at  bigint,
  attempts    integer NOT NULL DEFAULT 0, -- failed attempts to apply; given up (applied_at set) after 5
  outcome     text
);
CREATE INDEX deliveries_pending ON governor.deliveries (received_at) WHERE applied_at IS NULL;

-- Every tick and kickoff decision with its inputs. The row is inserted when a slot is claimed (so a slot runs once
-- across replicas) and completed with the decision.
CREATE TABLE governor.decisions (
  decision_id bigserial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('tick', 'kickoff')),
  slot_at     bigint NOT NULL,
  claimed_at  bigint NOT NULL,
  claimed_by  text NOT NULL,
  decided_at  bigint,
  outcome     text NOT NULL DEFAULT 'running',
  inputs      jsonb,
  UNIQUE (kind, slot_at)
);
CREATE INDEX decisions_recent ON governor.decisions (kind, decided_at DESC) WHERE decided_at IS NOT NULL;
