/**
 * `npm run start:cluster`: the cluster topology on this machine, each service group, the governor and the gateway a
 * process of its own, against the PostgreSQL at DATABASE_URL and the NATS (JetStream) at NATS_URL, both required.
 * In order: the compiled JavaScript every process runs (dist/, app/cluster/build.ts); migrations and, on an empty
 * database, the demo dataset (`dist/scripts/db.js migrate --demo`, as compose's migrate service); the SELECT-only role (DATABASE_READER_URL, or a role `<database>_reader_cluster` with a fresh
 * password, so `npm start` or `npm run keys` on the same database never changes it); a demo key; then the processes,
 * and the gateway URL once everything answers. Ctrl-C stops every process cleanly.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mintDemoKey } from "../gateway/auth/demo-key.js";
import { buildDist } from "../app/cluster/build.js";
import { launchCluster, REPO_ROOT } from "../app/cluster/launcher.js";
import { ENTRY_POINTS, NODE_FLAGS } from "../app/cluster/topology.js";
import { failureLine } from "../lib/process/failure-line.js";
import { ConfigError, loadConfig } from "../lib/config/config.js";
import { createPool } from "../lib/db/pool.js";
import { provisionReader, readerRoleName } from "../lib/db/reader-role.js";

const say = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError(
      "DATABASE_URL",
      "is required by start:cluster (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/institute)",
    );
  if (!config.natsUrl)
    throw new ConfigError(
      "NATS_URL",
      "is required by start:cluster: a NATS server with JetStream (e.g. NATS_URL=nats://127.0.0.1:4222)",
    );

  const built = await buildDist(REPO_ROOT);
  say(`built dist/ (${built.written} of ${built.files} files changed)`);
  say("migrating (and loading the demo dataset into an empty database)");
  const migrated = spawnSync(process.execPath, [...NODE_FLAGS, ...ENTRY_POINTS.migrate, "--demo"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (migrated.status !== 0) throw new Error(`migration failed (exit ${migrated.status})`);

  const owner = createPool(config.databaseUrl, { name: "start-cluster", max: 1 });
  let readerUrl = config.databaseReaderUrl;
  let demoKey: string;
  try {
    if (!readerUrl) {
      const database = decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1));
      readerUrl = await provisionReader(owner, config.databaseUrl, { role: `${readerRoleName(database)}_cluster` });
    }
    demoKey = await mintDemoKey(owner);
  } finally {
    await owner.end();
  }

  const width = 9;
  const cluster = await launchCluster({
    env: {
      ...process.env,
      DATABASE_READER_URL: readerUrl,
      // The relay simulator (in the governor, without RELAY_URL) signs with the secret the gateway verifies.
      RELAY_SIGNING_SECRET: config.relay.signingSecret ?? randomBytes(24).toString("base64url"),
      CURSOR_SECRET: config.cluster.cursorSecret ?? randomBytes(24).toString("base64url"),
    },
    gatewayPort: config.port,
    build: false,
    onLine: (name, line) => process.stderr.write(`${name.padEnd(width)}| ${line}\n`),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping the cluster`);
    const codes = await cluster.stop();
    say(
      `stopped: ${Object.entries(codes)
        .map(([n, c]) => `${n} ${c === 0 ? "ok" : `exit ${c}`}`)
        .join(", ")}`,
    );
    process.exit(Object.values(codes).every((c) => c === 0) ? 0 : 1);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  const listing = cluster.processes.map(
    (p) =>
      `    ${p.name.padEnd(width)} port ${p.port}, internal ${p.metricsPort} (/healthz /readyz /metrics), pid ${p.child.pid}`,
  );
  process.stdout.write(
    [
      "",
      `  Institute research publishing service (cluster) is up: ${cluster.gatewayUrl}`,
      `  Demo key (every read scope; replaced at each start): ${demoKey}`,
      `  Try: curl -H 'X-API-Key: ${demoKey}' ${cluster.gatewayUrl}/api/v1/analysts`,
      "  Processes:",
      ...listing,
      "  Ctrl-C stops them all.",
      "",
    ].join("\n") + "\n",
  );
}

main().catch((e: unknown) => {
  process.stderr.write(e instanceof ConfigError ? `${e.message}\n` : `start:cluster failed: ${failureLine(e)}\n`);
  process.exit(1);
});
