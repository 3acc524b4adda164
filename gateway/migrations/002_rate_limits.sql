-- Per-credential rate limits shared by every gateway replica (gateway/rate-limit/): one token bucket per partition
-- (a key id, a peer party, an OAuth subject's digest, or a client address), kept as its theoretical arrival time
-- (GCRA) in epoch milliseconds. A row whose tat has passed is a full bucket and may be deleted at any time.
-- UNLOGGED: counters need no crash safety (a crash or failover forgets them, which only refills buckets), and an
-- unlogged table writes no WAL on the hot path. No index besides the key, so each update can be HOT (fillfactor).
CREATE UNLOGGED TABLE auth.rate_limits (
  bucket text PRIMARY KEY CHECK (length(bucket) <= 200),
  tat    double precision NOT NULL
) WITH (fillfactor = 70);
