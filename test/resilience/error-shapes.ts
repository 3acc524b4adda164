/**
 * What every refusal must look like (spec §2.12, §7): on REST and every non-tool path the ErrorResponse
 * `{error, required?, granted?}` and nothing else; on /api/mcp either that (credential refusals) or a JSON-RPC 2.0
 * error envelope whose data carries a category and whether a retry can help. A checker returns the problem, or null.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The spec's ErrorResponse: `error` a non-empty string; `required` a string and `granted` strings when present; no other key. */
export function errorResponseProblem(body: unknown): string | null {
  if (!isObject(body)) return "not a JSON object";
  if (typeof body.error !== "string" || body.error === "") return "no `error` string";
  const extra = Object.keys(body).filter((k) => k !== "error" && k !== "required" && k !== "granted");
  if (extra.length) return `unexpected keys ${extra.join(", ")}`;
  if (body.required !== undefined && typeof body.required !== "string") return "`required` is not a string";
  if (
    body.granted !== undefined &&
    !(Array.isArray(body.granted) && body.granted.every((g) => typeof g === "string"))
  ) {
    return "`granted` is not an array of strings";
  }
  return null;
}

const CATEGORIES = new Set(["auth", "validation", "permanent", "transient"]);

/** A JSON-RPC 2.0 error envelope as the tool endpoint sends it (spec §7.2). */
export function jsonRpcErrorProblem(body: unknown): string | null {
  if (!isObject(body)) return "not a JSON object";
  if (body.jsonrpc !== "2.0") return "jsonrpc is not 2.0";
  if (!("id" in body) || !(body.id === null || typeof body.id === "string" || typeof body.id === "number"))
    return "bad id";
  if (!isObject(body.error)) return "no error object";
  const { code, message, data } = body.error;
  if (!Number.isInteger(code)) return "error.code is not an integer";
  if (typeof message !== "string" || message === "") return "error.message is not a string";
  if (!isObject(data)) return "error.data is missing";
  if (!CATEGORIES.has(data.category as string)) return `error.data.category ${String(data.category)}`;
  if (data.transient !== (data.category === "transient")) return "error.data.transient disagrees with the category";
  return null;
}

/**
 * A tool endpoint answer's refusal as a JSON-RPC error envelope, whichever channel carried it: a JSON-RPC `error`
 * (protocol errors, other methods' refusals) or a tools/call result with `isError: true`, whose §7.2 `error` sits
 * beside a text for the model (a result without that text is returned as is, so the shape check names it). Null for
 * a success.
 */
export function failureEnvelope(body: unknown): Record<string, unknown> | null {
  if (!isObject(body)) return null;
  if ("error" in body) return body;
  const result = body.result;
  if (!isObject(result) || result.isError !== true) return null;
  const content = result.content as Array<{ text?: unknown }> | undefined;
  const readable = Array.isArray(content) && typeof content[0]?.text === "string" && content[0].text !== "";
  return { jsonrpc: body.jsonrpc, id: body.id, error: readable ? result.error : undefined };
}

/** A JSON-RPC 2.0 success envelope. */
export function jsonRpcResultProblem(body: unknown): string | null {
  if (!isObject(body)) return "not a JSON object";
  if (body.jsonrpc !== "2.0") return "jsonrpc is not 2.0";
  if (!("result" in body)) return "no result";
  return null;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * The fuzz invariant for one answer: never a 5xx; a refusal is a 4xx carrying the right error body (the edge
 * filter's 403 is bodiless). Returns a description of what is wrong, or null.
 */
export function answerProblem(answer: Answer, surface: "rest" | "tool", edgeBlocked: boolean): string | null {
  const { status, body } = answer;
  if (status >= 500) return `status ${status}: ${body.slice(0, 300)}`;
  if (edgeBlocked)
    return status === 403 && body === ""
      ? null
      : `edge filter: expected a bodiless 403, got ${status} ${body.slice(0, 100)}`;
  if (status < 400) return null;
  const parsed = parseJson(body);
  if (!parsed.ok) return `status ${status} with a body that is not JSON: ${body.slice(0, 200)}`;
  const asError = errorResponseProblem(parsed.value);
  if (asError === null) return null;
  if (surface === "tool" && jsonRpcErrorProblem(parsed.value) === null) return null;
  return `status ${status}: ${asError}: ${body.slice(0, 200)}`;
}
