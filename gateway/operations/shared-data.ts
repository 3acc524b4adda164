/**
 * Shared market-data topics (spec §2.11, §4.1 rule 10, scope reports:read): the topics of a date, and one topic
 * document as stored. The service strips a `.json` suffix from the topic; the answer names the topic without it.
 */
import { ListDataTopicsResponseSchema } from "../../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { object, str } from "../schemas/common.js";
import { sharedDataTopics, topicParam } from "../schemas/reports.js";
import { input, workDateInput } from "./input-schemas.js";
import type { Operation } from "./operation.js";

const scope = "reports:read";
const dateInput = workDateInput("Work date of the ingest, YYYY-MM-DD.");

export const listDataTopics: Operation<{ date: string }> = {
  route: { method: "GET", path: "/api/v1/data/{date}/topics" },
  tool: "data_list_topics",
  scope,
  input: input({ date: dateInput }, ["date"]),
  output: sharedDataTopics,
  call: async ({ date }, clients) =>
    protoToJson(ListDataTopicsResponseSchema, await clients.reports.listDataTopics({ date })),
};

/** A topic document as stored: its JSON text, which REST sends untouched and the tool parses. */
export interface StoredTopic {
  date: string;
  topic: string;
  json: string;
}

export const getDataTopic: Operation<{ date: string; topic: string }, StoredTopic> = {
  route: { method: "GET", path: "/api/v1/data/{date}/{topic}" },
  tool: "data_get_topic",
  scope,
  input: input(
    {
      date: dateInput,
      topic: { ...topicParam, description: "The topic name, as in data_list_topics (a .json suffix is accepted)." },
    },
    ["date", "topic"],
  ),
  output: object({ date: str, topic: str, json: str }),
  async call({ date, topic }, clients) {
    const { documentJson } = await clients.reports.getDataTopic({ date, topic });
    return { date, topic: topic.endsWith(".json") ? topic.slice(0, -".json".length) : topic, json: documentJson };
  },
};

export const SHARED_DATA_OPERATIONS = [listDataTopics, getDataTopic];
