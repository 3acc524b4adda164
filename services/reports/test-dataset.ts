/**
 * One hand-made dataset for the reports tests, service and gateway alike. The week under test is Monday
 * 2026-03-02 to Sunday 2026-03-08 (work dates, Asia/Singapore); "today" is Thursday 2026-03-05.
 */
import type { Pool } from "../../lib/db/pool.js";
import { addKnownTopics, addReport, addSnapshot, addTopic, EDITOR, sgt, type ReportFixture } from "./test-fixtures.js";

export const TODAY_NOW = sgt("2026-03-05T10:00");

const report = (id: string, kind: ReportFixture["kind"], analyst: string, date: string, lang: ReportFixture["lang"], archived: string): ReportFixture => ({
  id,
  kind,
  analyst,
  date,
  lang,
  archivedAt: sgt(archived),
  body: `# ${kind} ${date} (${analyst}, ${lang}, ${id})\n\nMarkets were mixed; 港股小幅收高。\n`,
});

export const DAILY = {
  // 2026-03-03: two English drafts, a later language-agnostic copy, a Chinese copy and another analyst's daily.
  mar03EnDraft: report("d-0303-en-1", "daily", EDITOR, "2026-03-03", "en", "2026-03-03T08:00"),
  mar03EnFinal: report("d-0303-en-2", "daily", EDITOR, "2026-03-03", "en", "2026-03-03T09:00"),
  mar03Plain: report("d-0303-plain", "daily", EDITOR, "2026-03-03", "plain", "2026-03-03T10:00"),
  mar03Zh: report("d-0303-zh", "daily", EDITOR, "2026-03-03", "zh", "2026-03-03T08:30"),
  mar03Other: report("d-0303-other", "daily", "lin-wei", "2026-03-03", "en", "2026-03-03T11:00"),
  // 2026-03-02: only a language-agnostic daily.
  mar02Plain: report("d-0302-plain", "daily", EDITOR, "2026-03-02", "plain", "2026-03-02T09:00"),
  // 2026-03-01: only a Chinese daily.
  mar01Zh: report("d-0301-zh", "daily", EDITOR, "2026-03-01", "zh", "2026-03-01T09:00"),
  // 2026-03-05: only another analyst wrote a daily; there is no canonical one.
  mar05Other: report("d-0305-other", "daily", "lin-wei", "2026-03-05", "en", "2026-03-05T09:00"),
};

export const WEEKLY = {
  // chen-yu: English on Monday, Chinese on Wednesday, an English re-run on Friday (the final).
  chenMon: report("w-chen-1", "weekly", "chen-yu", "2026-03-02", "en", "2026-03-02T18:00"),
  chenZh: report("w-chen-zh", "weekly", "chen-yu", "2026-03-04", "zh", "2026-03-04T18:00"),
  chenFri: report("w-chen-2", "weekly", "chen-yu", "2026-03-06", "en", "2026-03-06T18:00"),
  // dmitri: a Saturday draft, then a copy dated Thursday archived later: the later archive wins, not the later date.
  dmitriDraft: report("w-dmitri-1", "weekly", "dmitri", "2026-03-07", "en", "2026-03-07T09:00"),
  dmitriFinal: report("w-dmitri-2", "weekly", "dmitri", "2026-03-05", "en", "2026-03-07T12:00"),
  // ana-m: language-agnostic, on the Sunday that ends the week.
  anaSun: report("w-ana", "weekly", "ana-m", "2026-03-08", "plain", "2026-03-08T20:00"),
  // Zhou-Q sorts first in code-point order.
  zhou: report("w-zhou", "weekly", "Zhou-Q", "2026-03-03", "en", "2026-03-03T20:00"),
  // b-lee: the Sunday before and the Monday after; never in the week under test.
  leeSunBefore: report("w-lee-1", "weekly", "b-lee", "2026-03-01", "zh", "2026-03-01T20:00"),
  leeMonAfter: report("w-lee-2", "weekly", "b-lee", "2026-03-09", "en", "2026-03-09T20:00"),
};

export const SNAPSHOTS = {
  older: { id: "fh-0305", generatedAt: Date.parse("2026-03-04T16:00:00Z"), body: "# Fleet health 2026-03-05\n\nAll nodes nominal.\n" },
  onDemand: { id: "fh-0305-adhoc", generatedAt: Date.parse("2026-03-05T03:00:00Z"), body: "# Fleet health (on demand)\n\nnode-3 degraded.\n" },
  latest: { id: "fh-0306", generatedAt: Date.parse("2026-03-05T16:00:00Z"), body: "# Fleet health 2026-03-06\n\n| node | state |\n|---|---|\n| node-3 | ok |\n" },
};

export const KNOWN_TOPICS = ["fx", "rates", "equities"];
export const FX_JSON = `{"pair":"USDSGD","rate":1.3421,"nested":{"b":[1,2],"a":null},"note":"新元"}`;
export const TOPICS = {
  fx: { date: "2026-03-05", topic: "fx", json: FX_JSON, fetchedAt: null },
  rates: { date: "2026-03-05", topic: "rates", json: `{"sora":3.12}`, fetchedAt: Date.parse("2026-03-04T22:30:00Z") },
  equities: { date: "2026-03-05", topic: "equities", json: `{"sti":3850.5,"hsi":[18000,18100]}`, fetchedAt: Date.parse("2026-03-04T22:31:05.250Z") },
  altData: { date: "2026-03-05", topic: "alt-data", json: `{}`, fetchedAt: Date.parse("2026-03-04T22:40:00Z") },
  fxMar04: { date: "2026-03-04", topic: "fx", json: `{"pair":"USDSGD","rate":1.34}`, fetchedAt: Date.parse("2026-03-03T22:30:00Z") },
};

export async function fillReportsDataset(owner: Pool) {
  for (const r of [...Object.values(DAILY), ...Object.values(WEEKLY)]) await addReport(owner, r);
  for (const s of Object.values(SNAPSHOTS)) await addSnapshot(owner, s.id, s.generatedAt, s.body);
  await addKnownTopics(owner, KNOWN_TOPICS);
  for (const t of Object.values(TOPICS)) await addTopic(owner, t.date, t.topic, t.json, t.fetchedAt);
}
