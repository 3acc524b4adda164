/**
 * What can be withdrawn, and by which id (docs/lifecycle.md). Each kind lives in the schema of the service that
 * serves it; its withdrawal is a row of that schema's `withdrawals` table, which the service's published_* views
 * read, so the service's own reads drop the item and its data-version trigger tells every cache at commit.
 */
import { isoWeekOf, isWorkDate } from "../work-date.js";

export class WithdrawalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WithdrawalError";
  }
}

export interface WithdrawalKind {
  /** The kind's name: the bundle kind's name, or `daily` / `weekly` for a report by its date. */
  name: string;
  schema: string;
  /** The command line's arguments after the kind, named for the usage line. */
  args: readonly string[];
  /** The withdrawal's item id from the command line's arguments; throws WithdrawalError on a malformed one. */
  itemId(args: readonly string[]): string;
  /** Whether the item exists (published or not): nothing unknown is withdrawn, so a typo is refused. */
  existsSql: string;
  /** The existence query's values for an item id. */
  existsValues(itemId: string): unknown[];
  /** What the audit row and the command's answer call the item. */
  describe(itemId: string): string;
}

function workDate(value: string | undefined, what: string): string {
  if (!value || !isWorkDate(value))
    throw new WithdrawalError(`${what} must be a YYYY-MM-DD date, got '${value ?? ""}'`);
  return value;
}

function identifier(value: string | undefined, what: string): string {
  if (!value || value.length > 200 || /\s/.test(value))
    throw new WithdrawalError(`${what} must be a non-empty id without spaces, got '${value ?? ""}'`);
  return value;
}

function single(name: string, schema: string, table: string, column: string, what: string): WithdrawalKind {
  return {
    name,
    schema,
    args: ["ID"],
    itemId: ([id]) => identifier(id, `${name} ID`),
    existsSql: `SELECT 1 FROM ${schema}.${table} WHERE ${column} = $1`,
    existsValues: (itemId) => [itemId],
    describe: (itemId) => `${what} ${itemId}`,
  };
}

/** `<left>/<right>`, the two halves of a compound id: split at its first '/' (a date has none), or its last. */
const halves = (itemId: string, at = itemId.indexOf("/")) => [itemId.slice(0, at), itemId.slice(at + 1)] as const;
const lastHalves = (itemId: string) => halves(itemId, itemId.lastIndexOf("/"));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `<id>/<second>`: a compound id as the command line and a bundle line give it. */
function compound(
  name: string,
  first: (v: string) => string,
  second: (v: string) => string,
  what: string,
  split: (id: string) => readonly [string, string] = halves,
) {
  return ([id]: readonly string[]) => {
    if (!id?.includes("/")) throw new WithdrawalError(`${name} ID must be ${what}, got '${id ?? ""}'`);
    const [left, right] = split(id);
    return `${first(left)}/${second(right)}`;
  };
}

export const WITHDRAWAL_KINDS: readonly WithdrawalKind[] = [
  {
    name: "daily",
    schema: "reports",
    args: ["DATE"],
    itemId: ([date]) => workDate(date, "daily DATE"),
    existsSql: "SELECT 1 FROM reports.reports WHERE kind = 'daily' AND work_date = $1::date",
    existsValues: (itemId) => [itemId],
    describe: (itemId) => `the daily report of ${itemId}`,
  },
  {
    name: "weekly",
    schema: "reports",
    args: ["DATE", "ANALYST_ID"],
    // Any date of the ISO week names the week: the id holds its Monday.
    // An analyst id holds no '/' in a weekly route's path segment; the id splits at its first '/'.
    itemId: ([date, analyst]) =>
      `${isoWeekOf(workDate(date, "weekly DATE")).weekStart}/${identifier(analyst, "weekly ANALYST_ID")}`,
    existsSql: `SELECT 1 FROM reports.reports
                 WHERE kind = 'weekly' AND analyst_id = $2 AND work_date BETWEEN $1::date AND $1::date + 6`,
    existsValues: (itemId) => [...halves(itemId)],
    describe: (itemId) => `${halves(itemId)[1]}'s weekly report of the week of ${halves(itemId)[0]}`,
  },
  single("reports", "reports", "reports", "report_id", "the report draft"),
  {
    name: "data-topics",
    schema: "reports",
    args: ["DATE/TOPIC"],
    itemId: compound(
      "data-topics",
      (d) => workDate(d, "data-topics DATE"),
      (t) => identifier(t, "data-topics TOPIC"),
      "DATE/TOPIC",
    ),
    existsSql: "SELECT 1 FROM reports.data_topics WHERE work_date = $1::date AND topic = $2",
    existsValues: (itemId) => [...halves(itemId)],
    describe: (itemId) => `shared-data topic ${halves(itemId)[1]} of ${halves(itemId)[0]}`,
  },
  {
    name: "threads",
    schema: "catalog",
    args: ["BOARD_ID"],
    itemId: ([id]) => {
      if (!id || !UUID.test(id)) throw new WithdrawalError(`threads BOARD_ID must be a UUID, got '${id ?? ""}'`);
      return id.toLowerCase();
    },
    existsSql: "SELECT 1 FROM catalog.threads WHERE board_id = $1::uuid",
    existsValues: (itemId) => [itemId],
    describe: (itemId) => `thread ${itemId}`,
  },
  single("cards", "catalog", "cards", "card_id", "card"),
  {
    name: "card-reports",
    schema: "catalog",
    args: ["CARD_ID/LANG"],
    itemId: compound(
      "card-reports",
      (c) => identifier(c, "card-reports CARD_ID"),
      (lang) => {
        if (!["en", "zh", "plain"].includes(lang))
          throw new WithdrawalError(`card-reports LANG must be en, zh or plain, got '${lang}'`);
        return lang;
      },
      "CARD_ID/LANG",
      lastHalves,
    ),
    existsSql: "SELECT 1 FROM catalog.card_reports WHERE card_id = $1 AND lang = $2",
    existsValues: (itemId) => [...lastHalves(itemId)],
    describe: (itemId) => `the ${lastHalves(itemId)[1]} report of card ${lastHalves(itemId)[0]}`,
  },
  single("card-actions", "catalog", "card_actions", "card_id", "the actions of card"),
  single("search-documents", "search", "documents", "doc_id", "search document"),
  single("fact-cards", "factcard", "fact_cards", "fact_card_id", "fact card"),
  single("chain-facts", "factcard", "chain_facts", "fact_id", "chain fact"),
];

/** The item id as a bundle line writes it (the stored id), checked and normalised as the command line's would be. */
export function itemIdOfLine(kind: WithdrawalKind, id: string): string {
  if (kind.args.length === 1) return kind.itemId([id]);
  const at = id.indexOf("/");
  if (at < 0) throw new WithdrawalError(`${kind.name} id must be ${kind.args.join("/")}, got '${id}'`);
  return kind.itemId([id.slice(0, at), id.slice(at + 1)]);
}

export function withdrawalKind(name: string | undefined): WithdrawalKind {
  const kind = WITHDRAWAL_KINDS.find((k) => k.name === name);
  if (!kind)
    throw new WithdrawalError(`unknown kind '${name ?? ""}': one of ${WITHDRAWAL_KINDS.map((k) => k.name).join(", ")}`);
  return kind;
}
