-- The change log (docs/lifecycle.md#the-change-log): one entry per published item a transaction changed, written by
-- row-level triggers on the tables that hold what the REST routes serve by id and on every withdrawals table, in the
-- writer's own transaction, whoever the writer is (the importer, the governor, the withdraw command, plain SQL).
--
-- Order: (xid, pos). xid is the writing transaction's id (pg_current_xact_id, 64 bits, never wraps); pos orders the
-- entries of one transaction. A reader only ever hands out entries whose xid is below its snapshot's xmin, the
-- oldest transaction still running: every transaction with a smaller xid has ended, so no entry with a smaller
-- (xid, pos) can appear later. A transaction that began earlier and commits late holds the horizon back until it
-- commits (its entries have the smaller xid), so a reader who already holds a later entry never skips it. The price:
-- a long-running writer delays the feed by its own duration, never longer.
--
-- One entry per (transaction, kind, id): a later change of the same item in the same transaction replaces it (and
-- moves to the end of the transaction's entries), so the entry carries the item's state at commit.
CREATE SEQUENCE changes.log_pos;

CREATE TABLE changes.log (
  xid    xid8   NOT NULL DEFAULT pg_current_xact_id(),
  pos    bigint NOT NULL DEFAULT nextval('changes.log_pos'),
  kind   text   NOT NULL,
  id     text   NOT NULL,
  change text   NOT NULL CHECK (change IN ('upserted', 'withdrawn')),
  at     bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
  UNIQUE (xid, kind, id)
);
CREATE INDEX log_order ON changes.log (xid, pos);

-- The key cursors are signed with: made once, here, so every replica and every restart shares it without a setting.
CREATE TABLE changes.cursor_key (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  key      text    NOT NULL
);
INSERT INTO changes.cursor_key (key) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

CREATE FUNCTION changes.record(kind text, id text, change text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO changes.log (kind, id, change) VALUES (kind, id, change)
  ON CONFLICT (xid, kind, id) DO UPDATE
    SET change = EXCLUDED.change, at = EXCLUDED.at, pos = nextval('changes.log_pos')
$$;

-- The id of a weekly: the Monday of its ISO week and the analyst (any date of the week names the same report).
CREATE FUNCTION changes.weekly_id(work_date date, analyst_id text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', work_date)::date::text || '/' || analyst_id
$$;

CREATE FUNCTION changes.on_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'daily' THEN
    PERFORM changes.record('daily', NEW.work_date::text, 'upserted');
  ELSE
    PERFORM changes.record('weekly', changes.weekly_id(NEW.work_date, NEW.analyst_id), 'upserted');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON reports.reports
  FOR EACH ROW EXECUTE FUNCTION changes.on_report();

CREATE FUNCTION changes.on_data_topic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM changes.record('data-topics', NEW.work_date::text || '/' || NEW.topic, 'upserted');
  RETURN NULL;
END $$;
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON reports.data_topics
  FOR EACH ROW EXECUTE FUNCTION changes.on_data_topic();

CREATE FUNCTION changes.on_thread_part() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE board text;
BEGIN
  IF TG_TABLE_NAME IN ('threads', 'cards') THEN
    board := NEW.board_id::text;
  ELSE
    SELECT c.board_id::text INTO board FROM catalog.cards c WHERE c.card_id = NEW.card_id;
  END IF;
  PERFORM changes.record('threads', board, 'upserted');
  RETURN NULL;
END $$;
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON catalog.threads
  FOR EACH ROW EXECUTE FUNCTION changes.on_thread_part();
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON catalog.cards
  FOR EACH ROW EXECUTE FUNCTION changes.on_thread_part();
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON catalog.card_reports
  FOR EACH ROW EXECUTE FUNCTION changes.on_thread_part();
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON catalog.card_actions
  FOR EACH ROW EXECUTE FUNCTION changes.on_thread_part();

CREATE FUNCTION changes.on_fact_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM changes.record('fact-cards', NEW.fact_card_id, 'upserted');
  RETURN NULL;
END $$;
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON factcard.fact_cards
  FOR EACH ROW EXECUTE FUNCTION changes.on_fact_card();

-- A withdrawal or a reinstatement: the item it names, withdrawn or back. A draft (reports) or a part of a thread
-- (cards, card-reports, card-actions) changes what its report or thread serves: the report is withdrawn when no
-- published copy is left, else upserted; the thread is upserted. Kinds no route serves by id are not in the log.
CREATE FUNCTION changes.on_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  state text := CASE WHEN NEW.reinstated_at IS NULL THEN 'withdrawn' ELSE 'upserted' END;
  r record;
  board text;
BEGIN
  IF NEW.kind IN ('daily', 'weekly', 'data-topics', 'threads', 'fact-cards') THEN
    PERFORM changes.record(NEW.kind, NEW.item_id, state);
  ELSIF NEW.kind = 'reports' THEN
    SELECT kind, work_date, analyst_id INTO r FROM reports.reports WHERE report_id = NEW.item_id;
    IF r.kind = 'daily' THEN
      PERFORM changes.record('daily', r.work_date::text,
        CASE WHEN EXISTS (SELECT 1 FROM reports.published_reports p WHERE p.kind = 'daily' AND p.work_date = r.work_date)
             THEN 'upserted' ELSE 'withdrawn' END);
    ELSIF r.kind = 'weekly' THEN
      PERFORM changes.record('weekly', changes.weekly_id(r.work_date, r.analyst_id),
        CASE WHEN EXISTS (SELECT 1 FROM reports.published_reports p
                           WHERE p.kind = 'weekly' AND p.analyst_id = r.analyst_id
                             AND changes.weekly_id(p.work_date, p.analyst_id) = changes.weekly_id(r.work_date, r.analyst_id))
             THEN 'upserted' ELSE 'withdrawn' END);
    END IF;
  ELSIF NEW.kind IN ('cards', 'card-reports', 'card-actions') THEN
    SELECT c.board_id::text INTO board FROM catalog.cards c
     WHERE c.card_id = CASE WHEN NEW.kind = 'card-reports'
                            THEN left(NEW.item_id, length(NEW.item_id) - strpos(reverse(NEW.item_id), '/'))
                            ELSE NEW.item_id END;
    IF board IS NOT NULL THEN PERFORM changes.record('threads', board, 'upserted'); END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON reports.withdrawals
  FOR EACH ROW EXECUTE FUNCTION changes.on_withdrawal();
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON catalog.withdrawals
  FOR EACH ROW EXECUTE FUNCTION changes.on_withdrawal();
CREATE TRIGGER change_log AFTER INSERT OR UPDATE ON factcard.withdrawals
  FOR EACH ROW EXECUTE FUNCTION changes.on_withdrawal();
