/**
 * Database administration, against DATABASE_URL (the owner role) or, without it, the embedded default (the server a
 * running npm start holds on DATA_DIR, or one started for the command). In a cluster one process runs it before the
 * services start (compose's `migrate` service, the Kubernetes Job, npm run start:cluster):
 *   npm run db -- migrate [--provision-reader] [--demo]
 *       applies pending migrations (replicas starting together serialise on an advisory lock); with
 *       --provision-reader also ensures the reader role of DATABASE_READER_URL; with --demo loads the demo dataset
 *       into an empty database and embeds it.
 *   npm run --silent db -- provision-reader
 *       ensures the SELECT-only role the read services connect with, holding SELECT on every schema: the role and
 *       password of DATABASE_READER_URL when set, otherwise `<database>_reader` with a fresh password, whose URL is
 *       printed alone on standard output.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type Config } from "../lib/config/config.js";
import { runCommand } from "../lib/process/run-command.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import type { Pool } from "../lib/db/pool.js";
import { provisionReader } from "../lib/db/reader-role.js";
import { isEmpty, seedDemoData } from "../demo-data/index.js";
import { describeReport, embedConfigured } from "../services/embedding/embed-at-start.js";

const USAGE = "usage: db migrate [--provision-reader] [--demo] | db provision-reader";
const say = (line: string) => process.stderr.write(`${line}\n`);

class UsageError extends Error {}

/** The role and password DATABASE_READER_URL names, to create or align. */
function readerFromUrl(readerUrl: string) {
  const url = new URL(readerUrl);
  if (!url.username || !url.password)
    throw new ConfigError("DATABASE_READER_URL", "must carry the reader role's name and password");
  return { role: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

async function ensureReader(owner: Pool, ownerUrl: string, config: Config): Promise<string> {
  const given = config.databaseReaderUrl ? readerFromUrl(config.databaseReaderUrl) : {};
  const url = await provisionReader(owner, ownerUrl, given);
  say(`reader role ${decodeURIComponent(new URL(url).username)} holds SELECT on every schema`);
  return url;
}

async function loadDemo(owner: Pool, config: Config) {
  if (!(await isEmpty(owner))) return say("demo dataset: the database already holds data; nothing loaded");
  const counts = await seedDemoData(owner, { seed: 1, scale: 1, asOf: Date.now() });
  say(`demo dataset: loaded ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`);
  const report = await embedConfigured(owner, config.search, say);
  if (report) say(describeReport(report));
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "provision-reader": { type: "boolean" }, demo: { type: "boolean" } },
  });
  const [command] = positionals;
  if (command !== "migrate" && command !== "provision-reader") throw new UsageError(USAGE);
  const config = loadConfig();
  // Migrations are applied on open (replicas serialise on an advisory lock); the log line says whether any were due.
  let migrated = false;
  const db = await openOwnerDatabase(config, "db", (line) => {
    migrated ||= line.startsWith("applied migrations");
    say(line);
  });
  try {
    if (command === "provision-reader" || values["provision-reader"]) {
      // A running npm start holds the reader's password (fresh at each start); changing it would cut the service off.
      if (db.shared)
        throw new UsageError(
          "the running npm start manages the embedded database's reader role; provision-reader is for DATABASE_URL deployments",
        );
      if (command !== "provision-reader" && !config.databaseReaderUrl) {
        throw new ConfigError(
          "DATABASE_READER_URL",
          "is required with --provision-reader (or run provision-reader alone)",
        );
      }
      const url = await ensureReader(db.owner, db.ownerUrl, config);
      if (command === "provision-reader" && !config.databaseReaderUrl) process.stdout.write(`${url}\n`);
      if (command === "provision-reader") return 0;
    }
    if (!migrated) say("migrations: up to date");
    if (values.demo) await loadDemo(db.owner, config);
    return 0;
  } finally {
    await db.close();
  }
}

runCommand("db", main, (e) => e instanceof UsageError);
