/**
 * The chain_* tools over hand-made facts: exact answers, provenance links as spec §2.13 has them (origin the
 * project identifier), the chain_facts_page cursor, and not_found refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_FACTS, fillChain, T0 } from "../../../test/fixtures/chain.js";
import { refusal, startToolHarness, type ToolHarness } from "../../../test/helpers/tool-harness.js";

let h: ToolHarness;

beforeAll(async () => {
  h = await startToolHarness({ fill: fillChain, env: { PROJECT_NAME: "Institute Research" } });
});
afterAll(() => h?.close());

const bound = (limit: number, returned: number, has_more: boolean) => ({ limit, returned, has_more, exact: true });
const ORIGIN = "institute-research";

const fC1 = {
  fact_id: "f-c1",
  chain_id: "ch-copper",
  seq: 1,
  statement: "Smelters cut output.",
  analyst_id: "a-zeta",
  work_date: "2026-03-01",
  created_at: T0 + 100,
  tags: ["copper", "supply"],
};
const fC2 = {
  fact_id: "f-c2",
  chain_id: "ch-copper",
  seq: 2,
  statement: "Concentrate deficit widens.",
  analyst_id: "a-zeta",
  work_date: "2026-03-03",
  created_at: T0 + 300,
  tags: ["copper"],
};
const fC3 = {
  fact_id: "f-c3",
  chain_id: "ch-copper",
  seq: 3,
  statement: "Prices respond.",
  analyst_id: null,
  work_date: "2026-03-04",
  created_at: T0 + 300,
  tags: [],
};
const fR1 = {
  fact_id: "f-r1",
  chain_id: "ch-rates",
  seq: 1,
  statement: "The terminal rate is near.",
  analyst_id: "a-beta",
  work_date: "2026-03-05",
  created_at: T0 + 50,
  tags: ["rates"],
};
const link = (kind: string, ref: string, author: string, date: string) => ({
  type: "artifact",
  ref,
  origin: ORIGIN,
  author,
  date,
  kind,
});
const reportLink = link("analyst_report", "reports/a-zeta/copper.md", "a-zeta", "2026-03-01");
const memoLink = link("committee_memo", "memo-run-7", "a-alpha", "2026-03-02");

describe("facts", () => {
  it("chain_facts_page: newest first, the id breaking ties, filtered, page by page", async () => {
    const first = await h.call("chain_facts_page", { limit: 2 });
    expect(first).toMatchObject({ facts: [fC3, fC2], count: 2, bound: bound(2, 2, true) });
    const second = await h.call("chain_facts_page", { limit: 2, cursor: first.next_cursor });
    expect(second).toMatchObject({ facts: [fC1, fR1], count: 2, bound: bound(2, 2, true) });
    expect(await h.call("chain_facts_page", { chain_id: "ch-copper", analyst_id: "a-zeta", tag: "copper" })).toEqual({
      facts: [fC2, fC1],
      count: 2,
      bound: bound(50, 2, false),
      next_cursor: null,
    });
  });

  it("chain_facts_page refuses a cursor issued for other filters", async () => {
    const first = await h.call("chain_facts_page", { tag: "bulk", limit: 1 });
    expect(await refusal(h.call("chain_facts_page", { tag: "copper", cursor: first.next_cursor }))).toMatchObject({
      category: "validation",
      argument: "cursor",
    });
  });

  it("chain_fact_get: the fact, its tags with times, its provenance links", async () => {
    expect(await h.call("chain_fact_get", { fact_id: "f-c1" })).toEqual({
      fact: fC1,
      tags: [
        { tag: "copper", tagged_at: T0 + 120 },
        { tag: "supply", tagged_at: T0 + 110 },
      ],
      links: [reportLink, memoLink],
    });
    expect(await refusal(h.call("chain_fact_get", { fact_id: "f-none" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "chain fact not found: f-none",
    });
  });

  it("chain_fact_tags and chain_links (every kind, or one)", async () => {
    expect(await h.call("chain_fact_tags", { fact_id: "f-c3" })).toEqual({ fact_id: "f-c3", tags: [], count: 0 });
    expect(await h.call("chain_links", { fact_id: "f-c1" })).toEqual({
      fact_id: "f-c1",
      links: [reportLink, memoLink],
      count: 2,
    });
    expect(await h.call("chain_links", { fact_id: "f-c2", kind: "fact_card" })).toEqual({
      fact_id: "f-c2",
      links: [link("fact_card", "fc-01", "a-beta", "2026-03-03")],
      count: 1,
    });
    expect(await h.call("chain_links", { fact_id: "f-c2", kind: "committee_memo" })).toEqual({
      fact_id: "f-c2",
      links: [],
      count: 0,
    });
    expect(await refusal(h.call("chain_links", { fact_id: "f-none" }))).toMatchObject({
      category: "permanent",
      code: "not_found",
    });
  });
});

describe("across facts", () => {
  it("chain_list: most recently extended first", async () => {
    expect(await h.call("chain_list", { limit: 2 })).toEqual({
      chains: [
        {
          chain_id: "ch-copper",
          fact_count: 3,
          first_work_date: "2026-03-01",
          last_work_date: "2026-03-04",
          analyst_ids: ["a-zeta"],
          last_created_at: T0 + 300,
        },
        {
          chain_id: "ch-rates",
          fact_count: 1,
          first_work_date: "2026-03-05",
          last_work_date: "2026-03-05",
          analyst_ids: ["a-beta"],
          last_created_at: T0 + 50,
        },
      ],
      count: 2,
      bound: bound(2, 2, true),
    });
  });

  it("chain_steps: one chain in seq order, continued with after_seq; not_found for an unknown chain", async () => {
    expect(await h.call("chain_steps", { chain_id: "ch-copper", limit: 2 })).toEqual({
      chain_id: "ch-copper",
      facts: [fC1, fC2],
      count: 2,
      bound: bound(2, 2, true),
    });
    expect(await h.call("chain_steps", { chain_id: "ch-copper", after_seq: 2 })).toEqual({
      chain_id: "ch-copper",
      facts: [fC3],
      count: 1,
      bound: bound(100, 1, false),
    });
    expect(await refusal(h.call("chain_steps", { chain_id: "ch-none" }))).toEqual({
      category: "permanent",
      code: "not_found",
      message: "chain not found: ch-none",
    });
  });

  it("chain_tags and chain_citations", async () => {
    expect(await h.call("chain_tags")).toEqual({
      tags: [
        { tag: "bulk", fact_count: BULK_FACTS, last_tagged_at: T0 - 9 },
        { tag: "copper", fact_count: 2, last_tagged_at: T0 + 310 },
        { tag: "rates", fact_count: 1, last_tagged_at: T0 + 60 },
        { tag: "supply", fact_count: 1, last_tagged_at: T0 + 110 },
      ],
      count: 4,
      bound: bound(100, 4, false),
    });
    expect(await h.call("chain_citations", { ref: "reports/a-zeta/copper.md" })).toEqual({
      ref: "reports/a-zeta/copper.md",
      facts: [fC3, fC1],
      count: 2,
      bound: bound(50, 2, false),
    });
    expect(await h.call("chain_citations", { ref: "nothing", limit: 3 })).toEqual({
      ref: "nothing",
      facts: [],
      count: 0,
      bound: bound(3, 0, false),
    });
  });
});
