/**
 * The bench's PostgreSQL server and databases: the test helpers' own, each also registered to be undone when the
 * bench is interrupted (bench/interrupt.ts).
 */
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { startTestServer, type TestServer } from "../test/helpers/postgres-server.js";
import { undoneOnInterrupt } from "./interrupt.js";

/** The resource, undone by `method` on an interrupt until the bench calls that method itself. */
function undoneBy<K extends string, T extends Record<K, () => Promise<void>>>(resource: T, method: K): T {
  return { ...resource, [method]: undoneOnInterrupt(() => resource[method]()) };
}

export async function startBenchServer(): Promise<TestServer> {
  return undoneBy(await startTestServer(), "stop");
}

export async function createBenchDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  return undoneBy(await createTestDatabase(adminUrl, prefix), "drop");
}
