-- A version per portfolio's NAV series, bumped in the same transaction as any change to its snapshots (insert,
-- update, delete, truncate), so the metrics cache can tell in one index lookup whether a cached result still holds,
-- instead of aggregating every snapshot on each request. Statement-level triggers: one bump per portfolio per
-- statement, however many rows it touched.
CREATE TABLE portfolio.series_versions (
  portfolio_id text PRIMARY KEY,
  version      bigint NOT NULL
);

INSERT INTO portfolio.series_versions (portfolio_id, version)
SELECT portfolio_id, 1 FROM portfolio.nav_snapshots GROUP BY portfolio_id;

-- Updates (a portfolio's old and new rows) and truncation (every portfolio).
CREATE FUNCTION portfolio.bump_series_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE portfolio.series_versions SET version = version + 1;
    RETURN NULL;
  END IF;
  INSERT INTO portfolio.series_versions AS v (portfolio_id, version)
  SELECT DISTINCT c.portfolio_id, 1
    FROM (SELECT portfolio_id FROM changed_new UNION ALL SELECT portfolio_id FROM changed_old) c
  ORDER BY 1
  ON CONFLICT (portfolio_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;

-- An insert names only the new rows, a delete only the old ones (an update, above, both).
CREATE FUNCTION portfolio.bump_series_versions_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO portfolio.series_versions AS v (portfolio_id, version)
  SELECT DISTINCT portfolio_id, 1 FROM changed_new ORDER BY 1
  ON CONFLICT (portfolio_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;

CREATE FUNCTION portfolio.bump_series_versions_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO portfolio.series_versions AS v (portfolio_id, version)
  SELECT DISTINCT portfolio_id, 1 FROM changed_old ORDER BY 1
  ON CONFLICT (portfolio_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER nav_snapshots_inserted AFTER INSERT ON portfolio.nav_snapshots
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION portfolio.bump_series_versions_insert();
CREATE TRIGGER nav_snapshots_updated AFTER UPDATE ON portfolio.nav_snapshots
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION portfolio.bump_series_versions();
CREATE TRIGGER nav_snapshots_deleted AFTER DELETE ON portfolio.nav_snapshots
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION portfolio.bump_series_versions_delete();
CREATE TRIGGER nav_snapshots_truncated AFTER TRUNCATE ON portfolio.nav_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio.bump_series_versions();
