/**
 * The cost of counting usage, measured inside one process (`npm run bench -- http --usage-cost` starts it): three
 * copies of the all-in-one over one database, each on its own port, as `npm start` composes it (the rate limiter,
 * the read cache and the log level from the environment). The first counts usage; the other two do not.
 *
 * Why one process: two processes of the same service, measured in the same rounds, differ by up to 6 % on a
 * two-core machine (docs/benchmark.md, "The cost of counting usage"), twice the bound being measured. In one
 * process the code, the heap and the scheduler's placement are shared, so what differs is the counting; and the two
 * copies that do not count show, in the same rounds, how much of a difference is left to chance.
 */
import type { FastifyInstance } from "fastify";
import { composeAllInOne } from "../../app/all-in-one.js";
import { openRateLimiter } from "../../app/compose/open-rate-limiter.js";
import { openUsageRecorder } from "../../app/compose/open-usage-recorder.js";
import { loadConfig } from "../../lib/config/config.js";
import { openDatabase } from "../../lib/db/database.js";
import { loggerOptions } from "../../lib/observability/logger.js";
import { failed, serveTwins } from "./twins-process.js";

/** How many copies: the first counts (bench/http/targets.ts names them in this order). */
const COPIES = 3;
/** Which copy counts: USAGE_TWINS_COUNTING=none makes all three alike, to check the bench against itself. */
const COUNTING_COPY = process.env.USAGE_TWINS_COUNTING === "none" ? -1 : 0;

async function main() {
  const loaded = loadConfig();
  const config = { ...loaded, usage: { ...loaded.usage, enabled: true } };
  const db = await openDatabase(config, () => {});
  const apps: FastifyInstance[] = [];
  for (let copy = 0; copy < COPIES; copy++) {
    const counting = copy === COUNTING_COPY;
    const { app } = await composeAllInOne({
      config,
      db,
      logger: loggerOptions({ level: config.logLevel, name: "all-in-one" }),
      rateLimits: (log) => openRateLimiter({ config: config.access.rateLimit, databaseUrl: db.ownerUrl, log }),
      usage: counting ? (log) => openUsageRecorder({ config: config.usage, databaseUrl: db.ownerUrl, log }) : undefined,
    });
    apps.push(app);
  }
  await serveTwins("usage", apps, db);
}

main().catch(failed("usage"));
