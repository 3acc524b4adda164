/**
 * Which mutating SQL statements a piece of text holds (spec §5.2 rule 6). The text is one string literal or template
 * literal of the source (or a whole .sql file), so words in comments and identifiers never reach it; inside it, a
 * statement is recognised by its shape (`INSERT INTO`, `UPDATE <table> SET`, `COPY <table> FROM`, …), not by a
 * lone keyword, so prose such as "the key was revoked" or "update the page" is not SQL.
 */

const NAME = String.raw`(?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*))?`;
const DDL_OBJECTS =
  "table|index|view|materialized\\s+view|schema|role|user|sequence|function|procedure|trigger|extension|type|" +
  "database|policy|domain|rule|aggregate|publication|subscription|tablespace";

const STATEMENTS: ReadonlyArray<[name: string, shape: RegExp]> = [
  ["INSERT", /\binsert\s+into\s/i],
  // `UPDATE t SET`, `UPDATE t AS x SET`, `UPDATE t x SET`, `UPDATE ONLY t SET`; `ON CONFLICT … DO UPDATE SET` too.
  ["UPDATE", new RegExp(String.raw`\bupdate\s+(?:only\s+)?${NAME}(?:\s+(?:as\s+)?[a-z_]\w*)?\s+set\s`, "i")],
  ["UPDATE", /\bdo\s+update\s+set\s/i],
  ["DELETE", /\bdelete\s+from\s/i],
  // Upper case unless `TABLE` follows: "it would truncate silently" is prose, `TRUNCATE catalog.boards` is not.
  ["TRUNCATE", new RegExp(String.raw`\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?${NAME}`)],
  ["TRUNCATE", /\btruncate\s+table\s/i],
  [
    "DDL",
    new RegExp(
      String.raw`\b(?:create|alter|drop)\s+(?:or\s+replace\s+)?(?:(?:temp|temporary|unlogged|unique)\s+)?(?:${DDL_OBJECTS})\b`,
      "i",
    ),
  ],
  [
    "DDL",
    /\b(?:grant|revoke)\s+[\w\s,]+\s+on\s+(?:all\s+\w+\s+in\s+schema\s+|schema\s+|table\s+)?[\w.]+\s+(?:to|from)\s/i,
  ],
  ["COPY … FROM", new RegExp(String.raw`\bcopy\s+${NAME}\s*(?:\([^)]*\)\s*)?from\s`, "i")],
];

/** SQL `--` and block comments, removed before a .sql file is read (a string literal of the source has none). */
export const withoutSqlComments = (sql: string) => sql.replace(/--[^\n]*/g, " ").replace(/\/\*[\s\S]*?\*\//g, " ");

/** The mutating statements the text holds, once each, in the order of STATEMENTS. */
export function mutatingStatements(text: string): string[] {
  const flat = text.replace(/\s+/g, " ") + " ";
  return [...new Set(STATEMENTS.filter(([, shape]) => shape.test(flat)).map(([name]) => name))];
}
