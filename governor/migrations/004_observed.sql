-- Reading what the governor observed over a window (governor/observe/: the fleet-health snapshot, the console).

-- Submission attempts by time, for the relay errors of the last 24 hours.
CREATE INDEX submissions_started ON governor.submissions (started_at);
-- Tasks closed in a window (timeouts swept), and callbacks received or applied in one.
CREATE INDEX tasks_closed ON governor.tasks (closed_at) WHERE closed_at IS NOT NULL;
CREATE INDEX deliveries_received ON governor.deliveries (received_at);
CREATE INDEX deliveries_applied ON governor.deliveries (applied_at) WHERE applied_at IS NOT NULL;
