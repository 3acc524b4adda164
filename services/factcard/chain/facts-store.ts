/** Chain facts (factcard.chain_facts) with their tag names: keyset pages, single facts, one chain's steps, citations. */
import { create } from "@bufbuild/protobuf";
import { ChainFactSchema, type ChainFact } from "../../../gen/institute/factcard/v1/chain_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { int64, orUndefined } from "../../catalog/rows.js";

interface FactRow {
  fact_id: string;
  chain_id: string;
  seq: number;
  statement: string;
  analyst_id: string | null;
  work_date: string;
  created_at: number;
  tags: string[];
}

const SELECT_FACTS = `
  SELECT f.fact_id, f.chain_id, f.seq, f.statement, f.analyst_id, f.work_date, f.created_at,
         COALESCE((SELECT array_agg(t.tag ORDER BY t.tag) FROM factcard.published_chain_fact_tags t WHERE t.fact_id = f.fact_id), '{}') AS tags
    FROM factcard.published_chain_facts f`;
const NEWEST = "ORDER BY f.created_at DESC, f.fact_id DESC";

// Keyset: the rows strictly after (created_at, fact_id) in descending order (index chain_facts_page); without a
// position ($4 null) from the top. Empty filters match every fact.
const PAGE = `${SELECT_FACTS}
   WHERE ($1 = '' OR f.chain_id = $1)
     AND ($2 = '' OR f.analyst_id = $2)
     AND ($3 = '' OR EXISTS (SELECT 1 FROM factcard.published_chain_fact_tags t WHERE t.fact_id = f.fact_id AND t.tag = $3))
     AND ($4::bigint IS NULL OR (f.created_at, f.fact_id) < ($4::bigint, $5::text))
   ${NEWEST}
   LIMIT $6`;
const GET = `${SELECT_FACTS} WHERE f.fact_id = $1`;
const STEPS = `${SELECT_FACTS} WHERE f.chain_id = $1 AND f.seq > $2 ORDER BY f.seq LIMIT $3`;
const CHAIN_EXISTS = "SELECT 1 FROM factcard.published_chain_facts WHERE chain_id = $1 LIMIT 1";
const CITING = `${SELECT_FACTS}
   WHERE EXISTS (SELECT 1 FROM factcard.published_chain_links l WHERE l.fact_id = f.fact_id AND l.ref = $1)
   ${NEWEST}
   LIMIT $2`;

const toFact = (r: FactRow): ChainFact =>
  create(ChainFactSchema, {
    factId: r.fact_id,
    chainId: r.chain_id,
    seq: r.seq,
    statement: r.statement,
    analystId: orUndefined(r.analyst_id),
    workDate: r.work_date,
    createdAt: int64(r.created_at),
    tags: r.tags,
  });

export interface FactPageFilter {
  chainId: string;
  analystId: string;
  tag: string;
  after: { at: number; id: string } | undefined;
  limit: number;
}

export interface FactsStore {
  page(filter: FactPageFilter): Promise<ChainFact[]>;
  get(factId: string): Promise<ChainFact | undefined>;
  steps(chainId: string, afterSeq: number, limit: number): Promise<ChainFact[]>;
  chainExists(chainId: string): Promise<boolean>;
  /** Whether this fact exists and is withdrawn (docs/lifecycle.md). */
  isWithdrawn(factId: string): Promise<boolean>;
  citing(ref: string, limit: number): Promise<ChainFact[]>;
}

export function createFactsStore(db: Pool): FactsStore {
  return {
    async page({ chainId, analystId, tag, after, limit }) {
      const values = [chainId, analystId, tag, after?.at ?? null, after?.id ?? null, limit];
      const { rows } = await db.query<FactRow>({ name: "chain.facts.page", text: PAGE, values });
      return rows.map(toFact);
    },
    async get(factId) {
      const { rows } = await db.query<FactRow>({ name: "chain.facts.get", text: GET, values: [factId] });
      return rows[0] && toFact(rows[0]);
    },
    async steps(chainId, afterSeq, limit) {
      const { rows } = await db.query<FactRow>({
        name: "chain.facts.steps",
        text: STEPS,
        values: [chainId, afterSeq, limit],
      });
      return rows.map(toFact);
    },
    async isWithdrawn(factId) {
      const { rowCount } = await db.query({
        name: "chain.facts.withdrawn",
        text: "SELECT 1 FROM factcard.withdrawn WHERE kind = 'chain-facts' AND item_id = $1",
        values: [factId],
      });
      return (rowCount ?? 0) > 0;
    },
    async chainExists(chainId) {
      const { rowCount } = await db.query({ name: "chain.facts.chain-exists", text: CHAIN_EXISTS, values: [chainId] });
      return (rowCount ?? 0) > 0;
    },
    async citing(ref, limit) {
      const { rows } = await db.query<FactRow>({ name: "chain.facts.citing", text: CITING, values: [ref, limit] });
      return rows.map(toFact);
    },
  };
}
