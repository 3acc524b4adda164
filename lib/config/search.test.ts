import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { DEFAULT_REUSE_POLICY } from "../reuse-policy.js";
import { embeddingsEndpoint } from "./search.js";

describe("search configuration", () => {
  it("defaults to the built-in embedder, a 5 s index refresh, indexes saved under DATA_DIR and the default reuse policy", () => {
    expect(loadConfig({ DATA_DIR: "/srv/institute" }).search).toEqual({
      embeddings: null,
      indexRefreshMs: 5000,
      indexDir: "/srv/institute/indexes",
      rrfK: 60,
      reusePolicy: DEFAULT_REUSE_POLICY,
    });
    expect(loadConfig({ SEARCH_RRF_K: "20" }).search.rrfK).toBe(20);
  });

  it("saves the indexes in INDEX_DIR, or nowhere with off", () => {
    expect(loadConfig({ INDEX_DIR: "/var/lib/institute-indexes" }).search.indexDir).toBe("/var/lib/institute-indexes");
    expect(loadConfig({ INDEX_DIR: "off" }).search.indexDir).toBeNull();
  });

  it("reads an HTTP embeddings endpoint with its model, key, timeout and batch size", () => {
    const { embeddings } = loadConfig({
      EMBEDDINGS_URL: "https://models.internal:8443",
      EMBEDDINGS_MODEL: "multilingual-e5-large",
      EMBEDDINGS_API_KEY: "k",
      EMBEDDINGS_TIMEOUT_MS: "2500",
      EMBEDDINGS_BATCH_SIZE: "16",
    }).search;
    expect(embeddings).toEqual({
      url: "https://models.internal:8443/v1/embeddings",
      model: "multilingual-e5-large",
      apiKey: "k",
      timeoutMs: 2500,
      batchSize: 16,
    });
  });

  it("accepts a base address, one ending in /v1, or the full endpoint", () => {
    expect(embeddingsEndpoint("http://h:8000")).toBe("http://h:8000/v1/embeddings");
    expect(embeddingsEndpoint("http://h:8000/openai/v1/")).toBe("http://h:8000/openai/v1/embeddings");
    expect(embeddingsEndpoint("http://h/v1/embeddings")).toBe("http://h/v1/embeddings");
    expect(embeddingsEndpoint("ftp://h")).toBeUndefined();
  });

  it("merges FACTCARD_REUSE_POLICY over the defaults, every category kept", () => {
    const policy = loadConfig({
      FACTCARD_REUSE_POLICY: '{"financial": {"threshold": 0.99, "ttlDays": 0}, "prose": {"ttlDays": 60}}',
    }).search.reusePolicy;
    expect(policy).toEqual({
      ...DEFAULT_REUSE_POLICY,
      financial: { threshold: 0.99, ttlDays: 0 },
      prose: { threshold: DEFAULT_REUSE_POLICY.prose.threshold, ttlDays: 60 },
    });
  });

  it.each([
    [{ EMBEDDINGS_URL: "http://h" }, "configuration: EMBEDDINGS_MODEL is required when EMBEDDINGS_URL is set"],
    [
      { EMBEDDINGS_MODEL: "m" },
      "configuration: EMBEDDINGS_MODEL is set but EMBEDDINGS_URL is not (unset both for the built-in embedder)",
    ],
    [
      { EMBEDDINGS_URL: "not a url", EMBEDDINGS_MODEL: "m" },
      'configuration: EMBEDDINGS_URL must be an http:// or https:// URL without credentials, got "not a url"',
    ],
    [
      { EMBEDDINGS_URL: "http://u:p@h", EMBEDDINGS_MODEL: "m" },
      "configuration: EMBEDDINGS_URL must be an http:// or https:// URL without credentials",
    ],
    [
      { EMBEDDINGS_URL: "http://h", EMBEDDINGS_MODEL: "two words" },
      "configuration: EMBEDDINGS_MODEL must be a model name without spaces",
    ],
    [
      { EMBEDDINGS_TIMEOUT_MS: "0" },
      'configuration: EMBEDDINGS_TIMEOUT_MS must be a whole number from 100 to 300000, got "0"',
    ],
    [
      { EMBEDDINGS_BATCH_SIZE: "many" },
      'configuration: EMBEDDINGS_BATCH_SIZE must be a whole number from 1 to 2048, got "many"',
    ],
    [{ INDEX_REFRESH_MS: "-1" }, 'configuration: INDEX_REFRESH_MS must be a whole number from 0 to 3600000, got "-1"'],
    [{ SEARCH_RRF_K: "0" }, 'configuration: SEARCH_RRF_K must be a whole number from 1 to 10000, got "0"'],
    [{ SEARCH_RRF_K: "ten" }, 'configuration: SEARCH_RRF_K must be a whole number from 1 to 10000, got "ten"'],
    [{ FACTCARD_REUSE_POLICY: "{" }, "configuration: FACTCARD_REUSE_POLICY is not valid JSON"],
    [
      { FACTCARD_REUSE_POLICY: "[]" },
      "configuration: FACTCARD_REUSE_POLICY must be a JSON object keyed by claim category",
    ],
    [
      { FACTCARD_REUSE_POLICY: '{"money": {}}' },
      'configuration: FACTCARD_REUSE_POLICY names unknown claim category "money"',
    ],
    [
      { FACTCARD_REUSE_POLICY: '{"date": {"threshold": 1.5}}' },
      'configuration: FACTCARD_REUSE_POLICY "date".threshold must be a number from 0 to 1',
    ],
    [
      { FACTCARD_REUSE_POLICY: '{"date": {"ttlDays": 1.5}}' },
      'configuration: FACTCARD_REUSE_POLICY "date".ttlDays must be a whole number from 0 to 3650',
    ],
    [
      { FACTCARD_REUSE_POLICY: '{"date": {"ttl": 3}}' },
      'configuration: FACTCARD_REUSE_POLICY "date" must be an object with threshold and/or ttlDays',
    ],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
