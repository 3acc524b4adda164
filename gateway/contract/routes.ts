/** GET /api/contract and GET /api/openapi.json: public, derived at run time, built once per base address. */
import type { FastifyInstance } from "fastify";
import { publicBaseUrl } from "../http/public-url.js";
import { contractDocument } from "./contract-document.js";
import { openApiDocument } from "./openapi.js";
import type { ContractSections } from "./sections.js";

export async function contractRoutes(app: FastifyInstance, sections: ContractSections) {
  const contracts = new Map<string, unknown>();
  const openapis = new Map<string, unknown>();
  const once = (cache: Map<string, unknown>, base: string, build: () => unknown) => {
    if (!cache.has(base)) cache.set(base, build());
    return cache.get(base);
  };

  app.get("/api/contract", { config: { public: true } }, async (request, reply) => {
    const base = publicBaseUrl(sections.config, request.server);
    reply.header("cache-control", "public, max-age=60");
    return once(contracts, base, () => contractDocument(sections, base));
  });

  app.get("/api/openapi.json", { config: { public: true } }, async (request, reply) => {
    const base = publicBaseUrl(sections.config, request.server);
    reply.header("cache-control", "public, max-age=60");
    const { rest, config } = sections;
    return once(openapis, base, () => openApiDocument(rest.routes, base, config.project.name, rest.apiVersion));
  });
}
