/**
 * Loads the deterministic demo dataset into the configured database (which must be empty):
 *   npm run seed -- [--seed N] [--scale N] [--as-of YYYY-MM-DD]
 * --as-of fixes "now" for the dataset at 18:00 Asia/Singapore on that date (default: the current time), so the
 * same three options always load byte-identical data. The documents and fact cards are then embedded with the
 * configured embedder.
 */
import { loadConfig } from "../lib/config/config.js";
import { runCommand } from "../lib/process/run-command.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import { seedDemoData } from "../demo-data/index.js";
import { describeReport, embedConfigured } from "../services/embedding/embed-at-start.js";
import { parseSeedArguments, UsageError } from "../demo-data/seed-arguments.js";

async function main(argv: string[]): Promise<number> {
  const options = parseSeedArguments(argv, Date.now());
  const config = loadConfig();
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const db = await openOwnerDatabase(config, "seed", say);
  try {
    const started = performance.now();
    const counts = await seedDemoData(db.owner, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const width = Math.max(...Object.keys(counts).map((k) => k.length));
    for (const [table, n] of Object.entries(counts)) process.stdout.write(`${table.padEnd(width)}  ${n}\n`);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `seeded ${total} rows in ${seconds} s (seed ${options.seed}, scale ${options.scale}, as of ${new Date(options.asOf).toISOString()})\n`,
    );
    // Embeddings are computed when data is loaded, so search is ready on the first start that follows.
    const report = await embedConfigured(db.owner, config.search, say);
    if (report) process.stdout.write(`${describeReport(report)}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

// Bad arguments and a database that is not empty are refusals the operator can act on.
runCommand("seed", main, (e) => e instanceof UsageError || e.message.startsWith("demo data:"));
