/**
 * Prompts and argument completion through the official SDK client against the demo dataset: every prompt is listed
 * with its arguments and gets messages whose context is embedded resources read live; every prompt argument and
 * every resource-template variable completes, ranked and cut at 100; both refuse as the tools behind them do.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROMPTS } from "../../gateway/mcp/prompts/index.js";
import { RESOURCE_TEMPLATES } from "../../gateway/mcp/resources/templates.js";
import { startDemoGateway, type DemoGateway } from "./demo-gateway.js";

let demo: DemoGateway;
let viewer: Client;
let boardId: string;
let portfolioIds: string[];
let claim: string;

beforeAll(async () => {
  demo = await startDemoGateway();
  viewer = await demo.connect(demo.creds.viewer);
  boardId = (
    await demo.first<{ board_id: string }>(
      "SELECT board_id FROM catalog.threads t WHERE EXISTS (SELECT 1 FROM catalog.card_reports r JOIN catalog.cards c USING (card_id) WHERE c.board_id = t.board_id) ORDER BY board_id LIMIT 1",
    )
  ).board_id;
  const board = (await viewer.callTool({ name: "portfolios_leaderboard", arguments: { limit: 100 } }))
    .structuredContent as { leaderboard: Array<{ portfolio_id: string }> };
  portfolioIds = board.leaderboard.map((p) => p.portfolio_id);
  claim = (
    await demo.first<{ claim_text_en: string }>(
      "SELECT claim_text_en FROM factcard.fact_cards WHERE claim_text_en <> '' ORDER BY fact_card_id LIMIT 1",
    )
  ).claim_text_en;
}, 180_000);
afterAll(async () => {
  await viewer?.close();
  await demo?.close();
});

type Message = {
  role: string;
  content: { type: string; text?: string; resource?: { uri: string; mimeType: string; text: string } };
};
const resourcesIn = (messages: Message[]) =>
  messages.filter((m) => m.content.type === "resource").map((m) => m.content.resource!);

/** Every embedded resource is what resources/read serves for its URI. */
async function expectLive(messages: Message[]) {
  for (const r of resourcesIn(messages)) {
    expect(r.mimeType).toBe("text/markdown");
    expect(r.text).toBe(((await viewer.readResource({ uri: r.uri })).contents[0] as { text: string }).text);
  }
}

describe("prompts/list", () => {
  it("lists the four prompts with typed arguments and a description saying when to use each", async () => {
    const { prompts } = await viewer.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["morning_brief", "review_portfolio", "verify_claim", "thread_digest"]);
    for (const p of prompts) expect(p.description).toMatch(/^Use /);
    expect(prompts.find((p) => p.name === "review_portfolio")!.arguments).toMatchObject([
      { name: "portfolio_id", description: "The portfolio's id, as on the leaderboard.", required: true },
    ]);
    // The SDK's client schema keeps only some members of an argument; the wire carries its title too.
    const raw = await demo.rpc("prompts/list", {}, demo.creds.viewer);
    expect(raw.result.prompts[1].arguments).toEqual([
      {
        name: "portfolio_id",
        title: "Portfolio",
        description: "The portfolio's id, as on the leaderboard.",
        required: true,
      },
    ]);
    expect(prompts.find((p) => p.name === "morning_brief")!.arguments!.map((a) => [a.name, a.required])).toEqual([
      ["date", false],
      ["lang", false],
    ]);
  });

  it("lists a key none of whose tools are readable no prompt", async () => {
    expect((await demo.rpc("prompts/list", {}, demo.creds.analysts)).result).toEqual({ prompts: [] });
    expect(
      (await demo.rpc("prompts/list", {}, demo.creds.whiteboard)).result.prompts.map((p: { name: string }) => p.name),
    ).toEqual(["thread_digest"]);
  });
});

describe("prompts/get", () => {
  it("morning_brief embeds the latest daily report and the top 5 portfolios' track records, and lists the disputed fact cards", async () => {
    const latest = (await viewer.callTool({ name: "reports_latest", arguments: {} })).structuredContent as {
      daily: { work_date: string } | null;
    };
    const { messages } = await viewer.getPrompt({ name: "morning_brief" });
    const embedded = resourcesIn(messages as Message[]).map((r) => r.uri);
    expect(latest.daily).not.toBeNull();
    expect(embedded).toEqual([
      `institute://reports/daily/${latest.daily!.work_date}`,
      ...portfolioIds.slice(0, 5).map((id) => `institute://portfolios/${id}`),
    ]);
    expect((messages.at(-1)!.content as { text: string }).text).toMatch(/^Fact cards disputed in the last day:\n- /);
    await expectLive(messages as Message[]);
  });

  it("morning_brief for a date without a daily says so instead of embedding one", async () => {
    const { messages } = await viewer.getPrompt({ name: "morning_brief", arguments: { date: "2001-01-01" } });
    expect(messages[1]!.content).toEqual({
      type: "text",
      text: "There is no daily report for 2001-01-01 (institute://reports/daily/2001-01-01).",
    });
  });

  it("review_portfolio embeds the track record and says the rank", async () => {
    const id = portfolioIds[2]!;
    const { messages } = await viewer.getPrompt({ name: "review_portfolio", arguments: { portfolio_id: id } });
    expect(resourcesIn(messages as Message[]).map((r) => r.uri)).toEqual([`institute://portfolios/${id}`]);
    expect((messages[0]!.content as { text: string }).text).toContain(
      `It ranks 3 of ${portfolioIds.length} persona portfolios by Sharpe.`,
    );
    await expectLive(messages as Message[]);
  });

  it("verify_claim lists the similar fact cards and whether a prior verdict may be reused", async () => {
    const { messages } = await viewer.getPrompt({ name: "verify_claim", arguments: { claim } });
    expect((messages[0]!.content as { text: string }).text).toMatch(
      /(A prior verdict may be reused: |No prior verdict may be reused)/,
    );
    expect((messages[1]!.content as { text: string }).text).toMatch(
      /^Similar fact cards:\n\n\| Fact card \| Score \| Category \| Verdict \| Reusable \| Why \|/,
    );
  });

  it("thread_digest embeds the thread and its cards' reports", async () => {
    const { messages } = await viewer.getPrompt({ name: "thread_digest", arguments: { board_id: boardId } });
    const uris = resourcesIn(messages as Message[]).map((r) => r.uri);
    expect(uris[0]).toBe(`institute://whiteboard/threads/${boardId}`);
    expect(uris.length).toBeGreaterThan(1);
    for (const u of uris.slice(1)) expect(u).toMatch(/^institute:\/\/whiteboard\/cards\/[^/]+\/report$/);
    await expectLive(messages as Message[]);
  });

  it("refuses an unknown prompt, an unknown or missing argument, a value outside its schema, and an unknown portfolio as the tool does", async () => {
    const get = (params: unknown) => demo.rpc("prompts/get", params, demo.creds.viewer);
    expect((await get({ name: "nope" })).error).toMatchObject({
      code: -32602,
      message: "unknown prompt: nope",
      data: { code: "unknown_prompt", argument: "name" },
    });
    expect((await get({ name: "review_portfolio", arguments: {} })).error).toMatchObject({
      code: -32602,
      message: "missing argument 'portfolio_id'",
      data: { argument: "portfolio_id" },
    });
    expect((await get({ name: "review_portfolio", arguments: { portfolio_id: "x", extra: "y" } })).error).toMatchObject(
      { code: -32602, data: { argument: "extra" } },
    );
    expect((await get({ name: "morning_brief", arguments: { lang: "fr" } })).error).toMatchObject({
      code: -32602,
      message: "invalid argument 'lang': must be one of en, zh",
    });
    expect((await get({ name: "morning_brief", arguments: { date: "2026-02-30" } })).error).toMatchObject({
      code: -32602,
      data: { argument: "date" },
    });
    const unknown = await get({ name: "review_portfolio", arguments: { portfolio_id: "p-nobody" } });
    const tool = await demo.rpc(
      "tools/call",
      { name: "portfolios_metrics", arguments: { portfolio_id: "p-nobody" } },
      demo.creds.viewer,
    );
    expect(unknown.error).toEqual(tool.result.error);
  });

  it("refuses a credential as the prompt's tools would", async () => {
    const refused = await demo.rpc(
      "prompts/get",
      { name: "review_portfolio", arguments: { portfolio_id: portfolioIds[0] } },
      demo.creds.whiteboard,
    );
    const tool = await demo.rpc(
      "tools/call",
      { name: "portfolios_metrics", arguments: { portfolio_id: portfolioIds[0] } },
      demo.creds.whiteboard,
    );
    expect(refused.error).toEqual(tool.result.error);
    expect(refused.error).toMatchObject({ code: -32001, data: { code: "missing_scope", required: "viewer:read" } });
  });
});

describe("completion/complete", () => {
  const complete = (ref: object, name: string, value: string, context?: Record<string, string>) =>
    viewer.complete({
      ref: ref as never,
      argument: { name, value },
      ...(context ? { context: { arguments: context } } : {}),
    });

  it("completes every prompt argument and every template variable with at most 100 values", async () => {
    const cases: Array<[object, string]> = [
      ...PROMPTS.flatMap((p) =>
        p.arguments.map((a): [object, string] => [{ type: "ref/prompt", name: p.name }, a.name]),
      ),
      ...RESOURCE_TEMPLATES.flatMap((t) =>
        Object.keys(t.complete).map((v): [object, string] => [{ type: "ref/resource", uri: t.uriTemplate }, v]),
      ),
    ];
    // 5 prompt arguments and 9 template variables.
    expect(cases.length).toBe(14);
    for (const [ref, name] of cases) {
      const { completion } = await complete(ref, name, "");
      expect(completion.values.length, `${JSON.stringify(ref)} ${name}`).toBeGreaterThan(0);
      expect(completion.values.length).toBeLessThanOrEqual(100);
      expect(completion.hasMore).toBe((completion.total ?? 0) > 100);
    }
  });

  it("offers portfolio ids in leaderboard order, those beginning with the typed text first", async () => {
    const { completion } = await complete({ type: "ref/prompt", name: "review_portfolio" }, "portfolio_id", "");
    expect(completion).toEqual({ values: portfolioIds, total: portfolioIds.length, hasMore: false });
    const prefix = portfolioIds[1]!.slice(0, 4);
    const typed = await complete(
      { type: "ref/resource", uri: "institute://portfolios/{portfolio_id}" },
      "portfolio_id",
      prefix,
    );
    expect(typed.completion.values).toEqual(
      portfolioIds.filter((id) => id.toLowerCase().startsWith(prefix.toLowerCase())),
    );
  });

  it("offers only work dates that have a daily report, newest first, narrowed by the typed prefix", async () => {
    const { rows } = await demo.gw.db.owner.query(
      "SELECT DISTINCT work_date FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' ORDER BY work_date DESC",
    );
    const dates = rows.map((r) => r.work_date as string);
    const all = await complete({ type: "ref/resource", uri: "institute://reports/daily/{date}{?lang}" }, "date", "");
    expect(all.completion.values).toEqual(dates.slice(0, 100));
    expect(all.completion.total).toBe(dates.length);
    const month = dates[0]!.slice(0, 7);
    const narrowed = await complete({ type: "ref/prompt", name: "morning_brief" }, "date", month);
    expect(narrowed.completion.values).toEqual(dates.filter((d) => d.startsWith(month)));
    expect((await complete({ type: "ref/prompt", name: "morning_brief" }, "date", "x")).completion).toEqual({
      values: [],
      total: 0,
      hasMore: false,
    });
  });

  it("offers a board's cards in order when the board is given, and languages", async () => {
    const thread = (await viewer.callTool({ name: "whiteboard_get_thread", arguments: { board_id: boardId } }))
      .structuredContent as { cards: Array<{ card_id: string }> };
    const cards = await complete(
      { type: "ref/resource", uri: "institute://whiteboard/cards/{card_id}/report{?lang}" },
      "card_id",
      "",
      { board_id: boardId },
    );
    expect(cards.completion.values).toEqual(thread.cards.map((c) => c.card_id));
    expect(
      (await complete({ type: "ref/resource", uri: "institute://reports/daily/{date}{?lang}" }, "lang", "z"))
        .completion,
    ).toEqual({ values: ["zh"], total: 1, hasMore: false });
  });

  it("refuses an unknown reference or argument, and a caller the reference's tool refuses", async () => {
    const raw = (params: unknown, headers = demo.creds.viewer) => demo.rpc("completion/complete", params, headers);
    expect(
      (await raw({ ref: { type: "ref/prompt", name: "nope" }, argument: { name: "x", value: "" } })).error,
    ).toMatchObject({ code: -32602, data: { code: "unknown_prompt" } });
    expect(
      (await raw({ ref: { type: "ref/resource", uri: "institute://x/{y}" }, argument: { name: "y", value: "" } }))
        .error,
    ).toMatchObject({ code: -32602, data: { argument: "ref.uri" } });
    expect(
      (await raw({ ref: { type: "ref/prompt", name: "review_portfolio" }, argument: { name: "nope", value: "" } }))
        .error,
    ).toMatchObject({ code: -32602, data: { argument: "argument.name" } });
    expect((await raw({ ref: { type: "ref/other" }, argument: { name: "x", value: "" } })).error).toMatchObject({
      code: -32602,
      data: { argument: "ref" },
    });
    expect((await raw({ ref: { type: "ref/prompt", name: "review_portfolio" } })).error).toMatchObject({
      code: -32602,
      data: { argument: "argument" },
    });
    const refused = await raw(
      {
        ref: { type: "ref/resource", uri: "institute://portfolios/{portfolio_id}" },
        argument: { name: "portfolio_id", value: "" },
      },
      demo.creds.analysts,
    );
    const tool = await demo.rpc(
      "tools/call",
      { name: "portfolios_metrics", arguments: { portfolio_id: "x" } },
      demo.creds.analysts,
    );
    expect(refused.error).toEqual(tool.result.error);
  });
});
