/**
 * What hangs off chain facts: their tags (factcard.chain_fact_tags), provenance links (factcard.chain_links, spec
 * §2.13), and the summaries across facts: chains and the tag vocabulary.
 */
import { create } from "@bufbuild/protobuf";
import {
  ChainFactTagSchema,
  ChainSummarySchema,
  ProvenanceLinkSchema,
  TagCountSchema,
  type ChainFactTag,
  type ChainSummary,
  type ProvenanceLink,
  type TagCount,
} from "../../../gen/institute/factcard/v1/chain_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { int64 } from "../../catalog/rows.js";

const TAGS_OF_FACT = "SELECT tag, tagged_at FROM factcard.published_chain_fact_tags WHERE fact_id = $1 ORDER BY tag";
const LINKS_OF_FACT = `
  SELECT artifact_kind, ref, author, date FROM factcard.published_chain_links
   WHERE fact_id = $1 AND ($2 = '' OR artifact_kind = $2)
   ORDER BY date, artifact_kind, ref`;

// A chain is the facts sharing a chain_id; the most recently extended comes first.
const CHAINS = `
  SELECT chain_id, count(*)::int AS fact_count, min(work_date) AS first_work_date, max(work_date) AS last_work_date,
         array_remove(array_agg(DISTINCT analyst_id ORDER BY analyst_id), NULL) AS analyst_ids,
         max(created_at) AS last_created_at
    FROM factcard.published_chain_facts
   GROUP BY chain_id
  HAVING $1 = '' OR bool_or(analyst_id = $1)
   ORDER BY max(created_at) DESC, chain_id DESC
   LIMIT $2`;

const TAG_COUNTS = `
  SELECT tag, count(*)::int AS n, max(tagged_at) AS last
    FROM factcard.published_chain_fact_tags
   GROUP BY tag
   ORDER BY n DESC, tag
   LIMIT $1`;

export interface GraphStore {
  tagsOf(factId: string): Promise<ChainFactTag[]>;
  /** `origin` is this service's project identifier, carried on every link. */
  linksOf(factId: string, kind: string, origin: string): Promise<ProvenanceLink[]>;
  chains(analystId: string, limit: number): Promise<ChainSummary[]>;
  tagCounts(limit: number): Promise<TagCount[]>;
}

export function createGraphStore(db: Pool): GraphStore {
  return {
    async tagsOf(factId) {
      const { rows } = await db.query<{ tag: string; tagged_at: number }>({
        name: "chain.tags.of-fact",
        text: TAGS_OF_FACT,
        values: [factId],
      });
      return rows.map((r) => create(ChainFactTagSchema, { tag: r.tag, taggedAt: int64(r.tagged_at) }));
    },
    async linksOf(factId, kind, origin) {
      const { rows } = await db.query<{ artifact_kind: string; ref: string; author: string; date: string }>({
        name: "chain.links.of-fact",
        text: LINKS_OF_FACT,
        values: [factId, kind],
      });
      return rows.map((r) =>
        create(ProvenanceLinkSchema, {
          type: "artifact",
          ref: r.ref,
          origin,
          author: r.author,
          date: r.date,
          kind: r.artifact_kind,
        }),
      );
    },
    async chains(analystId, limit) {
      const { rows } = await db.query<{
        chain_id: string;
        fact_count: number;
        first_work_date: string;
        last_work_date: string;
        analyst_ids: string[];
        last_created_at: number;
      }>({ name: "chain.chains", text: CHAINS, values: [analystId, limit] });
      return rows.map((r) =>
        create(ChainSummarySchema, {
          chainId: r.chain_id,
          factCount: r.fact_count,
          firstWorkDate: r.first_work_date,
          lastWorkDate: r.last_work_date,
          analystIds: r.analyst_ids,
          lastCreatedAt: int64(r.last_created_at),
        }),
      );
    },
    async tagCounts(limit) {
      const { rows } = await db.query<{ tag: string; n: number; last: number }>({
        name: "chain.tags.counts",
        text: TAG_COUNTS,
        values: [limit],
      });
      return rows.map((r) => create(TagCountSchema, { tag: r.tag, factCount: r.n, lastTaggedAt: int64(r.last) }));
    },
  };
}
