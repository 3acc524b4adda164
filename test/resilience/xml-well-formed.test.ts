/**
 * Every XML document the service writes is well-formed whatever the data holds (issue 25): every code point from
 * U+0000 to U+00A0, U+FFFE, U+FFFF, lone surrogates and a 4-byte emoji, through every text the Atom feed and the SVG
 * charts show, parsed by libxml2 (Debian's xmllint), which rejects what XML 1.0 rejects. The renderers get every
 * code point; through the gateway, PostgreSQL holds all but NUL and lone surrogates (it cannot store them), so those
 * go in a report body and title and a portfolio id. JSON Feed carries the same text escaped, exactly.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaderboardChart } from "../../gateway/charts/leaderboard-chart.js";
import { portfolioChart } from "../../gateway/charts/portfolio-chart.js";
import { atomDocument } from "../../gateway/feeds/atom.js";
import type { Feed } from "../../gateway/feeds/feed-model.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { escapeXml, xmlForbidden } from "../../lib/text/xml-text.js";
import { EDITOR, sgt } from "../fixtures/reports.js";
import { fillPortfolios, sgTime, type PortfolioFixture } from "../fixtures/portfolio.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";

const XMLLINT = spawnSync("xmllint", ["--version"]).status === 0;
const why =
  "xmllint (Debian's libxml2-utils) is not installed: scripts/ensure-xmllint.sh installs it where apt is usable";

const LATIN = Array.from({ length: 0xa1 }, (_, c) => String.fromCharCode(c)).join("");
/** Every code point the issue names: U+0000 to U+00A0, U+FFFE, U+FFFF, both lone surrogates, an emoji. */
const EVERY = `${LATIN}\uFFFE\uFFFF\uD800|\uDC00 😀 end`;
/** What PostgreSQL text can hold of it (no NUL, no lone surrogate). */
const STORABLE = `${LATIN.slice(1)}\uFFFE\uFFFF 😀 end`;

/** libxml2's verdict: "" when well-formed, else its first error. */
function xmllint(document: string): string {
  const run = spawnSync("xmllint", ["--noout", "--nonet", "-"], { input: document, encoding: "utf8" });
  return run.status === 0 ? "" : run.stderr.split("\n")[0]!;
}

/** The text of the nodes an XPath selects, as libxml2 parsed them. */
const xpath = (document: string, path: string) =>
  execFileSync("xmllint", ["--nonet", "--xpath", path, "-"], { input: document, encoding: "utf8" });

describe("the one XML escaper", () => {
  it("replaces each character XML 1.0 forbids with U+FFFD and escapes markup, leaving the rest as it is", () => {
    // 29 C0 controls (all but tab, newline, carriage return), U+FFFE, U+FFFF and the two lone surrogates.
    expect(xmlForbidden(EVERY)).toBe(33);
    expect(escapeXml("a\u0007<b>&\"'\t\n\r\uD83D\uDE00\uD800")).toBe("a\uFFFD&lt;b&gt;&amp;&quot;&apos;\t\n\r😀\uFFFD");
  });
});

describe.skipIf(!XMLLINT)(`documents as libxml2 parses them${XMLLINT ? "" : ` (skipped: ${why})`}`, () => {
  it("knows a broken document when it sees one (the check itself can fail)", () => {
    expect(xmllint("<a>\u000b</a>")).toMatch(/PCDATA invalid Char value 11/);
  });

  it("the Atom feed is well-formed with every code point in every field", () => {
    const feed: Feed = {
      id: `http://x/${EVERY}`,
      title: EVERY,
      lang: "en",
      atomUrl: `http://x/feed.atom?${EVERY}`,
      jsonUrl: `http://x/feed.json?${EVERY}`,
      homeUrl: "http://x/docs",
      updated: 0,
      author: EVERY,
      entries: [
        { id: EVERY, url: EVERY, title: EVERY, updated: 0, html: `<p>${EVERY}</p>`, lang: EVERY, author: EVERY },
      ],
      deleted: [{ ref: EVERY, when: 0 }],
    };
    const document = atomDocument(feed);
    expect(xmllint(document)).toBe("");
    const shown = EVERY.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD").replace(
      "\uD800|\uDC00",
      "\uFFFD|\uFFFD",
    );
    // XML parsers read a carriage return as a newline (XML 1.0 §2.11); xmllint ends its answer with one.
    expect(xpath(document, "string(//*[local-name()='entry']/*[local-name()='title'])")).toBe(
      `${shown.replace(/\r\n?/g, "\n")}\n`,
    );
  });

  it("the SVG charts are well-formed with every code point in every portfolio id they show", () => {
    const point = (date: string, nav: number) => ({ date, nav, drawdown_pct: 0, benchmark_nav: nav });
    const chart = portfolioChart({
      portfolioId: EVERY,
      benchmarkId: EVERY,
      points: [point("2026-03-03", 100), point("2026-03-04", 101)],
      width: 960,
      height: 540,
      theme: "light",
    });
    expect(xmllint(chart)).toBe("");
    const board = leaderboardChart(
      [
        { portfolio_id: EVERY, sharpe: 1, total_return_pct: 2 },
        { portfolio_id: `${EVERY}2`, sharpe: null, total_return_pct: null },
      ],
      { width: 960, height: 540, theme: "dark" },
    );
    expect(xmllint(board)).toBe("");
  });

  describe("through the gateway, with the data in the database", () => {
    let gw: TestGateway;
    let key: string;
    const hostile = (id: string, kind: "persona" | "benchmark", benchmarkId: string | null): PortfolioFixture => {
      const snapshots: Array<[number, number]> = [
        [sgTime("2026-03-03", "16:00"), 100],
        [sgTime("2026-03-04", "16:00"), 103],
        [sgTime("2026-03-05", "16:00"), 101],
      ];
      return { id, kind, benchmarkId, snapshots, daily: [] };
    };
    beforeAll(async () => {
      gw = await startTestGateway({
        fill: async (db) => {
          const key = "reports/daily/2026-03-02/hostile.md";
          await createPostgresObjectStore(db.owner).put(
            key,
            `# Markets ${STORABLE}\n\n${STORABLE}\n`,
            sgt("2026-03-02T18:00"),
          );
          await db.owner.query(
            `INSERT INTO reports.reports (report_id, kind, analyst_id, work_date, lang, title, object_key, archived_at)
             VALUES ('hostile', 'daily', $1, '2026-03-02', 'en', $2, $3, $4)`,
            [EDITOR, STORABLE, key, sgt("2026-03-02T18:00")],
          );
          await fillPortfolios(db.owner, [
            hostile(`bench ${STORABLE}`, "benchmark", null),
            hostile("p-hostile", "persona", `bench ${STORABLE}`),
            hostile(`p ${STORABLE}`, "persona", null),
          ]);
        },
      });
      key = await gw.key(["reports:read", "portfolios:read"]);
    });
    afterAll(() => gw?.close());
    const get = (url: string) => gw.app.inject({ url, headers: { "x-api-key": key } });

    it("serves a well-formed Atom feed, and a JSON Feed holding the text exactly", async () => {
      const atom = await get("/api/v1/feeds/daily/feed.atom");
      expect(atom.statusCode).toBe(200);
      expect(xmllint(atom.body)).toBe("");
      expect(atom.body).toContain("😀 end");
      const json = await get("/api/v1/feeds/daily/feed.json");
      expect(JSON.parse(json.body).items[0].title).toBe(STORABLE);
    });

    it("serves well-formed charts of a portfolio and of the leaderboard", async () => {
      for (const url of [
        "/api/v1/portfolios/p-hostile/chart.svg",
        "/api/v1/portfolios/leaderboard/chart.svg",
        "/api/v1/portfolios/leaderboard/chart.svg?theme=dark",
      ]) {
        const svg = await get(url);
        expect([url, svg.statusCode]).toEqual([url, 200]);
        expect([url, xmllint(svg.body)]).toEqual([url, ""]);
      }
    });
  });
});
