/**
 * Toolsets: the registry's tools in named groups, so a client can list only what its task needs and keep tools/list
 * small. A client picks groups with the `X-MCP-Toolsets` header or the `toolsets` query parameter of /api/mcp
 * (comma-separated); an unknown name is refused with the list of valid ones.
 */
export const TOOLSETS = {
  catalog: "The analyst catalog and the institute's memory.",
  whiteboard: "Whiteboard research threads, their cards and card reports, the topic pool and the similarity gate.",
  reports: "Daily, weekly and fleet-health reports, the latest index, and the shared market-data topics.",
  portfolios: "The paper-portfolio track record: leaderboard, metrics, comparisons.",
  search: "Semantic search over the archived output.",
  factcards: "Fact-check claims (fact cards) and their nearest neighbours.",
  sessions: "Analyst sessions, their messages and workspaces.",
  mailbox: "The analysts' mailbox: threads and messages.",
  events: "The institute's event log.",
  chain: "Reasoning chains: chain facts, steps, tags, provenance links and citations.",
  coverage: "Coverage research artifacts (granted by party).",
  operations: "The research queue: what the governor has in flight.",
  changes: "The change feed: what was published, updated or withdrawn, in commit order.",
} as const;

export type ToolsetName = keyof typeof TOOLSETS;

export const TOOLSET_NAMES = Object.keys(TOOLSETS) as ToolsetName[];

const isToolset = (name: string): name is ToolsetName => Object.prototype.hasOwnProperty.call(TOOLSETS, name);

export type ToolsetSelection =
  { ok: true; toolsets: ReadonlySet<ToolsetName> | undefined } | { ok: false; unknown: string[] };

/**
 * The toolsets a request selects: the union of the header's and the query parameter's names (either may repeat or
 * be comma-separated; blanks are ignored). Nothing named: undefined, every toolset.
 */
export function selectToolsets(
  header: string | string[] | undefined,
  query: string | string[] | undefined,
): ToolsetSelection {
  const names = [header, query]
    .flat()
    .filter((v): v is string => typeof v === "string")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  if (names.length === 0) return { ok: true, toolsets: undefined };
  // Named back to the caller: a few of them, each cut short, whatever the header held.
  const unknown = [
    ...new Set(names.filter((n) => !isToolset(n)).map((n) => (n.length > 64 ? `${n.slice(0, 64)}…` : n))),
  ].slice(0, 10);
  if (unknown.length) return { ok: false, unknown };
  return { ok: true, toolsets: new Set(names as ToolsetName[]) };
}
