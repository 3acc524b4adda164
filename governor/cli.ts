/**
 * The operator's kill switch and a look at the queue, against the configured database whether or not a governor runs:
 *   npm run governor -- disable [--by NAME]   headroom control off: no reserve, only the hard ceilings (spec §8)
 *   npm run governor -- enable [--by NAME]
 *   npm run governor -- status               the queue pulse, as JSON
 * A flip writes an audit row; the actor is operator:<unix user>, or NAME.
 */
import { toJson } from "@bufbuild/protobuf";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { GetQueuePulseResponseSchema, GovernorService } from "../gen/institute/governor/v1/governor_pb.js";
import { loadConfig } from "../lib/config/config.js";
import { runCommand } from "../lib/process/run-command.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import { governorRoutes } from "./pulse/routes.js";
import { setEnabled } from "./settings-store.js";

const USAGE = "usage: governor disable|enable [--by NAME] | governor status";

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { by: { type: "string" } },
  });
  const [command] = positionals;
  if (!command || !["disable", "enable", "status"].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openOwnerDatabase(config, "governor", (line) => process.stderr.write(`${line}\n`));
  try {
    if (command !== "status") {
      const by = values.by ?? `operator:${userInfo().username}`;
      await setEnabled(db.owner, command === "enable", { actor: by, at: Date.now() });
      process.stderr.write(
        command === "enable"
          ? `governor enabled by ${by}: the edge reserve applies again from the next tick${config.governor.enabled ? "" : " (but GOVERNOR_ENABLED=false still holds it off)"}\n`
          : `governor disabled by ${by}: from the next tick no reserve, only the hard ceilings (4/1/5 per tick, 60 per hour)\n`,
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
