/**
 * Analyst sessions as tools, scope sessions:read: sessions, their messages, and the workspace an analyst hand wrote
 * (sessions_workspace_read, never served to peers: spec §4.3).
 */
import { SessionMessageSchema, SessionSchema } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { nullableStr, object, str } from "../../schemas/common.js";
import type { ToolContext, ToolDefinition } from "../tool.js";
import { documentWindow, windowInput, windowOutput, type WindowArgs } from "./document-window.js";
import { boundedTool, overFetch } from "./bounded.js";
import { required } from "../../operations/service-answers.js";
import { assertAccess } from "./peer-guard.js";
import { afterSeqInput, idInput, input, workDateInput } from "./tool-schemas.js";
import { session, sessionMessage } from "./workspace-schemas.js";

const grant = { scope: "sessions:read" };
const sessionIdInput = idInput("The session's id.");
const SESSIONS_BOUND = { default: 50, max: 200 };
const MESSAGES_BOUND = { default: 100, max: 500 };

const list = boundedTool<{ analyst_id?: string; status?: string; work_date?: string; limit?: number }, unknown>({
  name: "sessions_list",
  title: "List analyst sessions",
  description: "Analyst sessions, most recently started first, optionally for one analyst, status or work date.",
  grant,
  toolset: "sessions",
  args: {
    analyst_id: idInput("Only this analyst's sessions."),
    status: idInput("Only sessions in this status."),
    work_date: workDateInput("Only sessions of this work date, YYYY-MM-DD."),
  },
  bound: SESSIONS_BOUND,
  rows: "sessions",
  row: session,
  fetch: (args, limit, { clients }) =>
    overFetch(limit, async (n) =>
      (
        await clients.workspace.listSessions({
          analystId: args.analyst_id ?? "",
          status: args.status ?? "",
          workDate: args.work_date ?? "",
          limit: n,
        })
      ).sessions.map((s) => protoToJson(SessionSchema, s)),
    ),
});

const get: ToolDefinition<{ session_id: string }> = {
  name: "sessions_get",
  title: "Get one session",
  description: "One analyst session by id, with its message count (not its workspace).",
  grant,
  toolset: "sessions",
  inputSchema: input({ session_id: sessionIdInput }, ["session_id"]),
  outputSchema: session,
  pager: "none",
  async call({ session_id }, { clients }) {
    return protoToJson(
      SessionSchema,
      required((await clients.workspace.getSession({ sessionId: session_id })).session, "a session"),
    );
  },
};

const messages = boundedTool<{ session_id: string; after_seq?: number; limit?: number }, unknown>({
  name: "sessions_messages",
  title: "A session's messages",
  description:
    "A session's messages in conversation order, from the first after `after_seq` (0: from the start). When has_more, call again with after_seq set to the last seq returned.",
  grant,
  toolset: "sessions",
  args: {
    session_id: sessionIdInput,
    after_seq: afterSeqInput,
  },
  required: ["session_id"],
  bound: MESSAGES_BOUND,
  rows: "messages",
  row: sessionMessage,
  context: { session_id: str },
  fetch: async (args, limit, { clients }) => ({
    ...(await overFetch(limit, async (n) =>
      (
        await clients.workspace.listSessionMessages({
          sessionId: args.session_id,
          afterSeq: args.after_seq ?? 0,
          limit: n,
        })
      ).messages.map((m) => protoToJson(SessionMessageSchema, m)),
    )),
    context: { session_id: args.session_id },
  }),
});

const message: ToolDefinition<{ session_id: string; seq: number } & WindowArgs> = {
  name: "sessions_message_get",
  title: "One session message",
  description: "One message of a session by its seq.",
  grant,
  toolset: "sessions",
  inputSchema: input(
    {
      session_id: sessionIdInput,
      seq: { type: "integer", minimum: 1, maximum: 2147483647, description: "The message's seq." },
      ...windowInput,
    },
    ["session_id", "seq"],
  ),
  outputSchema: object({ ...sessionMessage.properties, ...windowOutput }),
  pager: "none",
  async call({ session_id, seq, ...args }, { clients }) {
    const found = protoToJson(
      SessionMessageSchema,
      required((await clients.workspace.getSessionMessage({ sessionId: session_id, seq })).message, "a message"),
    );
    const { text, ...window } = documentWindow(found.content as string, args);
    return { ...found, content: text, ...window };
  },
};

const readWorkspace = async ({ session_id }: { session_id: string }, { clients }: ToolContext) => {
  const res = await clients.workspace.readSessionWorkspace({ sessionId: session_id });
  return { session: protoToJson(SessionSchema, required(res.session, "a session")), workspace: res.workspace ?? null };
};

const workspaceRead: ToolDefinition<{ session_id: string } & WindowArgs> = {
  name: "sessions_workspace_read",
  title: "Read a session's workspace",
  description:
    "The workspace of an analyst session: whatever the analyst hand wrote, verbatim (null when it wrote none). Never served to peer keys.",
  grant,
  toolset: "sessions",
  withheldFromPeers: true,
  inputSchema: input({ session_id: sessionIdInput, ...windowInput }, ["session_id"]),
  outputSchema: object({
    session,
    workspace: { ...nullableStr, description: "This window of the workspace text as written." },
    ...windowOutput,
  }),
  pager: "none",
  async call(args, ctx) {
    assertAccess(ctx.principal, workspaceRead);
    const { session: found, workspace } = await readWorkspace(args, ctx);
    const { text, ...window } = documentWindow(workspace ?? "", args);
    return { session: found, workspace: workspace === null ? null : text, ...window };
  },
};

export const SESSION_TOOLS: ToolDefinition[] = [list, get, messages, message, workspaceRead];
