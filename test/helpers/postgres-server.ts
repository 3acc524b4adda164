/**
 * The PostgreSQL server a test run uses: the server in DATABASE_URL when set, otherwise an embedded server in
 * a temporary folder. Every database a run creates is dropped, with its reader role, at the end.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../lib/db/embedded/embedded-server.js";
import { loadConfig } from "../../lib/config/config.js";

export interface TestServer {
  /** URL of a maintenance database on the server (used to create and drop test databases). */
  adminUrl: string;
  stop(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    const url = new URL(configured);
    url.pathname = "/postgres";
    return { adminUrl: url.toString(), stop: async () => {} };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "institute-test-pg-"));
  const embedded = await startEmbeddedPostgres(dir, () => {}, {
    owner: "the test run",
    runtimeDir: loadConfig().embeddedRuntimeDir,
  });
  const url = new URL(embedded.url);
  url.pathname = "/postgres";
  return {
    adminUrl: url.toString(),
    async stop() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
