/**
 * The gateway the fuzz tests hammer: all-in-one over a test database holding the demo dataset (so requests reach
 * real rows, reports and metrics), an institute key with every scope, a peer party, and the route catalog and tool
 * registry the gateway itself serves (read from GET /api/openapi.json and the registry, never typed here).
 */
import { seedDemoData } from "../../demo-data/index.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { newKey, writePeersFile } from "../mcp/harness.js";

export const AS_OF = Date.UTC(2026, 10, 21, 10, 0, 0);

export interface CatalogRoute {
  method: string;
  /** OpenAPI form: /api/v1/analysts/{analystId}. */
  path: string;
  pathParams: string[];
  queryParams: Array<{ name: string; schema: Record<string, unknown> }>;
  hasBody: boolean;
}

export interface FuzzGateway extends TestGateway {
  /** An institute key holding every scope. */
  allKey: string;
  /** A key holding one unrelated scope (403s). */
  narrowKey: string;
  peerKey: string;
  routes: CatalogRoute[];
  close(): Promise<void>;
}

/** The REST routes as the gateway publishes them in its OpenAPI document. */
export async function routeCatalog(gw: TestGateway): Promise<CatalogRoute[]> {
  const res = await gw.app.inject({ method: "GET", url: "/api/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, { parameters?: any[]; requestBody?: unknown }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name as string),
      queryParams: (op.parameters ?? [])
        .filter((p) => p.in === "query")
        .map((p) => ({ name: p.name as string, schema: p.schema ?? {} })),
      hasBody: op.requestBody !== undefined,
    })),
  );
}

export async function startFuzzGateway(options: { env?: Record<string, string> } = {}): Promise<FuzzGateway> {
  const peerKey = newKey("fuzz");
  const peers = writePeersFile([{ id: "p-fuzz", keys: [peerKey], coverage: true }]);
  const gw = await startTestGateway({
    env: { PEERS_FILE: peers.file, ...options.env },
    now: () => AS_OF,
    fill: async (db) => void (await seedDemoData(db.owner, { seed: 7, scale: 0.3, asOf: AS_OF })),
  });
  const routes = await routeCatalog(gw);
  return {
    ...gw,
    allKey: await gw.key([...ALL_SCOPES]),
    narrowKey: await gw.key(["events:read"]),
    peerKey,
    routes,
    async close() {
      await gw.close();
      peers.remove();
    },
  };
}
