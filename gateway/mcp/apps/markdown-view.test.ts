/**
 * The report reader's markdown and charts (views/markdown.ts, views/change-bars.ts), which run in the browser:
 * the blocks the institute's reports use, text that can never become markup, and which table columns are charted.
 */
import { describe, expect, it } from "vitest";
import { changeSeries, parseChange } from "./views/change-bars.js";
import { renderMarkdown } from "./views/markdown.js";

describe("renderMarkdown", () => {
  it("renders headings, paragraphs, lists, quotes, code and tables, and returns each table's cells", () => {
    const { html, tables } = renderMarkdown(
      [
        "# Institute Daily — 2026-11-20",
        "_Daily desk · final_",
        "",
        "## Markets",
        "| Market | Change |",
        "|---|---|",
        "| Gold | up 1.2% |",
        "| SGS 10Y | down 4bp |",
        "",
        "- one **bold**",
        "- two `code`",
        "",
        "1. first",
        "> a quote",
        "```",
        "<raw>",
        "```",
        "see [the spec](https://example.org/spec) and *this*",
      ].join("\n"),
    );
    expect(html.split("\n")).toEqual([
      "<h1>Institute Daily — 2026-11-20</h1>",
      "<p><em>Daily desk · final</em></p>",
      "<h2>Markets</h2>",
      '<table id="table-0"><thead><tr><th scope="col">Market</th><th scope="col">Change</th></tr></thead>',
      "<tbody><tr><td>Gold</td><td>up 1.2%</td></tr><tr><td>SGS 10Y</td><td>down 4bp</td></tr></tbody></table>",
      "<!--chart:0-->",
      "<ul><li>one <strong>bold</strong></li><li>two <code>code</code></li></ul>",
      "<ol><li>first</li></ol>",
      "<blockquote><p>a quote</p></blockquote>",
      "<pre><code>&#60;raw&#62;</code></pre>",
      '<p>see <a href="https://example.org/spec" data-link>the spec</a> and <em>this</em></p>',
    ]);
    expect(tables).toEqual([
      {
        headers: ["Market", "Change"],
        rows: [
          ["Gold", "up 1.2%"],
          ["SGS 10Y", "down 4bp"],
        ],
      },
    ]);
  });

  it("never lets a report's text become markup", () => {
    const { html } = renderMarkdown(
      '# <script>alert(1)</script>\n<img src=x onerror="alert(1)">\n[x](javascript:alert(1))',
    );
    expect(html).not.toMatch(/<script|<img|<a /);
    expect(html).toContain("&#60;script&#62;");
  });
});

describe("change charts", () => {
  it("reads changes in English and Chinese, signed, in percent or basis points", () => {
    expect(parseChange("up 3.8%")).toEqual({ value: 3.8, unit: "%" });
    expect(parseChange("down 1bp")).toEqual({ value: -1, unit: "bp" });
    expect(parseChange("下跌1.2%")).toEqual({ value: -1.2, unit: "%" });
    expect(parseChange("上行46个基点")).toEqual({ value: 46, unit: "bp" });
    expect(parseChange("-0.5%")).toEqual({ value: -0.5, unit: "%" });
    expect(parseChange("6,473")).toBeUndefined();
    expect(parseChange("1.10%")).toBeUndefined();
  });

  it("charts a column only when every cell is a change, one chart per unit, labelled by the first column", () => {
    const series = changeSeries({
      headers: ["Market", "Level", "Change"],
      rows: [
        ["Gold", "3,956", "up 3.8%"],
        ["NPL ratio", "1.10%", "down 1bp"],
        ["JKM LNG", "12.90", "up 3.1%"],
      ],
    });
    expect(series).toEqual([
      {
        column: "Change",
        unit: "%",
        changes: [
          { label: "Gold", value: 3.8, unit: "%" },
          { label: "JKM LNG", value: 3.1, unit: "%" },
        ],
      },
      { column: "Change", unit: "bp", changes: [{ label: "NPL ratio", value: -1, unit: "bp" }] },
    ]);
  });
});
