/** Matching and expanding the resource URI templates: path variables, the optional query, and malformed URIs. */
import { describe, expect, it } from "vitest";
import { compileTemplate } from "./uri-template.js";

const weekly = compileTemplate("institute://reports/weekly/{date}/{analyst_id}{?lang}");
const memory = compileTemplate("institute://memory");

describe("compileTemplate", () => {
  it("names its variables, path ones first", () => {
    expect(weekly.variables).toEqual(["date", "analyst_id", "lang"]);
    expect(weekly.queryVariables).toEqual(["lang"]);
    expect(memory.variables).toEqual([]);
  });

  it("matches a URI it describes, percent-decoding each value, with or without the query", () => {
    expect(weekly.match("institute://reports/weekly/2026-03-02/chen-yu")).toEqual({
      ok: true,
      values: { date: "2026-03-02", analyst_id: "chen-yu" },
    });
    expect(weekly.match("institute://reports/weekly/2026-03-02/a%20b?lang=zh")).toEqual({
      ok: true,
      values: { date: "2026-03-02", analyst_id: "a b", lang: "zh" },
    });
    expect(memory.match("institute://memory")).toEqual({ ok: true, values: {} });
  });

  it("does not match a URI of another shape", () => {
    expect(weekly.match("institute://reports/weekly/2026-03-02")).toBeUndefined();
    expect(weekly.match("institute://reports/weekly/2026-03-02/a/b")).toBeUndefined();
    expect(memory.match("institute://memory/x")).toBeUndefined();
    expect(memory.match("institute://memory#top")).toBeUndefined();
  });

  it("says why a URI of its shape is malformed", () => {
    expect(weekly.match("institute://reports/weekly/2026-03-02/a?lang=en&x=1")).toEqual({
      ok: false,
      reason: "unknown query parameter 'x' (accepted: lang)",
    });
    expect(weekly.match("institute://reports/weekly/2026-03-02/a?lang=en&lang=zh")).toEqual({
      ok: false,
      reason: "query parameter 'lang' given twice",
    });
    expect(weekly.match("institute://reports/weekly/2026-03-02/a?lang=")).toEqual({
      ok: false,
      reason: "query parameter 'lang' needs a value",
    });
    expect(weekly.match("institute://reports/weekly/2026-03-02/%E0%A4%A")).toEqual({
      ok: false,
      reason: "'analyst_id' is not a valid percent-encoded value",
    });
    expect(memory.match("institute://memory?lang=en")).toEqual({
      ok: false,
      reason: "unknown query parameter 'lang' (accepted: none)",
    });
  });

  it("expands values into a URI that matches back to them", () => {
    const uri = weekly.expand({ date: "2026-03-02", analyst_id: "a b/c", lang: "zh" });
    expect(uri).toBe("institute://reports/weekly/2026-03-02/a%20b%2Fc?lang=zh");
    expect(weekly.match(uri)).toEqual({ ok: true, values: { date: "2026-03-02", analyst_id: "a b/c", lang: "zh" } });
    expect(weekly.expand({ date: "2026-03-02", analyst_id: "x" })).toBe("institute://reports/weekly/2026-03-02/x");
  });
});
