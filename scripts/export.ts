/**
 * `npm run --silent export -- DIR`: writes every kind of the configured database (DATABASE_URL, or the embedded
 * server under DATA_DIR) as a bundle into DIR, which must be new or empty (docs/bundle-format.md).
 */
import { bundleDirArgument, UsageError } from "../bundle/arguments.js";
import { exportBundle } from "../bundle/export.js";
import { KINDS } from "../bundle/kinds/index.js";
import { BundleRefused } from "../bundle/manifest.js";
import { createProgress } from "../bundle/progress.js";
import { loadConfig } from "../lib/config/config.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import { runCommand } from "../lib/process/run-command.js";

async function main(argv: string[]): Promise<number> {
  const dir = bundleDirArgument("export", argv);
  const config = loadConfig();
  // The embedded server's own log only when asked for (LOG_LEVEL=debug), as npm start does.
  const verbose = config.logLevel === "debug" || config.logLevel === "trace";
  const db = await openOwnerDatabase(
    config,
    "export",
    verbose ? (line) => process.stderr.write(`${line}\n`) : () => {},
  );
  try {
    const started = performance.now();
    const counts = await exportBundle(db.owner, dir, KINDS, createProgress(process.stderr, "exported"));
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`exported ${total} lines of ${KINDS.length} kinds to ${dir} in ${seconds.toFixed(2)} s\n`);
    return 0;
  } finally {
    await db.close();
  }
}

runCommand("export", main, (e) => e instanceof UsageError || e instanceof BundleRefused);
