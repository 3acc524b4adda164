/**
 * `npm run bench -- compare BEFORE.json[,BEFORE2.json…] AFTER.json[,AFTER2.json…]`: two sets of HTTP bench
 * results (bench-results/*.json, for example one run on an earlier commit's checkout and one on this one), each row
 * of each set as the median over its files, side by side. Two runs meet different loads on a shared machine, so the
 * first ratio is normalised by what each run measured beside the service in the same rounds: the row's req/s over
 * the hand-written route's, after over before. The raw req/s and CPU per request follow, unnormalised.
 */
import { readFileSync } from "node:fs";
import { median, table } from "./stats.js";
import type { CaseResult, ModeResult } from "./http/report.js";
import type { Measurement } from "./http/measure.js";

/** The bound a row is held to: after at least this share of before. */
const BOUND = 0.95;

const VARIANTS = [
  ["defaults", (c: CaseResult) => c.service],
  ["cache off", (c: CaseResult) => c.serviceOff],
  ["tuned", (c: CaseResult) => c.serviceTuned],
] as const satisfies ReadonlyArray<readonly [string, (c: CaseResult) => Measurement | undefined]>;

interface Row {
  rps: number;
  perHand: number;
  cpu: number;
}

/** Every measured row of a set of result files, keyed by mode, case and variant, each figure the median. */
function rowsOf(files: string[]): Map<string, Row> {
  const seen = new Map<string, Row[]>();
  for (const file of files) {
    const result = JSON.parse(readFileSync(file, "utf8")) as { modes: ModeResult[] };
    for (const mode of result.modes)
      for (const c of mode.cases)
        for (const [variant, pick] of VARIANTS) {
          const m = pick(c);
          if (!m || !c.handWritten) continue;
          const key = `${mode.mode} | ${c.label} | ${variant}`;
          const row = { rps: m.rps, perHand: m.rps / c.handWritten.rps, cpu: m.cpuUsPerRequest ?? NaN };
          seen.set(key, [...(seen.get(key) ?? []), row]);
        }
  }
  const rows = new Map<string, Row>();
  for (const [key, list] of seen)
    rows.set(key, {
      rps: median(list.map((r) => r.rps)),
      perHand: median(list.map((r) => r.perHand)),
      cpu: median(list.map((r) => r.cpu)),
    });
  return rows;
}

export async function compareResults(argv: string[]): Promise<void> {
  const [before, after] = argv.filter((a) => !a.startsWith("--")).map((a) => a.split(","));
  if (!before || !after) throw new Error("compare: give BEFORE.json[,…] AFTER.json[,…]");
  const a = rowsOf(before);
  const b = rowsOf(after);
  const x = (n: number) => `${n.toFixed(2)}x`;
  const rows: string[][] = [];
  let worst = Infinity;
  for (const [key, then] of a) {
    const now = b.get(key);
    if (!now) continue;
    const ratio = now.perHand / then.perHand;
    worst = Math.min(worst, ratio);
    rows.push([
      ...key.split(" | "),
      x(ratio),
      ratio >= BOUND ? "met" : "MISSED",
      `${then.rps.toFixed(0)} → ${now.rps.toFixed(0)}`,
      x(now.rps / then.rps),
      `${then.cpu.toFixed(0)} → ${now.cpu.toFixed(0)}`,
    ]);
  }
  const header = [
    "mode",
    "request",
    "configuration",
    "svc/hand after/before",
    `>= ${BOUND}`,
    "req/s",
    "raw",
    "CPU µs/req",
  ];
  process.stdout.write(`${table(header, rows)}\n`);
  process.stdout.write(
    `${before.length} result file(s) before, ${after.length} after; each figure the median over its files. ` +
      `Lowest normalised ratio: ${x(worst)}.\n`,
  );
}
