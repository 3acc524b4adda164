/**
 * Reports as MCP resources, through the official SDK client against the demo dataset: the templates, the list
 * (newest first, paged, sized and annotated), a read through every template (the bytes the REST route or tool
 * serves), the errors for unknown and malformed URIs, and refusals identical to the tools' for every credential kind.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_TEMPLATES } from "../../gateway/mcp/resources/templates.js";
import { PAGE_SIZE } from "../../gateway/mcp/resources/resource-list.js";
import { APP_VIEWS } from "../../gateway/mcp/apps/app-views.js";
import { startDemoGateway, TODAY, type DemoGateway } from "./demo-gateway.js";

let demo: DemoGateway;
let viewer: Client;
/** A URI of each template that names an existing document, with the tool arguments it stands for. */
let samples: Record<string, { uri: string; args: Record<string, unknown>; rest?: string }>;

beforeAll(async () => {
  demo = await startDemoGateway();
  viewer = await demo.connect(demo.creds.viewer);
  const daily = await demo.first<{ work_date: string }>(
    "SELECT work_date FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en' ORDER BY work_date DESC LIMIT 1",
  );
  const weekly = await demo.first<{ analyst_id: string; work_date: string }>(
    "SELECT analyst_id, work_date FROM reports.reports WHERE kind = 'weekly' AND lang = 'zh' ORDER BY archived_at DESC LIMIT 1",
  );
  const card = await demo.first<{ card_id: string }>(
    "SELECT card_id FROM catalog.card_reports WHERE lang = 'en' ORDER BY card_id LIMIT 1",
  );
  const board = await demo.first<{ board_id: string }>(
    "SELECT board_id FROM catalog.threads t WHERE (SELECT count(*) FROM catalog.cards c WHERE c.board_id = t.board_id) > 1 ORDER BY board_id LIMIT 1",
  );
  const portfolio = await demo.first<{ portfolio_id: string }>(
    "SELECT portfolio_id FROM portfolio.portfolios WHERE kind = 'persona' ORDER BY portfolio_id LIMIT 1",
  );
  samples = {
    "daily-report": {
      uri: `institute://reports/daily/${daily.work_date}`,
      args: { date: daily.work_date },
      rest: `/api/v1/reports/daily/${daily.work_date}`,
    },
    "weekly-report": {
      uri: `institute://reports/weekly/${weekly.work_date}/${weekly.analyst_id}?lang=zh`,
      args: { date: weekly.work_date, analyst_id: weekly.analyst_id, lang: "zh" },
      rest: `/api/v1/reports/weekly/${weekly.work_date}/${weekly.analyst_id}?lang=zh`,
    },
    "fleet-health": {
      uri: "institute://reports/fleet-health/latest",
      args: {},
      rest: "/api/v1/reports/fleet-health/latest",
    },
    "card-report": {
      uri: `institute://whiteboard/cards/${card.card_id}/report?lang=en`,
      args: { card_id: card.card_id, lang: "en" },
      rest: `/api/v1/whiteboard/cards/${card.card_id}/report?lang=en`,
    },
    "whiteboard-thread": {
      uri: `institute://whiteboard/threads/${board.board_id}`,
      args: { board_id: board.board_id },
    },
    portfolio: {
      uri: `institute://portfolios/${portfolio.portfolio_id}`,
      args: { portfolio_id: portfolio.portfolio_id },
    },
    "institute-memory": { uri: "institute://memory", args: {} },
  };
}, 180_000);
afterAll(async () => {
  await viewer?.close();
  await demo?.close();
});

const textOf = (read: { contents: object[] }) => (read.contents[0] as { text: string }).text;

describe("resources/templates/list", () => {
  it("lists the seven templates with title, description and text/markdown", async () => {
    const { resourceTemplates } = await viewer.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "institute://reports/daily/{date}{?lang}",
      "institute://reports/weekly/{date}/{analyst_id}{?lang}",
      "institute://reports/fleet-health/latest",
      "institute://whiteboard/cards/{card_id}/report{?lang}",
      "institute://whiteboard/threads/{board_id}",
      "institute://portfolios/{portfolio_id}",
      "institute://memory",
    ]);
    for (const t of resourceTemplates)
      expect(t).toMatchObject({
        name: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        mimeType: "text/markdown",
      });
  });

  it("shows a peer key every template but the memory's", async () => {
    const { body } = { body: await demo.rpc("resources/templates/list", {}, demo.creds.peer) };
    expect(body.result.resourceTemplates.map((t: { name: string }) => t.name)).toEqual(
      RESOURCE_TEMPLATES.filter((t) => t.name !== "institute-memory").map((t) => t.name),
    );
  });
});

describe("resources/list", () => {
  it("pages through the last seven dailies, this week's weeklies, fleet health and the memory, newest first, sized and annotated, then the views", async () => {
    const listed = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await viewer.listResources(cursor === undefined ? {} : { cursor });
      expect(page.resources.length).toBeLessThanOrEqual(PAGE_SIZE);
      listed.push(...page.resources);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBeGreaterThan(1);
    // The interactive views come last, in their registry's order (test/mcp/apps.test.ts reads them).
    const views = listed.filter((r) => r.uri.startsWith("ui://"));
    expect(views.map((r) => r.uri)).toEqual(APP_VIEWS.map((v) => v.uri));
    expect(listed.slice(-views.length)).toEqual(views);
    const all = listed.filter((r) => !r.uri.startsWith("ui://"));
    const uris = all.map((r) => r.uri);
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toContain("institute://memory");
    expect(uris).toContain("institute://reports/fleet-health/latest");
    const dailies = uris.filter((u) => u.startsWith("institute://reports/daily/"));
    expect(dailies.length).toBeGreaterThan(0);
    expect(dailies.length).toBeLessThanOrEqual(7);
    for (const u of dailies)
      expect(
        u.slice("institute://reports/daily/".length, "institute://reports/daily/".length + 10) > "2026-11-13",
      ).toBe(true);
    expect(uris.some((u) => u.startsWith("institute://reports/weekly/"))).toBe(true);
    const times = all.map((r) => Date.parse(r.annotations!.lastModified!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const r of all) {
      expect(r).toMatchObject({
        name: expect.any(String),
        title: expect.any(String),
        mimeType: "text/markdown",
        annotations: { audience: ["user", "assistant"], priority: expect.any(Number) },
      });
      expect(r.size).toBe(Buffer.byteLength(textOf(await viewer.readResource({ uri: r.uri })), "utf8"));
    }
  });

  it("refuses a cursor it did not issue, naming cursor", async () => {
    const res = await demo.rpc("resources/list", { cursor: "bm90LWEtY3Vyc29y" }, demo.creds.viewer);
    expect(res.error).toMatchObject({ code: -32602, data: { category: "validation", argument: "cursor" } });
  });

  it("lists a peer key nothing it may not read, and a key that may read no resource nothing at all", async () => {
    const peer = await demo.rpc("resources/list", {}, demo.creds.peer);
    expect(peer.result.resources.map((r: { uri: string }) => r.uri)).not.toContain("institute://memory");
    expect(peer.result.resources.length).toBeGreaterThan(0);
    expect((await demo.rpc("resources/list", {}, demo.creds.analysts)).result).toEqual({ resources: [] });
    // whiteboard:read may call whiteboard_get_thread alone of the tools a view draws, so it is shown that view alone.
    const whiteboard = await demo.rpc("resources/list", {}, demo.creds.whiteboard);
    expect(
      whiteboard.result.resources
        .filter((r: { uri: string }) => r.uri.startsWith("ui://"))
        .map((r: { uri: string }) => r.uri),
    ).toEqual(["ui://institute/thread"]);
  });
});

describe("resources/read", () => {
  it("reads through every template the bytes the REST route serves, or the tool's markdown", async () => {
    expect(Object.keys(samples).sort()).toEqual(RESOURCE_TEMPLATES.map((t) => t.name).sort());
    for (const [name, sample] of Object.entries(samples)) {
      const read = await viewer.readResource({ uri: sample.uri });
      expect(read.contents, name).toHaveLength(1);
      expect(read.contents[0], name).toMatchObject({ uri: sample.uri, mimeType: "text/markdown" });
      if (sample.rest) {
        const rest = await fetch(`${demo.base}${sample.rest}`, { headers: demo.creds.rest });
        expect(rest.status, name).toBe(200);
        expect(textOf(read), name).toBe(await rest.text());
      }
    }
    const memory = await viewer.callTool({ name: "institute_memory_md", arguments: { max_chars: 1_000_000 } });
    expect(textOf(await viewer.readResource({ uri: "institute://memory" }))).toBe(
      (memory.structuredContent as { markdown: string }).markdown,
    );
  });

  it("renders a thread as markdown: root question, then every card in order with its summary", async () => {
    const { board_id } = samples["whiteboard-thread"]!.args as { board_id: string };
    const thread = (await viewer.callTool({ name: "whiteboard_get_thread", arguments: { board_id } }))
      .structuredContent as any;
    const text = textOf(await viewer.readResource({ uri: samples["whiteboard-thread"]!.uri }));
    expect(text).toContain("## Root question");
    const at = thread.cards.map((c: { card_id: string }) => text.indexOf(`- Card: ${c.card_id}`));
    expect(at.every((i: number) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("renders a portfolio's track record: the metrics table and how they were computed", async () => {
    const { portfolio_id } = samples.portfolio!.args as { portfolio_id: string };
    const metrics = (await viewer.callTool({ name: "portfolios_metrics", arguments: { portfolio_id } }))
      .structuredContent as any;
    const text = textOf(await viewer.readResource({ uri: samples.portfolio!.uri }));
    expect(text.startsWith(`# Portfolio ${portfolio_id}: track record\n`)).toBe(true);
    expect(text).toContain(
      `| Sharpe | ${metrics.sharpe === null ? "n/a" : String(Number(metrics.sharpe.toFixed(6)))} |`,
    );
    expect(text).toContain("## How these figures are computed");
  });

  it("reads a URI the list does not hold, and today's daily when it exists", async () => {
    const old = await demo.first<{ work_date: string }>(
      "SELECT work_date FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en' ORDER BY work_date LIMIT 1",
    );
    expect(
      textOf(await viewer.readResource({ uri: `institute://reports/daily/${old.work_date}?lang=en` })).length,
    ).toBeGreaterThan(0);
    const today = await demo.rpc("resources/read", { uri: `institute://reports/daily/${TODAY}` }, demo.creds.viewer);
    const tool = await demo.rpc(
      "tools/call",
      { name: "reports_daily", arguments: { date: TODAY, max_chars: 1_000_000 } },
      demo.creds.viewer,
    );
    // A tool's own failure is a result carrying spec §7.2's error; resources/read answers the same error as a JSON-RPC error.
    if (tool.result.isError) expect(today.error).toEqual(tool.result.error);
    else expect(today.result.contents[0].text).toBe(tool.result.structuredContent.markdown);
  });

  it("answers an unknown URI with -32002 naming it, a malformed one with -32602 naming it, and a missing document as the tool does", async () => {
    expect((await demo.rpc("resources/read", { uri: "institute://nowhere/1" }, demo.creds.viewer)).error).toEqual({
      code: -32002,
      message: "Resource not found: institute://nowhere/1",
      data: { category: "permanent", transient: false, code: "resource_not_found", uri: "institute://nowhere/1" },
    });
    expect((await demo.rpc("resources/read", { uri: "institute://memory?lang=en" }, demo.creds.viewer)).error).toEqual({
      code: -32602,
      message: "malformed resource URI institute://memory?lang=en: unknown query parameter 'lang' (accepted: none)",
      data: {
        category: "validation",
        transient: false,
        code: "invalid_argument",
        argument: "uri",
        uri: "institute://memory?lang=en",
      },
    });
    const badDate = await demo.rpc(
      "resources/read",
      { uri: "institute://reports/daily/2026-13-45" },
      demo.creds.viewer,
    );
    expect(badDate.error).toMatchObject({ code: -32602, data: { category: "validation", argument: "date" } });
    const missing = await demo.rpc(
      "resources/read",
      { uri: "institute://reports/daily/2001-01-01" },
      demo.creds.viewer,
    );
    const tool = await demo.rpc(
      "tools/call",
      { name: "reports_daily", arguments: { date: "2001-01-01" } },
      demo.creds.viewer,
    );
    expect(missing.error).toEqual(tool.result.error);
    expect(missing.error).toMatchObject({ code: -32002, data: { code: "not_found" } });
    expect((await demo.rpc("resources/read", {}, demo.creds.viewer)).error).toMatchObject({
      code: -32602,
      data: { argument: "uri" },
    });
    const long = await demo.rpc("resources/read", { uri: `institute://memory/${"x".repeat(3000)}` }, demo.creds.viewer);
    expect(long.error).toEqual({
      code: -32602,
      message: "invalid params: 'uri' is longer than 2048 characters",
      data: { category: "validation", transient: false, code: "invalid_argument", argument: "uri" },
    });
  });

  /** The templates each credential kind may read: the rest it is refused. */
  const WHITEBOARD_ONLY = ["card-report", "whiteboard-thread"];
  const ALL_BUT_MEMORY = RESOURCE_TEMPLATES.map((t) => t.name).filter((n) => n !== "institute-memory");
  const READABLE = {
    whiteboard: WHITEBOARD_ONLY,
    analysts: [],
    peer: ALL_BUT_MEMORY,
    coverage: ALL_BUT_MEMORY,
    oauthViewer: RESOURCE_TEMPLATES.map((t) => t.name),
    oauthNarrow: WHITEBOARD_ONLY,
  };

  it.for(Object.keys(READABLE) as Array<keyof typeof READABLE>)(
    "refuses %s exactly as the template's tool does, and serves what the tool serves",
    async (kind) => {
      const headers = demo.creds[kind];
      const served: string[] = [];
      for (const template of RESOURCE_TEMPLATES) {
        const sample = samples[template.name]!;
        const read = await demo.rpc("resources/read", { uri: sample.uri }, headers);
        const call = await demo.rpc("tools/call", { name: template.tool, arguments: sample.args }, headers);
        expect(read.status, template.name).toBe(200);
        if (call.result.isError) {
          expect(read.error, `${kind} ${template.name}`).toEqual(call.result.error);
          expect(read.error.data.category, `${kind} ${template.name}`).toBe("auth");
        } else {
          expect(read.result.contents[0].text.length, `${kind} ${template.name}`).toBeGreaterThan(0);
          served.push(template.name);
        }
      }
      expect(served).toEqual(READABLE[kind]);
    },
  );

  it("never serves the memory to a peer key", async () => {
    const refused = await demo.rpc("resources/read", { uri: "institute://memory" }, demo.creds.coverage);
    expect(refused.error).toMatchObject({ code: -32001, data: { category: "auth", code: "withheld_from_peers" } });
  });
});
