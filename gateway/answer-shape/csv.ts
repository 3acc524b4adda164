/**
 * Rows as RFC 4180 CSV, for an agent that reads a table but does not parse it: a header row, CRLF between records,
 * a field quoted (its quotes doubled) when it holds a comma, a quote, CR or LF, or starts or ends with a space.
 * null is an empty field; an object or a list is its JSON in one field; numbers and booleans as JSON writes them.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return quoted(value);
  return quoted(JSON.stringify(value));
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map(quoted).join(",")];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(","));
  return lines.join("\r\n") + "\r\n";
}
