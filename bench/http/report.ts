/** The HTTP benchmark's printed table (one per mode) and its JSON record in bench-results/. */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { median, table } from "../stats.js";
import type { BenchCase } from "./cases.js";
import type { Measurement } from "./measure.js";
import type { HalfRate } from "./half-rate.js";

export const P99_TARGET_MS = 20;

export interface CaseResult {
  id: string;
  label: string;
  target: BenchCase["target"];
  sameAsHandWritten: string;
  service: Measurement;
  /** The same service with its read cache off, measured in the same rounds (all-in-one, unless --no-cache). */
  serviceOff?: Measurement;
  /** The same service in the tuned configuration (rate limiter off, LOG_LEVEL=warn), in the same rounds (all-in-one). */
  serviceTuned?: Measurement;
  /** What counting usage costs (all-in-one, --usage-cost): one process serving three copies, the first counting. */
  usage?: Twins;
  /** This tree beside another checkout (all-in-one, --against DIR): one process, this tree's copy first. */
  against?: Twins;
  /** Of the cacheable lookups while the case ran, the share answered from the read cache (NaN: none looked up). */
  hitRatio: number;
  handWritten: Measurement;
  ceiling: Measurement;
  /** The service again at half its measured maximum rate, at a steady rate, and the ceiling's p99 at that rate. */
  halfRate: HalfRate;
}

export interface ModeResult {
  mode: "all-in-one" | "cluster";
  /** Why the mode was not measured. */
  skipped?: string;
  cases: CaseResult[];
}

const n0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "-");
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "-");
const x = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : "-");
const x3 = (n: number) => (Number.isFinite(n) ? `${n.toFixed(3)}x` : "-");

export const ratioOf = (r: CaseResult) => ({
  hand: r.service.rps / r.handWritten.rps,
  ceiling: r.service.rps / r.ceiling.rps,
});

function targetCell(r: CaseResult, mode: ModeResult["mode"], service: Measurement = r.service): string {
  const ratio = service.rps / (r.target.against === "hand-written" ? r.handWritten.rps : r.ceiling.rps);
  const wanted = r.target.ratio[mode];
  return `>=${wanted.toFixed(1)} ${r.target.against === "hand-written" ? "hand" : "ceil"}: ${ratio >= wanted ? "met" : "MISSED"}`;
}

export function modeTable(result: ModeResult): string {
  if (result.skipped) return `${result.mode}: skipped: ${result.skipped}`;
  const header = [
    "request",
    "req/s",
    "p50 ms",
    "p99 ms",
    "err",
    "non-2xx*",
    "RSS MiB",
    "CPU µs/req",
    "hit %",
    "hand req/s",
    "hand p99",
    "hand µs/req",
    "ceil req/s",
    "ceil p99",
    "svc/hand",
    "svc/ceil",
    "off req/s",
    "off µs/req",
    "off/hand",
    "target",
    "p99 @50% rate",
  ];
  const rows = result.cases.map((r) => {
    const s = r.service;
    const { p99, rate, ceilingP99 } = r.halfRate;
    const half = `${ms(p99)} (ceil ${ms(ceilingP99)}) @ ${n0(rate)}/s ${p99 < P99_TARGET_MS ? "ok" : "MISSED"}`;
    return [
      r.label,
      n0(s.rps),
      ms(s.p50),
      ms(s.p99),
      String(s.errors),
      String(s.unexpected),
      s.peakRssMib === undefined ? "-" : s.peakRssMib.toFixed(0),
      n0(s.cpuUsPerRequest ?? NaN),
      Number.isFinite(r.hitRatio) ? (r.hitRatio * 100).toFixed(1) : "-",
      n0(r.handWritten.rps),
      ms(r.handWritten.p99),
      n0(r.handWritten.cpuUsPerRequest ?? NaN),
      n0(r.ceiling.rps),
      ms(r.ceiling.p99),
      x(ratioOf(r).hand),
      x(ratioOf(r).ceiling),
      n0(r.serviceOff?.rps ?? NaN),
      n0(r.serviceOff?.cpuUsPerRequest ?? NaN),
      x((r.serviceOff?.rps ?? NaN) / r.handWritten.rps),
      targetCell(r, result.mode),
      half,
    ];
  });
  return table(header, rows);
}

/** The extra rows: the same cases in the tuned configuration (rate limiter off, LOG_LEVEL=warn), when measured. */
export function tunedTable(result: ModeResult): string | undefined {
  const measured = result.cases.filter((r) => r.serviceTuned);
  if (result.skipped || measured.length === 0) return undefined;
  const header = ["request, limiter off, warn", "req/s", "p50 ms", "p99 ms", "err", "non-2xx*", "CPU µs/req"];
  header.push("svc/hand", "svc/ceil", "target", "defaults/tuned");
  const rows = measured.map((r) => {
    const t = r.serviceTuned!;
    return [
      r.label,
      n0(t.rps),
      ms(t.p50),
      ms(t.p99),
      String(t.errors),
      String(t.unexpected),
      n0(t.cpuUsPerRequest ?? NaN),
      x(t.rps / r.handWritten.rps),
      x(t.rps / r.ceiling.rps),
      targetCell(r, result.mode, t),
      x(r.service.rps / t.rps),
    ];
  });
  return table(header, rows);
}

/** The most a ratio may drop for counting usage (issue 20): the service with counting on over the same with it off. */
export const USAGE_COST_BOUND = 0.03;

/** The median of each round's ratio of a over b (rounds taken side by side cancel what the machine did between them). */
function roundRatio(
  a: Measurement,
  b: Measurement,
  of: (round: Measurement["rounds"][number]) => number | undefined,
): number {
  const ratios = a.rounds.map((r, i) => (of(r) ?? NaN) / (of(b.rounds[i]!) ?? NaN)).filter(Number.isFinite);
  return median(ratios);
}

/** Three copies measured in one process: the subject, and its reference twice (bench/http/targets.ts, TWINS). */
export interface Twins {
  subject: Measurement;
  reference: Measurement;
  referenceAgain: Measurement;
}

/** What a twins table compares: the bound, and what the subject and the reference are called in its columns. */
interface TwinsReading {
  bound: number;
  subject: string;
  reference: string;
  /** Settles a case the ratios leave unresolved by another measurement of the same run, when there is one. */
  settle?: (caseId: string) => string | undefined;
}

/**
 * A twins table, each ratio the median over the rounds: req/s and CPU per request of the subject over each copy of
 * the reference (their mean), and the reference's two copies over each other (A/A). The bound holds when neither
 * ratio moves more than it the wrong way, and the reading is only as good as the A/A: a ratio on the right side of
 * the bound by more than the A/A moved is "yes", on the wrong side by more than that "NO", and nearer the bound than
 * the A/A's spread "unresolved", unless the reading settles it otherwise.
 */
function twinsTable(measured: Array<{ id: string; label: string; twins: Twins }>, reading: TwinsReading): string {
  const { bound, subject: a, reference: b } = reading;
  const header = ["request", `${a} req/s`, `${b} req/s`, `${a} µs/req`, `${b} µs/req`, `req/s ${a}/${b}`];
  header.push("req/s A/A", `CPU ${a}/${b}`, "CPU A/A", `${a} p99`, `${b} p99`, `within ${bound * 100} %`);
  const rps = (r: Measurement["rounds"][number]) => r.rps;
  const cpu = (r: Measurement["rounds"][number]) => r.cpuUsPerRequest;
  const rows = measured.map(({ id, label, twins }) => {
    const { subject: on, reference: off, referenceAgain: again } = twins;
    const rate = (roundRatio(on, off, rps) + roundRatio(on, again, rps)) / 2;
    const cost = (roundRatio(on, off, cpu) + roundRatio(on, again, cpu)) / 2;
    const rateNoise = roundRatio(off, again, rps);
    const cpuNoise = roundRatio(off, again, cpu);
    const noise = Math.max(Math.abs(rateNoise - 1), Math.abs(cpuNoise - 1));
    // Met or missed by more than the A/A moved is a verdict; nearer the bound than that, the run cannot tell.
    const met = rate >= 1 - bound + noise && cost <= 1 + bound - noise;
    const missed = rate < 1 - bound - noise || cost > 1 + bound + noise;
    return [
      label,
      n0(on.rps),
      n0((off.rps + again.rps) / 2),
      n0(on.cpuUsPerRequest ?? NaN),
      n0(((off.cpuUsPerRequest ?? NaN) + (again.cpuUsPerRequest ?? NaN)) / 2),
      x3(rate),
      x3(rateNoise),
      x3(cost),
      x3(cpuNoise),
      ms(on.p99),
      ms(Math.max(off.p99, again.p99)),
      met ? "yes" : missed ? "NO" : (reading.settle?.(id) ?? "unresolved: within the A/A's spread"),
    ];
  });
  return table(header, rows);
}

/**
 * What counting usage costs (--usage-cost): the port that counts over the two that do not. A case the ratios leave
 * unresolved is settled, with --profile, by counting's share of the busy CPU: the CPU a request would save without it.
 */
export function usageCostTable(result: ModeResult, countingShare?: Record<string, number>): string | undefined {
  const measured = result.cases.flatMap((r) => (r.usage ? [{ id: r.id, label: r.label, twins: r.usage }] : []));
  if (result.skipped || measured.length === 0) return undefined;
  const settle = (id: string) => {
    const share = countingShare?.[id];
    if (share === undefined) return undefined;
    const said = `by the profile: counting is ${(share * 100).toFixed(2)} % of the CPU`;
    return share <= USAGE_COST_BOUND ? `yes ${said}` : `NO ${said}`;
  };
  return twinsTable(measured, { bound: USAGE_COST_BOUND, subject: "on", reference: "off", settle });
}

/** The bound of --against: no row slower than this share below the other tree's (issue 23's 0.95x). */
export const AGAINST_BOUND = 0.05;

/** This tree over another checkout (--against): its copy over the other tree's two. */
export function againstTable(result: ModeResult): string | undefined {
  const measured = result.cases.flatMap((r) => (r.against ? [{ id: r.id, label: r.label, twins: r.against }] : []));
  if (result.skipped || measured.length === 0) return undefined;
  return twinsTable(measured, { bound: AGAINST_BOUND, subject: "here", reference: "there" });
}

export function notes(results: ModeResult[]): string[] {
  const lines = [
    "* non-2xx: answers with any status other than the expected one (for the If-None-Match row: anything but 304).",
    "The headline runs the defaults (LOG_LEVEL=info, the rate limiter on with its limits out of reach); the extra rows, limiter off at warn, are the configuration of earlier runs, measured in the same rounds; defaults/tuned is the headline's req/s over theirs.",
    "hit %: cacheable lookups answered from the read cache while the case ran ('-': the request is never cached). off: the same service with READ_CACHE_BYTES=0, in the same rounds; the hand-written route has no cache.",
    `Targets: reads at >= 1.0 of the hand-written route in the all-in-one and >= 0.8 in the cluster, 304s at >= 0.6 of the ceiling, p99 < ${P99_TARGET_MS} ms at half the measured maximum rate (requests due at even intervals, each one's latency counted from when it was due; ceil: the node:http ceiling at the same rate, what the machine and the generator add alone).`,
  ];
  const first = results.find((r) => !r.skipped);
  for (const r of first?.cases ?? [])
    if (r.sameAsHandWritten !== "identical") lines.push(`hand-written answer for ${r.id}: ${r.sameAsHandWritten}`);
  for (const m of results) {
    for (const r of m.cases) {
      for (const [who, v] of [
        ["hand-written", r.handWritten],
        ["ceiling", r.ceiling],
      ] as const) {
        if (v.errors || v.unexpected)
          lines.push(
            `warning: ${m.mode} ${r.id}: the ${who} baseline had ${v.errors} errors and ${v.unexpected} unexpected statuses`,
          );
      }
    }
  }
  return lines;
}

export async function writeJson(record: object, startedAt: Date): Promise<string> {
  const dir = path.resolve(import.meta.dirname, "../../bench-results");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: os.platform(),
  };
  await writeFile(file, `${JSON.stringify({ startedAt: startedAt.toISOString(), machine, ...record }, null, 2)}\n`);
  return file;
}
