-- Data versions of the catalog schema: one sequence per table, advanced by a statement-level trigger on any insert,
-- update, delete or truncate of that table, which also announces 'catalog.<table>' on the data_versions channel
-- (PostgreSQL delivers it at commit, to every session listening, in commit order, and never for a rollback). Every
-- writer is covered, whoever it is: the importer, the governor, or the institute's own SQL. Each gateway replica
-- listens and drops the cached answers it derived from this schema (gateway/read-cache/).
--
-- Sequences rather than a row per table: nextval takes no row lock, so concurrent writers of one table never queue
-- on their version (an UPDATE of a version row would hold it until the writer commits). catalog.data_versions
-- shows them as rows: kind (the table) and version (how many writing statements it has seen).
CREATE FUNCTION catalog.bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(format('%I.%I', TG_TABLE_SCHEMA, 'data_version__' || TG_TABLE_NAME));
  PERFORM pg_notify('data_versions', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- Every table the schema has now; a later migration that adds a table adds its sequence and trigger (a test checks it).
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'catalog' ORDER BY 1 LOOP
    EXECUTE format('CREATE SEQUENCE catalog.%I', 'data_version__' || t);
    EXECUTE format('CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog.%I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION catalog.bump_data_version()', t);
  END LOOP;
END
$$;

CREATE VIEW catalog.data_versions AS
  SELECT substr(sequencename, length('data_version__') + 1) AS kind, coalesce(last_value, 0) AS version
    FROM pg_sequences WHERE schemaname = 'catalog' AND starts_with(sequencename, 'data_version__');
