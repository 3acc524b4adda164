/**
 * The generated per-type converters answer exactly what a field-by-field walk of the descriptor answers (the
 * reference below, the converter's first form): nulls, 64-bit integers, maps, Struct, StringList, nested lists.
 */
import { create, toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  ListAnalystsResponseSchema,
  ListSimilarityLogResponseSchema,
  ThreadDetailSchema,
} from "../gen/institute/catalog/v1/catalog_pb.js";
import { StringListSchema } from "../gen/institute/common/v1/lists_pb.js";
import { FactCardSchema } from "../gen/institute/factcard/v1/factcard_pb.js";
import { ListDataTopicsResponseSchema } from "../gen/institute/reports/v1/reports_pb.js";
import { protoToJson } from "./proto-json.js";

function reference(desc: DescMessage, message: any): { [key: string]: JsonValue } {
  const scalar = (v: unknown): JsonValue =>
    typeof v === "bigint" ? Number(v) : v instanceof Uint8Array ? Buffer.from(v).toString("base64") : (v as JsonValue);
  const wellKnown = (d: DescMessage) =>
    ["google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue"].includes(d.typeName);
  const messageValue = (d: DescMessage, v: any): JsonValue => {
    if (d.typeName === "institute.common.v1.StringList") return v.values;
    if (d.typeName === "google.protobuf.Struct" && v.$typeName === undefined) return v;
    return wellKnown(d) ? toJson(d, v) : reference(d, v);
  };
  const out: { [key: string]: JsonValue } = {};
  for (const field of desc.fields) {
    const value = message[field.localName];
    if (field.fieldKind === "scalar" || field.fieldKind === "enum")
      out[field.name] = value === undefined ? null : scalar(value);
    else if (field.fieldKind === "message")
      out[field.name] = value === undefined ? null : messageValue(field.message, value);
    else if (field.fieldKind === "list")
      out[field.name] = (value as unknown[]).map((v) =>
        field.listKind === "message" ? messageValue(field.message, v) : scalar(v),
      );
    else
      out[field.name] = Object.fromEntries(
        Object.entries(value as object).map(([k, v]) => [
          k,
          field.mapKind === "message" ? messageValue(field.message, v) : scalar(v),
        ]),
      );
  }
  return out;
}

const samples: Array<[string, DescMessage, object]> = [
  [
    "optional strings unset and set, string lists",
    ListAnalystsResponseSchema,
    {
      analysts: [
        { id: "a", name: "A", nameEn: "Ay", tasksDefault: ["x", "y"] },
        { id: "b", name: "B", categoryId: "c1" },
      ],
      count: 2,
    },
  ],
  [
    "int64 and optional int64, nested lists",
    ThreadDetailSchema,
    {
      boardId: "b",
      workDate: "2026-03-03",
      status: "active",
      cardCount: 1,
      maxCards: 5,
      createdAt: 1n,
      updatedAt: 2n,
      cards: [
        { cardId: "c", boardId: "b", cardIndex: 0, status: "done", startedAt: 5n },
        { cardId: "d", boardId: "b", cardIndex: 1, status: "open" },
      ],
    },
  ],
  [
    "maps, Struct, optional doubles",
    ListSimilarityLogResponseSchema,
    {
      entries: [
        {
          logId: "l1",
          decidedAt: 1700000000n,
          decision: "fresh",
          topCosine: 0.5,
          matches: [{ score: 0.9, kind: "thread" }],
          thresholds: { skip: 0.85, note: null },
        },
        { logId: "l2", decidedAt: 1700000001n, decision: "skip-summarize", matches: [] },
      ],
      count: 2,
      summary7d: { fresh: 1, "skip-summarize": 3 },
    },
  ],
  [
    "StringList set and unset",
    FactCardSchema,
    {
      factCardId: "f",
      parentKind: "card",
      parentId: "p",
      claimText: "c",
      claimTextEn: "c",
      claimCategory: "k",
      priority: "p",
      status: "s",
      embeddingStatus: "done",
      createdAt: 1n,
      updatedAt: 2n,
      sourceUrls: create(StringListSchema, { values: ["https://a", "https://b"] }),
    },
  ],
  [
    "StringList unset, int64 counts",
    FactCardSchema,
    { factCardId: "g", createdAt: 3n, updatedAt: 4n, completedAt: 9007199254740991n },
  ],
  [
    "int64 bytes, optional strings",
    ListDataTopicsResponseSchema,
    {
      date: "2026-03-03",
      available: [
        { topic: "t", bytes: 123n },
        { topic: "u", bytes: 0n, fetchedAt: "x" },
      ],
      knownTopics: ["t"],
    },
  ],
];

describe("protoToJson", () => {
  it.each(samples)("%s", (_what, desc, init) => {
    const message = create(desc, init as never);
    const json = protoToJson(desc, message);
    expect(json).toStrictEqual(reference(desc, message));
    expect(JSON.stringify(json)).toBe(JSON.stringify(reference(desc, message)));
  });

  it("converts twice the same way (the compiled converter is reused)", () => {
    const message = create(ListAnalystsResponseSchema, samples[0]![2] as never);
    expect(protoToJson(ListAnalystsResponseSchema, message)).toStrictEqual(
      protoToJson(ListAnalystsResponseSchema, message),
    );
  });
});
