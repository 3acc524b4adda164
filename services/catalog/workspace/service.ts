/**
 * WorkspaceService: analyst sessions (and the workspace each hand wrote), the mailbox, events and the institute's
 * memory, read from the catalog schema through the SELECT-only pool. Lists return at most `limit` rows; the
 * caller over-fetches by one to learn whether more exist.
 */
import type { ServiceImpl } from "@connectrpc/connect";
import type { WorkspaceService } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import type { ServiceDeps } from "../../deps.js";
import {
  afterSeq,
  fetchLimit,
  keysetAfter,
  notFound,
  optionalId,
  optionalWorkDate,
  requireId,
} from "../../request-checks.js";
import { createEventsStore } from "./events-store.js";
import { createMailboxStore } from "./mailbox-store.js";
import { createMemoryStore } from "./memory-store.js";
import { createSessionsStore } from "./sessions-store.js";

export function createWorkspaceService(deps: Pick<ServiceDeps, "db">): ServiceImpl<typeof WorkspaceService> {
  const sessions = createSessionsStore(deps.db);
  const mailbox = createMailboxStore(deps.db);
  const events = createEventsStore(deps.db);
  const memory = createMemoryStore(deps.db);

  async function sessionOrThrow(sessionId: string) {
    const session = await sessions.get(requireId(sessionId, "session_id"));
    if (!session) throw notFound(`session not found: ${sessionId}`);
    return session;
  }

  async function threadOrThrow(threadId: string) {
    const thread = await mailbox.thread(requireId(threadId, "thread_id"));
    if (!thread) throw notFound(`mailbox thread not found: ${threadId}`);
    return thread;
  }

  return {
    async listSessions(req) {
      const list = await sessions.list({
        analystId: optionalId(req.analystId, "analyst_id"),
        status: optionalId(req.status, "status"),
        workDate: optionalWorkDate(req.workDate, "work_date"),
        limit: fetchLimit(req.limit),
      });
      return { sessions: list };
    },

    async getSession(req) {
      return { session: await sessionOrThrow(req.sessionId) };
    },

    async listSessionMessages(req) {
      const limit = fetchLimit(req.limit);
      const after = afterSeq(req.afterSeq);
      await sessionOrThrow(req.sessionId);
      return { messages: await sessions.messages(req.sessionId, after, limit) };
    },

    async getSessionMessage(req) {
      const sessionId = requireId(req.sessionId, "session_id");
      const message = await sessions.message(sessionId, req.seq);
      if (!message) throw notFound(`message ${req.seq} not found in session ${sessionId}`);
      return { message };
    },

    async readSessionWorkspace(req) {
      const session = await sessionOrThrow(req.sessionId);
      const workspace = await sessions.workspace(req.sessionId);
      return { session, workspace: workspace ?? undefined };
    },

    async pageMailboxThreads(req) {
      const threads = await mailbox.page({
        participant: optionalId(req.participant, "participant"),
        after: keysetAfter(req.after),
        limit: fetchLimit(req.limit),
      });
      return { threads };
    },

    async getMailboxThread(req) {
      return { thread: await threadOrThrow(req.threadId) };
    },

    async listMailboxMessages(req) {
      const limit = fetchLimit(req.limit);
      await threadOrThrow(req.threadId);
      return { messages: await mailbox.messages(req.threadId, limit) };
    },

    async getMailboxMessage(req) {
      const message = await mailbox.message(requireId(req.messageId, "message_id"));
      if (!message) throw notFound(`mailbox message not found: ${req.messageId}`);
      return { message };
    },

    async listAnalystMail(req) {
      const limit = fetchLimit(req.limit);
      return { messages: await mailbox.ofAnalyst(requireId(req.analystId, "analyst_id"), limit) };
    },

    async listEvents(req) {
      const list = await events.list({
        kind: optionalId(req.kind, "kind"),
        subjectId: optionalId(req.subjectId, "subject_id"),
        analystId: optionalId(req.analystId, "analyst_id"),
        limit: fetchLimit(req.limit),
      });
      return { events: list };
    },

    async getEvent(req) {
      const event = await events.get(requireId(req.eventId, "event_id"));
      if (!event) throw notFound(`event not found: ${req.eventId}`);
      return { event };
    },

    async countEventKinds() {
      return { kinds: await events.kinds() };
    },

    async readInstituteMemory() {
      return { documents: await memory.all() };
    },
  };
}
