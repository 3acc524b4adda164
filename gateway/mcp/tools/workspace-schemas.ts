/**
 * JSON Schemas of what the tool endpoint serves beyond REST: sessions, the mailbox, events and institute memory.
 * The spec shows none of their fields (§2.14); these are the columns of the catalog schema, every member present,
 * nullable where the column is. Timestamps are epoch milliseconds.
 */
import { int, nullableInt, nullableStr, object, str, strArray } from "../../schemas/common.js";

const epochMs = { ...int, description: "Epoch milliseconds." };
const nullableEpochMs = { ...nullableInt, description: "Epoch milliseconds, or null." };

export const session = object({
  session_id: str,
  analyst_id: nullableStr,
  title: nullableStr,
  status: str,
  work_date: { type: ["string", "null"], pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
  started_at: epochMs,
  ended_at: nullableEpochMs,
  message_count: { type: "integer", minimum: 0 },
});

export const sessionMessage = object({
  session_id: str,
  seq: { type: "integer", minimum: 1, description: "Position in the conversation, from 1." },
  role: str,
  content: str,
  created_at: epochMs,
});

export const mailboxThread = object({
  thread_id: str,
  subject: str,
  participants: { ...strArray, description: "Analyst ids." },
  message_count: { type: "integer", minimum: 0 },
  last_message_at: epochMs,
  created_at: epochMs,
});

export const mailboxMessage = object({
  message_id: str,
  thread_id: str,
  from_analyst: str,
  to_analyst: { ...nullableStr, description: "null for a message to the whole thread." },
  body: str,
  sent_at: epochMs,
});

export const event = object({
  event_id: str,
  kind: str,
  subject_id: {
    ...nullableStr,
    description: "What the event is about (a board, card, session, …), when it names one.",
  },
  analyst_id: nullableStr,
  detail: { type: "object", additionalProperties: true, description: "Kind-specific detail, as recorded." },
  occurred_at: epochMs,
});

export const eventKindCount = object({ kind: str, count: { type: "integer", minimum: 1 }, last_occurred_at: epochMs });

export const memoryDocumentSummary = object({
  memory_id: str,
  title: str,
  updated_at: epochMs,
  chars: { type: "integer", minimum: 0 },
});
