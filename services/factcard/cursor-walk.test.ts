/**
 * Property: walking ListFactCards with next_cursor, for any filters and page size, returns every matching card
 * that existed when the walk began exactly once, in order (created_at, fact_card_id descending), even while
 * newer cards are inserted between pages.
 */
import { createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FactCardService } from "../../gen/institute/factcard/v1/factcard_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import type { FactCardFilters } from "./cursor.js";
import { factCardRoutes } from "./routes.js";
import { BASE_TIME, factCardRow, insertFactCards } from "../../test/fixtures/factcard.js";
import { CLAIM_CATEGORIES, FACT_CARD_STATUSES, PARENT_KINDS, VERDICTS } from "./vocabulary.js";

const PARENT_IDS = ["p-1", "p-2", "p-3"];
let db: TestDatabase;
let client: Client<typeof FactCardService>;
let newest = BASE_TIME;
let inserted = 0;

/** Deterministic cards with many equal created_at values, so ties are broken by id. */
function seedCards(n: number) {
  let s = 42;
  const pick = <T>(xs: readonly T[]) => xs[(s = (Math.imul(s, 1103515245) + 12345) >>> 0) % xs.length]!;
  return Array.from({ length: n }, (_, i) =>
    factCardRow(`fc-${String(i).padStart(4, "0")}-${pick(["a", "b", "c"])}`, {
      parent_kind: pick(PARENT_KINDS),
      parent_id: pick(PARENT_IDS),
      status: pick(FACT_CARD_STATUSES),
      claim_category: pick(CLAIM_CATEGORIES),
      verdict: pick([...VERDICTS, null, null]),
      created_at: BASE_TIME + pick([0, 1, 2, 3, 5, 8, 13, 21]) * 1000,
    }),
  );
}

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "cursorwalk");
  const cards = seedCards(400);
  newest = Math.max(...cards.map((c) => c.created_at));
  await insertFactCards(db.owner, cards);
  const deps = { db: db.reader, objects: createPostgresObjectStore(db.reader), config: loadConfig({}), now: Date.now };
  client = createClient(FactCardService, createRouterTransport(factCardRoutes(deps)));
});
afterAll(() => db?.drop());

async function expectedIds(f: FactCardFilters): Promise<string[]> {
  const where: string[] = [];
  const params: string[] = [];
  const add = (column: string, value: string | undefined) =>
    value !== undefined && where.push(`${column} = $${params.push(value)}`);
  add("parent_kind", f.parentKind);
  add("parent_id", f.parentId);
  add("status", f.status);
  add("claim_category", f.claimCategory);
  add("verdict", f.verdict);
  const { rows } = await db.owner.query(
    `SELECT fact_card_id FROM factcard.fact_cards ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, fact_card_id DESC`,
    params,
  );
  return rows.map((r) => r.fact_card_id);
}

/** Newer cards that match the walk's filters (so they would show up if the cursor were not a keyset). */
async function insertNewer(f: FactCardFilters, count: number) {
  const rows = Array.from({ length: count }, (_, i) =>
    factCardRow(`zz-${String(++inserted).padStart(5, "0")}`, {
      parent_kind: f.parentKind ?? "external",
      parent_id: f.parentId ?? "p-1",
      status: f.status ?? "queued",
      claim_category: f.claimCategory ?? "prose",
      verdict: f.verdict ?? null,
      created_at: newest + (i % 2) * 1000, // some tie with the newest existing card, some are newer still
    }),
  );
  newest += 1000;
  await insertFactCards(db.owner, rows);
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const filtersArb: fc.Arbitrary<FactCardFilters> = fc.record({
  parentKind: optional(fc.constantFrom(...PARENT_KINDS)),
  parentId: optional(fc.constantFrom(...PARENT_IDS)),
  status: optional(fc.constantFrom(...FACT_CARD_STATUSES)),
  claimCategory: optional(fc.constantFrom(...CLAIM_CATEGORIES)),
  verdict: optional(fc.constantFrom(...VERDICTS)),
});

describe("walking the fact-card cursor", () => {
  it("returns every matching card exactly once, in order, under concurrent inserts of newer cards", async () => {
    await fc.assert(
      fc.asyncProperty(
        filtersArb,
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }),
        async (filters, limit, inserts) => {
          const expected = await expectedIds(filters);
          const request = {
            parentKind: filters.parentKind ?? "",
            parentId: filters.parentId ?? "",
            status: filters.status ?? "",
            claimCategory: filters.claimCategory ?? "",
            verdict: filters.verdict ?? "",
            limit,
          };
          const seen: string[] = [];
          let cursor = "";
          for (let page = 0; ; page++) {
            const res = await client.listFactCards({ ...request, cursor });
            expect(res.count).toBe(res.factCards.length);
            expect(res.factCards.length).toBeLessThanOrEqual(limit);
            seen.push(...res.factCards.map((c) => c.factCardId));
            if (!res.nextCursor) break;
            expect(res.factCards.length).toBe(limit);
            cursor = res.nextCursor;
            if (inserts[page]) await insertNewer(filters, inserts[page]!);
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
