/**
 * Calls tools the way the endpoint does, minus the protocol: through each definition's own `call(args, ctx)`, with
 * real Connect clients of every service over the in-memory router transport, against a fresh database filled by the
 * test. Every answer is checked against the tool's outputSchema with the endpoint's own validator.
 */
import { createRouterTransport } from "@connectrpc/connect";
import { expect, inject } from "vitest";
import { loadConfig } from "../../lib/config/config.js";
import type { Pool } from "../../lib/db/pool.js";
import { deploymentCursorSigner, type CursorSignerSource } from "../../lib/cursor/cursor-key.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import type { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import type { ServiceDeps } from "../../services/deps.js";
import { allServiceRoutes } from "../../services/routes.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";
import type { Principal } from "../../gateway/auth/principal.js";
import type { PeerParty } from "../../lib/config/peers-file.js";
import { TOOL_SCOPES } from "../../lib/scopes.js";
import { createServiceClients, type ServiceClients, type ServiceTransports } from "../../gateway/upstream/clients.js";
import { createSchemaCompiler } from "../../gateway/mcp/argument-validator.js";
import type { ToolDefinition } from "../../gateway/mcp/tool.js";
import { RpcError, toRpcError } from "../../gateway/mcp/tool-errors.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";

/** An institute key holding every tool scope. */
export const VIEWER: Principal = { kind: "api_key", keyId: "k-test", name: "test", scopes: new Set(TOOL_SCOPES) };

export const peer = (party: Partial<PeerParty> = {}): Principal => ({
  kind: "peer",
  party: { id: "party-x", name: "Party X", inHubRoster: true, coverage: false, ...party },
});

export const tool = (name: string): ToolDefinition => {
  const found = TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

const compile = createSchemaCompiler();

/** The arguments must be ones the endpoint would accept (defaults are not applied: the tool must handle absence). */
function checkInput(definition: ToolDefinition, args: Record<string, unknown>) {
  const validate = compile(definition.inputSchema);
  if (!validate(structuredClone(args)))
    throw new Error(`${definition.name}: arguments outside inputSchema: ${JSON.stringify(validate.errors)}`);
}

export function checkOutput(definition: ToolDefinition, result: unknown) {
  const validate = compile(definition.outputSchema);
  if (!validate(result))
    throw new Error(`${definition.name}: answer outside outputSchema: ${JSON.stringify(validate.errors)}`);
}

export interface ToolHarness {
  db: TestDatabase;
  clients: ServiceClients;
  /** The cursor signer the endpoint would give the tools: the test database's deployment key. */
  cursors: CursorSignerSource;
  /** Calls a tool with arguments its inputSchema accepts; the answer is checked against its outputSchema. */
  call(name: string, args?: Record<string, unknown>, principal?: Principal): Promise<any>;
  /** Calls a tool with any arguments, as a caller bypassing the endpoint's schema check would. */
  callRaw(name: string, args: Record<string, unknown>, principal?: Principal): Promise<any>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  fill?: (owner: Pool) => Promise<void>;
  now?: () => number;
  env?: Record<string, string>;
  vectors?: (db: TestDatabase) => Promise<VectorRuntime>;
}

export async function startToolHarness(options: HarnessOptions = {}): Promise<ToolHarness> {
  const db = await createTestDatabase(inject("adminUrl"), "tools");
  await options.fill?.(db.owner);
  const vectors = await options.vectors?.(db);
  const deps: ServiceDeps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({ LOG_LEVEL: "silent", ...options.env }),
    now: options.now ?? Date.now,
    vectors,
  };
  const transport = createRouterTransport(allServiceRoutes(deps));
  // Every service is reached through the one in-memory transport, whatever services the registry grows.
  const clients = createServiceClients(new Proxy({}, { get: () => transport }) as ServiceTransports);
  const cursors = deploymentCursorSigner(db.reader, undefined);
  const callRaw = async (name: string, args: Record<string, unknown>, principal: Principal = VIEWER) => {
    const definition = tool(name);
    const result = await definition.call(args, { clients, principal, cursors });
    checkOutput(definition, result);
    return result;
  };
  return {
    db,
    clients,
    cursors,
    callRaw,
    async call(name, args = {}, principal = VIEWER) {
      checkInput(tool(name), args);
      return callRaw(name, args, principal);
    },
    async close() {
      await vectors?.stop();
      await db.drop();
    },
  };
}

/** How a tool call was refused, as the endpoint reports it (spec §7.2): category, code, message, argument. */
export async function refusal(
  call: Promise<unknown>,
): Promise<{ category: string; code: string; message: string; argument?: string }> {
  const error = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  const { rpc } = toRpcError(error);
  expect(rpc).toBeInstanceOf(RpcError);
  const { category, code, argument } = rpc.toObject().data as { category: string; code: string; argument?: string };
  return { category, code, message: rpc.message, ...(argument === undefined ? {} : { argument }) };
}

/** has_more must be exact at the edge: with `rows` rows in all, limit rows-1 has more, limit rows and rows+1 do not. */
export async function expectExactBound(
  harness: ToolHarness,
  name: string,
  args: Record<string, unknown>,
  rows: number,
  principal: Principal = VIEWER,
): Promise<void> {
  const max = tool(name).bound!.max;
  for (const [limit, returned, hasMore] of [
    [rows - 1, rows - 1, true],
    [rows, rows, false],
    [rows + 1, rows, false],
  ] as const) {
    if (limit < 1 || limit > max) continue;
    const result = await harness.call(name, { ...args, limit }, principal);
    expect(result.bound, `${name} limit ${limit}`).toEqual({ limit, returned, has_more: hasMore, exact: true });
    expect(result.count).toBe(returned);
  }
}
