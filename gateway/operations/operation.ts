/**
 * An operation of the read surface, defined once and served twice: as a REST route (gateway/rest/operation-route.ts)
 * and as a tool (gateway/mcp/tools/operation-tool.ts). It names both, so what links the two surfaces is derived
 * from the definitions (gateway/operations/index.ts), never typed as a second list. It holds the scope REST asks
 * for, its input and output JSON Schemas, and the service call that turns validated input into the answer: REST
 * sends that answer (as JSON, or in its HTTP form: markdown, a stored document) and the tool returns it as its
 * structuredContent, or the bounded or windowed view of it its tool declares.
 */
import type { REST_SCOPES } from "../../lib/scopes.js";
import type { ServiceClients } from "../upstream/clients.js";
import type { Bound } from "../schemas/common.js";

export type JsonSchema = {
  type: "object";
  properties: Readonly<Record<string, unknown>>;
  required?: readonly string[];
  [k: string]: unknown;
};

export interface Operation<Input = any, Answer = any> {
  /** The REST route that serves it, as the route catalog names it: path in OpenAPI form under /api/v1. */
  route: { method: "GET" | "POST"; path: string };
  /** The tool that serves it on the tool endpoint. */
  tool: string;
  /** The scope the REST route needs (a tool's grant is a tool-surface scope: gateway/mcp/tools). */
  scope: (typeof REST_SCOPES)[number];
  /** Its arguments, as the tool takes them; the REST route maps its path, query and body onto them. */
  input: JsonSchema;
  /** What `call` answers. */
  output: JsonSchema;
  call(input: Input, clients: ServiceClients): Promise<Answer>;
  /** Present when the answer is a bounded list (bounded-operation.ts): how its tool reports the bound. */
  list?: BoundedList<Input, Answer>;
}

/**
 * A bounded list's one read: the service call returns at most `limit` rows under `rows` and whether more follow,
 * which the service observes by reading one row past the limit. REST sends `answer`; the tool adds its `bound`.
 */
export interface BoundedList<Input = any, Answer = any> {
  /** The member of the answer holding the rows. */
  rows: string;
  /** The list's default and largest `limit`: the service's own rule, which both surfaces declare. */
  bound: Bound;
  read(input: Input, clients: ServiceClients): Promise<{ answer: Answer; hasMore: boolean }>;
}

/** The operation's route as the route catalog and the tests name it: `GET /api/v1/analysts/{analystId}`. */
export const routeName = (op: Pick<Operation, "route">) => `${op.route.method} ${op.route.path}`;
