/** Across chain facts, viewer:read: the chains, one chain step by step, the tag vocabulary, and the facts citing an artifact. */
import { ChainSummarySchema, TagCountSchema } from "../../../gen/institute/factcard/v1/chain_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { str } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { boundedTool, overFetch } from "./bounded.js";
import { factJson } from "./chain-fact-tools.js";
import { chainFact, chainSummary, tagCount } from "./chain-schemas.js";
import { afterSeqInput, idInput } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };
const LIST_BOUND = { default: 50, max: 200 };
const STEPS_BOUND = { default: 100, max: 500 };

const chains = boundedTool<{ analyst_id?: string; limit?: number }, unknown>({
  name: "chain_list",
  title: "List chains",
  description:
    "Chains of facts, most recently extended first, with their size, date span and authors; optionally only chains an analyst contributed to.",
  grant,
  toolset: "chain",
  args: { analyst_id: idInput("Only chains with a fact by this analyst.") },
  bound: LIST_BOUND,
  rows: "chains",
  row: chainSummary,
  fetch: (args, limit, { clients }) =>
    overFetch(limit, async (n) =>
      (await clients.chain.listChains({ analystId: args.analyst_id ?? "", limit: n })).chains.map((c) =>
        protoToJson(ChainSummarySchema, c),
      ),
    ),
});

const steps = boundedTool<{ chain_id: string; after_seq?: number; limit?: number }, unknown>({
  name: "chain_steps",
  title: "One chain, step by step",
  description:
    "The facts of one chain in order (seq ascending), from the first after `after_seq` (0: from the start). When has_more, call again with after_seq set to the last seq returned.",
  grant,
  toolset: "chain",
  args: {
    chain_id: idInput("The chain's id."),
    after_seq: afterSeqInput,
  },
  required: ["chain_id"],
  bound: STEPS_BOUND,
  rows: "facts",
  row: chainFact,
  context: { chain_id: str },
  fetch: async (args, limit, { clients }) => ({
    ...(await overFetch(limit, async (n) =>
      (
        await clients.chain.listChainSteps({ chainId: args.chain_id, afterSeq: args.after_seq ?? 0, limit: n })
      ).facts.map(factJson),
    )),
    context: { chain_id: args.chain_id },
  }),
});

const tags = boundedTool<{ limit?: number }, unknown>({
  name: "chain_tags",
  title: "Chain-fact tags",
  description: "The tags applied to chain facts, most used first (then by name), with how many facts carry each.",
  grant,
  toolset: "chain",
  args: {},
  bound: STEPS_BOUND,
  rows: "tags",
  row: tagCount,
  fetch: (_args, limit, { clients }) =>
    overFetch(limit, async (n) =>
      (await clients.chain.listChainTags({ limit: n })).tags.map((t) => protoToJson(TagCountSchema, t)),
    ),
});

const citations = boundedTool<{ ref: string; limit?: number }, unknown>({
  name: "chain_citations",
  title: "Facts citing an artifact",
  description:
    "The chain facts whose provenance cites one artifact (a link's ref: an object-store key or a run identifier), newest first.",
  grant,
  toolset: "chain",
  args: {
    ref: { type: "string", minLength: 1, maxLength: 200, description: "The artifact's ref, as in chain_links." },
  },
  required: ["ref"],
  bound: LIST_BOUND,
  rows: "facts",
  row: chainFact,
  context: { ref: str },
  fetch: async (args, limit, { clients }) => ({
    ...(await overFetch(limit, async (n) =>
      (await clients.chain.listArtifactCitations({ ref: args.ref, limit: n })).facts.map(factJson),
    )),
    context: { ref: args.ref },
  }),
});

export const CHAIN_INDEX_TOOLS: ToolDefinition[] = [chains, steps, tags, citations];
