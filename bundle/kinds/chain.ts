/** chain-facts.ndjson, chain-fact-tags.ndjson, chain-links.ndjson: reasoning chains, their tags and provenance links. */
import { ARTIFACT_KINDS } from "../../services/factcard/chain/vocabulary.js";
import { date, epoch, id, int32, nullable, oneOf, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const chainFacts = tableKind({
  name: "chain-facts",
  describe: "one step of a reasoning chain: the chain, its position, the statement, analyst, work date, creation time",
  table: "factcard.chain_facts",
  key: ["fact_id"],
  columns: [
    ["fact_id", id],
    ["chain_id", id],
    ["seq", int32],
    ["statement", text],
    ["analyst_id", nullable(text)],
    ["work_date", date],
    ["created_at", epoch],
  ],
});

export const chainFactTags = tableKind({
  name: "chain-fact-tags",
  describe: "a tag on a chain fact, and when it was tagged",
  table: "factcard.chain_fact_tags",
  key: ["fact_id", "tag"],
  columns: [
    ["fact_id", id],
    ["tag", id],
    ["tagged_at", epoch],
  ],
});

export const chainLinks = tableKind({
  name: "chain-links",
  describe: "a provenance link of a chain fact: the artifact kind, its ref (object key or id), author, date",
  table: "factcard.chain_links",
  key: ["fact_id", "ref"],
  columns: [
    ["fact_id", id],
    ["artifact_kind", oneOf(ARTIFACT_KINDS)],
    ["ref", id],
    ["author", text],
    ["date", date],
  ],
});
