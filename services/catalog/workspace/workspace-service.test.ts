/**
 * WorkspaceService through the in-memory Connect router transport over a fresh database: orders (ties broken by
 * id), filters, the keyset position of the mailbox, and the Connect codes internal callers see. What the tools make
 * of it is asserted in gateway/mcp/tools.
 */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WorkspaceService } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/test-database.js";
import { createWorkspaceService } from "./service.js";
import { BULK_EVENTS, BULK_MAIL_THREADS, BULK_SESSIONS, fillWorkspace, T0 } from "../../../test/fixtures/workspace.js";

let db: TestDatabase;
let client: Client<typeof WorkspaceService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "workspace");
  await fillWorkspace(db.owner);
  client = createClient(
    WorkspaceService,
    createRouterTransport((r) => r.service(WorkspaceService, createWorkspaceService({ db: db.reader }))),
  );
});
afterAll(() => db?.drop());

async function failure(call: Promise<unknown>): Promise<{ code: Code; message: string }> {
  const err = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectError);
  return { code: (err as ConnectError).code, message: (err as ConnectError).rawMessage };
}

describe("sessions", () => {
  it("lists newest first, the session id breaking a tie on started_at, with message counts", async () => {
    const { sessions } = await client.listSessions({ limit: 4 });
    expect(sessions.map((s) => [s.sessionId, s.messageCount])).toEqual([
      ["s-zeta-1", 1],
      ["s-anon", 0],
      ["s-alpha-1", 3],
      ["bulk-session-01", 0],
    ]);
  });

  it("filters by analyst, status and work date, each alone and together", async () => {
    const ids = async (req: Parameters<typeof client.listSessions>[0]) =>
      (await client.listSessions({ limit: 100, ...req })).sessions.map((s) => s.sessionId);
    expect(await ids({ analystId: "a-alpha" })).toEqual(["s-alpha-1"]);
    expect(await ids({ status: "failed" })).toEqual(["s-anon"]);
    expect(await ids({ workDate: "2026-03-10" })).toEqual(["s-zeta-1"]);
    expect((await ids({ analystId: "a-beta", workDate: "2026-01-05", status: "completed" })).length).toBe(
      BULK_SESSIONS,
    );
    expect(await ids({ analystId: "a-beta", status: "running" })).toEqual([]);
  });

  it("returns messages in seq order after a position, and NotFound for an unknown session", async () => {
    const { messages } = await client.listSessionMessages({ sessionId: "s-alpha-1", afterSeq: 1, limit: 10 });
    expect(messages.map((m) => [m.seq, m.role, m.content])).toEqual([
      [2, "assistant", "Repo rates eased."],
      [3, "user", "Thanks."],
    ]);
    expect(await failure(client.listSessionMessages({ sessionId: "nope", limit: 1 }))).toEqual({
      code: Code.NotFound,
      message: "session not found: nope",
    });
    expect(await failure(client.getSessionMessage({ sessionId: "s-alpha-1", seq: 9 }))).toEqual({
      code: Code.NotFound,
      message: "message 9 not found in session s-alpha-1",
    });
  });

  it("reads a workspace as written: text, empty, or unset", async () => {
    expect((await client.readSessionWorkspace({ sessionId: "s-alpha-1" })).workspace).toBe(
      "# Notes\n\nFunding stress eases; watch the repo spread.\n",
    );
    expect((await client.readSessionWorkspace({ sessionId: "s-anon" })).workspace).toBe("");
    expect((await client.readSessionWorkspace({ sessionId: "s-zeta-1" })).workspace).toBeUndefined();
  });
});

describe("mailbox", () => {
  it("pages threads by keyset: most recent first, the thread id breaking ties, strictly after the position", async () => {
    const first = await client.pageMailboxThreads({ limit: 3 });
    expect(first.threads.map((t) => t.threadId)).toEqual(["m-copper", "m-tie", "m-rates"]);
    const after = await client.pageMailboxThreads({ after: { at: BigInt(T0 + 3000), id: "m-tie" }, limit: 2 });
    expect(after.threads.map((t) => t.threadId)).toEqual(["m-rates", "bulk-thread-01"]);
    const all = await client.pageMailboxThreads({ limit: 1001 });
    expect(all.threads).toHaveLength(3 + BULK_MAIL_THREADS);
  });

  it("filters threads by participant", async () => {
    const { threads } = await client.pageMailboxThreads({ participant: "a-alpha", limit: 10 });
    expect(threads.map((t) => [t.threadId, t.participants])).toEqual([
      ["m-copper", ["a-zeta", "a-alpha"]],
      ["m-rates", ["a-alpha", "a-beta"]],
    ]);
  });

  it("lists a thread's messages oldest first, and an analyst's mail newest first", async () => {
    expect(
      (await client.listMailboxMessages({ threadId: "m-rates", limit: 10 })).messages.map((m) => m.messageId),
    ).toEqual(["mm-1", "mm-2"]);
    expect(
      (await client.listAnalystMail({ analystId: "a-alpha", limit: 10 })).messages.map((m) => m.messageId),
    ).toEqual(["mm-3", "mm-1"]);
    expect(await failure(client.listMailboxMessages({ threadId: "m-none", limit: 1 }))).toEqual({
      code: Code.NotFound,
      message: "mailbox thread not found: m-none",
    });
  });
});

describe("events and memory", () => {
  it("lists events newest first with filters, and counts kinds", async () => {
    const { events } = await client.listEvents({ limit: 5 });
    expect(events.map((e) => e.eventId)).toEqual(["e-4", "e-3", "e-2", "e-1", "bulk-event-01"]);
    expect(events[0]!.detail).toEqual({ pool_id: "p-top" });
    expect(
      (await client.listEvents({ kind: "thread.completed", analystId: "a-alpha", limit: 5 })).events.map(
        (e) => e.eventId,
      ),
    ).toEqual(["e-3"]);
    expect((await client.countEventKinds({})).kinds.map((k) => [k.kind, k.count])).toEqual([
      ["card.started", 1],
      ["kickoff", 1],
      ["thread.completed", 2],
      ["tick", BULK_EVENTS],
    ]);
  });

  it("reads every memory document by title", async () => {
    expect((await client.readInstituteMemory({})).documents.map((d) => d.memoryId)).toEqual(["mem-1", "mem-2"]);
  });
});

describe("request checks", () => {
  it("refuses limits outside 1 to 1001, malformed filters and positions, naming the field", async () => {
    expect(await failure(client.listSessions({ limit: 0 }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid limit 0: must be between 1 and 1001",
    });
    expect(await failure(client.listEvents({ limit: 1002 }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid limit 1002: must be between 1 and 1001",
    });
    expect(await failure(client.listSessions({ limit: 1, workDate: "2026-02-30" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid work_date '2026-02-30': expected a YYYY-MM-DD calendar date",
    });
    expect(await failure(client.listEvents({ limit: 1, kind: "a\u0000b" }))).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(await failure(client.getSession({ sessionId: "" }))).toEqual({
      code: Code.InvalidArgument,
      message: "missing session_id",
    });
    expect(await failure(client.pageMailboxThreads({ limit: 1, after: { at: 1n, id: "" } }))).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(await failure(client.listSessionMessages({ sessionId: "s-alpha-1", afterSeq: -1, limit: 1 }))).toMatchObject(
      { code: Code.InvalidArgument },
    );
  });
});
