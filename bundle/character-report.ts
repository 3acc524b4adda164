/**
 * The importer's character report: text may hold characters XML 1.0 cannot carry (most C0 controls, U+FFFE,
 * U+FFFF, lone surrogates). They are the institute's and are stored as they are, and JSON answers carry them
 * escaped, but the Atom feed and the SVG charts show each as U+FFFD (lib/text/xml-text.ts). The importer says, per
 * file, how many it found and which, so an operator learns of them before a reader does.
 */
import { xmlForbidden } from "../lib/text/xml-text.js";

/** Whether a JSON line's text may hold such a character (escaped, or U+FFFE / U+FFFF as they are). */
const mayHold = (line: string) => line.includes("\\u") || line.includes("\uFFFE") || line.includes("\uFFFF");

function countIn(value: unknown, found: Set<number>): number {
  const stack = [value];
  let n = 0;
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") n += xmlForbidden(v, found);
    else if (typeof v === "object" && v !== null)
      for (const [k, child] of Object.entries(v)) {
        n += xmlForbidden(k, found);
        stack.push(child);
      }
  }
  return n;
}

const codePoint = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

export function characterTally() {
  const perFile = new Map<string, { count: number; found: Set<number> }>();
  const add = (file: string, count: number, found: Set<number>) => {
    if (!count) return;
    const entry = perFile.get(file) ?? { count: 0, found: new Set<number>() };
    entry.count += count;
    for (const c of found) entry.found.add(c);
    perFile.set(file, entry);
  };
  return {
    /** A body's text, as stored. */
    count(file: string, text: string) {
      const found = new Set<number>();
      add(file, xmlForbidden(text, found), found);
    },
    /** Every string (keys included) of one valid JSON line. */
    countStrings(file: string, line: string) {
      if (!mayHold(line)) return;
      const found = new Set<number>();
      add(file, countIn(JSON.parse(line), found), found);
    },
    /** One line per file that held any, in the order found. */
    notices(): string[] {
      return [...perFile].map(([file, { count, found }]) => {
        const which = [...found].sort((a, b) => a - b).map(codePoint);
        return `${file}: ${count} character${count === 1 ? "" : "s"} XML 1.0 cannot carry (${which.join(", ")}); stored as they are, shown as U+FFFD in the Atom feed and the charts`;
      });
    },
  };
}
