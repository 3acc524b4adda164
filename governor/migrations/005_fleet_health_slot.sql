-- The daily fleet-health snapshot is a slot like a tick: claimed once across replicas (kind 'fleet-health').
ALTER TABLE governor.decisions DROP CONSTRAINT decisions_kind_check;
ALTER TABLE governor.decisions ADD CONSTRAINT decisions_kind_check CHECK (kind IN ('tick', 'kickoff', 'fleet-health'));
