/** sessions.ndjson and session-messages.ndjson: analyst sessions (with the workspace the hand wrote) and their messages. */
import { date, epoch, id, int32, nullable, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const sessions = tableKind({
  name: "sessions",
  lineBound: "body",
  describe:
    "an analyst session: analyst, title, status, work date, start and end, and the workspace text the hand wrote",
  table: "catalog.sessions",
  key: ["session_id"],
  columns: [
    ["session_id", id],
    ["analyst_id", nullable(text)],
    ["title", nullable(text)],
    ["status", text],
    ["work_date", nullable(date)],
    ["started_at", epoch],
    ["ended_at", nullable(epoch)],
    ["workspace", nullable(text)],
  ],
});

export const sessionMessages = tableKind({
  name: "session-messages",
  describe: "one message of a session, by its sequence number: role, content, when",
  table: "catalog.session_messages",
  key: ["session_id", "seq"],
  columns: [
    ["session_id", id],
    ["seq", int32],
    ["role", text],
    ["content", text],
    ["created_at", epoch],
  ],
});
