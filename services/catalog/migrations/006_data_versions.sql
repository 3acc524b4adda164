-- Data versions of the catalog schema: one row per table, bumped by a statement-level trigger in the same
-- transaction as any insert, update, delete or truncate of that table, which also announces 'catalog.<table>' on
-- the data_versions channel (PostgreSQL delivers it at commit, to every session listening, in commit order). Every
-- writer is covered, whoever it is: the importer, the governor, or the institute's own SQL. Each gateway replica
-- listens and drops the cached answers it derived from this schema (gateway/read-cache/).
CREATE TABLE catalog.data_versions (
  kind    text PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION catalog.bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog.data_versions AS v (kind, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (kind) DO UPDATE SET version = v.version + 1;
  PERFORM pg_notify('data_versions', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- Every table the schema has now; a later migration that adds a table adds its trigger (a test checks it).
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'catalog' AND tablename <> 'data_versions' ORDER BY 1 LOOP
    EXECUTE format('CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog.%I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION catalog.bump_data_version()', t);
  END LOOP;
END
$$;
