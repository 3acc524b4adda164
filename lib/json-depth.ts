/**
 * How deep a parsed JSON value nests, bounded: the tool endpoint's arguments and the importer's lines both refuse
 * values nested deeper than MAX_JSON_DEPTH, so no later recursive walk (a clone, a canonical form, a jsonb encoder)
 * can exhaust the stack on them.
 */

/** The deepest nesting of objects and arrays either accepts. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value` nests objects or arrays deeper than `max`. The walk recurses at most `max` levels before it
 * answers, so a value nested 100,000 deep cannot overflow the stack, and it allocates nothing (the importer asks it
 * of every line).
 */
export function nestedDeeperThan(value: unknown, max: number, depth = 0): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (depth >= max) return true;
  if (Array.isArray(value)) {
    for (const child of value) if (nestedDeeperThan(child, max, depth + 1)) return true;
  } else
    for (const k in value) if (nestedDeeperThan((value as Record<string, unknown>)[k], max, depth + 1)) return true;
  return false;
}
