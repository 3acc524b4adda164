/** Headers between node:http's objects and the Fetch API's Headers that Connect works with. */
import type { IncomingHttpHeaders } from "node:http";

/** HTTP/2's pseudo-headers (`:method`, `:path`…) are not headers, and Headers refuses their names. */
export function webHeadersOf(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || key.startsWith(":")) continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, v);
    else out.append(key, value);
  }
  return out;
}

export function nodeHeadersOf(headers: Headers | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  headers?.forEach((value, key) => (out[key] = value));
  return out;
}
