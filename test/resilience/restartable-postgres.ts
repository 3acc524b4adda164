/**
 * A PostgreSQL server of the test's own (embedded, in a temporary folder), so that stopping it never disturbs the
 * run's shared server: stop() shuts it down (fast: clients are disconnected), start() brings the same cluster back
 * on the same port, close() stops it if running and removes its folder.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../lib/db/embedded/embedded-server.js";

export interface RestartablePostgres {
  /** The maintenance database's URL (test databases are created from it). */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), "institute-restart-pg-"));
  let server: EmbeddedDatabase | null = await startEmbeddedPostgres(dir);
  const port = server.port;
  const url = new URL(server.url);
  url.pathname = "/postgres";
  return {
    adminUrl: url.toString(),
    port,
    async stop() {
      await server?.stop();
      server = null;
    },
    async start() {
      if (!server) server = await startEmbeddedPostgres(dir, () => {}, { port });
    },
    async close() {
      await server?.stop();
      server = null;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
