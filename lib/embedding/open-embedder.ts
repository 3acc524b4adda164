/** Chooses the embedder from configuration: the HTTP provider when EMBEDDINGS_URL is set, else the built-in one. */
import type { HttpEmbeddingsConfig } from "../config/search.js";
import type { Embedder } from "./embedder.js";
import { createHashedNgramEmbedder } from "./hashed-ngram-embedder.js";
import { openHttpEmbedder } from "./http-embedder.js";

/** Rejects, with the reason, when the configured endpoint cannot be reached or answers badly. */
export async function openEmbedder(config: HttpEmbeddingsConfig | null): Promise<Embedder> {
  if (config === null) return createHashedNgramEmbedder();
  return openHttpEmbedder(config);
}

/** What the embedder will record as its model, known before it is opened. */
export const configuredModel = (config: HttpEmbeddingsConfig | null): string =>
  config?.model ?? createHashedNgramEmbedder().model;
