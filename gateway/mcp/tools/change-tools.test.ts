/**
 * changes_since shows a key the kinds whose tools it may call: each kind's tool scope is the grant of the tool that
 * reads one item of it, and the tool's own grant lets through exactly the keys that may see some kind.
 */
import { describe, expect, it } from "vitest";
import { CHANGE_KINDS } from "../../changes/change-source.js";
import { TOOLS } from "./index.js";

/** The tool that reads one item of each kind by its id. */
const READER: Record<string, string> = {
  daily: "reports_daily",
  weekly: "reports_weekly_author",
  "data-topics": "data_get_topic",
  threads: "whiteboard_get_thread",
  "fact-cards": "factcards_get",
};

const tool = (name: string) => TOOLS.find((t) => t.name === name)!;

describe("changes_since's kinds", () => {
  it("follow the grants of the tools that read them", () => {
    expect(Object.keys(CHANGE_KINDS).sort()).toEqual(Object.keys(READER).sort());
    for (const [kind, reader] of Object.entries(READER))
      expect(tool(reader).grant, kind).toEqual({ scope: CHANGE_KINDS[kind]!.toolScope });
  });

  it("is granted by the one scope every kind's scope implies on the tool surface", () => {
    expect(tool("changes_since").grant).toEqual({ scope: "whiteboard:read" });
    const scopes = new Set(Object.values(CHANGE_KINDS).map((k) => k.toolScope));
    // viewer:read holders hold every tool-surface scope (gateway/auth/principal.ts), whiteboard:read among them.
    expect([...scopes].sort()).toEqual(["viewer:read", "whiteboard:read"]);
  });
});
