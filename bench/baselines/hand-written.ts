/**
 * The hand-written baseline: what a user would write instead of the gateway and its services, a fastify app with
 * a `pg` pool answering each benchmarked route straight from the same database (no gateway layers, no Connect
 * hop), with the same JSON bytes where it can. The benchmark runs it as a child process beside the service.
 *   DATABASE_URL=<url> node --import tsx bench/baselines/hand-written.ts
 */
import Fastify from "fastify";
import pg from "pg";
import { apiKeyCheck } from "./hand-written/auth.js";
import { catalogRoutes } from "./hand-written/catalog.js";
import { mcpRoutes } from "./hand-written/mcp.js";
import { portfolioRoutes } from "./hand-written/portfolio.js";
import { reportRoutes } from "./hand-written/reports.js";
import { searchRoutes } from "./hand-written/search.js";

// Dates as YYYY-MM-DD strings and bigint epoch milliseconds as numbers, as anyone serving JSON would set them.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must name the benchmark's database");
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const app = Fastify({ logger: false });
  apiKeyCheck(app, pool);
  catalogRoutes(app, pool);
  portfolioRoutes(app, pool);
  reportRoutes(app, pool);
  mcpRoutes(app, pool);
  await searchRoutes(app, pool);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`hand-written listening on ${address}\n`);
  process.on(
    "SIGTERM",
    () =>
      void app
        .close()
        .then(() => pool.end())
        .finally(() => process.exit(0)),
  );
}

if (process.argv[1] === import.meta.filename) {
  main().catch((e) => {
    process.stderr.write(`hand-written baseline: ${(e as Error).stack}\n`);
    process.exit(1);
  });
}
