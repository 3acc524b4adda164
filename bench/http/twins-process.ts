/** What the twins processes (usage-twins.ts, version-twins.ts) share: listening, the ready line, stopping. */
import type { FastifyInstance } from "fastify";
import { mintDemoKey } from "../../gateway/auth/demo-key.js";
import type { Database } from "../../lib/db/database.js";

/** Listens on a free loopback port per copy, then announces them (see announceTwins). */
export async function serveTwins(kind: string, apps: FastifyInstance[], db: Database): Promise<void> {
  const urls: string[] = [];
  for (const app of apps) {
    await app.listen({ host: "127.0.0.1", port: 0 });
    urls.push(loopbackUrl(app.server));
  }
  await announceTwins(kind, urls, db, async () => {
    for (const app of apps) await app.close();
  });
}

export const loopbackUrl = (server: { address(): unknown }) =>
  `http://127.0.0.1:${(server.address() as { port: number }).port}`;

/** Prints `<kind> twins are up: <urls> key <key>` and, on a signal, closes the copies and the database. */
export async function announceTwins(kind: string, urls: string[], db: Database, close: () => Promise<void>) {
  const key = await mintDemoKey(db.owner);
  const stop = async () => {
    await close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  process.stdout.write(`${kind} twins are up: ${urls.join(" ")} key ${key}\n`);
}

/** The process's end when a copy cannot be composed. */
export function failed(kind: string) {
  return (e: unknown) => {
    process.stderr.write(`${kind} twins failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  };
}
