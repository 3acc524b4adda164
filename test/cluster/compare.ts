/**
 * What "the same answer" means between the cluster and the all-in-one: the same JSON (or text), except fields stamped
 * at the moment of answering (generated_at and the like), which are dropped. JSON held in strings (a tool's text
 * block) is compared as JSON too.
 */

/** Fields whose value is the moment the answer was made, not data. */
const STAMPED = new Set(["generated_at", "generatedAt", "served_at"]);

function normalise(value: unknown): unknown {
  if (typeof value === "string") {
    const t = value.trimStart();
    if (t.startsWith("{") || t.startsWith("[")) {
      try {
        return normalise(JSON.parse(value));
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !STAMPED.has(k))
        .map(([k, v]) => [k, normalise(v)]),
    );
  }
  return value;
}

/** A response body ready for toEqual. */
export const comparable = (text: string): unknown => normalise(text);

export async function waitFor(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  state?: () => Promise<unknown>,
): Promise<void> {
  const everyMs = 200;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${state ? `: ${JSON.stringify(await state())}` : ""}`);
}
