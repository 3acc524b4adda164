/**
 * The gateway over a real socket (port 0) for the tool-endpoint tests: a peers file written to a temp folder,
 * institute keys minted into the test database, two analysts in the catalog, and a JSON-RPC helper over fetch.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ToolDefinition } from "../../gateway/mcp/tool.js";
import type { TestDatabase } from "../helpers/test-database.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
export const newKey = (label: string) => `pk_${label}_${randomBytes(12).toString("hex")}`;

export interface PeerSpec {
  id: string;
  keys: string[];
  coverage?: boolean;
  inHubRoster?: boolean;
}

export function writePeersFile(peers: PeerSpec[], writeAllowlist: string[] = []): { file: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "peers-"));
  const file = path.join(dir, "peers.json");
  const parties = peers.map((p) => ({
    id: p.id,
    name: `Party ${p.id}`,
    key_sha256: p.keys.map(sha256),
    in_hub_roster: p.inHubRoster ?? true,
    coverage: p.coverage ?? false,
  }));
  writeFileSync(file, JSON.stringify({ parties, write_allowlist: writeAllowlist }));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function fillAnalysts(db: TestDatabase) {
  await db.owner.query(
    `INSERT INTO catalog.categories (category_id, name, name_en, sort_order) VALUES ('macro', '宏观', 'Macro', 1)`,
  );
  await db.owner
    .query(`INSERT INTO catalog.analysts (analyst_id, name, name_en, category_id, tasks_default, sort_order) VALUES
    ('a-alpha', '阿尔法', 'Alpha', 'macro', '{weekly}', 1), ('a-beta', '贝塔', NULL, NULL, '{}', 2)`);
}

export interface LiveGateway extends TestGateway {
  base: string;
  url: string;
  post(body: unknown, headers?: Record<string, string>): Promise<Response>;
  rpc(
    method: string,
    params: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

export async function startLiveGateway(
  options: { env?: Record<string, string>; tools?: ToolDefinition[] } = {},
): Promise<LiveGateway> {
  const gw = await startTestGateway({ env: options.env, tools: options.tools, fill: fillAnalysts });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = gw.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/api/mcp`;
  let nextId = 1;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    ...gw,
    base,
    url,
    post,
    async rpc(method, params, headers) {
      const res = await post({ jsonrpc: "2.0", id: nextId++, method, params }, headers);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
  };
}
