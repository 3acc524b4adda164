/**
 * The owner connection an operator command (import, export) works through: migrated, but without touching the
 * reader role, so a command run beside a running service never changes the password that service reads with.
 * Unset DATABASE_URL: the embedded server under DATA_DIR, stopped again by close().
 */
import type { Config } from "../config.js";
import { startEmbeddedPostgres } from "./embedded.js";
import { migrate } from "./migrate.js";
import { createPool, type Pool } from "./pool.js";

export interface OwnerDatabase {
  owner: Pool;
  ownerUrl: string;
  close(): Promise<void>;
}

export async function openOwnerDatabase(config: Pick<Config, "databaseUrl" | "dataDir">, log: (line: string) => void = () => {}): Promise<OwnerDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const ownerUrl = config.databaseUrl ?? embedded!.url;
  const owner = createPool(ownerUrl, { name: "institute-operator", max: 4 });
  try {
    const { applied } = await migrate(owner);
    if (applied.length) log(`applied migrations: ${applied.join(", ")}`);
  } catch (e) {
    await owner.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
  return {
    owner,
    ownerUrl,
    async close() {
      await owner.end().catch(() => {});
      await embedded?.stop();
    },
  };
}
