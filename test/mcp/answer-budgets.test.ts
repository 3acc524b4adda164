/**
 * The answer budget of the list tools: at its default limit, each answers in under 25,000 tokens, estimated as
 * characters ÷ 4 of the result's text block (what a host hands the model; structuredContent carries the same JSON
 * for programs), over the demo dataset (scale 1). Prints each size, largest
 * first, so a change that grows an answer shows in the diff of the figures. Tools whose required argument picks the
 * rows (an analyst, a session, a mailbox thread) are called with the value that has the most rows. Each is also
 * measured with `format: "csv"`, and the largest cut with `fields`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../gateway/mcp/tool.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { startDemoGateway, type DemoGateway } from "./demo-gateway.js";

export const TOKEN_BUDGET = 25_000;
const tokensOf = (text: string) => Math.ceil(text.length / 4);

let demo: DemoGateway;
beforeAll(async () => {
  demo = await startDemoGateway();
});
afterAll(() => demo?.close());

describe("list tools at their default limit", () => {
  it("each answers in under 25,000 tokens (characters ÷ 4)", async () => {
    const most = async (sql: string) => (await demo.first<{ id: string }>(sql)).id;
    const required: Record<string, Record<string, unknown>> = {
      whiteboard_analyst_cards: {
        analyst_id: await most(
          "SELECT analyst_id AS id FROM catalog.cards WHERE analyst_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1",
        ),
      },
      sessions_messages: {
        session_id: await most(
          "SELECT session_id AS id FROM catalog.session_messages GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1",
        ),
      },
      mailbox_thread_messages: {
        thread_id: await most(
          "SELECT thread_id AS id FROM catalog.mailbox_messages GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1",
        ),
      },
    };
    const sizes: Array<[string, number, number]> = [];
    for (const tool of TOOLS.filter((t) => t.bound)) {
      const needs = ((tool.inputSchema as { required?: string[] }).required ?? []).length > 0;
      if (needs && !required[tool.name]) continue;
      const args = required[tool.name] ?? {};
      const json = await call(tool, args);
      const csv = await call(tool, { ...args, format: "csv" });
      sizes.push([tool.name, tokensOf(json.content[0]!.text), tokensOf(csv.content.map((c) => c.text).join(""))]);
    }
    sizes.sort((a, b) => b[1] - a[1]);
    console.log(sizes.map(([name, tokens, csv]) => `${name}: ${tokens} tokens (csv: ${csv})`).join("\n"));
    expect(sizes.filter(([, tokens, csv]) => tokens >= TOKEN_BUDGET || csv >= TOKEN_BUDGET)).toEqual([]);
  });

  it("cuts the largest of them, the similarity log, to a fraction with fields", async () => {
    const log = TOOLS.find((t) => t.name === "whiteboard_similarity_log")!;
    const whole = tokensOf((await call(log, {})).content[0]!.text);
    const fields = ["log_id", "decided_at", "decision", "candidate_topic", "top_cosine"];
    const cut = tokensOf((await call(log, { fields })).content[0]!.text);
    const csv = await call(log, { fields, format: "csv" });
    const cutCsv = tokensOf(csv.content.map((c) => c.text).join(""));
    console.log(`whiteboard_similarity_log: ${whole} tokens; fields ${fields.join(",")}: ${cut}; as csv: ${cutCsv}`);
    expect(cut).toBeLessThan(whole / 4);
    expect(cutCsv).toBeLessThan(cut);
  });
});

async function call(tool: ToolDefinition, args: Record<string, unknown>) {
  const headers = "party" in tool.grant ? demo.creds.coverage : demo.creds.viewer;
  const res = await fetch(`${demo.base}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool.name, arguments: args } }),
  });
  const text = await res.text();
  const { result } = JSON.parse(text);
  expect(result?.isError, `${tool.name}: ${text.slice(0, 300)}`).toBe(false);
  return result as { content: Array<{ text: string }> };
}
