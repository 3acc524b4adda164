/**
 * The cost of counting usage, measured inside one process (`npm run bench -- http --usage-cost` starts it): ONE copy
 * of the all-in-one, composed as `npm start` composes it (the rate limiter, the read cache and the log level from
 * the environment) with usage counting on, served on three loopback ports. A request through the first port is
 * counted; through the second and third, the usage recorder is switched off, so it is answered by the same code and
 * the same objects without being counted. The bench loads one port at a time, so the switch follows the port.
 *
 * Why not three copies: two processes of the same service differ by up to 6 % on a two-core machine, and three
 * copies composed alike in one process differed by up to 8 % in one run (docs/benchmark.md, "The cost of counting
 * usage"), both more than the bound of 3 % being measured. One copy leaves counting as the only difference; the two
 * ports that do not count show, in the same rounds, what is left to chance.
 *
 * What the switch leaves on: the counting hook of each route still runs up to the recorder (it names the
 * credential, the route and the refusal), so the table measures the recorder; the hook's own share of the CPU is
 * the `--profile` run's "counting's share" line.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import { composeAllInOne } from "../../app/all-in-one.js";
import { openRateLimiter } from "../../app/compose/open-rate-limiter.js";
import { openUsageRecorder } from "../../app/compose/open-usage-recorder.js";
import { loadConfig } from "../../lib/config/config.js";
import { openDatabase } from "../../lib/db/database.js";
import { loggerOptions } from "../../lib/observability/logger.js";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";
import { announceTwins, failed, loopbackUrl } from "./twins-process.js";

/** Which of the three ports count (bench/http/targets.ts names them in this order); USAGE_TWINS_COUNTING=none: none. */
const COUNTING = process.env.USAGE_TWINS_COUNTING === "none" ? [false, false, false] : [true, false, false];

/** The recorder with its counting switched by `on()`: switched off, a request or read is not counted. */
function switched(recorder: UsageRecorder, on: () => boolean): UsageRecorder {
  return {
    ...recorder,
    request: (use) => on() && recorder.request(use),
    read: (read) => on() && recorder.read(read),
  };
}

async function main() {
  const loaded = loadConfig();
  const config = { ...loaded, usage: { ...loaded.usage, enabled: true } };
  const db = await openDatabase(config, () => {});
  let counting = true;
  const { app } = await composeAllInOne({
    config,
    db,
    logger: loggerOptions({ level: config.logLevel, name: "all-in-one" }),
    rateLimits: (log) => openRateLimiter({ config: config.access.rateLimit, databaseUrl: db.ownerUrl, log }),
    usage: (log) => {
      const recorder = openUsageRecorder({ config: config.usage, databaseUrl: db.ownerUrl, log });
      return recorder && switched(recorder, () => counting);
    },
  });
  // Listening on a port of its own (never loaded) gives the copy the address its answers name, as under `npm start`.
  await app.listen({ host: "127.0.0.1", port: 0 });
  const answer = app.server.listeners("request")[0] as RequestListener;
  const servers: Server[] = COUNTING.map((on) =>
    createServer((request, response) => {
      counting = on;
      answer(request, response);
    }),
  );
  for (const server of servers) {
    server.keepAliveTimeout = app.server.keepAliveTimeout;
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  }
  await announceTwins("usage", servers.map(loopbackUrl), db, async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((s) => new Promise((closed) => s.close(closed))));
    await app.close();
  });
}

main().catch(failed("usage"));
