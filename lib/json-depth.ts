/**
 * How deep a parsed JSON value nests, bounded: the tool endpoint's arguments and the importer's lines both refuse
 * values nested deeper than MAX_JSON_DEPTH, so no later recursive walk (a clone, a canonical form, a jsonb encoder)
 * can exhaust the stack on them.
 */

/** The deepest nesting of objects and arrays either accepts. */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or arrays deeper than `max` (iterative: a deep value cannot overflow it). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
