/**
 * Waits until the cluster governor's start-up work is done: its first tick, and its topic-pool kickoff (published at
 * start; dropped as stale past the hour's first 15 minutes). Both may write (the kickoff opens threads), so a test
 * that compares answers or follows the change feed waits for them first.
 */
import type { Pool } from "../../lib/db/pool.js";
import { waitFor } from "./compare.js";

export async function governorSettled(db: Pool, lines: readonly { process: string; line: string }[]): Promise<void> {
  await waitFor(
    async () => {
      const { rows } = await db.query("SELECT DISTINCT kind FROM governor.decisions WHERE outcome <> 'running'");
      const staleKickoff = lines.some(
        (l) => l.process === "governor" && l.line.includes('"kind":"kickoff"') && l.line.includes("stale slot dropped"),
      );
      return rows.some((r) => r.kind === "tick") && (staleKickoff || rows.some((r) => r.kind === "kickoff"));
    },
    60_000,
    async () => ({
      decisions: (await db.query("SELECT kind, outcome FROM governor.decisions")).rows,
      governor: lines
        .filter((l) => l.process === "governor")
        .slice(-15)
        .map((l) => l.line),
    }),
  );
}
