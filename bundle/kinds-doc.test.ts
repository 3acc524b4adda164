import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analystDetail, similarityLogEntry, threadDetail, topicPoolEntry } from "../gateway/schemas/catalog.js";
import { factCard } from "../gateway/schemas/factcards.js";
import { DOC_FILE, withCurrentKinds } from "./kinds-doc.js";
import { KINDS } from "./kinds/index.js";

describe("docs/bundle-format.md", () => {
  it("documents every kind with the JSON Schema the importer validates with (npx tsx bundle/kinds-doc.ts rewrites it)", () => {
    const doc = readFileSync(DOC_FILE, "utf8");
    expect(doc).toBe(withCurrentKinds(doc));
  });
});

describe("REST-shaped kinds", () => {
  it("list exactly the fields of the REST resource, in the order the route answers them", () => {
    const shapes: [string, { properties: object; required: readonly string[] }][] = [
      ["analysts", analystDetail],
      ["threads", threadDetail],
      ["topic-pool", topicPoolEntry],
      ["similarity-log", similarityLogEntry],
      ["fact-cards", factCard],
    ];
    for (const [kind, rest] of shapes) {
      const line = KINDS.find((k) => k.name === kind)!.schema as { properties: object; required: string[] };
      expect(Object.keys(line.properties), kind).toEqual(Object.keys(rest.properties));
      expect(line.required, kind).toEqual(rest.required);
    }
  });
});
