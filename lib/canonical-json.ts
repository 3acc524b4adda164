/**
 * JSON with every object's keys sorted, so two values that differ only in key order (`{"a":1,"b":2}` and
 * `{"b":2,"a":1}`) have one text: a cache key for a request's parameters or a tool's arguments.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}
