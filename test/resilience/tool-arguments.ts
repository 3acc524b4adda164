/**
 * Tool arguments derived from each tool's inputSchema (the registry is the only source): mostly values of the right
 * type, drawn from ids that exist in the database so calls reach real rows, mixed with wrong types, out-of-range
 * numbers, overlong and nasty strings, unknown keys and arguments that are not an object at all. `fields` is drawn
 * mostly from the names the tool's answer has, so a cut answer is fuzzed as often as a refused one.
 */
import fc from "fast-check";
import { answerShape } from "../../gateway/answer-shape/answer-shape.js";
import type { ToolDefinition } from "../../gateway/mcp/tool.js";
import type { Pool } from "../../lib/db/pool.js";
import { nastyText } from "./fuzz-inputs.js";

type Schema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  maxLength?: number;
};

export interface Known {
  /** Values by the argument name they fit (analyst_id, board_id, date, ...). */
  byName: Map<string, string[]>;
  all: string[];
}

/** Ids, dates and names that exist in the database, a few rows of each, by the argument name they fit. */
export async function knownValues(db: Pool): Promise<Known> {
  const sources = [
    "catalog.analysts(analyst_id)",
    "catalog.threads(board_id)",
    "catalog.cards(card_id)",
    "catalog.sessions(session_id)",
    "catalog.mailbox_threads(thread_id)",
    "catalog.mailbox_messages(message_id)",
    "catalog.events(event_id)",
    "catalog.events(kind)",
    "catalog.events(subject_id)",
    "portfolio.portfolios(portfolio_id)",
    "factcard.fact_cards(fact_card_id)",
    "factcard.chain_facts(fact_id)",
    "factcard.chain_facts(chain_id)",
    "factcard.chain_links(ref)",
    "reports.data_topics(topic)",
    "reports.reports(work_date::text)",
  ];
  const byName = new Map<string, string[]>();
  for (const source of sources) {
    const [table, column] = source.slice(0, -1).split("(") as [string, string];
    const { rows } = await db.query(`SELECT DISTINCT ${column} AS v FROM ${table} LIMIT 6`);
    const name = column.replace("::text", "").replace("work_date", "date");
    byName.set(name, [...(byName.get(name) ?? []), ...rows.map((r) => r.v as string)]);
  }
  for (const [alias, name] of [
    ["thread_id", "thread_id"],
    ["portfolio_ids", "portfolio_id"],
    ["parent_id", "card_id"],
    ["tag", "kind"],
  ] as const) {
    if (!byName.has(alias)) byName.set(alias, byName.get(name) ?? []);
  }
  return { byName, all: [...new Set([...byName.values()].flat())] };
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, true, 1.5, -1, 1e308, "", [], {}, "0x10", "NaN"),
);

function valueFor(schema: Schema, name: string, knownAll: Known): fc.Arbitrary<unknown> {
  const fitting = knownAll.byName.get(name) ?? [];
  const known = fitting.length ? fitting : knownAll.all;
  const wrong = { weight: 1, arbitrary: junk };
  switch (schema.type) {
    case "string": {
      if (schema.enum)
        return fc.oneof(
          { weight: 12, arbitrary: fc.constantFrom(...schema.enum) },
          { weight: 1, arbitrary: nastyText },
          wrong,
        );
      if (schema.format === "date") {
        const dates = knownAll.all.filter((k) => /^\d{4}-\d{2}-\d{2}$/.test(k));
        return fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...dates, "2026-11-20", "2026-02-30", "0000-01-01", "9999-12-31") },
          { weight: 1, arbitrary: nastyText },
          wrong,
        );
      }
      return fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom(...known) },
        { weight: 2, arbitrary: nastyText },
        {
          weight: 1,
          arbitrary: fc.integer({ min: (schema.maxLength ?? 200) - 2, max: 20_000 }).map((n) => "x".repeat(n)),
        },
        { weight: 1, arbitrary: fc.base64String({ maxLength: 80 }) },
        wrong,
      );
    }
    case "integer":
    case "number": {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? 1000, 2_000_000_000);
      return fc.oneof(
        { weight: 12, arbitrary: fc.integer({ min, max }) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            min - 1,
            max + 1,
            0,
            -1,
            2 ** 31,
            2 ** 53 + 1,
            1.5,
            -0,
            1e308,
            Number.MAX_SAFE_INTEGER,
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom("5", "1e3", null, true) },
        wrong,
      );
    }
    case "boolean":
      return fc.oneof(
        { weight: 5, arbitrary: fc.boolean() },
        { weight: 1, arbitrary: fc.constantFrom("true", 1, 0, null) },
      );
    case "array":
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(valueFor(schema.items ?? {}, name, knownAll), { maxLength: 12 }) },
        { weight: 1, arbitrary: fc.array(fc.constantFrom(...known), { minLength: 40, maxLength: 300 }) },
        wrong,
      );
    default:
      return junk;
  }
}

/** `fields`: mostly names the answer has (dotted paths too), sometimes anything an array of strings may hold. */
function fieldsFor(tool: ToolDefinition, schema: Schema, known: Known): fc.Arbitrary<unknown> {
  const { paths } = answerShape(tool.outputSchema);
  return fc.oneof(
    { weight: 6, arbitrary: fc.subarray([...paths], { minLength: 1 }) },
    { weight: 1, arbitrary: valueFor(schema, "fields", known) },
  );
}

/** The `arguments` of a tools/call of this tool. */
export function toolArguments(tool: ToolDefinition, known: Known): fc.Arbitrary<unknown> {
  const properties = tool.inputSchema.properties as Record<string, Schema>;
  const required = new Set(tool.inputSchema.required ?? []);
  const entries = Object.entries(properties).map(([name, schema]) =>
    fc
      .tuple(
        fc.constant(name),
        fc.integer({ min: 0, max: 9 }),
        name === "fields" ? fieldsFor(tool, schema, known) : valueFor(schema, name, known),
      )
      .map(([, r, v]) => ((required.has(name) ? r < 9 : r < 5) ? [[name, v]] : [])),
  );
  const object = fc
    .tuple(
      fc.tuple(...entries),
      fc.option(fc.dictionary(fc.string({ maxLength: 10 }), junk, { maxKeys: 3 }), { nil: undefined, freq: 10 }),
    )
    .map(([pairs, extra]) => ({ ...Object.fromEntries(pairs.flat() as Array<[string, unknown]>), ...extra }));
  const deep = fc.integer({ min: 50, max: 3000 }).map((n) => {
    let v: unknown = "bottom";
    for (let i = 0; i < n; i++) v = { a: v };
    return v;
  });
  return fc.oneof(
    { weight: 12, arbitrary: object },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, [], "args", 7, [{}]) },
    { weight: 1, arbitrary: deep.map((d) => ({ [Object.keys(properties)[0] ?? "x"]: d })) },
  );
}
