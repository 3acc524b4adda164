/**
 * Opens the service's database: the configured DATABASE_URL, or embedded PostgreSQL under DATA_DIR, which this
 * process then owns. Applies migrations and provisions the SELECT-only reader role the read services connect with
 * (a fresh password each start). Operator commands use lib/db/owner-database.ts instead.
 */
import type { Config } from "../config/config.js";
import { startEmbeddedPostgres } from "./embedded/embedded-server.js";
import { migrate } from "./migrate.js";
import { createPool, type Pool } from "./pool.js";
import { provisionReader } from "./reader-role.js";

export interface Database {
  ownerUrl: string;
  readerUrl: string;
  /** Owner pool: migrations, seed, keys, governor. */
  owner: Pool;
  /** SELECT-only pool: every read service. */
  reader: Pool;
  embedded: boolean;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "databaseReaderUrl" | "dataDir" | "embeddedRuntimeDir">,
  log: (line: string) => void = () => {},
): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, log, { owner: "npm start", runtimeDir: config.embeddedRuntimeDir });
  const ownerUrl = config.databaseUrl ?? embedded!.url;
  const owner = createPool(ownerUrl, { name: "institute-owner", max: 5 });
  try {
    const { applied } = await migrate(owner);
    if (applied.length) log(`applied migrations: ${applied.join(", ")}`);
    const readerUrl = config.databaseReaderUrl ?? (await provisionReader(owner, ownerUrl));
    const reader = createPool(readerUrl, { name: "institute-reader", max: 20 });
    return {
      ownerUrl,
      readerUrl,
      owner,
      reader,
      embedded: Boolean(embedded),
      async close() {
        await Promise.allSettled([reader.end(), owner.end()]);
        await embedded?.stop();
      },
    };
  } catch (e) {
    await owner.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
}
