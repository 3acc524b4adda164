/**
 * Configuration of embeddings, the vector indexes and fact-card reuse, read from the environment by
 * lib/config/config.ts.
 */
import path from "node:path";
import type { EnvReader } from "./env.js";
import { CLAIM_CATEGORIES, DEFAULT_REUSE_POLICY, type ClaimCategory, type ReusePolicyValue } from "../reuse-policy.js";

/** An OpenAI-compatible embeddings endpoint. Unset: the built-in hashed n-gram embedder. */
export interface HttpEmbeddingsConfig {
  /** The full `/v1/embeddings` address. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey: string | undefined;
  timeoutMs: number;
  /** Texts per request. */
  batchSize: number;
}

export interface SearchConfig {
  embeddings: HttpEmbeddingsConfig | null;
  /** How often the in-process indexes look for new or changed vectors; 0 turns polling off. */
  indexRefreshMs: number;
  /**
   * Where the search and factcard processes save their indexes and load them at start (INDEX_DIR; default
   * DATA_DIR/indexes); null (INDEX_DIR=off): never saved, built from the database at every start.
   */
  indexDir: string | null;
  /** The constant k of reciprocal-rank fusion in hybrid search: a match scores 1 / (k + rank) per ranking. */
  rrfK: number;
  /** Claim category to the policy deciding when a prior verdict may be inherited (spec §2.10). */
  reusePolicy: Record<ClaimCategory, ReusePolicyValue>;
}

/** Accepts a base address (`http://host:8000`), one ending in `/v1`, or the full `/v1/embeddings` path. */
export function embeddingsEndpoint(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  const trimmed = url.pathname.replace(/\/+$/, "");
  if (trimmed.endsWith("/embeddings")) url.pathname = trimmed;
  else if (trimmed.endsWith("/v1")) url.pathname = `${trimmed}/embeddings`;
  else url.pathname = `${trimmed}/v1/embeddings`;
  return url.toString();
}

function readEmbeddings(env: EnvReader): HttpEmbeddingsConfig | null {
  const rawUrl = env.text("EMBEDDINGS_URL");
  const model = env.text("EMBEDDINGS_MODEL");
  const timeoutMs = env.whole("EMBEDDINGS_TIMEOUT_MS", 10_000, 100, 300_000);
  const batchSize = env.whole("EMBEDDINGS_BATCH_SIZE", 64, 1, 2048);
  if (rawUrl === undefined) {
    if (model !== undefined)
      throw env.fail("EMBEDDINGS_MODEL", "is set but EMBEDDINGS_URL is not (unset both for the built-in embedder)");
    return null;
  }
  const url = embeddingsEndpoint(rawUrl);
  if (url === undefined)
    throw env.fail("EMBEDDINGS_URL", `must be an http:// or https:// URL without credentials, got "${rawUrl}"`);
  if (model === undefined) throw env.fail("EMBEDDINGS_MODEL", "is required when EMBEDDINGS_URL is set");
  if (model.length > 200 || /\s/.test(model))
    throw env.fail("EMBEDDINGS_MODEL", "must be a model name without spaces, at most 200 characters");
  return { url, model, apiKey: env.text("EMBEDDINGS_API_KEY"), timeoutMs, batchSize };
}

/** FACTCARD_REUSE_POLICY: JSON `{"financial": {"threshold": 0.95, "ttlDays": 1}, …}` over the defaults. */
function readReusePolicy(env: EnvReader): Record<ClaimCategory, ReusePolicyValue> {
  const name = "FACTCARD_REUSE_POLICY";
  const policy: Record<ClaimCategory, ReusePolicyValue> = structuredClone(DEFAULT_REUSE_POLICY) as Record<
    ClaimCategory,
    ReusePolicyValue
  >;
  const raw = env.text(name);
  if (raw === undefined) return policy;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw env.fail(name, "is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw env.fail(name, "must be a JSON object keyed by claim category");
  for (const [category, value] of Object.entries(parsed)) {
    if (!(CLAIM_CATEGORIES as readonly string[]).includes(category)) {
      throw env.fail(name, `names unknown claim category "${category}" (known: ${CLAIM_CATEGORIES.join(", ")})`);
    }
    const v = value as Partial<ReusePolicyValue> | null;
    if (
      typeof v !== "object" ||
      v === null ||
      Array.isArray(v) ||
      Object.keys(v).some((k) => k !== "threshold" && k !== "ttlDays")
    ) {
      throw env.fail(name, `"${category}" must be an object with threshold and/or ttlDays`);
    }
    const threshold = v.threshold ?? policy[category as ClaimCategory].threshold;
    const ttlDays = v.ttlDays ?? policy[category as ClaimCategory].ttlDays;
    if (typeof threshold !== "number" || !(threshold >= 0 && threshold <= 1))
      throw env.fail(name, `"${category}".threshold must be a number from 0 to 1`);
    if (!Number.isInteger(ttlDays) || ttlDays < 0 || ttlDays > 3650)
      throw env.fail(name, `"${category}".ttlDays must be a whole number from 0 to 3650`);
    policy[category as ClaimCategory] = { threshold, ttlDays };
  }
  return policy;
}

/** INDEX_DIR: a folder (made when missing), or "off". */
function readIndexDir(env: EnvReader, dataDir: string): string | null {
  const raw = env.text("INDEX_DIR");
  if (raw === undefined) return path.join(dataDir, "indexes");
  if (raw === "off") return null;
  if (raw.includes("\0")) throw env.fail("INDEX_DIR", "must be a folder path or off");
  return path.resolve(raw);
}

export function readSearchConfig(env: EnvReader, dataDir: string): SearchConfig {
  return {
    embeddings: readEmbeddings(env),
    indexRefreshMs: env.whole("INDEX_REFRESH_MS", 5_000, 0, 3_600_000),
    indexDir: readIndexDir(env, dataDir),
    rrfK: env.whole("SEARCH_RRF_K", 60, 1, 10_000),
    reusePolicy: readReusePolicy(env),
  };
}
