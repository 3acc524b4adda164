/**
 * The analysts' mailbox as tools, scope mailbox:read: threads (a keyset walk through the shared pager), one
 * thread, a thread's messages, one message, and an analyst's mail across threads.
 */
import { MailboxMessageSchema, MailboxThreadSchema } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { str } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { boundedTool, limitInput, overFetch } from "./bounded.js";
import { cursorInput, keysetAfter, keysetPage } from "./keyset-pager.js";
import { required } from "../../operations/service-answers.js";
import { idInput, input, keysetList } from "./tool-schemas.js";
import { mailboxMessage, mailboxThread } from "./workspace-schemas.js";

const grant = { scope: "mailbox:read" };
const threadIdInput = idInput("The mailbox thread's id.");
const THREADS_BOUND = { default: 50, max: 200 };
const MESSAGES_BOUND = { default: 100, max: 500 };

const listThreads: ToolDefinition<{ participant?: string; limit?: number; cursor?: string }> = {
  name: "mailbox_list_threads",
  title: "Page through mailbox threads",
  description:
    "Mailbox threads, most recent activity first, optionally only those an analyst takes part in. Keyset-paged: each thread once across the walk.",
  grant,
  toolset: "mailbox",
  inputSchema: input({
    participant: idInput("Only threads this analyst takes part in."),
    limit: limitInput(THREADS_BOUND, "threads"),
    cursor: cursorInput,
  }),
  outputSchema: keysetList("threads", mailboxThread),
  bound: THREADS_BOUND,
  pager: "keyset",
  async call(args, { clients, cursors }) {
    const participant = args.participant ?? "";
    const page = await keysetPage({
      cursors,
      tool: "mailbox_list_threads",
      filters: { participant },
      cursor: args.cursor,
      limit: args.limit,
      bound: THREADS_BOUND,
      fetch: (after, limit) =>
        overFetch(
          limit,
          async (n) =>
            (await clients.workspace.pageMailboxThreads({ participant, after: keysetAfter(after), limit: n })).threads,
        ),
      positionOf: (t) => ({ at: Number(t.lastMessageAt), id: t.threadId }),
    });
    return {
      threads: page.rows.map((t) => protoToJson(MailboxThreadSchema, t)),
      count: page.rows.length,
      bound: page.bound,
      next_cursor: page.next_cursor,
    };
  },
};

const getThread: ToolDefinition<{ thread_id: string }> = {
  name: "mailbox_get_thread",
  title: "Get one mailbox thread",
  description: "One mailbox thread by id: subject, participants, message count, last activity.",
  grant,
  toolset: "mailbox",
  inputSchema: input({ thread_id: threadIdInput }, ["thread_id"]),
  outputSchema: mailboxThread,
  pager: "none",
  async call({ thread_id }, { clients }) {
    return protoToJson(
      MailboxThreadSchema,
      required((await clients.workspace.getMailboxThread({ threadId: thread_id })).thread, "a thread"),
    );
  },
};

const threadMessages = boundedTool<{ thread_id: string; limit?: number }, unknown>({
  name: "mailbox_thread_messages",
  title: "A mailbox thread's messages",
  description: "The messages of one mailbox thread, oldest first.",
  grant,
  toolset: "mailbox",
  args: { thread_id: threadIdInput },
  required: ["thread_id"],
  bound: MESSAGES_BOUND,
  rows: "messages",
  row: mailboxMessage,
  context: { thread_id: str },
  fetch: async (args, limit, { clients }) => ({
    ...(await overFetch(limit, async (n) =>
      (await clients.workspace.listMailboxMessages({ threadId: args.thread_id, limit: n })).messages.map((m) =>
        protoToJson(MailboxMessageSchema, m),
      ),
    )),
    context: { thread_id: args.thread_id },
  }),
});

const getMessage: ToolDefinition<{ message_id: string }> = {
  name: "mailbox_get_message",
  title: "Get one mailbox message",
  description: "One mailbox message by id.",
  grant,
  toolset: "mailbox",
  inputSchema: input({ message_id: idInput("The message's id.") }, ["message_id"]),
  outputSchema: mailboxMessage,
  pager: "none",
  async call({ message_id }, { clients }) {
    return protoToJson(
      MailboxMessageSchema,
      required((await clients.workspace.getMailboxMessage({ messageId: message_id })).message, "a message"),
    );
  },
};

const analystMail = boundedTool<{ analyst_id: string; limit?: number }, unknown>({
  name: "mailbox_analyst_messages",
  title: "An analyst's mail",
  description: "Messages an analyst sent or received, across every thread, newest first.",
  grant,
  toolset: "mailbox",
  args: { analyst_id: idInput("The analyst's id.") },
  required: ["analyst_id"],
  bound: THREADS_BOUND,
  rows: "messages",
  row: mailboxMessage,
  context: { analyst_id: str },
  fetch: async (args, limit, { clients }) => ({
    ...(await overFetch(limit, async (n) =>
      (await clients.workspace.listAnalystMail({ analystId: args.analyst_id, limit: n })).messages.map((m) =>
        protoToJson(MailboxMessageSchema, m),
      ),
    )),
    context: { analyst_id: args.analyst_id },
  }),
});

export const MAILBOX_TOOLS: ToolDefinition[] = [listThreads, getThread, threadMessages, getMessage, analystMail];
