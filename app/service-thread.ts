/**
 * Service groups on a thread of the all-in-one's process (app/compose/service-thread.ts starts it): the groups'
 * Connect services and grpc.health.v1, answered over the thread's port (lib/rpc/thread-server.ts), read through a
 * SELECT-only pool of their own, with the vector runtime of their indexes, as a service process of the cluster holds
 * them (app/service-group.ts). Its log lines go to the process's logger; `stop` ends the calls, the runtime and the
 * pool, then says `stopped`.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Config } from "../lib/config/config.js";
import { createPool } from "../lib/db/pool.js";
import { healthRoutes } from "../lib/health/health-service.js";
import { databaseErrors } from "../lib/rpc/database-errors.js";
import { serveOverPort } from "../lib/rpc/thread-server.js";
import { groupHealth, groupRoutes, indexesOf, type ServiceGroup } from "../services/groups.js";
import { createServiceDeps } from "./compose/service-deps.js";

export interface ServiceThreadData {
  groups: ServiceGroup[];
  config: Config;
  readerUrl: string;
  /** Load the indexes in the background: `started` is said at once, health saying not serving until they are loaded. */
  indexesInBackground: boolean;
}

/** What the thread tells its host beside the calls' answers. */
export type ServiceThreadNews =
  { kind: "log"; level: "info" | "warn"; message: string } | { kind: "started" } | { kind: "stopped" };

const port = parentPort!;
const data = workerData as ServiceThreadData;
const tell = (news: ServiceThreadNews) => port.postMessage(news);
const reader = createPool(data.readerUrl, { name: `institute-${data.groups.join("-")}`, max: 10 });
const deps = createServiceDeps({ config: data.config, reader, indexes: indexesOf(data.groups) });
let stopping = false;
const served = serveOverPort(
  port,
  (router) => {
    groupRoutes(data.groups, deps)(router);
    healthRoutes(groupHealth(data.groups, deps, () => stopping))(router);
  },
  { interceptors: [databaseErrors] },
);
port.on("message", (message: { kind?: unknown }) => {
  if (message.kind !== "stop" || stopping) return;
  stopping = true;
  served.stop();
  void (async () => {
    await deps.vectors?.stop();
    await reader.end();
    tell({ kind: "stopped" });
    port.close();
  })();
});
if (deps.vectors) {
  deps.vectors.log = {
    info: (message) => tell({ kind: "log", level: "info", message }),
    warn: (message) => tell({ kind: "log", level: "warn", message }),
  };
  await deps.vectors.start({ wait: !data.indexesInBackground });
}
tell({ kind: "started" });
