/**
 * What can be withdrawn, and by which id (docs/lifecycle.md). Each kind lives in the schema of the service that
 * serves it; its withdrawal is a row of that schema's `withdrawals` table, which the service's published_* views
 * read, so the service's own reads drop the item and its data-version trigger tells every cache at commit.
 */
import { isoWeekOf } from "../work-date.js";

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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function workDate(value: string | undefined, what: string): string {
  if (
    !value ||
    !DATE.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  )
    throw new WithdrawalError(`${what} must be a YYYY-MM-DD date, got '${value ?? ""}'`);
  return value;
}

function identifier(value: string | undefined, what: string): string {
  if (!value || value.length > 200 || /[\s/]/.test(value))
    throw new WithdrawalError(`${what} must be a non-empty id without spaces or '/', got '${value ?? ""}'`);
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

/** `<left>/<right>`, the two halves of a compound id. */
const halves = (itemId: string) => {
  const at = itemId.indexOf("/");
  return [itemId.slice(0, at), itemId.slice(at + 1)] as const;
};

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
    itemId: ([id]) => {
      const at = (id ?? "").indexOf("/");
      if (at < 0) throw new WithdrawalError(`data-topics ID must be DATE/TOPIC, got '${id ?? ""}'`);
      return `${workDate(id!.slice(0, at), "data-topics DATE")}/${identifier(id!.slice(at + 1), "data-topics TOPIC")}`;
    },
    existsSql: "SELECT 1 FROM reports.data_topics WHERE work_date = $1::date AND topic = $2",
    existsValues: (itemId) => [...halves(itemId)],
    describe: (itemId) => `shared-data topic ${halves(itemId)[1]} of ${halves(itemId)[0]}`,
  },
];

export function withdrawalKind(name: string | undefined): WithdrawalKind {
  const kind = WITHDRAWAL_KINDS.find((k) => k.name === name);
  if (!kind)
    throw new WithdrawalError(`unknown kind '${name ?? ""}': one of ${WITHDRAWAL_KINDS.map((k) => k.name).join(", ")}`);
  return kind;
}
