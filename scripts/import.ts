/**
 * `npm run --silent import -- DIR`: loads a bundle into the configured database (DATABASE_URL, or the embedded
 * server under DATA_DIR) as an upsert by each kind's id, after validating all of it; then embeds the search
 * documents and fact cards that are new or whose text changed. A bad bundle: each problem as FILE:LINE: message on
 * standard error, nothing written, exit 2.
 */
import { bundleDirArgument, UsageError } from "../bundle/arguments.js";
import { ImportFailed, importBundle } from "../bundle/import.js";
import { KINDS } from "../bundle/kinds/index.js";
import { BundleRefused } from "../bundle/manifest.js";
import { createProgress } from "../bundle/progress.js";
import { loadConfig } from "../lib/config/config.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import { describeReport, embedConfigured } from "../services/embedding/embed-at-start.js";
import { runCommand } from "../lib/process/run-command.js";
import { userInfo } from "node:os";

/** Who runs the command, for the import's record: the OS user, or `cli` where none can be named. */
function commandLineActor(): string {
  try {
    const name = userInfo().username;
    return name ? `cli:${name}` : "cli";
  } catch {
    return "cli";
  }
}

async function main(argv: string[]): Promise<number> {
  const dir = bundleDirArgument("import", argv);
  const config = loadConfig();
  const say = (line: string) => process.stderr.write(`${line}\n`);
  // The embedded server's own log only when asked for (LOG_LEVEL=debug), as npm start does.
  const verbose = config.logLevel === "debug" || config.logLevel === "trace";
  const db = await openOwnerDatabase(config, "import", verbose ? say : () => {});
  try {
    const started = performance.now();
    const result = await importBundle(db.owner, dir, KINDS, {
      validationProgress: createProgress(process.stderr, "checked"),
      progress: createProgress(process.stderr, "imported"),
      limits: config.bundle,
      actor: commandLineActor(),
    });
    for (const notice of result.notices) say(notice);
    if (result.problems) {
      for (const problem of result.problems) say(problem);
      say(`import: ${dir} refused, nothing was written`);
      return 2;
    }
    const lines = Object.values(result.kinds).reduce((a, k) => a + k.lines, 0);
    const changed = Object.values(result.kinds).reduce((a, k) => a + k.changed, 0);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `imported ${lines} lines from ${dir} in ${seconds.toFixed(2)} s: ${changed} rows new or changed\n`,
    );
    const report = await embedConfigured(db.owner, config.search, say);
    if (report) process.stdout.write(`${describeReport(report)}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

runCommand("import", main, (e) => e instanceof UsageError || e instanceof BundleRefused || e instanceof ImportFailed);
