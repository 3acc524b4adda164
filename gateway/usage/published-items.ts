/**
 * The published items readership counts, and how a read names one: derived from the operations that serve them
 * (gateway/operations), so a REST route and its tool name the same item. A daily report is its work date, a weekly
 * report its ISO week's Monday and analyst (any date of the week reads the same report), a card report its card,
 * a thread its board. Arguments are the tool's (snake_case); a REST route's path parameters map onto them.
 */
import type { ItemKind } from "../../lib/usage/tallies.js";
import { isoWeekOf, isWorkDate } from "../../lib/work-date.js";
import { REST_PREFIX } from "../http/public-url.js";
import type { CompiledTemplate } from "../mcp/resources/uri-template.js";
import { RESOURCE_TEMPLATES } from "../mcp/resources/templates.js";
import type { Operation } from "../operations/operation.js";
import { dailyReport, weeklyReport } from "../operations/reports.js";
import { cardReport, getThread } from "../operations/whiteboard.js";

type Args = Record<string, unknown>;

interface PublishedItem {
  operation: Operation;
  kind: ItemKind;
  /** The item's id from the arguments, undefined when they name none. */
  id(args: Args): string | undefined;
}

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

const ITEMS: readonly PublishedItem[] = [
  { operation: dailyReport, kind: "daily", id: (a) => text(a.date) },
  {
    operation: weeklyReport,
    kind: "weekly",
    id(a) {
      const date = text(a.date);
      const analyst = text(a.analyst_id);
      return date && analyst && isWorkDate(date) ? `${isoWeekOf(date).weekStart}/${analyst}` : undefined;
    },
  },
  { operation: cardReport, kind: "card", id: (a) => text(a.card_id) },
  { operation: getThread, kind: "thread", id: (a) => text(a.board_id) },
];

export interface ItemRef {
  kind: ItemKind;
  id: string;
}

const refOf = (item: PublishedItem | undefined, args: Args): ItemRef | undefined => {
  const id = item?.id(args);
  return item && id ? { kind: item.kind, id } : undefined;
};

/** `/api/v1/reports/daily/{date}` as fastify names the matched route: `/api/v1/reports/daily/:date`. */
const routerUrl = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Each route's item, with its path parameters' names as the tool's arguments (`analystId` → `analyst_id`). */
const BY_ROUTE = new Map(
  ITEMS.map((item) => {
    const names = [...item.operation.route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
    return [routerUrl(item.operation.route.path), { item, names: names.map((n) => [n, snakeCase(n)] as const) }];
  }),
);
const BY_TOOL = new Map(ITEMS.map((item) => [item.operation.tool, item]));
const TEMPLATES: ReadonlyArray<{ compiled: CompiledTemplate; item: PublishedItem }> = RESOURCE_TEMPLATES.flatMap(
  (t) => {
    const item = BY_TOOL.get(t.tool);
    return item ? [{ compiled: t.compiled, item }] : [];
  },
);

/**
 * How a REST route names the item it serves, from its path parameters; undefined for a route that serves none.
 * Worked out once per route, when it is added.
 */
export function routeItemReader(pattern: string): ((params: unknown) => ItemRef | undefined) | undefined {
  const route = pattern.startsWith(REST_PREFIX) ? BY_ROUTE.get(pattern) : undefined;
  if (!route) return undefined;
  return (params) => {
    if (typeof params !== "object" || params === null) return undefined;
    const args: Args = {};
    for (const [name, argument] of route.names) args[argument] = (params as Args)[name];
    return refOf(route.item, args);
  };
}

/** The item a tool call read, from the tool's name and arguments. */
export function itemOfTool(name: unknown, args: unknown): ItemRef | undefined {
  if (typeof name !== "string" || typeof args !== "object" || args === null) return undefined;
  return refOf(BY_TOOL.get(name), args as Args);
}

/** The item a resources/read read, from its institute:// URI. */
export function itemOfResource(uri: unknown): ItemRef | undefined {
  if (typeof uri !== "string") return undefined;
  for (const { compiled, item } of TEMPLATES) {
    const match = compiled.match(uri);
    if (match?.ok) return refOf(item, match.values);
  }
  return undefined;
}
