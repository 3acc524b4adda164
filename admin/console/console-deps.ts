/** What the console is built from: handed in by the composition root (app/), never built here. */
import type { Config } from "../../lib/config/config.js";
import type { Pool } from "../../lib/db/pool.js";
import type { WrittenSnapshot } from "../../governor/fleet-health/write-snapshot.js";
import type { ServiceFacts } from "./pages/service-facts.js";

export interface ConsoleDeps {
  config: Config;
  /** The owner pool: keys, sessions, the audit log, the kill switch, snapshots. */
  owner: Pool;
  now: () => number;
  /** Writes a fleet-health snapshot now (governor/fleet-health), with the relay this process can reach. */
  writeFleetHealth(request: { actor: string; address: string | null }): Promise<WrittenSnapshot>;
  /** What this process knows of itself (the Service page); absent in tests that do not look at it. */
  service?: ServiceFacts;
}
