/**
 * Every tool of the registry called through the real endpoint (POST /api/mcp, tools/call) over one database
 * holding every fixture: each answers with structuredContent (checked there against its outputSchema) and the same
 * JSON as a text block, never an error. A tool added without sample arguments here fails the first test. Every tool
 * that takes `fields` is called again with one field (its answer cut exactly so) and with a name it lacks (refused);
 * every list tool with `format: "csv"`, its CSV read back into the rows of its structuredContent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD, FIXED_NOW } from "../../../test/fixtures/catalog.js";
import { fillChain } from "../../../test/fixtures/chain.js";
import { fillCoverage } from "../../../test/fixtures/coverage.js";
import { CLAIMS, insertFactCards } from "../../../test/fixtures/factcard.js";
import { fillPortfolios } from "../../../test/fixtures/portfolio.js";
import { fillReportsDataset } from "../../../test/fixtures/reports-dataset.js";
import { EDITOR } from "../../../test/fixtures/reports.js";
import { insertDocuments } from "../../../test/fixtures/search.js";
import { fillWhiteboard } from "../../../test/fixtures/whiteboard-pages.js";
import { fillWorkspace } from "../../../test/fixtures/workspace.js";
import { startTestGateway, type TestGateway } from "../../../test/helpers/gateway.js";
import { newKey, writePeersFile } from "../../../test/mcp/harness.js";
import { answerShape } from "../../answer-shape/answer-shape.js";
import { TOOLS } from "./index.js";

const SAMPLE_ARGS: Record<string, Record<string, unknown>> = {
  analysts_list: {},
  changes_since: { limit: 5 },
  analysts_get: { analyst_id: "a-alpha" },
  whiteboard_list_threads: {},
  whiteboard_list_boards: { limit: 2 },
  whiteboard_get_thread: { board_id: BOARD.completed },
  whiteboard_get_card: { card_id: "c-full" },
  whiteboard_card_report: { card_id: "c-full", lang: "zh" },
  whiteboard_card_report_languages: { card_id: "c-full" },
  whiteboard_card_actions: { card_id: "c-full" },
  whiteboard_analyst_cards: { analyst_id: "a-alpha" },
  whiteboard_topic_pool: {},
  whiteboard_similarity_log: { decision: "fresh" },
  reports_daily: { date: "2026-03-03" },
  reports_weekly_index: { date: "2026-03-05" },
  reports_weekly_author: { date: "2026-03-05", analyst_id: "chen-yu" },
  reports_fleet_health: {},
  reports_latest: {},
  data_list_topics: { date: "2026-03-05" },
  data_get_topic: { date: "2026-03-05", topic: "fx" },
  portfolios_leaderboard: {},
  portfolios_metrics: { portfolio_id: "p-alpha" },
  portfolios_compare: { portfolio_ids: ["p-alpha", "p-beta"] },
  portfolios_series: { portfolio_id: "p-alpha", from: "2026-03-04" },
  portfolios_tear_sheet: { portfolio_id: "p-alpha" },
  search_artifacts: { query: "yield curve" },
  factcards_list: { limit: 2 },
  factcards_get: { fact_card_id: "fc-01" },
  factcards_similar: { fact_card_id: "fc-01" },
  sessions_list: {},
  sessions_get: { session_id: "s-alpha-1" },
  sessions_messages: { session_id: "s-alpha-1" },
  sessions_message_get: { session_id: "s-alpha-1", seq: 1 },
  sessions_workspace_read: { session_id: "s-alpha-1" },
  mailbox_list_threads: { limit: 1 },
  mailbox_get_thread: { thread_id: "m-rates" },
  mailbox_thread_messages: { thread_id: "m-rates" },
  mailbox_get_message: { message_id: "mm-1" },
  mailbox_analyst_messages: { analyst_id: "a-alpha" },
  events_list: {},
  events_by_kind: { kind: "tick" },
  events_for_subject: { subject_id: "c-zh" },
  events_get: { event_id: "e-1" },
  events_kinds: {},
  chain_facts_page: { tag: "copper" },
  chain_fact_get: { fact_id: "f-c1" },
  chain_fact_tags: { fact_id: "f-c1" },
  chain_links: { fact_id: "f-c1" },
  chain_list: {},
  chain_steps: { chain_id: "ch-copper" },
  chain_tags: {},
  chain_citations: { ref: "memo-run-7" },
  coverage_artifacts: {},
  research_queue_pulse: {},
  institute_memory_md: {},
};

let gw: TestGateway;
let viewerKey: string;
const peerKey = newKey("coverage");
const peers = writePeersFile([{ id: "party-a", keys: [peerKey], coverage: true }]);

beforeAll(async () => {
  gw = await startTestGateway({
    env: { PEERS_FILE: peers.file, DAILY_EDITOR_ID: EDITOR },
    now: () => FIXED_NOW,
    fill: async ({ owner }) => {
      await fillWhiteboard(owner);
      await fillWorkspace(owner);
      await fillChain(owner);
      await fillCoverage(owner);
      await fillReportsDataset(owner);
      await fillPortfolios(owner);
      await insertFactCards(owner, CLAIMS);
      await insertDocuments(owner);
    },
  });
  viewerKey = await gw.key(["viewer:read"]);
});
afterAll(async () => {
  await gw?.close();
  peers.remove();
});

async function callTool(name: string, args: Record<string, unknown>, key: string) {
  const res = await gw.app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": key },
    payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
  });
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  return res.json();
}

describe("every tool through POST /api/mcp", () => {
  it("has sample arguments for every tool of the registry", () => {
    expect(Object.keys(SAMPLE_ARGS).sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });

  for (const [name, args] of Object.entries(SAMPLE_ARGS)) {
    it(`${name} answers with structuredContent and the same JSON as text`, async () => {
      const body = await callTool(name, args, name === "coverage_artifacts" ? peerKey : viewerKey);
      expect(body.error, JSON.stringify(body.error)).toBeUndefined();
      expect(body.result.isError).toBe(false);
      expect(JSON.parse(body.result.content[0].text)).toEqual(body.result.structuredContent);
    });
  }
});

describe("fields on every tool that takes it", () => {
  const cutting = TOOLS.filter((t) => "fields" in t.inputSchema.properties);

  it("is taken by every tool but those returning a document in windows", () => {
    const documents = TOOLS.filter((t) => "max_chars" in t.inputSchema.properties).map((t) => t.name);
    expect(cutting.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name).filter((n) => !documents.includes(n)));
    expect(documents.sort()).toEqual([
      "institute_memory_md",
      "reports_daily",
      "reports_fleet_health",
      "reports_weekly_author",
      "sessions_message_get",
      "sessions_workspace_read",
      "whiteboard_card_report",
    ]);
  });

  for (const tool of cutting) {
    it(`${tool.name} keeps only the field asked for, and refuses a field its answer lacks`, async () => {
      const key = tool.name === "coverage_artifacts" ? peerKey : viewerKey;
      const args = SAMPLE_ARGS[tool.name]!;
      const shape = answerShape(tool.outputSchema);
      const field = shape.paths[0]!;
      const whole = (await callTool(tool.name, args, key)).result.structuredContent;
      const expected =
        shape.list === undefined
          ? { [field]: whole[field] }
          : { ...whole, [shape.list]: whole[shape.list].map((row: any) => ({ [field]: row[field] })) };
      const cut = (await callTool(tool.name, { ...args, fields: [field] }, key)).result;
      expect(cut.isError).toBe(false);
      expect(cut.structuredContent).toEqual(expected);
      expect(cut.content[0].text).toBe(JSON.stringify(cut.structuredContent));

      const refused = (await callTool(tool.name, { ...args, fields: [field, "no_such_field"] }, key)).result;
      expect(refused.isError).toBe(true);
      expect(refused.error).toEqual({
        code: -32602,
        message: `invalid argument 'fields': unknown field 'no_such_field' in 'fields'; valid fields: ${shape.paths.join(", ")}`,
        data: { category: "validation", transient: false, code: "invalid_argument", argument: "fields" },
      });
    });
  }
});

/** RFC 4180 read back: records of fields, quoted fields with doubled quotes and line breaks inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      while (i < text.length && !(text[i] === '"' && text[i + 1] !== '"')) {
        field += text[i];
        i += text[i] === '"' ? 2 : 1;
      }
      i++;
    } else if (text[i] === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (text.startsWith("\r\n", i)) {
      records.push([...record, field]);
      record = [];
      field = "";
      i += 2;
    } else field += text[i++];
  }
  expect(field + record.join(""), "the text ends with CRLF").toBe("");
  return records;
}

const cellOf = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);

describe('format: "csv" on every list tool', () => {
  const lists = TOOLS.filter((t) => "format" in t.inputSchema.properties);

  it("is taken by exactly the tools whose answer is a list", () => {
    expect(lists.map((t) => t.name)).toEqual(
      TOOLS.filter((t) => "fields" in t.inputSchema.properties && answerShape(t.outputSchema).list).map((t) => t.name),
    );
    expect(lists.length).toBe(30);
  });

  for (const tool of lists) {
    it(`${tool.name} answers its rows as CSV, the rest as JSON, and structuredContent unchanged`, async () => {
      const key = tool.name === "coverage_artifacts" ? peerKey : viewerKey;
      const args = SAMPLE_ARGS[tool.name]!;
      const shape = answerShape(tool.outputSchema);
      const list = shape.list!;
      const whole = (await callTool(tool.name, args, key)).result.structuredContent;
      const csv = (await callTool(tool.name, { ...args, format: "csv" }, key)).result;
      expect(csv.isError).toBe(false);
      expect(csv.structuredContent).toEqual(whole);
      const columns = Object.keys(shape.subject.properties as object);
      const [header, ...records] = parseCsv(csv.content[0].text);
      expect(header).toEqual(columns);
      expect(records).toEqual(whole[list].map((row: any) => columns.map((c) => cellOf(row[c]))));
      const { [list]: _rows, ...rest } = whole;
      expect(JSON.parse(csv.content[1].text)).toEqual(rest);
      expect(csv.content.length).toBe(2);

      const field = shape.paths.at(-1)!;
      const column = field.split(".")[0]!;
      const cut = (await callTool(tool.name, { ...args, format: "csv", fields: [field] }, key)).result;
      const [cutHeader, ...cutRecords] = parseCsv(cut.content[0].text);
      expect(cutHeader).toEqual([column]);
      expect(cutRecords).toEqual(cut.structuredContent[list].map((row: any) => [cellOf(row[column])]));
    });
  }

  it("is refused on a detail tool, which takes no format", async () => {
    const refused = (await callTool("whiteboard_get_thread", { board_id: BOARD.completed, format: "csv" }, viewerKey))
      .result;
    expect(refused.isError).toBe(true);
    expect(refused.error.data).toMatchObject({ category: "validation", argument: "format" });
  });
});
