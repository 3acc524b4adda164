/**
 * An OpenAI-compatible `/v1/embeddings` provider, so an operator can point the service at a real multilingual
 * model (EMBEDDINGS_URL, EMBEDDINGS_MODEL). Texts go in batches of `batchSize`; each request has its own
 * timeout; network errors, timeouts, 429 and 5xx are retried with backoff. Vectors are L2-normalised here, so
 * cosine is a dot product whatever the provider returns. Blank texts are never sent: they embed to zero.
 */
import { normalise, type Embedder } from "./embedder.js";

export interface HttpEmbedderOptions {
  url: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  batchSize: number;
  /** Further attempts after a retryable failure (default 2). */
  retries?: number;
  /** First backoff in milliseconds, doubled per attempt (default 250). */
  backoffMs?: number;
}

export class EmbeddingsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(`embeddings endpoint: ${message}`);
    this.name = "EmbeddingsError";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseVectors(body: unknown, expected: number): number[][] {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw new EmbeddingsError("response has no data array", false);
  if (data.length !== expected)
    throw new EmbeddingsError(`returned ${data.length} embeddings for ${expected} inputs`, false);
  const out: number[][] = new Array(expected);
  data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
    const index = typeof item?.index === "number" ? item.index : position;
    const embedding = item?.embedding;
    if (!Number.isInteger(index) || index < 0 || index >= expected || out[index] !== undefined) {
      throw new EmbeddingsError(`response has a bad or repeated index ${String(item?.index)}`, false);
    }
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((x) => typeof x === "number" && Number.isFinite(x))
    ) {
      throw new EmbeddingsError(
        `embedding ${index} is not an array of finite numbers (was encoding_format honoured?)`,
        false,
      );
    }
    out[index] = embedding;
  });
  return out;
}

async function postOnce(options: HttpEmbedderOptions, texts: string[]): Promise<number[][]> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input: texts, encoding_format: "float" }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (e) {
    const timedOut = (e as Error).name === "TimeoutError";
    throw new EmbeddingsError(
      timedOut ? `no answer within ${options.timeoutMs} ms` : `unreachable (${(e as Error).message})`,
      true,
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    throw new EmbeddingsError(`response body failed (${(e as Error).message})`, true);
  }
  if (!response.ok) {
    const retryable = response.status === 429 || response.status >= 500;
    throw new EmbeddingsError(`HTTP ${response.status}: ${text.slice(0, 200)}`, retryable);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EmbeddingsError("response is not JSON", false);
  }
  return parseVectors(body, texts.length);
}

async function post(options: HttpEmbedderOptions, texts: string[]): Promise<number[][]> {
  const retries = options.retries ?? 2;
  for (let attempt = 0; ; attempt++) {
    try {
      return await postOnce(options, texts);
    } catch (e) {
      if (!(e instanceof EmbeddingsError) || !e.retryable || attempt >= retries) throw e;
      await sleep((options.backoffMs ?? 250) * 2 ** attempt);
    }
  }
}

/** An embedder of known dimension: every vector must have exactly `dimensions` entries. */
export function createHttpEmbedder(options: HttpEmbedderOptions, dimensions: number): Embedder {
  return {
    model: options.model,
    dimensions,
    async embed(texts) {
      const out: Float32Array[] = texts.map(() => new Float32Array(dimensions));
      const pending = texts.map((text, i) => ({ text, i })).filter(({ text }) => text.trim() !== "");
      for (let start = 0; start < pending.length; start += options.batchSize) {
        const batch = pending.slice(start, start + options.batchSize);
        const vectors = await post(
          options,
          batch.map(({ text }) => text),
        );
        vectors.forEach((v, j) => {
          if (v.length !== dimensions)
            throw new EmbeddingsError(`returned ${v.length} dimensions, expected ${dimensions}`, false);
          out[batch[j]!.i] = normalise(Float32Array.from(v));
        });
      }
      return out;
    },
  };
}

/** Asks the endpoint once, to learn the model's dimension; throws (with the reason) when it cannot answer. */
export async function openHttpEmbedder(options: HttpEmbedderOptions): Promise<Embedder> {
  const [probe] = await post({ ...options, retries: 0 }, ["dimension probe"]);
  return createHttpEmbedder(options, probe!.length);
}
