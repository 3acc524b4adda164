/**
 * Chain facts as tools, viewer:read (the factcard data has no tool-surface scope of its own): the keyset walk over
 * every fact (chain_facts_page, through the shared pager), one fact with its tags and links, its tags, and its
 * provenance links (spec §2.13).
 */
import {
  ChainFactSchema,
  ChainFactTagSchema,
  ProvenanceLinkSchema,
  type ChainFact,
} from "../../../gen/institute/factcard/v1/chain_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { ARTIFACT_KINDS } from "../../../services/factcard/chain/vocabulary.js";
import { int, object, str } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { limitInput, overFetch } from "./bounded.js";
import { chainFact, chainFactTag, provenanceLink } from "./chain-schemas.js";
import { cursorInput, keysetAfter, keysetPage } from "./keyset-pager.js";
import { required } from "../../operations/service-answers.js";
import { arrayOf, enumInput, idInput, input, keysetList } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };
const FACTS_BOUND = { default: 50, max: 200 };
const factIdInput = idInput("The chain fact's id.");

export const factJson = (f: ChainFact) => protoToJson(ChainFactSchema, f);

const factsPage: ToolDefinition<{
  chain_id?: string;
  analyst_id?: string;
  tag?: string;
  limit?: number;
  cursor?: string;
}> = {
  name: "chain_facts_page",
  title: "Page through chain facts",
  description:
    "Chain facts, newest first, optionally of one chain, analyst or tag. Keyset-paged: each fact once across the walk.",
  grant,
  toolset: "chain",
  inputSchema: input({
    chain_id: idInput("Only facts of this chain."),
    analyst_id: idInput("Only facts by this analyst."),
    tag: idInput("Only facts with this tag."),
    limit: limitInput(FACTS_BOUND, "facts"),
    cursor: cursorInput,
  }),
  outputSchema: keysetList("facts", chainFact),
  bound: FACTS_BOUND,
  pager: "keyset",
  async call(args, { clients, cursors }) {
    const filters = { chainId: args.chain_id ?? "", analystId: args.analyst_id ?? "", tag: args.tag ?? "" };
    const page = await keysetPage({
      cursors,
      tool: "chain_facts_page",
      filters,
      cursor: args.cursor,
      limit: args.limit,
      bound: FACTS_BOUND,
      fetch: (after, limit) =>
        overFetch(
          limit,
          async (n) => (await clients.chain.pageChainFacts({ ...filters, after: keysetAfter(after), limit: n })).facts,
        ),
      positionOf: (f) => ({ at: Number(f.createdAt), id: f.factId }),
    });
    return {
      facts: page.rows.map(factJson),
      count: page.rows.length,
      bound: page.bound,
      next_cursor: page.next_cursor,
    };
  },
};

const factGet: ToolDefinition<{ fact_id: string }> = {
  name: "chain_fact_get",
  title: "Get one chain fact",
  description: "One chain fact with its tags (and when each was applied) and its provenance links.",
  grant,
  toolset: "chain",
  inputSchema: input({ fact_id: factIdInput }, ["fact_id"]),
  outputSchema: object({ fact: chainFact, tags: arrayOf(chainFactTag), links: arrayOf(provenanceLink) }),
  pager: "none",
  async call({ fact_id }, { clients }) {
    const res = await clients.chain.getChainFact({ factId: fact_id });
    return {
      fact: factJson(required(res.fact, "a fact")),
      tags: res.tags.map((t) => protoToJson(ChainFactTagSchema, t)),
      links: res.links.map((l) => protoToJson(ProvenanceLinkSchema, l)),
    };
  },
};

const factTags: ToolDefinition<{ fact_id: string }> = {
  name: "chain_fact_tags",
  title: "Tags of a chain fact",
  description: "The tags of one chain fact, by name, with when each was applied.",
  grant,
  toolset: "chain",
  inputSchema: input({ fact_id: factIdInput }, ["fact_id"]),
  outputSchema: object({ fact_id: str, tags: arrayOf(chainFactTag), count: int }),
  pager: "none",
  async call({ fact_id }, { clients }) {
    const { tags } = await clients.chain.listChainFactTags({ factId: fact_id });
    return { fact_id, tags: tags.map((t) => protoToJson(ChainFactTagSchema, t)), count: tags.length };
  },
};

const links: ToolDefinition<{ fact_id: string; kind?: string }> = {
  name: "chain_links",
  title: "Provenance of a chain fact",
  description:
    "The provenance links of one chain fact (spec §2.13: type 'artifact', ref, origin, author, date), each with the kind of artifact it cites (committee_memo, analyst_report, fact_card); by date.",
  grant,
  toolset: "chain",
  inputSchema: input(
    { fact_id: factIdInput, kind: enumInput(ARTIFACT_KINDS, "Only links to this kind of artifact.") },
    ["fact_id"],
  ),
  outputSchema: object({ fact_id: str, links: arrayOf(provenanceLink), count: int }),
  pager: "none",
  async call({ fact_id, kind }, { clients }) {
    const res = await clients.chain.listChainLinks({ factId: fact_id, kind: kind ?? "" });
    return { fact_id, links: res.links.map((l) => protoToJson(ProvenanceLinkSchema, l)), count: res.links.length };
  },
};

export const CHAIN_FACT_TOOLS: ToolDefinition[] = [factsPage, factGet, factTags, links];
