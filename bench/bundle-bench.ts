/**
 * Bundle benchmark (default --scale 20): the export's rate, and the import's rows per second into an empty database
 * beside PostgreSQL's own COPY FROM of the same rows into another empty database, in the same run, as a ratio. Also
 * the choice of write path for the largest kind (NAV snapshots): the importer's unnest upsert beside COPY into a
 * temporary table followed by the same merge (INSERT … SELECT … ON CONFLICT DO UPDATE).
 * Uses DATABASE_URL's server when set (temporary databases, dropped after), else embedded PostgreSQL.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import copyStreams from "pg-copy-streams";
import { exportBundle } from "../bundle/export.js";
import { importBundle } from "../bundle/import.js";
import { KINDS } from "../bundle/kinds/index.js";
import type { Progress } from "../bundle/progress.js";
import { seedDemoData } from "../demo-data/index.js";
import { TABLES } from "../demo-data/tables.js";
import type { Pool } from "../lib/db/pool.js";
import type { TestDatabase } from "../test/helpers/test-database.js";
import { createBenchDatabase, startBenchServer } from "./bench-postgres.js";
import { ratio, table } from "./stats.js";
import { numberOption } from "./number-option.js";
import { ARCHIVE_AS_OF } from "./archive-date.js";
import { undoneOnInterrupt } from "./interrupt.js";

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Seconds each kind took, as the importer reports its progress. */
function kindTimer(): Progress & { seconds: Map<string, number> } {
  const seconds = new Map<string, number>();
  let started = 0;
  return {
    seconds,
    start: () => void (started = performance.now()),
    add() {},
    done: (kind) => void seconds.set(kind, (performance.now() - started) / 1000),
  };
}

/** Dumps every table with COPY TO (untimed), then times COPY FROM of each file into `target`; returns rows and seconds. */
async function copyBaseline(source: Pool, target: Pool, dir: string): Promise<{ rows: number; seconds: number }> {
  const files: { table: string; columns: string; file: string }[] = [];
  const out = await source.connect();
  try {
    for (const spec of TABLES) {
      const columns = spec.columns.map(([name]) => name).join(", ");
      const file = path.join(dir, `${spec.table}.copy`);
      await pipeline(out.query(copyStreams.to(`COPY ${spec.table} (${columns}) TO STDOUT`)), createWriteStream(file));
      files.push({ table: spec.table, columns, file });
    }
  } finally {
    out.release();
  }
  const into = await target.connect();
  let rows = 0;
  try {
    const started = performance.now();
    await into.query("BEGIN");
    for (const f of files) {
      const ingest = into.query(copyStreams.from(`COPY ${f.table} (${f.columns}) FROM STDIN`));
      await pipeline(createReadStream(f.file), ingest);
      rows += ingest.rowCount ?? 0;
    }
    await into.query("COMMIT");
    return { rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    into.release();
  }
}

/** NAV snapshots through COPY into a temporary table, then the importer's merge; rows and seconds. */
async function copyAndMerge(source: Pool, target: Pool, dir: string): Promise<{ rows: number; seconds: number }> {
  const [file, portfolios] = [path.join(dir, "nav.copy"), path.join(dir, "portfolios.copy")];
  const out = await source.connect();
  try {
    await pipeline(out.query(copyStreams.to("COPY portfolio.portfolios TO STDOUT")), createWriteStream(portfolios));
    await pipeline(
      out.query(copyStreams.to("COPY portfolio.nav_snapshots (portfolio_id, taken_at, nav) TO STDOUT")),
      createWriteStream(file),
    );
  } finally {
    out.release();
  }
  const into = await target.connect();
  try {
    // The snapshots' portfolios first, untimed: only the snapshots are compared.
    await pipeline(createReadStream(portfolios), into.query(copyStreams.from("COPY portfolio.portfolios FROM STDIN")));
    const started = performance.now();
    await into.query("BEGIN");
    await into.query(
      "CREATE TEMP TABLE nav_in (portfolio_id text, taken_at bigint, nav double precision) ON COMMIT DROP",
    );
    await pipeline(createReadStream(file), into.query(copyStreams.from("COPY nav_in FROM STDIN")));
    const { rowCount } = await into.query(
      `INSERT INTO portfolio.nav_snapshots AS t (portfolio_id, taken_at, nav) SELECT portfolio_id, taken_at, nav FROM nav_in
       ON CONFLICT (portfolio_id, taken_at) DO UPDATE SET nav = excluded.nav WHERE (t.nav) IS DISTINCT FROM (excluded.nav)`,
    );
    await into.query("COMMIT");
    return { rows: rowCount ?? 0, seconds: (performance.now() - started) / 1000 };
  } finally {
    into.release();
  }
}

export async function bundleBench(argv: string[]): Promise<void> {
  const scale = numberOption(argv, "scale", 20);
  const seed = numberOption(argv, "seed", 1);
  const server = await startBenchServer();
  const dbs: TestDatabase[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "bundle-bench-"));
  const removeDir = undoneOnInterrupt(() => rmSync(dir, { recursive: true, force: true }));
  try {
    const [source, imported, copied, merged] = await Promise.all(
      [0, 1, 2, 3].map(() => createBenchDatabase(server.adminUrl, "bench")),
    );
    dbs.push(source!, imported!, copied!, merged!);
    say(`bundle: seeding the demo dataset (seed ${seed}, scale ${scale}) ...`);
    await seedDemoData(source!.owner, { seed, scale, asOf: ARCHIVE_AS_OF });

    let t = performance.now();
    const counts = await exportBundle(source!.owner, path.join(dir, "bundle"), KINDS);
    const exportSeconds = (performance.now() - t) / 1000;
    const lines = Object.values(counts).reduce((a, b) => a + b, 0);

    const timer = kindTimer();
    t = performance.now();
    const result = await importBundle(imported!.owner, path.join(dir, "bundle"), KINDS, { progress: timer });
    const importSeconds = (performance.now() - t) / 1000;
    if (result.problems) throw new Error(`the exported bundle was refused: ${result.problems[0]}`);
    const rows = Object.values(result.kinds).reduce((a, k) => a + k.changed, 0);
    const writeSeconds = [...timer.seconds.values()].reduce((a, b) => a + b, 0);

    const copy = await copyBaseline(source!.owner, copied!.owner, dir);
    const merge = await copyAndMerge(source!.owner, merged!.owner, dir);
    const navRows = result.kinds["nav-snapshots"]!.changed;
    const navSeconds = timer.seconds.get("nav-snapshots")!;

    const rate = (n: number, s: number) => Math.round(n / s).toLocaleString("en-US");
    const rowsOut = [
      [
        "export: every kind to a bundle folder",
        lines.toLocaleString("en-US"),
        exportSeconds.toFixed(2),
        rate(lines, exportSeconds),
        "",
      ],
      [
        "import: validate, then upsert in one transaction",
        rows.toLocaleString("en-US"),
        importSeconds.toFixed(2),
        rate(rows, importSeconds),
        ratio(rows / importSeconds / (copy.rows / copy.seconds)),
      ],
      [
        "import: the upsert part alone",
        rows.toLocaleString("en-US"),
        writeSeconds.toFixed(2),
        rate(rows, writeSeconds),
        ratio(rows / writeSeconds / (copy.rows / copy.seconds)),
      ],
      [
        "baseline: COPY FROM of the same rows",
        copy.rows.toLocaleString("en-US"),
        copy.seconds.toFixed(2),
        rate(copy.rows, copy.seconds),
        ratio(1),
      ],
      [
        "nav-snapshots: unnest upsert (the importer)",
        navRows.toLocaleString("en-US"),
        navSeconds.toFixed(2),
        rate(navRows, navSeconds),
        "",
      ],
      [
        "nav-snapshots: COPY into a temp table + merge",
        merge.rows.toLocaleString("en-US"),
        merge.seconds.toFixed(2),
        rate(merge.rows, merge.seconds),
        "",
      ],
    ];
    process.stdout.write(
      [
        "",
        `Bundle export and import (demo dataset seed ${seed}, scale ${scale}; ${lines.toLocaleString("en-US")} lines, ${rows.toLocaleString("en-US")} rows; into empty databases)`,
        table(["what", "rows", "seconds", "rows/s", "rate / COPY"], rowsOut),
        "",
      ].join("\n") + "\n",
    );
  } finally {
    removeDir();
    await Promise.allSettled(dbs.map((d) => d.drop()));
    await server.stop();
  }
}
