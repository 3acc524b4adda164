-- What the tool endpoint serves beyond REST: analyst sessions, the mailbox, events and institute memory.
CREATE TABLE catalog.sessions (
  session_id  text PRIMARY KEY,
  analyst_id  text,
  title       text,
  status      text NOT NULL,
  work_date   date,
  started_at  bigint NOT NULL,
  ended_at    bigint,
  workspace   text -- whatever the analyst hand wrote; never served to peers
);
CREATE INDEX sessions_recent ON catalog.sessions (started_at DESC, session_id DESC);

CREATE TABLE catalog.session_messages (
  session_id text NOT NULL REFERENCES catalog.sessions ON DELETE CASCADE,
  seq        integer NOT NULL,
  role       text NOT NULL,
  content    text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (session_id, seq)
);

CREATE TABLE catalog.mailbox_threads (
  thread_id       text PRIMARY KEY,
  subject         text NOT NULL,
  participants    text[] NOT NULL DEFAULT '{}',
  message_count   integer NOT NULL DEFAULT 0,
  last_message_at bigint NOT NULL,
  created_at      bigint NOT NULL
);
CREATE INDEX mailbox_threads_recent ON catalog.mailbox_threads (last_message_at DESC, thread_id DESC);

CREATE TABLE catalog.mailbox_messages (
  message_id   text PRIMARY KEY,
  thread_id    text NOT NULL REFERENCES catalog.mailbox_threads ON DELETE CASCADE,
  from_analyst text NOT NULL,
  to_analyst   text,
  body         text NOT NULL,
  sent_at      bigint NOT NULL
);
CREATE INDEX mailbox_messages_thread ON catalog.mailbox_messages (thread_id, sent_at);

CREATE TABLE catalog.events (
  event_id    text PRIMARY KEY,
  kind        text NOT NULL,
  subject_id  text,
  analyst_id  text,
  detail      jsonb NOT NULL DEFAULT '{}',
  occurred_at bigint NOT NULL
);
CREATE INDEX events_recent ON catalog.events (occurred_at DESC, event_id DESC);

-- The institute's long-lived memory document(s), markdown; never served to peers.
CREATE TABLE catalog.institute_memory (
  memory_id  text PRIMARY KEY,
  title      text NOT NULL,
  body       text NOT NULL,
  updated_at bigint NOT NULL
);
