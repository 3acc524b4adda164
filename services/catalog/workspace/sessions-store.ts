/** Analyst sessions and their messages (catalog.sessions, catalog.session_messages), read through the SELECT-only pool. */
import { create } from "@bufbuild/protobuf";
import {
  SessionMessageSchema,
  SessionSchema,
  type Session,
  type SessionMessage,
} from "../../../gen/institute/catalog/v1/workspace_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { int64, optionalInt64, orUndefined } from "../rows.js";

interface SessionRow {
  session_id: string;
  analyst_id: string | null;
  title: string | null;
  status: string;
  work_date: string | null;
  started_at: number;
  ended_at: number | null;
  message_count: number;
}

interface MessageRow {
  session_id: string;
  seq: number;
  role: string;
  content: string;
  created_at: number;
}

const SELECT_SESSIONS = `
  SELECT s.session_id, s.analyst_id, s.title, s.status, s.work_date, s.started_at, s.ended_at,
         (SELECT count(*) FROM catalog.session_messages m WHERE m.session_id = s.session_id)::int AS message_count
    FROM catalog.sessions s`;

// Empty filters match everything; the date is cast only when given.
const LIST = `${SELECT_SESSIONS}
   WHERE ($1 = '' OR s.analyst_id = $1) AND ($2 = '' OR s.status = $2) AND ($3 = '' OR s.work_date = NULLIF($3, '')::date)
   ORDER BY s.started_at DESC, s.session_id DESC
   LIMIT $4`;
const GET = `${SELECT_SESSIONS} WHERE s.session_id = $1`;
const WORKSPACE = "SELECT workspace FROM catalog.sessions WHERE session_id = $1";

const SELECT_MESSAGES = "SELECT session_id, seq, role, content, created_at FROM catalog.session_messages";
const MESSAGES = `${SELECT_MESSAGES} WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`;
const MESSAGE = `${SELECT_MESSAGES} WHERE session_id = $1 AND seq = $2`;

const toSession = (r: SessionRow): Session =>
  create(SessionSchema, {
    sessionId: r.session_id,
    analystId: orUndefined(r.analyst_id),
    title: orUndefined(r.title),
    status: r.status,
    workDate: orUndefined(r.work_date),
    startedAt: int64(r.started_at),
    endedAt: optionalInt64(r.ended_at),
    messageCount: r.message_count,
  });

const toMessage = (r: MessageRow): SessionMessage =>
  create(SessionMessageSchema, {
    sessionId: r.session_id,
    seq: r.seq,
    role: r.role,
    content: r.content,
    createdAt: int64(r.created_at),
  });

export interface SessionFilter {
  analystId: string;
  status: string;
  workDate: string;
  limit: number;
}

export interface SessionsStore {
  list(filter: SessionFilter): Promise<Session[]>;
  get(sessionId: string): Promise<Session | undefined>;
  /** undefined: no such session; null: a session without a workspace. */
  workspace(sessionId: string): Promise<string | null | undefined>;
  messages(sessionId: string, afterSeq: number, limit: number): Promise<SessionMessage[]>;
  message(sessionId: string, seq: number): Promise<SessionMessage | undefined>;
}

export function createSessionsStore(db: Pool): SessionsStore {
  return {
    async list({ analystId, status, workDate, limit }) {
      const { rows } = await db.query<SessionRow>({
        name: "workspace.sessions.list",
        text: LIST,
        values: [analystId, status, workDate, limit],
      });
      return rows.map(toSession);
    },
    async get(sessionId) {
      const { rows } = await db.query<SessionRow>({ name: "workspace.sessions.get", text: GET, values: [sessionId] });
      return rows[0] && toSession(rows[0]);
    },
    async workspace(sessionId) {
      const { rows } = await db.query<{ workspace: string | null }>({
        name: "workspace.sessions.workspace",
        text: WORKSPACE,
        values: [sessionId],
      });
      return rows[0]?.workspace;
    },
    async messages(sessionId, afterSeq, limit) {
      const { rows } = await db.query<MessageRow>({
        name: "workspace.messages.list",
        text: MESSAGES,
        values: [sessionId, afterSeq, limit],
      });
      return rows.map(toMessage);
    },
    async message(sessionId, seq) {
      const { rows } = await db.query<MessageRow>({
        name: "workspace.messages.get",
        text: MESSAGE,
        values: [sessionId, seq],
      });
      return rows[0] && toMessage(rows[0]);
    },
  };
}
