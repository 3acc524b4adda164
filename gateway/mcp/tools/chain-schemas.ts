/** JSON Schemas of chain facts, their tags and provenance links (spec §2.13), and the summaries across them. */
import { ARTIFACT_KINDS } from "../../../services/factcard/chain/vocabulary.js";
import { int, nullableStr, object, str, strArray } from "../../schemas/common.js";

const workDate = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } as const;
const epochMs = { ...int, description: "Epoch milliseconds." };

export const chainFact = object({
  fact_id: str,
  chain_id: str,
  seq: { ...int, description: "The fact's step in its chain." },
  statement: str,
  analyst_id: nullableStr,
  work_date: workDate,
  created_at: epochMs,
  tags: { ...strArray, description: "Tag names, sorted." },
});

export const chainFactTag = object({ tag: str, tagged_at: epochMs });

/** A provenance link (spec §2.13), with the kind of artifact it cites. */
export const provenanceLink = object({
  type: { const: "artifact" },
  ref: { ...str, description: "An object-store key or a run identifier." },
  origin: { ...str, description: "The project identifier of this service." },
  author: { ...str, description: "An analyst id." },
  date: { ...workDate, description: "Work date, YYYY-MM-DD." },
  kind: { type: "string", enum: [...ARTIFACT_KINDS], description: "The artifact kind." },
});

export const chainSummary = object({
  chain_id: str,
  fact_count: { type: "integer", minimum: 1 },
  first_work_date: workDate,
  last_work_date: workDate,
  analyst_ids: strArray,
  last_created_at: epochMs,
});

export const tagCount = object({ tag: str, fact_count: { type: "integer", minimum: 1 }, last_tagged_at: epochMs });
