/** mailbox-threads.ndjson and mailbox-messages.ndjson: the analysts' mailbox. */
import { epoch, id, int32, nullable, text, textArray } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const mailboxThreads = tableKind({
  name: "mailbox-threads",
  describe: "a mailbox thread: subject, participants, message count, last message time, creation time",
  table: "catalog.mailbox_threads",
  key: ["thread_id"],
  columns: [
    ["thread_id", id],
    ["subject", text],
    ["participants", textArray],
    ["message_count", int32],
    ["last_message_at", epoch],
    ["created_at", epoch],
  ],
});

export const mailboxMessages = tableKind({
  name: "mailbox-messages",
  describe: "a mailbox message: its thread, sender, recipient (null: the thread), body, when sent",
  table: "catalog.mailbox_messages",
  key: ["message_id"],
  columns: [
    ["message_id", id],
    ["thread_id", id],
    ["from_analyst", text],
    ["to_analyst", nullable(text)],
    ["body", text],
    ["sent_at", epoch],
  ],
});
