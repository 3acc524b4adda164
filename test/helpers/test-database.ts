/** A fresh, migrated database on the test server, with its SELECT-only reader; dropped by `drop()`. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrate } from "../../lib/db/migrate.js";
import { createPool, type Pool } from "../../lib/db/pool.js";
import { dropReader, provisionReader } from "../../lib/db/reader-role.js";

export interface TestDatabase {
  name: string;
  ownerUrl: string;
  readerUrl: string;
  owner: Pool;
  reader: Pool;
  drop(): Promise<void>;
}

export async function createTestDatabase(adminUrl: string, prefix = "test"): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const ownerUrl = url.toString();
  const owner = createPool(ownerUrl, { name: "test-owner", max: 4 });
  await migrate(owner);
  const readerUrl = await provisionReader(owner, ownerUrl);
  const reader = createPool(readerUrl, { name: "test-reader", max: 4 });
  return {
    name,
    ownerUrl,
    readerUrl,
    owner,
    reader,
    async drop() {
      await Promise.allSettled([owner.end(), reader.end()]);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropReader(c, name);
      } finally {
        await c.end();
      }
    },
  };
}
