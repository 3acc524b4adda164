/** GET /api/v1/meta: public; says what this deployment really has configured. */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { API_VERSION } from "../http/api-version.js";
import { metaResponse } from "../schemas/meta.js";

export interface MetaFacts {
  searchEnabled: () => boolean | Promise<boolean>;
}

export function metaRoutes(app: FastifyInstance, opts: { config: Config; facts: MetaFacts }) {
  app.get(
    "/meta",
    {
      config: { public: true, restOnly: "describes this deployment; initialize describes the tool endpoint" },
      schema: { summary: "Describe the service (public)", response: { 200: metaResponse } },
    },
    async () => {
      const searchEnabled = await opts.facts.searchEnabled();
      return {
        project: opts.config.project,
        search_enabled: searchEnabled,
        // d1: the relational database; r2: the object store; kv: no key-value store is configured; vectorize: the vector index.
        storage: { d1: true, kv: false, r2: true, vectorize: searchEnabled },
        api_version: API_VERSION,
      };
    },
  );
}
