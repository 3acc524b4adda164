/** The few markdown pieces a fleet-health snapshot is made of: times, table cells that stay cells, tables. */

/** 2026-11-20 16:05 (UTC, to the minute). */
export const utcMinute = (at: number) => new Date(at).toISOString().slice(0, 16).replace("T", " ");
/** 16:05 (UTC). */
export const utcTime = (at: number) => new Date(at).toISOString().slice(11, 16);
/** 2026-11-21 00:05 SGT (Asia/Singapore keeps UTC+8 all year). */
export const sgtMinute = (at: number) => `${utcMinute(at + 8 * 3_600_000)} SGT`;

/** Text from elsewhere (an error message) as one table cell: one line, pipes escaped, control characters gone. */
export function cell(text: string, max = 160): string {
  const line = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const cut = [...line].length > max ? `${[...line].slice(0, max - 1).join("")}…` : line;
  return cut.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/`/g, "'");
}

export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a to b", or "a" when both are the same; "—" without values. */
export function range(values: number[]): string {
  if (values.length === 0) return "—";
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? String(lo) : `${lo} to ${hi}`;
}
