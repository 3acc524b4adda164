/**
 * The one tool both servers serve: the registry's own `analysts_list` (its schemas, its call, protoToJson), over a
 * catalog client that answers from memory, so the two runs differ only in the layer that speaks MCP. The caller holds
 * viewer:read; both servers are handed it the way the gateway's authentication hands it on.
 */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { OAuthPrincipal } from "../../gateway/auth/principal.js";
import type { ServiceClients } from "../../gateway/upstream/clients.js";
import type { ToolContext, ToolDefinition } from "../../gateway/mcp/tool.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { ListAnalystsResponseSchema } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { configuredCursorSigner } from "../../lib/cursor/cursor-key.js";

export const TOOL_NAME = "analysts_list";

export const SERVED_TOOL: ToolDefinition = TOOLS.find((t) => t.name === TOOL_NAME)!;

const ANALYSTS = create(ListAnalystsResponseSchema, {
  analysts: Array.from({ length: 20 }, (_, i) => ({
    id: `a-${i}`,
    name: `Analyst ${i}`,
    nameEn: `Analyst ${i}`,
    specialty: "macro",
    categoryId: "macro",
    categoryName: "Macro",
    tasksDefault: ["weekly"],
  })),
  count: 20,
});

/** `BENCH_CATALOG=unavailable`: the catalog is down, for the refusal the bench shows beside the figures. */
const answer = async () => {
  if (process.env.BENCH_CATALOG === "unavailable") throw new ConnectError("catalog is restarting", Code.Unavailable);
  return ANALYSTS;
};

export const CLIENTS = { catalog: { listAnalysts: answer } } as unknown as ServiceClients;

export const PRINCIPAL: OAuthPrincipal = { kind: "oauth", subject: "bench", scopes: new Set(["viewer:read"]) };

export const TOOL_CONTEXT: ToolContext = {
  clients: CLIENTS,
  principal: PRINCIPAL,
  cursors: configuredCursorSigner("a bench cursor secret, never a deployment's"),
};
