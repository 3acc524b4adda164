/**
 * Hand-made rows of the tables the tool endpoint serves beyond REST (sessions, messages, mailbox, events, memory),
 * written through the owner pool. Named rows are small enough to state every expected answer literally; bulk rows
 * sit below them in every order, to exercise bounds. Ties on a timestamp are deliberate: the id breaks them.
 */
import type { Pool } from "../../lib/db/pool.js";

/** 2026-03-09T00:00:00Z, epoch milliseconds. */
export const T0 = Date.UTC(2026, 2, 9);

export const BULK_SESSIONS = 40; // analyst a-beta, started before every named session
export const BULK_MAIL_THREADS = 30; // participant a-free, active before every named thread
export const BULK_EVENTS = 60; // kind 'tick', before every named event

export const WORKSPACE_TEXT = "# Notes\n\nFunding stress eases; watch the repo spread.\n";
export const MEMORY = {
  house: "Rates lower into 2027.\n\n",
  risk: "Never exceed 2% of NAV per idea.",
};

export async function fillWorkspace(owner: Pool): Promise<void> {
  const q = (text: string, values: unknown[] = []) => owner.query(text, values);

  await q(
    `INSERT INTO catalog.sessions (session_id, analyst_id, title, status, work_date, started_at, ended_at, workspace) VALUES
      ('s-alpha-1', 'a-alpha', 'USD liquidity deep dive', 'completed', '2026-03-09', $1::bigint + 1000, $1::bigint + 5000, $2),
      ('s-zeta-1', 'a-zeta', 'Copper', 'running', '2026-03-10', $1::bigint + 2000, NULL, NULL),
      ('s-anon', NULL, NULL, 'failed', NULL, $1::bigint + 2000, NULL, '')`,
    [T0, WORKSPACE_TEXT],
  );
  await q(
    `INSERT INTO catalog.sessions (session_id, analyst_id, title, status, work_date, started_at)
     SELECT 'bulk-session-' || lpad(i::text, 2, '0'), 'a-beta', 'Bulk ' || i, 'completed', '2026-01-05', $1::bigint - i * 1000
       FROM generate_series(1, ${BULK_SESSIONS}) i`,
    [T0],
  );
  await q(
    `INSERT INTO catalog.session_messages (session_id, seq, role, content, created_at) VALUES
      ('s-alpha-1', 2, 'assistant', 'Repo rates eased.', $1::bigint + 1200),
      ('s-alpha-1', 1, 'user', 'What moved funding?', $1::bigint + 1100),
      ('s-alpha-1', 3, 'user', 'Thanks.', $1::bigint + 1300),
      ('s-zeta-1', 1, 'user', 'Start on copper.', $1::bigint + 2100)`,
    [T0],
  );

  await q(
    `INSERT INTO catalog.mailbox_threads (thread_id, subject, participants, message_count, last_message_at, created_at) VALUES
      ('m-rates', 'Rates call', '{a-alpha,a-beta}', 2, $1::bigint + 3000, $1::bigint + 100),
      ('m-copper', 'Copper check', '{a-zeta,a-alpha}', 1, $1::bigint + 4000, $1::bigint + 200),
      ('m-tie', 'Same second', '{a-gamma}', 0, $1::bigint + 3000, $1::bigint + 300)`,
    [T0],
  );
  await q(
    `INSERT INTO catalog.mailbox_threads (thread_id, subject, participants, message_count, last_message_at, created_at)
     SELECT 'bulk-thread-' || lpad(i::text, 2, '0'), 'Bulk ' || i, '{a-free}', 0, $1::bigint - i, $1::bigint - i
       FROM generate_series(1, ${BULK_MAIL_THREADS}) i`,
    [T0],
  );
  await q(
    `INSERT INTO catalog.mailbox_messages (message_id, thread_id, from_analyst, to_analyst, body, sent_at) VALUES
      ('mm-2', 'm-rates', 'a-beta', NULL, 'Agree.', $1::bigint + 3000),
      ('mm-1', 'm-rates', 'a-alpha', 'a-beta', 'Rates heading lower?', $1::bigint + 2500),
      ('mm-3', 'm-copper', 'a-zeta', 'a-alpha', 'Smelter cuts confirmed.', $1::bigint + 4000)`,
    [T0],
  );

  await q(
    `INSERT INTO catalog.events (event_id, kind, subject_id, analyst_id, detail, occurred_at) VALUES
      ('e-1', 'thread.completed', 'board-1', 'a-zeta', '{"cards": 3}', $1::bigint + 500),
      ('e-2', 'card.started', 'c-zh', 'a-alpha', '{}', $1::bigint + 600),
      ('e-3', 'thread.completed', 'board-2', 'a-alpha', '{"cards": 1, "note": null}', $1::bigint + 700),
      ('e-4', 'kickoff', NULL, NULL, '{"pool_id": "p-top"}', $1::bigint + 700)`,
    [T0],
  );
  await q(
    `INSERT INTO catalog.events (event_id, kind, occurred_at)
     SELECT 'bulk-event-' || lpad(i::text, 2, '0'), 'tick', $1::bigint - i FROM generate_series(1, ${BULK_EVENTS}) i`,
    [T0],
  );

  await q(
    `INSERT INTO catalog.institute_memory (memory_id, title, body, updated_at) VALUES
      ('mem-2', 'Risk rules', $2, $1::bigint + 20),
      ('mem-1', 'House view', $3, $1::bigint + 10)`,
    [T0, MEMORY.risk, MEMORY.house],
  );
}
