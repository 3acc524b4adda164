import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddingsServer, type EmbeddingsServer } from "../../test/helpers/embeddings-server.js";
import { cosine } from "./embedder.js";
import { createHashedNgramEmbedder } from "./hashed-ngram-embedder.js";
import { createHttpEmbedder, EmbeddingsError, openHttpEmbedder, type HttpEmbedderOptions } from "./http-embedder.js";
import { openEmbedder } from "./open-embedder.js";

let server: EmbeddingsServer;
beforeAll(async () => {
  server = await startEmbeddingsServer(48);
});
afterAll(() => server?.close());
afterEach(() => {
  server.requests.length = 0;
  server.behave = () => undefined;
  server.shuffle = true;
});

const options = (extra: Partial<HttpEmbedderOptions> = {}): HttpEmbedderOptions => ({
  url: server.url,
  model: "test-multilingual",
  timeoutMs: 2000,
  batchSize: 3,
  backoffMs: 10,
  ...extra,
});

describe("the HTTP embedder", () => {
  it("learns the dimension from the endpoint and sends the model, the key and float encoding", async () => {
    const embedder = await openHttpEmbedder(options({ apiKey: "secret-token" }));
    expect(embedder.model).toBe("test-multilingual");
    expect(embedder.dimensions).toBe(48);
    expect(server.requests[0]).toEqual({
      model: "test-multilingual",
      input: ["dimension probe"],
      authorization: "Bearer secret-token",
      encodingFormat: "float",
    });
  });

  it("batches, keeps the order by index, and returns unit vectors equal to the provider's", async () => {
    const embedder = await openHttpEmbedder(options());
    server.requests.length = 0;
    const texts = ["rates", "美联储降息", "", "oil supply", "chips", "   ", "SGD outlook", "credit spreads"];
    const vectors = await embedder.embed(texts);
    expect(server.requests.map((r) => r.input.length)).toEqual([3, 3]);
    expect(server.requests.flatMap((r) => r.input)).toEqual(texts.filter((t) => t.trim() !== ""));
    const reference = await createHashedNgramEmbedder(48).embed(texts);
    vectors.forEach((v, i) => {
      if (texts[i]!.trim() === "") expect([...v].every((x) => x === 0)).toBe(true);
      else expect(cosine(v, reference[i]!)).toBeCloseTo(1, 5);
    });
  });

  it("retries 5xx and 429 with backoff, then succeeds", async () => {
    const embedder = await openHttpEmbedder(options());
    server.behave = (_r, n) => (n === 2 ? 503 : n === 3 ? 429 : undefined);
    const [v] = await embedder.embed(["retry me"]);
    expect(v!.length).toBe(48);
    expect(server.requests).toHaveLength(4);
  });

  it("gives up after the retries with a retryable error naming the status", async () => {
    const embedder = await openHttpEmbedder(options({ retries: 1 }));
    server.behave = () => 500;
    const failure = await embedder.embed(["down"]).catch((e) => e);
    expect(failure).toBeInstanceOf(EmbeddingsError);
    expect(failure.retryable).toBe(true);
    expect(failure.message).toMatch(/^embeddings endpoint: HTTP 500/);
  });

  it("does not retry a 400 and reports it as not retryable", async () => {
    const embedder = await openHttpEmbedder(options());
    server.requests.length = 0;
    server.behave = () => 400;
    const failure = await embedder.embed(["bad"]).catch((e) => e);
    expect(failure.retryable).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it("times out a slow answer", async () => {
    const embedder = await openHttpEmbedder(options({ timeoutMs: 150, retries: 0 }));
    // The server answers only once the client has given up: the outcome, not a stopwatch, shows the timeout.
    let answered = false;
    server.behave = () => new Promise((resolve) => setTimeout(() => ((answered = true), resolve(undefined)), 1000));
    const failure = await embedder.embed(["slow"]).catch((e) => e);
    expect(failure.message).toBe("embeddings endpoint: no answer within 150 ms");
    expect(answered).toBe(false);
  });

  it("refuses an unreachable endpoint when opened", async () => {
    const failure = await openHttpEmbedder(options({ url: "http://127.0.0.1:9/v1/embeddings" })).catch((e) => e);
    expect(failure).toBeInstanceOf(EmbeddingsError);
    expect(failure.message).toMatch(/^embeddings endpoint: unreachable/);
  });

  it("refuses an answer of another dimension than the one it learnt", async () => {
    const other = await startEmbeddingsServer(16);
    try {
      const embedder = createHttpEmbedder(options({ url: other.url }), 48);
      const failure = await embedder.embed(["changed model behind the same address"]).catch((e) => e);
      expect(failure.message).toBe("embeddings endpoint: returned 16 dimensions, expected 48");
    } finally {
      await other.close();
    }
  });

  it("is what the factory opens when configured, the built-in embedder otherwise", async () => {
    expect((await openEmbedder(null)).model).toBe("builtin-hashed-ngram-384");
    const http = await openEmbedder({ url: server.url, model: "m", apiKey: undefined, timeoutMs: 1000, batchSize: 8 });
    expect(http.dimensions).toBe(48);
  });
});
