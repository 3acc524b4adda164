/** Across chain facts, viewer:read: the chains, one chain step by step, the tag vocabulary, and the facts citing an artifact. */
import { ChainSummarySchema, TagCountSchema } from "../../../gen/institute/factcard/v1/chain_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { str } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { fetchBounded, limitInput } from "./bounded.js";
import { factJson } from "./chain-fact-tools.js";
import { chainFact, chainSummary, tagCount } from "./chain-schemas.js";
import { boundedList, idInput, input } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };
const LIST_BOUND = { default: 50, max: 200 };
const STEPS_BOUND = { default: 100, max: 500 };

const chains: ToolDefinition<{ analyst_id?: string; limit?: number }> = {
  name: "chain_list",
  title: "List chains",
  description:
    "Chains of facts, most recently extended first, with their size, date span and authors; optionally only chains an analyst contributed to.",
  grant,
  toolset: "chain",
  inputSchema: input({
    analyst_id: idInput("Only chains with a fact by this analyst."),
    limit: limitInput(LIST_BOUND, "chains"),
  }),
  outputSchema: boundedList("chains", chainSummary),
  bound: LIST_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const { rows, bound } = await fetchBounded(
      args,
      LIST_BOUND,
      async (n) => (await clients.chain.listChains({ analystId: args.analyst_id ?? "", limit: n })).chains,
    );
    return { chains: rows.map((c) => protoToJson(ChainSummarySchema, c)), count: rows.length, bound };
  },
};

const steps: ToolDefinition<{ chain_id: string; after_seq?: number; limit?: number }> = {
  name: "chain_steps",
  title: "One chain, step by step",
  description:
    "The facts of one chain in order (seq ascending), from the first after `after_seq` (0: from the start). When has_more, call again with after_seq set to the last seq returned.",
  grant,
  toolset: "chain",
  inputSchema: input(
    {
      chain_id: idInput("The chain's id."),
      after_seq: {
        type: "integer",
        minimum: 0,
        maximum: 2147483647,
        default: 0,
        description: "Start after this seq; 0 from the start.",
      },
      limit: limitInput(STEPS_BOUND, "facts"),
    },
    ["chain_id"],
  ),
  outputSchema: boundedList("facts", chainFact, { chain_id: str }),
  bound: STEPS_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const { rows, bound } = await fetchBounded(
      args,
      STEPS_BOUND,
      async (n) =>
        (await clients.chain.listChainSteps({ chainId: args.chain_id, afterSeq: args.after_seq ?? 0, limit: n })).facts,
    );
    return { chain_id: args.chain_id, facts: rows.map(factJson), count: rows.length, bound };
  },
};

const tags: ToolDefinition<{ limit?: number }> = {
  name: "chain_tags",
  title: "Chain-fact tags",
  description: "The tags applied to chain facts, most used first (then by name), with how many facts carry each.",
  grant,
  toolset: "chain",
  inputSchema: input({ limit: limitInput(STEPS_BOUND, "tags") }),
  outputSchema: boundedList("tags", tagCount),
  bound: STEPS_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const { rows, bound } = await fetchBounded(
      args,
      STEPS_BOUND,
      async (n) => (await clients.chain.listChainTags({ limit: n })).tags,
    );
    return { tags: rows.map((t) => protoToJson(TagCountSchema, t)), count: rows.length, bound };
  },
};

const citations: ToolDefinition<{ ref: string; limit?: number }> = {
  name: "chain_citations",
  title: "Facts citing an artifact",
  description:
    "The chain facts whose provenance cites one artifact (a link's ref: an object-store key or a run identifier), newest first.",
  grant,
  toolset: "chain",
  inputSchema: input(
    {
      ref: { type: "string", minLength: 1, maxLength: 200, description: "The artifact's ref, as in chain_links." },
      limit: limitInput(LIST_BOUND, "facts"),
    },
    ["ref"],
  ),
  outputSchema: boundedList("facts", chainFact, { ref: str }),
  bound: LIST_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const { rows, bound } = await fetchBounded(
      args,
      LIST_BOUND,
      async (n) => (await clients.chain.listArtifactCitations({ ref: args.ref, limit: n })).facts,
    );
    return { ref: args.ref, facts: rows.map(factJson), count: rows.length, bound };
  },
};

export const CHAIN_INDEX_TOOLS: ToolDefinition[] = [chains, steps, tags, citations];
