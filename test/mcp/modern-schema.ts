/**
 * The 2026-07-28 revision's own schema.json (test/fixtures/mcp, copied from the specification repository at
 * schema/2026-07-28/schema.json), compiled once, and a recording fetch for the official v2 client: every request it
 * sends and every message it receives (JSON bodies and SSE events) is checked against the definition its method
 * names, so a test fails on any modern message the revision does not describe.
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const schema = JSON.parse(readFileSync(new URL("../fixtures/mcp/schema-2026-07-28.json", import.meta.url), "utf8")) as {
  $defs: Record<string, unknown>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(schema, "mcp");

const REQUEST_DEF: Record<string, string> = {
  "server/discover": "DiscoverRequest",
  "tools/list": "ListToolsRequest",
  "tools/call": "CallToolRequest",
  "resources/list": "ListResourcesRequest",
  "resources/templates/list": "ListResourceTemplatesRequest",
  "resources/read": "ReadResourceRequest",
  "prompts/list": "ListPromptsRequest",
  "prompts/get": "GetPromptRequest",
  "completion/complete": "CompleteRequest",
  "subscriptions/listen": "SubscriptionsListenRequest",
};

const RESULT_DEF: Record<string, string> = {
  "server/discover": "DiscoverResultResponse",
  "tools/list": "ListToolsResultResponse",
  "tools/call": "CallToolResultResponse",
  "resources/list": "ListResourcesResultResponse",
  "resources/templates/list": "ListResourceTemplatesResultResponse",
  "resources/read": "ReadResourceResultResponse",
  "prompts/list": "ListPromptsResultResponse",
  "prompts/get": "GetPromptResultResponse",
  "completion/complete": "CompleteResultResponse",
  "subscriptions/listen": "SubscriptionsListenResultResponse",
};

const NOTIFICATION_DEF: Record<string, string> = {
  "notifications/subscriptions/acknowledged": "SubscriptionsAcknowledgedNotification",
  "notifications/resources/list_changed": "ResourceListChangedNotification",
  "notifications/resources/updated": "ResourceUpdatedNotification",
  "notifications/tools/list_changed": "ToolListChangedNotification",
  "notifications/prompts/list_changed": "PromptListChangedNotification",
};

const ERROR_DEF: Record<number, string> = {
  [-32020]: "HeaderMismatchError",
  [-32022]: "UnsupportedProtocolVersionError",
};

/** The schema errors of `message` against `$defs[def]`, as text; [] when it conforms. */
export function violations(def: string, message: unknown): string[] {
  const validate = ajv.getSchema(`mcp#/$defs/${def}`);
  if (!validate) throw new Error(`the 2026-07-28 schema has no definition ${def}`);
  return validate(message) ? [] : (validate.errors ?? []).map((e) => `${def}${e.instancePath} ${e.message}`);
}

/** The definition a response to `method` is checked against. */
export function responseDef(method: string, response: { result?: unknown; error?: { code: number } }): string {
  if (response.error) return ERROR_DEF[response.error.code] ?? "JSONRPCErrorResponse";
  const def = RESULT_DEF[method];
  if (!def) throw new Error(`no result definition for ${method}`);
  return def;
}

export interface Exchange {
  method: string;
  request: unknown;
  status: number;
  /** Every message received for the request: the JSON body, or each SSE event's data. */
  received: unknown[];
}

/** A fetch for the v2 client's transport that records each exchange; SSE streams are read as they arrive. */
export function recordingFetch(exchanges: Exchange[]): typeof fetch {
  return async (input, init) => {
    const request = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const res = await fetch(input, init);
    if (!request || init?.method !== "POST") return res;
    const exchange: Exchange = { method: request.method ?? "(response)", request, status: res.status, received: [] };
    exchanges.push(exchange);
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith("application/json")) {
      const text = await res.clone().text();
      if (text) exchange.received.push(JSON.parse(text));
    } else if (type.startsWith("text/event-stream") && res.body) {
      const [mine, theirs] = res.body.tee();
      void (async () => {
        const decoder = new TextDecoder();
        let buffer = "";
        try {
          for await (const chunk of mine as unknown as AsyncIterable<Uint8Array>) {
            buffer += decoder.decode(chunk, { stream: true });
            let end;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const event = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = event
                .split("\n")
                .filter((l) => l.startsWith("data:"))
                .map((l) => l.slice(5).trimStart())
                .join("\n");
              if (data) exchange.received.push(JSON.parse(data));
            }
          }
        } catch {
          // the stream was closed by the client
        }
      })();
      return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
    }
    return res;
  };
}

/** Every schema violation among the recorded modern exchanges (requests, responses and stream notifications). */
export function exchangeViolations(exchanges: readonly Exchange[]): string[] {
  const found: string[] = [];
  for (const { method, request, received } of exchanges) {
    const requestDef = REQUEST_DEF[method];
    if (requestDef) found.push(...violations(requestDef, request).map((v) => `request ${method}: ${v}`));
    for (const message of received as Array<Record<string, any>>) {
      if (typeof message.method === "string") {
        const def = NOTIFICATION_DEF[message.method] ?? "JSONRPCNotification";
        found.push(...violations(def, message).map((v) => `notification on ${method}: ${v}`));
      } else found.push(...violations(responseDef(method, message), message).map((v) => `response to ${method}: ${v}`));
    }
  }
  return found;
}
