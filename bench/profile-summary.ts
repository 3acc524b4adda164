/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, with their total
 * (inclusive) time, and self time by area (a package under node_modules, a folder of this project, node's
 * internals, the garbage collector). Percentages are of the busy time (the profile less its idle samples).
 * `windows` (CLOCK_MONOTONIC microseconds, as V8 stamps samples on Linux) keeps only the samples inside them.
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { table } from "./stats.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.resolve(import.meta.dirname, "..");

function location(url: string): string {
  const file = url.replace(/^file:\/\//, "");
  const nm = file.lastIndexOf("node_modules/");
  if (nm >= 0) return file.slice(nm + "node_modules/".length);
  return file.startsWith(ROOT) ? file.slice(ROOT.length + 1) : file;
}

function areaOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const where = location(url);
  if (url.includes("node_modules/"))
    return where.startsWith("@") ? where.split("/").slice(0, 2).join("/") : where.split("/")[0]!;
  return where.includes("/") ? `${where.split("/")[0]}/` : where;
}

/** Now on the clock the profile's timestamps use, in microseconds. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export function summarizeProfile(file: string, top = 25, windows?: Array<[number, number]>): string[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anonymous)"}\t${n.callFrame.url ? `${location(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : ""}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  const inWindow = (t: number) => !windows || windows.some(([from, to]) => t >= from && t <= to);
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    at += profile.timeDeltas[i] ?? 0;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (node.callFrame.functionName === "(idle)" || !inWindow(at)) continue;
    busy += dt;
    self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + dt);
    areas.set(areaOf(node), (areas.get(areaOf(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (
      let id: number | undefined = node.id, depth = 0;
      id !== undefined && depth < 1000;
      id = parent.get(id), depth++
    ) {
      const k = keyOf(byId.get(id)!);
      if (!seen.has(k)) {
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + dt);
      }
    }
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1)}%`;
  const rows = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, t]) => {
      const [fn, where] = k.split("\t");
      return [pct(t), pct(total.get(k) ?? t), fn!.slice(0, 48), where!.slice(-70)];
    });
  const ours = (k: string) => /\t(gateway|lib|services|governor)\//.test(k);
  const ownRows = [...total.entries()]
    .filter(([k]) => ours(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, t]) => {
      const [fn, where] = k.split("\t");
      return [pct(t), pct(self.get(k) ?? 0), fn!.slice(0, 48), where!.slice(-70)];
    });
  const areaRows = [...areas.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([a, t]) => [a, pct(t)]);
  return [
    `busy ${(busy / 1e6).toFixed(1)} s of CPU in the profile (idle excluded)`,
    table(["self", "total", "function", "where"], rows),
    "",
    "this project's functions by total time:",
    table(["total", "self", "function", "where"], ownRows),
    "",
    "self time by area:",
    table(["area", "self"], areaRows),
  ];
}

/** fastify's hook runner: a hook that calls `done()` runs the next hooks (and the request log) beneath its frame. */
const CONTINUATIONS = ["fastify/lib/hooks.js"];

/**
 * The share of the profile's busy time spent in code under any of `folders` (project paths such as "gateway/usage/"),
 * callees included, each sample counted once: what a concern costs the process, whatever the machine's load. Work a
 * hook hands on to (fastify's hook runner beneath it: the next hooks, the request log) is not its own.
 */
export function inclusiveShare(file: string, folders: readonly string[], windows?: Array<[number, number]>): number {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inFolders = (n: ProfileNode) =>
    n.callFrame.url !== "" && folders.some((f) => location(n.callFrame.url).startsWith(f));
  let busy = 0;
  let spent = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    at += profile.timeDeltas[i] ?? 0;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (node.callFrame.functionName === "(idle)" || (windows && !windows.some(([a, b]) => at >= a && at <= b)))
      continue;
    busy += dt;
    for (let id: number | undefined = node.id, depth = 0; id !== undefined && depth < 1000; id = parent.get(id)) {
      const frame = byId.get(id)!;
      if (inFolders(frame)) {
        spent += dt;
        break;
      }
      if (CONTINUATIONS.some((c) => location(frame.callFrame.url).startsWith(c))) break;
      depth++;
    }
  }
  return busy > 0 ? spent / busy : NaN;
}

if (process.argv[1] === import.meta.filename) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error("usage: profile-summary <file.cpuprofile> [top]");
  process.stdout.write(`${summarizeProfile(file, top ? Number(top) : 25).join("\n")}\n`);
}
