/**
 * `npm start`: the all-in-one service. With no DATABASE_URL it runs embedded PostgreSQL under DATA_DIR;
 * a first start on an empty database loads the demo dataset. Prints the base URL and a demo key.
 */
import { mintDemoKey } from "../gateway/auth/demo-key.js";
import { buildAllInOne } from "../lib/all-in-one.js";
import { ConfigError, loadConfig } from "../lib/config.js";
import { openDatabase } from "../lib/db/database.js";
import { isEmpty, seedDemoData } from "../lib/demo-data/index.js";
import { startEmbedding } from "../lib/embedding/embed-at-start.js";
import { localCallbackUrl, prepareInProcessGovernor } from "../governor/in-process.js";

async function main() {
  const config = loadConfig();
  const say = (line: string) => process.stderr.write(`${line}\n`);
  say(config.databaseUrl ? "connecting to DATABASE_URL" : `starting embedded PostgreSQL in ${config.dataDir}`);
  const db = await openDatabase(config, config.logLevel === "debug" || config.logLevel === "trace" ? say : () => {});
  if (await isEmpty(db.owner)) {
    say("empty database: loading the demo dataset");
    const counts = await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: Date.now() });
    say(`loaded ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`);
  }
  // Vectors of every document and fact card for the configured model (a changed model re-embeds everything).
  const embedding = await startEmbedding(db.owner, config.search, say);
  const demoKey = await mintDemoKey(db.owner);
  // The governor runs in this process; its callback inbox is the gateway's POST /relay/callback.
  const governor = await prepareInProcessGovernor({ config, owner: db.owner, reader: db.reader });
  const app = await buildAllInOne({
    config,
    db,
    logger: { level: config.logLevel },
    relayCallbacks: governor.relayCallbacks,
    governorRoutes: governor.pulseRoutes,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    embedding.stop();
    await governor.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  await governor.start({ callbackUrl: config.relay.callbackUrl ?? localCallbackUrl(config.host, port), log: app.log.child({ component: "governor" }) });
  process.stdout.write(
    [
      "",
      `  Institute research publishing service is up: http://${host}:${port}`,
      `  Demo key (every read scope; replaced at each start): ${demoKey}`,
      `  Try: curl -H 'X-API-Key: ${demoKey}' http://${host}:${port}/api/v1/analysts`,
      "",
    ].join("\n") + "\n",
  );
}

main().catch((e) => {
  process.stderr.write(e instanceof ConfigError ? `${e.message}\n` : `start failed: ${(e as Error).stack}\n`);
  process.exit(1);
});
