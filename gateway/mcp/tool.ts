/**
 * One registry is the source of every tool: tools/list, the public contract and the OpenAPI document are
 * derived from these definitions, never typed by hand.
 */
import type { CursorSignerSource } from "../../lib/cursor/cursor-key.js";
import type { ChangeFeed } from "../changes/changes-answer.js";
import type { ServiceClients } from "../upstream/clients.js";
import type { Bound } from "../operations/input-schemas.js";
import type { JsonSchema } from "../operations/operation.js";
import type { Principal } from "../auth/principal.js";
import type { ToolsetName } from "./toolsets.js";

export type { JsonSchema } from "../operations/operation.js";

/** Who may call a tool: holders of a scope (or viewer:read), or parties granted it by name in the peers file. */
export type ToolGrant = { scope: string } | { party: "coverage" };

/** A bounded tool's `{default, max}` of `limit`. */
export type ToolBound = Bound;

export interface ToolContext {
  clients: ServiceClients;
  principal: Principal;
  /** The change log changes_since reads (the gateway's); absent, that tool answers unavailable. */
  changes?: ChangeFeed;
  /** The deployment's cursor signer (lib/cursor/cursor-key.ts), which the keyset tools sign their cursors with. */
  cursors: CursorSignerSource;
}

export interface ToolDefinition<Args = any, Result = any> {
  name: string;
  title: string;
  description: string;
  grant: ToolGrant;
  /** The group a client may select it by (toolsets.ts). */
  toolset: ToolsetName;
  /** The REST route serving the same operation (`GET /api/v1/...`), when the tool is projected from one. */
  rest?: string;
  /** Never served to peer keys (spec §4.3: sessions_workspace_read, institute_memory_md). */
  withheldFromPeers?: boolean;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** Present on every tool that takes `limit`; such a tool returns `bound` beside its rows. */
  bound?: ToolBound;
  /** Keyset tools take an opaque `cursor` and return `next_cursor`. */
  pager: "keyset" | "none";
  call(args: Args, ctx: ToolContext): Promise<Result>;
  /**
   * Tools that return a document (which they window with max_chars and offset) read it whole here: the resource
   * that names the same document serves exactly these bytes.
   */
  readDocument?(args: Args, ctx: ToolContext): Promise<WholeDocument>;
}

/** A document as a document tool reads it before windowing. */
export interface WholeDocument {
  text: string;
  /** When it was last written, epoch milliseconds; null when unknown. */
  lastModified: number | null;
}

/** What a bounded tool reports beside its rows (spec §4.3): the query over-fetched by one row. */
export interface BoundReport {
  limit: number;
  returned: number;
  has_more: boolean;
  exact: true;
}

export const TOOL_ANNOTATIONS = {
  readOnlyHint: true,
  idempotentHint: true,
  openWorldHint: false,
  destructiveHint: false,
} as const;
