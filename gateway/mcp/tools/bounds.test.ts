/**
 * Every bounded tool, over one database holding every fixture: has_more is exact at the edge (limit = rows - 1,
 * rows, rows + 1), the default limit is the declared one, and a limit outside [1, max] is refused naming `limit`,
 * never clamped, by the one check the endpoint makes (the tool runner against the input schema). A bounded tool
 * added to the registry without a case here fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_LOG, BULK_POOL, BULK_THREADS, FIXED_NOW } from "../../../test/fixtures/catalog.js";
import { BULK_FACTS, fillChain } from "../../../test/fixtures/chain.js";
import { BULK_COVERAGE, fillCoverage } from "../../../test/fixtures/coverage.js";
import { CLAIMS, insertFactCards } from "../../../test/fixtures/factcard.js";
import { fillPortfolios, LEADERBOARD_ORDER } from "../../../test/fixtures/portfolio.js";
import { fillWhiteboard } from "../../../test/fixtures/whiteboard-pages.js";
import { BULK_EVENTS, BULK_MAIL_THREADS, BULK_SESSIONS, fillWorkspace } from "../../../test/fixtures/workspace.js";
import type { Principal } from "../../auth/principal.js";
import { createToolRunner, type ToolRunner } from "../tool-runner.js";
import { TOOLS } from "./index.js";
import {
  expectExactBound,
  peer,
  refusal,
  startToolHarness,
  tool,
  VIEWER,
  type ToolHarness,
} from "../../../test/helpers/tool-harness.js";

const coverageParty = peer({ id: "party-a", coverage: true, inHubRoster: true });

/** Each bounded tool with arguments and the number of rows they match in all. */
const BOUNDED_CASES: { name: string; args: Record<string, unknown>; rows: number; principal?: Principal }[] = [
  { name: "whiteboard_list_threads", args: {}, rows: 5 + BULK_THREADS },
  { name: "whiteboard_list_boards", args: { status: "completed" }, rows: 2 },
  { name: "whiteboard_analyst_cards", args: { analyst_id: "a-alpha" }, rows: 2 },
  { name: "whiteboard_topic_pool", args: {}, rows: 5 + BULK_POOL },
  { name: "whiteboard_similarity_log", args: {}, rows: 6 + BULK_LOG },
  { name: "portfolios_leaderboard", args: {}, rows: LEADERBOARD_ORDER.length },
  { name: "factcards_list", args: {}, rows: CLAIMS.length },
  { name: "sessions_list", args: {}, rows: 3 + BULK_SESSIONS },
  { name: "sessions_messages", args: { session_id: "s-alpha-1" }, rows: 3 },
  { name: "mailbox_list_threads", args: {}, rows: 3 + BULK_MAIL_THREADS },
  { name: "mailbox_thread_messages", args: { thread_id: "m-rates" }, rows: 2 },
  { name: "mailbox_analyst_messages", args: { analyst_id: "a-alpha" }, rows: 2 },
  { name: "events_list", args: {}, rows: 4 + BULK_EVENTS },
  { name: "events_by_kind", args: { kind: "tick" }, rows: BULK_EVENTS },
  { name: "events_for_subject", args: { subject_id: "board-1" }, rows: 1 },
  { name: "chain_facts_page", args: {}, rows: 4 + BULK_FACTS },
  { name: "chain_list", args: {}, rows: 3 },
  { name: "chain_steps", args: { chain_id: "ch-bulk" }, rows: BULK_FACTS },
  { name: "chain_tags", args: {}, rows: 4 },
  { name: "chain_citations", args: { ref: "reports/a-zeta/copper.md" }, rows: 2 },
  { name: "coverage_artifacts", args: {}, rows: 3 + BULK_COVERAGE, principal: coverageParty },
];

/**
 * changes_since pages the change log, whose rows are every write the fixtures above make (trigger-recorded), not a
 * count a fixture declares: its paging and limits are tested with the route in test/lifecycle/change-feed.test.ts.
 */
const BOUNDED_ELSEWHERE = new Set(["changes_since"]);

let h: ToolHarness;
let runner: ToolRunner;

beforeAll(async () => {
  h = await startToolHarness({
    fill: async (owner) => {
      await fillWhiteboard(owner);
      await fillWorkspace(owner);
      await fillChain(owner);
      await fillCoverage(owner);
      await fillPortfolios(owner);
      await insertFactCards(owner, CLAIMS);
    },
    now: () => FIXED_NOW,
  });
  runner = createToolRunner(TOOLS, { clients: h.clients, cursors: h.cursors });
});
afterAll(() => h?.close());

describe("bounded tools", () => {
  it("every bounded tool of the registry has a case, and every case names a bounded tool", () => {
    expect(BOUNDED_CASES.map((c) => c.name).sort()).toEqual(
      TOOLS.filter((t) => t.bound && !BOUNDED_ELSEWHERE.has(t.name))
        .map((t) => t.name)
        .sort(),
    );
  });

  for (const { name, args, rows, principal } of BOUNDED_CASES) {
    describe(name, () => {
      it(`reports has_more exactly at ${rows - 1}, ${rows} and ${rows + 1}`, async () => {
        await expectExactBound(h, name, args, rows, principal);
      });

      it("applies the declared default limit", async () => {
        const { bound } = tool(name);
        const result = await h.call(name, args, principal ?? VIEWER);
        expect(result.bound).toEqual({
          limit: bound!.default,
          returned: Math.min(rows, bound!.default),
          has_more: rows > bound!.default,
          exact: true,
        });
      });

      it("refuses a limit outside [1, max], naming it", async () => {
        const { max } = tool(name).bound!;
        const admit = async (limit: unknown) => runner.admit(tool(name), principal ?? VIEWER, { ...args, limit });
        for (const [limit, why] of [
          [max + 1, `must be <= ${max}`],
          [0, "must be >= 1"],
          [-1, "must be >= 1"],
          [1.5, "must be integer"],
          ["10", "must be integer"],
        ] as const) {
          expect(await refusal(admit(limit))).toEqual({
            category: "validation",
            code: "invalid_argument",
            argument: "limit",
            message: `invalid argument 'limit': ${why}`,
          });
        }
      });
    });
  }
});
