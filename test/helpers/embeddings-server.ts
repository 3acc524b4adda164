/**
 * A small OpenAI-compatible `/v1/embeddings` server on loopback, for tests: it embeds with the built-in
 * embedder (so answers are real vectors), records every request, and can be told to delay, fail or misbehave.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";

export interface EmbeddingsRequestRecord {
  model: string;
  input: string[];
  authorization: string | undefined;
  encodingFormat: string | undefined;
}

export interface EmbeddingsServer {
  url: string;
  requests: EmbeddingsRequestRecord[];
  /** Called before each answer: return a status to fail with, or undefined to answer normally. */
  behave: (request: EmbeddingsRequestRecord, n: number) => Promise<number | undefined> | number | undefined;
  /** Reverses the order of `data` (clients must honour `index`). */
  shuffle: boolean;
  dimensions: number;
  close(): Promise<void>;
}

export async function startEmbeddingsServer(dimensions = 48): Promise<EmbeddingsServer> {
  const embedder = createHashedNgramEmbedder(dimensions);
  const state: EmbeddingsServer = {
    url: "",
    requests: [],
    behave: () => undefined,
    shuffle: true,
    dimensions,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (req.method !== "POST" || req.url !== "/v1/embeddings") {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const record = {
        model: body.model,
        input: body.input,
        authorization: req.headers.authorization,
        encodingFormat: body.encoding_format,
      };
      state.requests.push(record);
      const status = await state.behave(record, state.requests.length);
      if (res.destroyed) return;
      if (status !== undefined) {
        res
          .writeHead(status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: `status ${status}` } }));
        return;
      }
      const vectors = await embedder.embed(record.input);
      const data = vectors.map((v, index) => ({ object: "embedding", index, embedding: [...v] }));
      if (state.shuffle) data.reverse();
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ object: "list", model: record.model, data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1/embeddings`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
