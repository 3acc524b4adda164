/**
 * The tool endpoint serves clients it was not written with: a stock MCP client (the official SDK) connects with the
 * demo key, lists the tools and calls each one against the demo dataset; the contract's counts equal what tools/list
 * shows.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintDemoKey } from "../../gateway/auth/demo-key.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { seedDemoData } from "../../demo-data/index.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { newKey, writePeersFile } from "./harness.js";
import { createSchemaCompiler } from "../../gateway/mcp/argument-validator.js";

const AS_OF = Date.parse("2026-11-20T10:00:00Z");
const coverageKey = newKey("coverage");
const peers = writePeersFile([{ id: "desk-coverage", keys: [coverageKey], coverage: true }]);

let gw: TestGateway;
let base: string;
let samples: Record<string, unknown>;

async function first<T>(sql: string): Promise<T> {
  const { rows } = await gw.db.owner.query(sql);
  if (!rows[0]) throw new Error(`the demo dataset has no row for: ${sql}`);
  return rows[0] as T;
}

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "every-tool-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers } }));
  return client;
}

beforeAll(async () => {
  gw = await startTestGateway({
    now: () => AS_OF,
    env: { PEERS_FILE: peers.file },
    fill: async (db) => {
      await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: AS_OF });
      await embedPending(db.owner, createHashedNgramEmbedder());
    },
  });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}`;

  const weekly = await first<{ analyst_id: string; work_date: string }>(
    "SELECT analyst_id, work_date FROM reports.reports WHERE kind = 'weekly' AND lang = 'en' ORDER BY archived_at DESC LIMIT 1",
  );
  const daily = await first<{ work_date: string }>(
    "SELECT work_date FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en' ORDER BY work_date DESC LIMIT 1",
  );
  const data = await first<{ work_date: string; topic: string }>(
    "SELECT work_date, topic FROM reports.data_topics ORDER BY work_date DESC, topic LIMIT 1",
  );
  const board = await first<{ board_id: string }>(
    "SELECT board_id FROM catalog.threads t WHERE EXISTS (SELECT 1 FROM catalog.cards c WHERE c.board_id = t.board_id) LIMIT 1",
  );
  const card = await first<{ card_id: string }>(
    "SELECT card_id FROM catalog.card_reports WHERE lang = 'en' ORDER BY card_id LIMIT 1",
  );
  const portfolios = (
    await gw.db.owner.query(
      "SELECT portfolio_id FROM portfolio.portfolios WHERE kind = 'persona' ORDER BY portfolio_id LIMIT 2",
    )
  ).rows;
  const fact = await first<{ fact_card_id: string }>(
    "SELECT fact_card_id FROM factcard.fact_cards ORDER BY fact_card_id LIMIT 1",
  );
  const message = await first<{ session_id: string; seq: number }>(
    "SELECT session_id, seq FROM catalog.session_messages ORDER BY session_id, seq LIMIT 1",
  );
  const mail = await first<{ thread_id: string; message_id: string }>(
    "SELECT thread_id, message_id FROM catalog.mailbox_messages ORDER BY message_id LIMIT 1",
  );
  const event = await first<{ kind: string; subject_id: string; event_id: string }>(
    "SELECT kind, subject_id, event_id FROM catalog.events WHERE subject_id IS NOT NULL ORDER BY event_id LIMIT 1",
  );
  const link = await first<{ fact_id: string; chain_id: string; ref: string }>(
    "SELECT f.fact_id, f.chain_id, l.ref FROM factcard.chain_facts f JOIN factcard.chain_links l USING (fact_id) ORDER BY f.fact_id LIMIT 1",
  );
  samples = {
    analyst_id: weekly.analyst_id,
    board_id: board.board_id,
    card_id: card.card_id,
    date: weekly.work_date,
    topic: data.topic,
    portfolio_id: portfolios[0].portfolio_id,
    portfolio_ids: portfolios.map((p) => p.portfolio_id),
    query: "semiconductor export controls",
    fact_card_id: fact.fact_card_id,
    session_id: message.session_id,
    seq: message.seq,
    thread_id: mail.thread_id,
    message_id: mail.message_id,
    kind: event.kind,
    subject_id: event.subject_id,
    event_id: event.event_id,
    fact_id: link.fact_id,
    chain_id: link.chain_id,
    ref: link.ref,
  };
  // Dates that must have content for the tool in question.
  samples.byTool = {
    reports_daily: { date: daily.work_date },
    data_list_topics: { date: data.work_date },
    data_get_topic: { date: data.work_date },
    // It takes a card id or a claim text, so neither is required by its schema.
    factcards_similar: { fact_card_id: fact.fact_card_id },
  };
});

afterAll(async () => {
  await gw?.close();
  peers.remove();
});

function argumentsFor(tool: (typeof TOOLS)[number]): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of (tool.inputSchema.required ?? []) as string[]) args[name] = samples[name];
  return { ...args, ...((samples.byTool as Record<string, object>)[tool.name] ?? {}) };
}

const compile = createSchemaCompiler();

describe("a stock MCP client against the demo dataset", () => {
  it("lists exactly the registry's tools, as many as the contract counts", async () => {
    const client = await connect({ "X-API-Key": await mintDemoKey(gw.db.owner) });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    const contract = (await (await fetch(`${base}/api/contract`)).json()) as { tools: { total: number } };
    expect(contract.tools.total).toBe(tools.length);
    for (const tool of tools) expect(tool.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    await client.close();
  });

  it("calls every tool with the demo key (coverage_artifacts with a granted peer key) and gets structured content its output schema accepts", async () => {
    const demo = await connect({ "X-API-Key": await mintDemoKey(gw.db.owner) });
    const peer = await connect({ Authorization: `Bearer ${coverageKey}` });
    const failures: string[] = [];
    for (const tool of TOOLS) {
      const client = "party" in tool.grant ? peer : demo;
      const result: Record<string, unknown> = await client
        .callTool({ name: tool.name, arguments: argumentsFor(tool) })
        .catch((e: Error) => ({ isError: true, error: e.message }));
      if (result.isError || typeof result.structuredContent !== "object") {
        failures.push(`${tool.name}: ${JSON.stringify(result).slice(0, 300)}`);
        continue;
      }
      // What the client received, checked against the tool's full output schema (not the compact listing's).
      const conforms = compile(tool.outputSchema);
      if (!conforms(result.structuredContent)) failures.push(`${tool.name}: ${JSON.stringify(conforms.errors?.[0])}`);
      else if (JSON.stringify(result.structuredContent) === "{}")
        failures.push(`${tool.name}: empty structured content`);
    }
    expect(failures).toEqual([]);
    await Promise.all([demo.close(), peer.close()]);
  });
});
