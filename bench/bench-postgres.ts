/**
 * The bench's PostgreSQL server and databases: the test helpers' own, each also registered to be undone when the
 * bench is interrupted (bench/interrupt.ts).
 */
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { startTestServer, type TestServer } from "../test/helpers/postgres-server.js";
import { undoOnInterrupt } from "./interrupt.js";

/** The resource, undone by `method` on an interrupt until the bench calls that method itself. */
function undoneOnInterrupt<K extends string, T extends Record<K, () => Promise<void>>>(resource: T, method: K): T {
  const undo = () => resource[method]();
  const forget = undoOnInterrupt(undo);
  return {
    ...resource,
    [method]: async () => {
      forget();
      await undo();
    },
  };
}

export async function startBenchServer(): Promise<TestServer> {
  return undoneOnInterrupt(await startTestServer(), "stop");
}

export async function createBenchDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  return undoneOnInterrupt(await createTestDatabase(adminUrl, prefix), "drop");
}
