/**
 * `npm run bench -- http`: the service under load beside two baselines measured in the same run, on the demo
 * dataset. Per case: the service, the hand-written fastify + pg route, the node:http ceiling (warm-up, then a
 * timed run each), then the service again at half its measured maximum rate for the p99 target. Once for the
 * all-in-one (`npm start`), once for the cluster when its entry points exist. Prints one table per mode and
 * writes everything to bench-results/<timestamp>.json. Every child is stopped when the run ends.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inclusiveShare, summarizeProfile } from "../profile-summary.js";
import { openBenchDatabase } from "./bench-database.js";
import { hitRatio, readCacheCounters } from "./cache-counters.js";
import { captureResponses } from "./capture.js";
import { benchCases, type BenchCase } from "./cases.js";
import { killAllChildren } from "./child-process.js";
import { clusterUnavailable, startCluster } from "./cluster-mode.js";
import { measureHalfRate } from "./half-rate.js";
import { measureCase, type Measurement } from "./measure.js";
import { parseHttpBenchOptions, type HttpBenchOptions } from "./options.js";
import { againstTable, modeTable, notes, tunedTable, usageCostTable, writeJson } from "./report.js";
import type { CaseResult, ModeResult, Twins } from "./report.js";
import { topologyRss, topologyRssLine, type TopologyRss } from "./topology-rss.js";
import { serviceEnv, startCeiling, startHandWritten, startService, startTwins, type Target } from "./targets.js";
import { undoneOnInterrupt } from "../interrupt.js";

const say = (line: string) => process.stderr.write(`${line}\n`);

type Baselines = Map<string, { handWritten: Measurement; ceiling: Measurement }>;

async function runMode(
  mode: ModeResult["mode"],
  targets: {
    service: Target;
    serviceOff?: Target;
    serviceTuned?: Target;
    /** The three copies of bench/http/usage-twins.ts (counting, not counting, not counting again), --usage-cost. */
    usageTwins?: Target[];
    /** The three copies of bench/http/version-twins.ts (this tree, the other, the other again), --against. */
    versionTwins?: Target[];
    handWritten: Target;
    ceiling: Target;
  },
  key: string,
  cases: BenchCase[],
  sameAsHandWritten: Record<string, string>,
  options: HttpBenchOptions,
  baselines: Baselines,
): Promise<ModeResult> {
  const timing = {
    warmup: options.warmup,
    duration: options.duration,
    connections: options.connections,
    rounds: options.rounds,
  };
  const results: CaseResult[] = [];
  for (const c of cases) {
    say(`${mode}: ${c.label}`);
    const known = baselines.get(c.id);
    const services = [targets.service, targets.serviceOff, targets.serviceTuned].filter((t): t is Target => !!t);
    const before = await readCacheCounters(targets.service.metricsUrl);
    const measuring = known ? services : [...services, targets.handWritten, targets.ceiling];
    const measured = await measureCase(measuring, c, key, timing);
    say(`  warmed until level: ${measuring.map((t, i) => `${t.name} ${measured[i]!.warmupSeconds} s`).join(", ")}`);
    const hits = hitRatio(before, await readCacheCounters(targets.service.metricsUrl));
    const service = measured[0]!;
    const serviceOff = targets.serviceOff ? measured[services.indexOf(targets.serviceOff)] : undefined;
    const serviceTuned = targets.serviceTuned ? measured[services.indexOf(targets.serviceTuned)] : undefined;
    const handWritten = known?.handWritten ?? measured[services.length]!;
    const ceiling = known?.ceiling ?? measured[services.length + 1]!;
    baselines.set(c.id, { handWritten, ceiling });
    // The twins in rounds of their own, many and short, in every order in turn: a few per cent is the
    // difference to resolve, so no copy may always go first.
    const twinsOf = async (copies: Target[] | undefined): Promise<Twins | undefined> => {
      if (!copies) return undefined;
      const [subject, reference, referenceAgain] = await measureCase(copies, c, key, {
        ...timing,
        rounds: options.usageRounds,
        everyOrder: true,
      });
      return { subject: subject!, reference: reference!, referenceAgain: referenceAgain! };
    };
    const usage = await twinsOf(targets.usageTwins);
    const against = await twinsOf(targets.versionTwins);
    const rate = Math.max(1, Math.round(service.rps / 2));
    const halfRate = await measureHalfRate(targets, c, key, timing, rate);
    results.push({
      id: c.id,
      label: c.label,
      target: c.target,
      sameAsHandWritten: sameAsHandWritten[c.id] ?? "",
      service,
      serviceOff,
      serviceTuned,
      usage,
      against,
      hitRatio: hits,
      handWritten,
      ceiling,
      halfRate,
    });
  }
  return { mode, cases: results };
}

/** The all-in-one's profile cut to each case's measured runs (warm-ups and start-up left out), then all of them. */
async function profileOf(dir: string, result: ModeResult | undefined): Promise<Record<string, string[]> | undefined> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(".cpuprofile"));
  if (!files.length || !result) return undefined;
  const file = path.join(dir, files[0]!);
  const out: Record<string, string[]> = {};
  for (const r of result.cases) out[r.id] = summarizeProfile(file, 20, r.service.windows);
  out.all = summarizeProfile(
    file,
    30,
    result.cases.flatMap((r) => r.service.windows),
  );
  return out;
}

/** Per case (and over every case), the share of the all-in-one's busy CPU spent counting usage, from its profile. */
async function usageShare(dir: string, result: ModeResult | undefined): Promise<Record<string, number> | undefined> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(".cpuprofile"));
  if (!files.length || !result) return undefined;
  const file = path.join(dir, files[0]!);
  const folders = ["gateway/usage/", "lib/usage/"];
  const out: Record<string, number> = {};
  for (const r of result.cases) out[r.id] = inclusiveShare(file, folders, r.service.windows);
  out.all = inclusiveShare(
    file,
    folders,
    result.cases.flatMap((r) => r.service.windows),
  );
  return out;
}

/** Each cluster process's profile (files are named CPU.<date>.<time>.<pid>.…) over every measured run of the mode. */
async function clusterProfiles(
  dir: string,
  names: Map<number, string>,
  result: ModeResult,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const f of await readdir(dir).catch(() => [] as string[])) {
    const name = names.get(Number(f.match(/^CPU\.\d+\.\d+\.(\d+)\./)?.[1]));
    if (name)
      out[`cluster ${name}`] = summarizeProfile(
        path.join(dir, f),
        15,
        result.cases.flatMap((r) => r.service.windows),
      );
  }
  return out;
}

export async function httpBench(argv: string[]): Promise<void> {
  const options = parseHttpBenchOptions(argv);
  const startedAt = new Date();
  const tmp = await mkdtemp(path.join(tmpdir(), "institute-bench-"));
  const removeTmp = undoneOnInterrupt(() => rm(tmp, { recursive: true, force: true }));
  const bench = await openBenchDatabase({ scale: options.scale, seed: options.seed, asOf: options.asOf, say });
  const running: Target[] = [];
  try {
    const env = serviceEnv(bench.db, "defaults");
    const profileDir = options.profile ? path.join(tmp, "profile") : undefined;
    say("starting the all-in-one service, the hand-written baseline and the ceiling ...");
    const started = await startService(env, { cpuProfileDir: profileDir, cache: options.cache });
    let service: Target | undefined = started.target;
    running.push(service);
    // Beside it, the same service with the read cache off, measured in the same rounds. Each start replaces the demo
    // key (on the one database both serve), so the last one minted is the key for every request.
    let serviceOff: Target | undefined;
    let key = started.key;
    if (options.cache && options.modes.includes("all-in-one")) {
      const off = await startService(env, { cache: false });
      serviceOff = off.target;
      key = off.key;
      running.push(serviceOff);
    }
    // And the configuration earlier runs measured (rate limiter off, LOG_LEVEL=warn), for the extra rows.
    let serviceTuned: Target | undefined;
    if (options.tuned && options.modes.includes("all-in-one")) {
      const tuned = await startService(serviceEnv(bench.db, "tuned"), { cache: options.cache, name: "service, tuned" });
      serviceTuned = tuned.target;
      key = tuned.key;
      running.push(serviceTuned);
    }
    // And, for the cost of counting, one process serving the service three times: counting, and twice not.
    let usageTwins: Target[] | undefined;
    if (options.usageCost && options.modes.includes("all-in-one")) {
      const twins = await startTwins("usage", env, { cache: options.cache });
      usageTwins = twins.targets;
      key = twins.key;
      running.push(usageTwins[0]!);
    }
    // And, beside another checkout, one process serving this tree's service once and the other's twice.
    let versionTwins: Target[] | undefined;
    if (options.against && options.modes.includes("all-in-one")) {
      const twins = await startTwins("version", { ...env, TWINS_AGAINST: options.against }, { cache: options.cache });
      versionTwins = twins.targets;
      key = twins.key;
      running.push(versionTwins[0]!);
    }
    const handWritten = await startHandWritten(bench.db.readerUrl);
    running.push(handWritten);
    const all = benchCases({ dailyDate: bench.dailyDate, searchQuery: bench.searchQuery });
    const wanted = all.filter(
      (c) => !options.cases || options.cases.includes(c.id) || options.cases.includes(`${c.id}-304`),
    );
    const capture = await captureResponses(wanted, service.url, handWritten.url, key);
    const cases = capture.cases.filter((c) => !options.cases || options.cases.includes(c.id));
    const responsesFile = path.join(tmp, "responses.json");
    await writeFile(responsesFile, JSON.stringify(capture.responses));
    const ceiling = await startCeiling(responsesFile);
    running.push(ceiling);

    const baselines: Baselines = new Map();
    const results: ModeResult[] = [];
    let profile: Record<string, string[]> | undefined;
    let clusterRss: TopologyRss | undefined;
    if (options.modes.includes("all-in-one")) {
      results.push(
        await runMode(
          "all-in-one",
          { service, serviceOff, serviceTuned, usageTwins, versionTwins, handWritten, ceiling },
          key,
          cases,
          capture.sameAsHandWritten,
          options,
          baselines,
        ),
      );
    }
    await service.stop();
    await serviceOff?.stop();
    await serviceTuned?.stop();
    await usageTwins?.[0]!.stop();
    await versionTwins?.[0]!.stop();
    service = undefined;
    if (profileDir) profile = await profileOf(profileDir, results[0]);
    const countingShare = profileDir && usageTwins ? await usageShare(profileDir, results[0]) : undefined;
    if (options.modes.includes("cluster")) {
      const why = clusterUnavailable();
      if (why) results.push({ mode: "cluster", skipped: why, cases: [] });
      else {
        say("starting the cluster (npm run start:cluster) ...");
        const clusterProfileDir = options.profile ? path.join(tmp, "profile-cluster") : undefined;
        if (clusterProfileDir) await mkdir(clusterProfileDir, { recursive: true });
        const cluster = await startCluster(env, { cpuProfileDir: clusterProfileDir, cache: options.cache });
        running.push(cluster.target);
        const measured = await runMode(
          "cluster",
          { service: cluster.target, handWritten, ceiling },
          cluster.key,
          cases,
          capture.sameAsHandWritten,
          options,
          baselines,
        );
        results.push(measured);
        clusterRss = topologyRss(
          measured,
          cluster.target.pids.map((pid) => cluster.names.get(pid) ?? String(pid)),
        );
        await cluster.target.stop();
        if (clusterProfileDir)
          profile = { ...profile, ...(await clusterProfiles(clusterProfileDir, cluster.names, measured)) };
      }
    }

    const dataset = {
      seed: options.seed,
      scale: options.scale,
      asOf: options.asOf,
      dailyDate: bench.dailyDate,
      searchQuery: bench.searchQuery,
      seedSeconds: bench.seedSeconds,
    };
    const file = await writeJson({ options, dataset, modes: results, clusterRss, profile, countingShare }, startedAt);
    const out = [
      "",
      `HTTP benchmark: demo dataset scale ${options.scale} (seed ${options.seed}, as of ${options.asOf}); ${options.connections} connections; LOG_LEVEL=info and the rate limiter on (the defaults; its limits out of reach of the one key)${options.tuned ? ", the all-in-one also with the limiter off at warn (the extra rows)" : ""}; read cache ${options.cache ? "on (all-in-one also measured with it off)" : "off (--no-cache)"}; per case and target a warm-up until its rate stops climbing (at least ${options.warmup} s, at most 30), then ${options.duration} s measured in ${options.rounds} rounds taking the targets in turn`,
      "",
    ];
    for (const r of results) {
      out.push(`${r.mode}:`, modeTable(r), "");
      const usage = usageCostTable(r, r.mode === "all-in-one" ? countingShare : undefined);
      if (usage)
        out.push(
          `${r.mode}, the cost of counting usage: one process serving one copy of the service on three ports, counted through the first and not through the other two (its usage recorder switched off), ${options.duration} s each in ${options.usageRounds} rounds (the three in every order in turn), each ratio the median of the rounds' own; A/A is the two ports that do not count over each other, the noise left in the same rounds:`,
          usage,
          "",
        );
      if (usage && countingShare && r.mode === "all-in-one")
        out.push(
          `the counting's own share of the service's busy CPU (profile, gateway/usage/ and lib/usage/ with callees): ${Object.entries(
            countingShare,
          )
            .map(([id, share]) => `${id} ${(share * 100).toFixed(2)} %`)
            .join(", ")}`,
          "",
        );
      const against = againstTable(r);
      if (against)
        out.push(
          `${r.mode}, this tree beside ${options.against}: one process serving the service three times, this tree's code once and the other's twice, ${options.duration} s each in ${options.usageRounds} rounds (the three in every order in turn), each ratio the median of the rounds' own; A/A is the other tree's two copies over each other:`,
          against,
          "",
        );
      const tuned = tunedTable(r);
      if (tuned)
        out.push(
          `${r.mode}, extra rows: the rate limiter off and LOG_LEVEL=warn (earlier runs' configuration):`,
          tuned,
          "",
        );
    }
    if (clusterRss) out.push(topologyRssLine(clusterRss), "");
    out.push(...notes(results), `results: ${path.relative(process.cwd(), file)}`, "");
    for (const [id, lines] of Object.entries(profile ?? {})) {
      const what = id.startsWith("cluster ")
        ? `the ${id.slice(8)} process of the cluster, every measured run`
        : `the all-in-one service, ${id === "all" ? "every measured run" : `measured runs of ${id}`}`;
      out.push(`CPU profile of ${what}, top frames by self time:`, ...lines, "");
    }
    process.stdout.write(out.join("\n"));
  } finally {
    for (const t of running.reverse()) await t.stop().catch(() => {});
    killAllChildren();
    await bench.close();
    await removeTmp();
  }
}
