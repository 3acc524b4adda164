/** The analysts' mailbox (catalog.mailbox_threads, catalog.mailbox_messages). */
import { create } from "@bufbuild/protobuf";
import {
  MailboxMessageSchema,
  MailboxThreadSchema,
  type MailboxMessage,
  type MailboxThread,
} from "../../../gen/institute/catalog/v1/workspace_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { int64, orUndefined } from "../rows.js";

interface ThreadRow {
  thread_id: string;
  subject: string;
  participants: string[];
  message_count: number;
  last_message_at: number;
  created_at: number;
}

interface MessageRow {
  message_id: string;
  thread_id: string;
  from_analyst: string;
  to_analyst: string | null;
  body: string;
  sent_at: number;
}

const SELECT_THREADS =
  "SELECT thread_id, subject, participants, message_count, last_message_at, created_at FROM catalog.mailbox_threads";

// Keyset: the rows strictly after (last_message_at, thread_id) in descending order; the row comparison walks the
// index mailbox_threads_recent. Without a position ($2 null) the page starts at the top.
const PAGE = `${SELECT_THREADS}
   WHERE ($1 = '' OR $1 = ANY (participants))
     AND ($2::bigint IS NULL OR (last_message_at, thread_id) < ($2::bigint, $3::text))
   ORDER BY last_message_at DESC, thread_id DESC
   LIMIT $4`;
const GET_THREAD = `${SELECT_THREADS} WHERE thread_id = $1`;

const SELECT_MESSAGES =
  "SELECT message_id, thread_id, from_analyst, to_analyst, body, sent_at FROM catalog.mailbox_messages";
const OF_THREAD = `${SELECT_MESSAGES} WHERE thread_id = $1 ORDER BY sent_at, message_id LIMIT $2`;
const GET_MESSAGE = `${SELECT_MESSAGES} WHERE message_id = $1`;
const OF_ANALYST = `${SELECT_MESSAGES} WHERE from_analyst = $1 OR to_analyst = $1 ORDER BY sent_at DESC, message_id DESC LIMIT $2`;

const toThread = (r: ThreadRow): MailboxThread =>
  create(MailboxThreadSchema, {
    threadId: r.thread_id,
    subject: r.subject,
    participants: r.participants,
    messageCount: r.message_count,
    lastMessageAt: int64(r.last_message_at),
    createdAt: int64(r.created_at),
  });

const toMessage = (r: MessageRow): MailboxMessage =>
  create(MailboxMessageSchema, {
    messageId: r.message_id,
    threadId: r.thread_id,
    fromAnalyst: r.from_analyst,
    toAnalyst: orUndefined(r.to_analyst),
    body: r.body,
    sentAt: int64(r.sent_at),
  });

export interface MailboxStore {
  page(filter: {
    participant: string;
    after: { at: number; id: string } | undefined;
    limit: number;
  }): Promise<MailboxThread[]>;
  thread(threadId: string): Promise<MailboxThread | undefined>;
  messages(threadId: string, limit: number): Promise<MailboxMessage[]>;
  message(messageId: string): Promise<MailboxMessage | undefined>;
  ofAnalyst(analystId: string, limit: number): Promise<MailboxMessage[]>;
}

export function createMailboxStore(db: Pool): MailboxStore {
  return {
    async page({ participant, after, limit }) {
      const { rows } = await db.query<ThreadRow>({
        name: "workspace.mailbox.page",
        text: PAGE,
        values: [participant, after?.at ?? null, after?.id ?? null, limit],
      });
      return rows.map(toThread);
    },
    async thread(threadId) {
      const { rows } = await db.query<ThreadRow>({
        name: "workspace.mailbox.thread",
        text: GET_THREAD,
        values: [threadId],
      });
      return rows[0] && toThread(rows[0]);
    },
    async messages(threadId, limit) {
      const { rows } = await db.query<MessageRow>({
        name: "workspace.mailbox.messages",
        text: OF_THREAD,
        values: [threadId, limit],
      });
      return rows.map(toMessage);
    },
    async message(messageId) {
      const { rows } = await db.query<MessageRow>({
        name: "workspace.mailbox.message",
        text: GET_MESSAGE,
        values: [messageId],
      });
      return rows[0] && toMessage(rows[0]);
    },
    async ofAnalyst(analystId, limit) {
      const { rows } = await db.query<MessageRow>({
        name: "workspace.mailbox.of-analyst",
        text: OF_ANALYST,
        values: [analystId, limit],
      });
      return rows.map(toMessage);
    },
  };
}
