/**
 * ChainService: chain facts, their tags and provenance links (spec §2.13), read from the factcard schema through
 * the SELECT-only pool. Lists return at most `limit` rows; the caller over-fetches by one to learn whether more exist.
 */
import type { ServiceImpl } from "@connectrpc/connect";
import type { ChainService } from "../../../gen/institute/factcard/v1/chain_pb.js";
import type { ServiceDeps } from "../../deps.js";
import {
  afterSeq,
  fetchLimit,
  keysetAfter,
  notFound,
  optionalId,
  optionalOneOf,
  requireId,
} from "../../request-checks.js";
import { createFactsStore } from "./facts-store.js";
import { createGraphStore } from "./graph-store.js";
import { projectOrigin } from "./origin.js";
import { ARTIFACT_KINDS } from "./vocabulary.js";

export function createChainService(deps: Pick<ServiceDeps, "db" | "config">): ServiceImpl<typeof ChainService> {
  const facts = createFactsStore(deps.db);
  const graph = createGraphStore(deps.db);
  const origin = projectOrigin(deps.config.project);

  async function factOrThrow(factId: string) {
    const fact = await facts.get(requireId(factId, "fact_id"));
    if (!fact && (await facts.isWithdrawn(factId))) throw notFound(`chain fact ${factId} was withdrawn`);
    if (!fact) throw notFound(`chain fact not found: ${factId}`);
    return fact;
  }

  return {
    async pageChainFacts(req) {
      const page = await facts.page({
        chainId: optionalId(req.chainId, "chain_id"),
        analystId: optionalId(req.analystId, "analyst_id"),
        tag: optionalId(req.tag, "tag"),
        after: keysetAfter(req.after),
        limit: fetchLimit(req.limit),
      });
      return { facts: page };
    },

    async getChainFact(req) {
      const fact = await factOrThrow(req.factId);
      const [tags, links] = await Promise.all([graph.tagsOf(fact.factId), graph.linksOf(fact.factId, "", origin)]);
      return { fact, tags, links };
    },

    async listChainFactTags(req) {
      const fact = await factOrThrow(req.factId);
      return { tags: await graph.tagsOf(fact.factId) };
    },

    async listChainLinks(req) {
      const kind = optionalOneOf(req.kind, "kind", ARTIFACT_KINDS);
      const fact = await factOrThrow(req.factId);
      return { links: await graph.linksOf(fact.factId, kind, origin) };
    },

    async listChains(req) {
      const limit = fetchLimit(req.limit);
      return { chains: await graph.chains(optionalId(req.analystId, "analyst_id"), limit) };
    },

    async listChainSteps(req) {
      const limit = fetchLimit(req.limit);
      const after = afterSeq(req.afterSeq);
      const chainId = requireId(req.chainId, "chain_id");
      const steps = await facts.steps(chainId, after, limit);
      // An empty page past the end of a chain is an answer; a chain with no facts at all does not exist.
      if (steps.length === 0 && !(await facts.chainExists(chainId))) throw notFound(`chain not found: ${chainId}`);
      return { facts: steps };
    },

    async listChainTags(req) {
      return { tags: await graph.tagCounts(fetchLimit(req.limit)) };
    },

    async listArtifactCitations(req) {
      const limit = fetchLimit(req.limit);
      return { facts: await facts.citing(requireId(req.ref, "ref"), limit) };
    },
  };
}
