/**
 * gateway/schemas copies the proto messages by hand: every JSON answer is a message turned into JSON by
 * lib/proto-json.ts (the .proto names, every field present, unset optional and message fields as null, 64-bit
 * integers as numbers, google.protobuf.Struct as plain JSON, StringList as its array). This test reads each schema
 * beside the generated descriptor of the message it answers and fails on any field the two disagree on: a name on
 * one side only, a JSON type that is not the field's, a field that may be null on one side only, a field the schema
 * does not require.
 */
import { ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  AnalystDetailSchema,
  ListAnalystsResponseSchema,
  ListSimilarityLogResponseSchema,
  ListThreadsResponseSchema,
  ListTopicPoolResponseSchema,
  ThreadDetailSchema,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import {
  FactCardSchema,
  ListFactCardsResponseSchema,
  ListSimilarFactsResponseSchema,
} from "../../gen/institute/factcard/v1/factcard_pb.js";
import {
  GetLeaderboardResponseSchema,
  GetSeriesResponseSchema,
  PortfolioMetricsSchema,
  TearSheetSchema,
} from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import {
  GetWeeklyIndexResponseSchema,
  ListDataTopicsResponseSchema,
} from "../../gen/institute/reports/v1/reports_pb.js";
import { SearchResponseSchema } from "../../gen/institute/search/v1/search_pb.js";
import {
  analystDetail,
  listAnalystsResponse,
  listThreadsResponse,
  similarityLogResponse,
  threadDetail,
  topicPoolResponse,
} from "./catalog.js";
import { factCard, listFactCardsResponse, similarFactsResponse } from "./factcards.js";
import { leaderboardResponse, portfolioMetrics } from "./portfolio.js";
import { sharedDataTopics, weeklyIndex } from "./reports.js";
import { searchResponse } from "./search.js";
import { portfolioSeries, tearSheet } from "./tear-sheet.js";

type Schema = Record<string, any>;

/** Each answer schema and the message whose JSON it describes (the pairs the operations pass to protoToJson). */
const ANSWERS: ReadonlyArray<readonly [Schema, DescMessage]> = [
  [listAnalystsResponse, ListAnalystsResponseSchema],
  [analystDetail, AnalystDetailSchema],
  [listThreadsResponse, ListThreadsResponseSchema],
  [threadDetail, ThreadDetailSchema],
  [topicPoolResponse, ListTopicPoolResponseSchema],
  [similarityLogResponse, ListSimilarityLogResponseSchema],
  [listFactCardsResponse, ListFactCardsResponseSchema],
  [factCard, FactCardSchema],
  [similarFactsResponse, ListSimilarFactsResponseSchema],
  [leaderboardResponse, GetLeaderboardResponseSchema],
  [portfolioMetrics, PortfolioMetricsSchema],
  [portfolioSeries, GetSeriesResponseSchema],
  [tearSheet, TearSheetSchema],
  [weeklyIndex, GetWeeklyIndexResponseSchema],
  [sharedDataTopics, ListDataTopicsResponseSchema],
  [searchResponse, SearchResponseSchema],
];

const INTEGERS = new Set<ScalarType>([
  ScalarType.INT32,
  ScalarType.INT64,
  ScalarType.UINT32,
  ScalarType.UINT64,
  ScalarType.SINT32,
  ScalarType.SINT64,
  ScalarType.FIXED32,
  ScalarType.FIXED64,
  ScalarType.SFIXED32,
  ScalarType.SFIXED64,
]);

/** The JSON type proto-json.ts gives a scalar. */
function jsonTypeOf(scalar: ScalarType): string {
  if (INTEGERS.has(scalar)) return "integer";
  if (scalar === ScalarType.DOUBLE || scalar === ScalarType.FLOAT) return "number";
  if (scalar === ScalarType.BOOL) return "boolean";
  return "string"; // string, and bytes as base64
}

/** The schema without its `null` alternative, and whether it had one. */
function withoutNull(schema: Schema): { schema: Schema; nullable: boolean } {
  if (Array.isArray(schema.anyOf)) {
    const rest = schema.anyOf.filter((s: Schema) => s.type !== "null");
    if (rest.length === 1 && rest.length < schema.anyOf.length) return { schema: rest[0], nullable: true };
  }
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.includes("null")) {
    const left = types.filter((t) => t !== "null");
    return { schema: { ...schema, type: left.length === 1 ? left[0] : left }, nullable: true };
  }
  return { schema, nullable: false };
}

const typeOf = (schema: Schema) => ([] as string[]).concat(schema.type ?? []).join("|") || "(none)";

/** What one value of a field is (one item, for a list). */
type Item = { message: DescMessage } | { scalar: ScalarType } | { enum: true };

function itemOf(field: DescField): Item {
  switch (field.fieldKind) {
    case "message":
      return { message: field.message };
    case "enum":
      return { enum: true };
    case "scalar":
      return { scalar: field.scalar };
    case "list":
      if (field.listKind === "message") return { message: field.message };
      return field.listKind === "enum" ? { enum: true } : { scalar: field.scalar };
    case "map":
      throw new Error("a map has no single item");
  }
}

/** How the JSON of one value must look, as a list of disagreements. */
function compareValue(where: string, item: Item, schema: Schema): string[] {
  if ("message" in item) {
    const { message } = item;
    if (message.typeName === "institute.common.v1.StringList")
      return typeOf(schema) === "array" && schema.items?.type === "string"
        ? []
        : [`${where}: a StringList is an array of strings, the schema says ${typeOf(schema)}`];
    if (message.typeName === "google.protobuf.Struct")
      return typeOf(schema) === "object" ? [] : [`${where}: a Struct is an object, the schema says ${typeOf(schema)}`];
    return compareMessage(where, message, schema);
  }
  // proto-json.ts writes an enum as its number.
  const expected = "enum" in item ? "integer" : jsonTypeOf(item.scalar);
  return typeOf(schema) === expected ? [] : [`${where}: the proto's ${expected}, the schema's ${typeOf(schema)}`];
}

function compareField(where: string, field: DescField, property: Schema): string[] {
  const { schema, nullable } = withoutNull(property);
  // proto-json.ts writes null exactly for an unset field that has presence: proto3 `optional` or a message.
  const mayBeUnset = field.fieldKind === "message" || (field.fieldKind === "scalar" && field.proto.proto3Optional);
  const out: string[] = [];
  if (nullable && !mayBeUnset) out.push(`${where}: never null in the proto, nullable in the schema`);
  if (!nullable && mayBeUnset && field.fieldKind === "scalar")
    out.push(`${where}: optional in the proto (null when unset), not nullable in the schema`);
  if (field.fieldKind === "list") {
    if (typeOf(schema) !== "array") return [...out, `${where}: repeated in the proto, ${typeOf(schema)} in the schema`];
    return [...out, ...compareValue(`${where}[]`, itemOf(field), schema.items ?? {})];
  }
  if (field.fieldKind === "map") {
    if (typeOf(schema) !== "object") return [...out, `${where}: a map in the proto, ${typeOf(schema)} in the schema`];
    return out;
  }
  return [...out, ...compareValue(where, itemOf(field), schema)];
}

/**
 * Where an answer is not the message's JSON alone, the gateway's own part, by message: `has_more` is read by the
 * bounded lists and not shown on REST (operations/bounded-operation.ts); report URLs are the gateway's to build
 * (operations/route-links.ts), in place of the service's `has_report` or beside the weekly author.
 */
const GATEWAY_FIELDS: Readonly<Record<string, { dropped?: string[]; added?: Record<string, string> }>> = {
  "institute.catalog.v1.ListThreadsResponse": { dropped: ["has_more"] },
  "institute.catalog.v1.ListTopicPoolResponse": { dropped: ["has_more"] },
  "institute.catalog.v1.ListSimilarityLogResponse": { dropped: ["has_more"] },
  "institute.catalog.v1.CardSummary": { dropped: ["has_report"], added: { report_url: "string" } },
  "institute.reports.v1.WeeklyAuthor": { added: { report_url: "string" } },
};

function compareMessage(where: string, desc: DescMessage, schema: Schema): string[] {
  if (typeOf(schema) !== "object")
    return [`${where}: ${desc.typeName} is an object, the schema says ${typeOf(schema)}`];
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const gateway = GATEWAY_FIELDS[desc.typeName] ?? {};
  const out: string[] = [];
  for (const [name, type] of Object.entries(gateway.added ?? {})) {
    const property = properties[name];
    if (property === undefined) out.push(`${where}.${name}: the gateway adds it, not in the schema`);
    else if (typeOf(withoutNull(property).schema) !== type)
      out.push(`${where}.${name}: the gateway writes a ${type}, the schema says ${typeOf(property)}`);
  }
  for (const name of Object.keys(properties))
    if (!desc.fields.some((f) => f.name === name) && !(name in (gateway.added ?? {})))
      out.push(`${where}.${name}: in the schema, not in ${desc.typeName}`);
  for (const field of desc.fields) {
    const at = `${where}.${field.name}`;
    if (gateway.dropped?.includes(field.name)) {
      if (properties[field.name] !== undefined) out.push(`${at}: the gateway drops it, in the schema`);
      continue;
    }
    const property = properties[field.name];
    if (property === undefined) {
      out.push(`${at}: in ${desc.typeName}, not in the schema`);
      continue;
    }
    // Every field is written, set or not, so the schema requires every one.
    if (!required.has(field.name)) out.push(`${at}: always present in the answer, not required by the schema`);
    out.push(...compareField(at, field, property));
  }
  return out;
}

describe("gateway/schemas and the proto messages they describe", () => {
  it.each(ANSWERS.map(([schema, desc]) => [desc.typeName, schema, desc] as const))(
    "%s: every field the same name, JSON type, nullability and required-ness",
    (_name, schema, desc) => {
      expect(compareMessage(desc.name, desc, schema)).toEqual([]);
    },
  );
});
