/**
 * The bench's PostgreSQL server and databases: the test helpers' own, each also registered to be undone when the
 * bench is interrupted (bench/interrupt.ts).
 */
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { startTestServer, type TestServer } from "../test/helpers/postgres-server.js";
import { undoOnInterrupt } from "./interrupt.js";

export async function startBenchServer(): Promise<TestServer> {
  const server = await startTestServer();
  const forget = undoOnInterrupt(() => server.stop());
  return {
    ...server,
    async stop() {
      forget();
      await server.stop();
    },
  };
}

export async function createBenchDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  const db = await createTestDatabase(adminUrl, prefix);
  const forget = undoOnInterrupt(() => db.drop());
  return {
    ...db,
    async drop() {
      forget();
      await db.drop();
    },
  };
}
