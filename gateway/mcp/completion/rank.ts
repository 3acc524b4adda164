/**
 * completion/complete's answer from a completer's candidates: the values that begin with what was typed (ignoring
 * case), then those that contain it elsewhere, each group in the completer's order, without duplicates; at most
 * MAX_VALUES of them (MCP's limit), with the total and whether some were cut.
 */
export const MAX_VALUES = 100;

export function rankCompletions(candidates: readonly string[], typed: string) {
  const needle = typed.toLowerCase();
  const unique = [...new Set(candidates)];
  const prefix = unique.filter((v) => v.toLowerCase().startsWith(needle));
  const inner =
    needle === "" ? [] : unique.filter((v) => !v.toLowerCase().startsWith(needle) && v.toLowerCase().includes(needle));
  const all = [...prefix, ...inner];
  return { values: all.slice(0, MAX_VALUES), total: all.length, hasMore: all.length > MAX_VALUES };
}
