/**
 * This checkout beside another one (`npm run bench -- http --against DIR` starts it, DIR in TWINS_AGAINST): one
 * process serving the all-in-one three times over one database, as `npm start` composes it (the rate limiter, usage
 * counting, the read cache and the log level from the environment): this tree's code once, DIR's twice. Each copy
 * imports its own tree's modules, so it runs that tree's gateway, services and logging; they share node_modules.
 *
 * Why one process: two processes of the same code differ by up to 6 % on a two-core machine (docs/benchmark.md), more
 * than a bound of 5 % can tell apart; the two copies of DIR show, in the same rounds, how much is left to chance.
 * The trees must share the database schema: the database is migrated by this tree, and the script refuses to start
 * when DIR's migration files differ.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../../lib/config/config.js";
import { openDatabase, type Database } from "../../lib/db/database.js";
import { sameMigrations } from "./same-migrations.js";
import { failed, serveTwins } from "./twins-process.js";

const HERE = path.resolve(import.meta.dirname, "../..");

async function load(tree: string, file: string): Promise<Record<string, any>> {
  return import(pathToFileURL(path.join(tree, file)).href);
}

/** One copy of the all-in-one from a tree, composed as that tree composes it. */
async function composeFrom(tree: string, config: Config, db: Database): Promise<FastifyInstance> {
  const { composeAllInOne } = await load(tree, "app/all-in-one.ts");
  const { openRateLimiter } = await load(tree, "app/compose/open-rate-limiter.ts");
  const { openUsageRecorder } = await load(tree, "app/compose/open-usage-recorder.ts");
  const { loggerOptions } = await load(tree, "lib/observability/logger.ts");
  const rateLimits = (log: unknown) =>
    openRateLimiter({ config: config.access.rateLimit, databaseUrl: db.ownerUrl, log });
  const usage = (log: unknown) => openUsageRecorder({ config: config.usage, databaseUrl: db.ownerUrl, log });
  // Before the gateway's infrastructure plugin (87e7500) the composition took the opened pieces, not their openers.
  const takesOpeners = /Opener<RateLimiter>/.test(await readFile(path.join(tree, "app/all-in-one.ts"), "utf8"));
  const { app } = await composeAllInOne({
    config,
    db,
    logger: loggerOptions({ level: config.logLevel, name: "all-in-one" }),
    rateLimits: takesOpeners ? rateLimits : rateLimits(undefined),
    usage: takesOpeners ? usage : usage(undefined),
  });
  return app;
}

async function main() {
  const against = process.env.TWINS_AGAINST;
  if (!against) throw new Error("TWINS_AGAINST: the other checkout's directory");
  const other = path.resolve(against);
  const differs = await sameMigrations(HERE, other);
  if (differs)
    throw new Error(`${other} has other migrations than this tree (${differs}): one database cannot serve both`);
  const config = loadConfig();
  const db = await openDatabase(config, () => {});
  const apps: FastifyInstance[] = [];
  for (const tree of [HERE, other, other]) apps.push(await composeFrom(tree, config, db));
  await serveTwins("version", apps, db);
}

main().catch(failed("version"));
