/** A fact_cards row as the FactCard message (spec §2.10): nullable columns become unset optional fields. */
import { create } from "@bufbuild/protobuf";
import { StringListSchema } from "../../gen/institute/common/v1/lists_pb.js";
import { FactCardSchema, type FactCard } from "../../gen/institute/factcard/v1/factcard_pb.js";
import type { FactCardRow } from "./fact-card-store.js";

const opt = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

export function toFactCard(row: FactCardRow): FactCard {
  return create(FactCardSchema, {
    factCardId: row.fact_card_id,
    parentKind: row.parent_kind,
    parentId: row.parent_id,
    parentSessionId: opt(row.parent_session_id),
    claimText: row.claim_text,
    claimTextEn: row.claim_text_en,
    claimCategory: row.claim_category,
    priority: row.priority,
    status: row.status,
    verdict: opt(row.verdict),
    foundText: opt(row.found_text),
    foundTextEn: opt(row.found_text_en),
    sourceUrls: row.source_urls === null ? undefined : create(StringListSchema, { values: row.source_urls }),
    similarToFactId: opt(row.similar_to_fact_id),
    similarityScore: opt(row.similarity_score),
    embeddingStatus: row.embedding_status,
    createdAt: BigInt(row.created_at),
    completedAt: row.completed_at === null ? undefined : BigInt(row.completed_at),
    updatedAt: BigInt(row.updated_at),
  });
}
