/**
 * The deterministic demo dataset: the same (seed, scale, asOf) always produces byte-identical rows.
 * generateDemoData builds every row in memory; seedDemoData inserts them into an empty database in one transaction.
 */
import type { Pool } from "../lib/db/pool.js";
import { inTransaction } from "../lib/db/transaction.js";
import { generateAnalysts } from "./analysts.js";
import { generateArchive } from "./archive.js";
import { bulkInsert } from "./bulk-insert.js";
import { generateChains } from "./chain.js";
import { createContext, type SeedOptions } from "./context.js";
import { generateCoverage } from "./coverage.js";
import { generateDataTopics } from "./data-topics.js";
import type { DemoDataset } from "./dataset.js";
import { generateEvents } from "./events.js";
import { generateFactCards } from "./factcards.js";
import { generateFleetHealth } from "./fleet-health.js";
import { generateMailbox } from "./mailbox.js";
import { generateMemory } from "./memory.js";
import { generatePortfolios } from "./portfolios.js";
import { generateDailyReports, generateWeeklyReports } from "./reports.js";
import { generateSessions } from "./sessions.js";
import { generateSimilarityLog } from "./similarity.js";
import { TABLES } from "./tables.js";
import { generateTopicPool } from "./topic-pool.js";
import { generateWhiteboard } from "./whiteboard.js";

export type { SeedOptions } from "./context.js";
export { DAILY_EDITOR_ID } from "./analysts.js";
export { BENCHMARK_ID } from "./portfolios.js";

/** Every row of the dataset, in memory, without touching a database. */
export function generateDemoData(options: SeedOptions): DemoDataset {
  const ctx = createContext(options);
  generateAnalysts(ctx);
  const threads = generateWhiteboard(ctx);
  const pool = generateTopicPool(ctx, threads);
  generateSimilarityLog(ctx, threads, pool);
  const dailies = generateDailyReports(ctx, threads);
  const weeklies = generateWeeklyReports(ctx);
  generateFleetHealth(ctx);
  generateDataTopics(ctx);
  generatePortfolios(ctx);
  const sessions = generateSessions(ctx);
  generateMailbox(ctx);
  generateMemory(ctx);
  generateArchive(ctx, sessions);
  const facts = generateFactCards(ctx, threads, sessions);
  generateChains(ctx, threads, weeklies, facts);
  generateCoverage(ctx);
  generateEvents(ctx, { threads, reports: [...dailies, ...weeklies], facts, sessions });
  ctx.data.assertUniqueKeys();
  return ctx.data;
}

/** True when the catalog holds no analyst: the signal that the database has never been loaded. */
export async function isEmpty(owner: Pool): Promise<boolean> {
  const { rows } = await owner.query("SELECT NOT EXISTS (SELECT 1 FROM catalog.analysts) AS empty");
  return rows[0].empty === true;
}

/** Tables that must be empty before seeding: every table the dataset fills. */
async function occupiedTables(client: { query: Pool["query"] }): Promise<string[]> {
  const checks = TABLES.map((t) => `SELECT '${t.table}' AS name WHERE EXISTS (SELECT 1 FROM ${t.table})`).join(
    " UNION ALL ",
  );
  const { rows } = await client.query(checks);
  return rows.map((r: { name: string }) => r.name);
}

/**
 * Loads the dataset into an empty database, in one transaction, and returns the row count per table.
 * Refuses (throws, nothing written) when any table it fills already holds rows.
 */
export async function seedDemoData(owner: Pool, options: SeedOptions): Promise<Record<string, number>> {
  return insertDemoData(owner, generateDemoData(options));
}

/**
 * A synthesised archive of `count` notes alone (analysts and sessions are generated to draw them from, not kept):
 * the relevance benchmark's large run, past what the full dataset's scale allows.
 */
export function generateArchiveOnly(options: SeedOptions, count: number): DemoDataset {
  const ctx = createContext(options);
  const sessions = generateSessions(ctx);
  generateArchive(ctx, sessions, count);
  return ctx.data;
}

/** Inserts generated rows as seedDemoData does (one transaction; refused when any table it fills has rows). */
export async function insertDemoData(owner: Pool, data: DemoDataset): Promise<Record<string, number>> {
  return inTransaction(owner, async (client) => {
    // Serialise concurrent seeders: the second waits, then sees the first one's rows and refuses.
    await client.query("LOCK TABLE catalog.analysts IN SHARE ROW EXCLUSIVE MODE");
    const occupied = await occupiedTables(client);
    if (occupied.length) {
      const more = occupied.length > 3 ? ` and ${occupied.length - 3} more tables` : "";
      throw new Error(
        `demo data: refusing to seed a database that is not empty (rows in ${occupied.slice(0, 3).join(", ")}${more})`,
      );
    }
    const counts: Record<string, number> = {};
    for (const spec of TABLES) counts[spec.table] = await bulkInsert(client, spec, data.rows(spec.table));
    return counts;
  });
}
