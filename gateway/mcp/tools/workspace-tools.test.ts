/**
 * Sessions, mailbox, events and institute memory as tools, over hand-made rows: exact answers, output schemas,
 * the mailbox keyset cursor, not_found refusals, and the two tools withheld from peers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_EVENTS, fillWorkspace, MEMORY, T0, WORKSPACE_TEXT } from "../../../test/fixtures/workspace.js";
import { peer, refusal, startToolHarness, type ToolHarness } from "../../../test/helpers/tool-harness.js";

let h: ToolHarness;

beforeAll(async () => {
  h = await startToolHarness({ fill: fillWorkspace });
});
afterAll(() => h?.close());

const bound = (limit: number, returned: number, has_more: boolean) => ({ limit, returned, has_more, exact: true });

const sAlpha = {
  session_id: "s-alpha-1",
  analyst_id: "a-alpha",
  title: "USD liquidity deep dive",
  status: "completed",
  work_date: "2026-03-09",
  started_at: T0 + 1000,
  ended_at: T0 + 5000,
  message_count: 3,
};
const sZeta = {
  session_id: "s-zeta-1",
  analyst_id: "a-zeta",
  title: "Copper",
  status: "running",
  work_date: "2026-03-10",
  started_at: T0 + 2000,
  ended_at: null,
  message_count: 1,
};
const sAnon = {
  session_id: "s-anon",
  analyst_id: null,
  title: null,
  status: "failed",
  work_date: null,
  started_at: T0 + 2000,
  ended_at: null,
  message_count: 0,
};
const message = (seq: number, role: string, content: string) => ({
  session_id: "s-alpha-1",
  seq,
  role,
  content,
  created_at: T0 + 1000 + seq * 100,
});

/** A document short enough to come back in one window. */
const whole = (text: string) => ({ offset: 0, total_chars: [...text].length, truncated: false, next_offset: null });

describe("sessions", () => {
  it("sessions_list: newest first, filtered, bounded", async () => {
    expect(await h.call("sessions_list", { limit: 3 })).toEqual({
      sessions: [sZeta, sAnon, sAlpha],
      count: 3,
      bound: bound(3, 3, true),
    });
    expect(await h.call("sessions_list", { analyst_id: "a-alpha", work_date: "2026-03-09" })).toEqual({
      sessions: [sAlpha],
      count: 1,
      bound: bound(50, 1, false),
    });
  });

  it("sessions_get and sessions_message_get", async () => {
    expect(await h.call("sessions_get", { session_id: "s-anon" })).toEqual(sAnon);
    expect(await h.call("sessions_message_get", { session_id: "s-alpha-1", seq: 2 })).toEqual({
      ...message(2, "assistant", "Repo rates eased."),
      ...whole("Repo rates eased."),
    });
    expect(await refusal(h.call("sessions_get", { session_id: "nope" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "session not found: nope",
    });
  });

  it("sessions_messages: conversation order, continued with after_seq", async () => {
    expect(await h.call("sessions_messages", { session_id: "s-alpha-1", limit: 2 })).toEqual({
      session_id: "s-alpha-1",
      messages: [message(1, "user", "What moved funding?"), message(2, "assistant", "Repo rates eased.")],
      count: 2,
      bound: bound(2, 2, true),
    });
    expect(await h.call("sessions_messages", { session_id: "s-alpha-1", after_seq: 2 })).toEqual({
      session_id: "s-alpha-1",
      messages: [message(3, "user", "Thanks.")],
      count: 1,
      bound: bound(100, 1, false),
    });
  });

  it("sessions_workspace_read: the workspace verbatim, null when none; never to a peer", async () => {
    expect(await h.call("sessions_workspace_read", { session_id: "s-alpha-1" })).toEqual({
      session: sAlpha,
      workspace: WORKSPACE_TEXT,
      ...whole(WORKSPACE_TEXT),
    });
    expect(await h.call("sessions_workspace_read", { session_id: "s-zeta-1" })).toEqual({
      session: sZeta,
      workspace: null,
      ...whole(""),
    });
    expect(await h.call("sessions_workspace_read", { session_id: "s-anon" })).toEqual({
      session: sAnon,
      workspace: "",
      ...whole(""),
    });
    expect(
      await refusal(h.call("sessions_workspace_read", { session_id: "s-alpha-1" }, peer({ coverage: true }))),
    ).toEqual({
      category: "auth",
      code: "withheld_from_peers",
      message: "sessions_workspace_read is never served to peer keys",
    });
  });
});

const mRates = {
  thread_id: "m-rates",
  subject: "Rates call",
  participants: ["a-alpha", "a-beta"],
  message_count: 2,
  last_message_at: T0 + 3000,
  created_at: T0 + 100,
};
const mCopper = {
  thread_id: "m-copper",
  subject: "Copper check",
  participants: ["a-zeta", "a-alpha"],
  message_count: 1,
  last_message_at: T0 + 4000,
  created_at: T0 + 200,
};
const mTie = {
  thread_id: "m-tie",
  subject: "Same second",
  participants: ["a-gamma"],
  message_count: 0,
  last_message_at: T0 + 3000,
  created_at: T0 + 300,
};
const mm1 = {
  message_id: "mm-1",
  thread_id: "m-rates",
  from_analyst: "a-alpha",
  to_analyst: "a-beta",
  body: "Rates heading lower?",
  sent_at: T0 + 2500,
};
const mm2 = {
  message_id: "mm-2",
  thread_id: "m-rates",
  from_analyst: "a-beta",
  to_analyst: null,
  body: "Agree.",
  sent_at: T0 + 3000,
};
const mm3 = {
  message_id: "mm-3",
  thread_id: "m-copper",
  from_analyst: "a-zeta",
  to_analyst: "a-alpha",
  body: "Smelter cuts confirmed.",
  sent_at: T0 + 4000,
};

describe("mailbox", () => {
  it("mailbox_list_threads: most recent activity first, the id breaking ties, page by page", async () => {
    const first = await h.call("mailbox_list_threads", { limit: 2 });
    expect(first).toMatchObject({ threads: [mCopper, mTie], count: 2, bound: bound(2, 2, true) });
    const second = await h.call("mailbox_list_threads", { limit: 1, cursor: first.next_cursor });
    expect(second).toMatchObject({ threads: [mRates], count: 1, bound: bound(1, 1, true) });
    expect(await h.call("mailbox_list_threads", { participant: "a-alpha" })).toEqual({
      threads: [mCopper, mRates],
      count: 2,
      bound: bound(50, 2, false),
      next_cursor: null,
    });
  });

  it("mailbox_list_threads refuses a cursor issued for other filters, or forged", async () => {
    const chain = await h.call("mailbox_list_threads", { limit: 1 });
    expect(
      await refusal(h.call("mailbox_list_threads", { participant: "a-alpha", cursor: chain.next_cursor })),
    ).toMatchObject({ category: "validation", argument: "cursor" });
    expect(await refusal(h.call("mailbox_list_threads", { cursor: "e30.AAAAAAAAAAAAAAAAAAAAAA" }))).toEqual({
      category: "validation",
      code: "invalid_argument",
      argument: "cursor",
      message: "invalid argument 'cursor': not a cursor this tool issued (pass back next_cursor unchanged)",
    });
  });

  it("mailbox_get_thread, mailbox_thread_messages, mailbox_get_message, mailbox_analyst_messages", async () => {
    expect(await h.call("mailbox_get_thread", { thread_id: "m-tie" })).toEqual(mTie);
    expect(await h.call("mailbox_thread_messages", { thread_id: "m-rates" })).toEqual({
      thread_id: "m-rates",
      messages: [mm1, mm2],
      count: 2,
      bound: bound(100, 2, false),
    });
    expect(await h.call("mailbox_get_message", { message_id: "mm-3" })).toEqual(mm3);
    expect(await h.call("mailbox_analyst_messages", { analyst_id: "a-alpha", limit: 1 })).toEqual({
      analyst_id: "a-alpha",
      messages: [mm3],
      count: 1,
      bound: bound(1, 1, true),
    });
    expect(await refusal(h.call("mailbox_thread_messages", { thread_id: "m-none" }))).toMatchObject({
      category: "permanent",
      code: "not_found",
    });
    expect(await refusal(h.call("mailbox_get_message", { message_id: "mm-none" }))).toMatchObject({
      category: "permanent",
      code: "not_found",
    });
  });
});

const e1 = {
  event_id: "e-1",
  kind: "thread.completed",
  subject_id: "board-1",
  analyst_id: "a-zeta",
  detail: { cards: 3 },
  occurred_at: T0 + 500,
};
const e2 = {
  event_id: "e-2",
  kind: "card.started",
  subject_id: "c-zh",
  analyst_id: "a-alpha",
  detail: {},
  occurred_at: T0 + 600,
};
const e3 = {
  event_id: "e-3",
  kind: "thread.completed",
  subject_id: "board-2",
  analyst_id: "a-alpha",
  detail: { cards: 1, note: null },
  occurred_at: T0 + 700,
};
const e4 = {
  event_id: "e-4",
  kind: "kickoff",
  subject_id: null,
  analyst_id: null,
  detail: { pool_id: "p-top" },
  occurred_at: T0 + 700,
};

describe("events", () => {
  it("events_list, events_by_kind and events_for_subject: newest first, bounded", async () => {
    expect(await h.call("events_list", { limit: 4 })).toEqual({
      events: [e4, e3, e2, e1],
      count: 4,
      bound: bound(4, 4, true),
    });
    expect(await h.call("events_list", { analyst_id: "a-alpha" })).toEqual({
      events: [e3, e2],
      count: 2,
      bound: bound(50, 2, false),
    });
    expect(await h.call("events_by_kind", { kind: "thread.completed" })).toEqual({
      kind: "thread.completed",
      events: [e3, e1],
      count: 2,
      bound: bound(50, 2, false),
    });
    expect(await h.call("events_for_subject", { subject_id: "c-zh" })).toEqual({
      subject_id: "c-zh",
      events: [e2],
      count: 1,
      bound: bound(50, 1, false),
    });
  });

  it("events_get and events_kinds", async () => {
    expect(await h.call("events_get", { event_id: "e-3" })).toEqual(e3);
    expect(await h.call("events_kinds")).toEqual({
      kinds: [
        { kind: "card.started", count: 1, last_occurred_at: T0 + 600 },
        { kind: "kickoff", count: 1, last_occurred_at: T0 + 700 },
        { kind: "thread.completed", count: 2, last_occurred_at: T0 + 700 },
        { kind: "tick", count: BULK_EVENTS, last_occurred_at: T0 - 1 },
      ],
      count: 4,
    });
    expect(await refusal(h.call("events_get", { event_id: "e-none" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "event not found: e-none",
    });
  });
});

describe("institute memory", () => {
  it("institute_memory_md: one markdown document, a section per memory document by title; never to a peer", async () => {
    const markdown = `# Institute memory\n\n## House view\n\nRates lower into 2027.\n\n## Risk rules\n\n${MEMORY.risk}\n`;
    expect(await h.call("institute_memory_md")).toEqual({
      markdown,
      ...whole(markdown),
      documents: [
        { memory_id: "mem-1", title: "House view", updated_at: T0 + 10, chars: MEMORY.house.length },
        { memory_id: "mem-2", title: "Risk rules", updated_at: T0 + 20, chars: MEMORY.risk.length },
      ],
      count: 2,
    });
    expect(await refusal(h.call("institute_memory_md", {}, peer()))).toMatchObject({
      category: "auth",
      code: "withheld_from_peers",
    });
  });
});
