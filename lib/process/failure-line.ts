/**
 * One line that says why something failed, whatever was thrown: an Error (its message; an AggregateError's own
 * messages joined, as node-postgres raises for every address it tried), a string, or nothing at all.
 */
export function failureLine(e: unknown): string {
  const text = describe(e, 0);
  return text.replace(/\s*\n\s*/g, " | ").trim() || "failed, with no reason given";
}

function describe(e: unknown, depth: number): string {
  if (e instanceof AggregateError && depth < 3) {
    const parts = e.errors.map((inner) => describe(inner, depth + 1)).filter(Boolean);
    const unique = [...new Set(parts)];
    return [e.message, ...unique].filter(Boolean).join("; ");
  }
  if (e instanceof Error) return e.message || (e as NodeJS.ErrnoException).code || e.name;
  if (typeof e === "string") return e;
  if (e === undefined || e === null) return "";
  try {
    return JSON.stringify(e) ?? String(e);
  } catch {
    return String(e);
  }
}

/** The stack, for LOG_LEVEL=debug or trace only: operators get one line, developers may ask for more. */
export function wantsStack(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LOG_LEVEL === "debug" || env.LOG_LEVEL === "trace";
}
