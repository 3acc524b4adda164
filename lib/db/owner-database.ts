/**
 * The database as an operator command (keys, seed, import, export, governor) sees it: the owner connection only,
 * migrated. It never touches the reader role, whose password a running service holds. Without DATABASE_URL it
 * reaches the embedded server a running `npm start` holds on DATA_DIR, or starts one for the command's lifetime.
 */
import type { Config } from "../config/config.js";
import { reachEmbeddedPostgres } from "./embedded/embedded-server.js";
import { migrate } from "./migrate.js";
import { createPool, type Pool } from "./pool.js";

export interface OwnerDatabase {
  ownerUrl: string;
  owner: Pool;
  /** True when the command reached a server a running service holds. */
  shared: boolean;
  close(): Promise<void>;
}

export async function openOwnerDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir" | "embeddedRuntimeDir">,
  command: string,
  log: (line: string) => void = () => {},
): Promise<OwnerDatabase> {
  const embedded = config.databaseUrl
    ? undefined
    : await reachEmbeddedPostgres(config.dataDir, log, {
        owner: `npm run ${command}`,
        runtimeDir: config.embeddedRuntimeDir,
      });
  const ownerUrl = config.databaseUrl ?? embedded!.url;
  const owner = createPool(ownerUrl, { name: `institute-${command}`, max: 4 });
  try {
    const { applied } = await migrate(owner);
    if (applied.length) log(`applied migrations: ${applied.join(", ")}`);
  } catch (e) {
    await owner.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
  return {
    ownerUrl,
    owner,
    shared: embedded?.attached ?? false,
    async close() {
      await owner.end().catch(() => {});
      await embedded?.stop();
    },
  };
}
