/**
 * The operator's kill switch, a look at the queue, and a fleet-health snapshot on demand, against the configured
 * database whether or not a governor runs:
 *   npm run governor -- disable [--by NAME]   headroom control off: no reserve, only the hard ceilings (spec §8)
 *   npm run governor -- enable [--by NAME]
 *   npm run governor -- status               the queue pulse, as JSON
 *   npm run governor -- fleet-health [--by NAME]   writes a fleet-health snapshot now (the relay at RELAY_URL)
 * The switch and the snapshot write an audit row each; the actor is operator:<unix user>, or NAME.
 */
import { toJson } from "@bufbuild/protobuf";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { GetQueuePulseResponseSchema, GovernorService } from "../gen/institute/governor/v1/governor_pb.js";
import { loadConfig, type Config } from "../lib/config/config.js";
import { runCommand } from "../lib/process/run-command.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import type { Pool } from "../lib/db/pool.js";
import { relayFromConfig } from "./fleet-health/relay-from-config.js";
import { writeFleetHealthSnapshot } from "./fleet-health/write-snapshot.js";
import { governorRoutes } from "./pulse/routes.js";
import { setEnabled } from "./settings-store.js";

const USAGE = "usage: governor disable|enable [--by NAME] | governor status | governor fleet-health [--by NAME]";
const COMMANDS = ["disable", "enable", "status", "fleet-health"];

async function fleetHealth(config: Config, owner: Pool, actor: string): Promise<void> {
  const written = await writeFleetHealthSnapshot(
    { db: owner, ...relayFromConfig(config.relay), now: Date.now },
    { actor },
  );
  process.stderr.write(
    `fleet-health snapshot ${written.snapshotId} written by ${actor}` +
      `${written.relay === "read" ? "" : ` (the relay could not be read: ${written.relay})`}; ` +
      "GET /api/v1/reports/fleet-health/latest serves it\n",
  );
  process.stdout.write(
    `${JSON.stringify(
      {
        snapshot_id: written.snapshotId,
        generated_at: written.generatedAt,
        object_key: written.objectKey,
        bytes: written.bytes,
        relay: written.relay,
      },
      null,
      2,
    )}\n`,
  );
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { by: { type: "string" } },
  });
  const [command] = positionals;
  if (!command || !COMMANDS.includes(command) || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openOwnerDatabase(config, "governor", (line) => process.stderr.write(`${line}\n`));
  try {
    const actor = values.by ?? `operator:${userInfo().username}`;
    if (command === "fleet-health") {
      await fleetHealth(config, db.owner, actor);
      return 0;
    }
    if (command !== "status") {
      await setEnabled(db.owner, command === "enable", { actor, at: Date.now() });
      process.stderr.write(
        command === "enable"
          ? `governor enabled by ${actor}: the edge reserve applies again from the next tick${config.governor.enabled ? "" : " (but GOVERNOR_ENABLED=false still holds it off)"}\n`
          : `governor disabled by ${actor}: from the next tick no reserve, only the hard ceilings (4/1/5 per tick, 60 per hour)\n`,
      );
    }
    const transport = createRouterTransport(
      governorRoutes({ db: db.owner, enabledByConfig: config.governor.enabled, now: Date.now }),
    );
    const pulse = await createClient(GovernorService, transport).getQueuePulse({});
    process.stdout.write(
      `${JSON.stringify(toJson(GetQueuePulseResponseSchema, pulse, { alwaysEmitImplicit: true }), null, 2)}\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

runCommand("governor", main);
