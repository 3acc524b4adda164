/** The weekly index (rule 3), the reports half of the latest index (rule 6) and shared-data topics (rule 10). */
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FX_JSON, fillReportsDataset, TODAY_NOW } from "../../test/fixtures/reports-dataset.js";
import { refusal, sgt, startReportsService, type ReportsHarness } from "../../test/fixtures/reports.js";

let clock = TODAY_NOW;
let full: ReportsHarness;
let empty: ReportsHarness;
beforeAll(async () => {
  [full, empty] = await Promise.all([
    startReportsService({ fill: fillReportsDataset, now: () => clock }),
    startReportsService({ now: () => clock }),
  ]);
});
afterAll(async () => {
  await Promise.all([full?.close(), empty?.close()]);
});

const author = (analystId: string, workDate: string, languages: string[]) => ({
  analystId,
  workDate,
  languages,
});

const WEEK_OF_MAR_02 = {
  weekStart: "2026-03-02",
  weekEnd: "2026-03-08",
  count: 4,
  authors: [
    author("Zhou-Q", "2026-03-03", ["en"]),
    author("ana-m", "2026-03-08", ["plain"]),
    author("chen-yu", "2026-03-06", ["en", "zh"]),
    author("dmitri", "2026-03-05", ["en"]),
  ],
};

describe("GetWeeklyIndex (rule 3)", () => {
  it("lists every weekly author of the ISO week, Monday to Sunday, whichever date of it is asked", async () => {
    for (const date of ["2026-03-02", "2026-03-05", "2026-03-08"]) {
      expect(await full.client.getWeeklyIndex({ date }), date).toMatchObject(WEEK_OF_MAR_02);
    }
  });

  it("puts the Sunday before and the Monday after in their own weeks", async () => {
    expect(await full.client.getWeeklyIndex({ date: "2026-03-01" })).toMatchObject({
      weekStart: "2026-02-23",
      weekEnd: "2026-03-01",
      count: 1,
      authors: [author("b-lee", "2026-03-01", ["zh"])],
    });
    expect(await full.client.getWeeklyIndex({ date: "2026-03-09" })).toMatchObject({
      weekStart: "2026-03-09",
      weekEnd: "2026-03-15",
      count: 1,
      authors: [author("b-lee", "2026-03-09", ["en"])],
    });
  });

  it("is an empty index for a week with no weekly report", async () => {
    const res = await empty.client.getWeeklyIndex({ date: "2026-03-04" });
    expect(res).toMatchObject({ weekStart: "2026-03-02", weekEnd: "2026-03-08", count: 0, authors: [] });
  });

  it("refuses an impossible date", async () => {
    expect(await refusal(full.client.getWeeklyIndex({ date: "2026-13-01" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid date '2026-13-01': expected a YYYY-MM-DD calendar date",
    });
  });
});

describe("GetLatest (rule 6)", () => {
  const latest = async (now: number, harness = full) => {
    clock = now;
    try {
      return await harness.client.getLatest({});
    } finally {
      clock = TODAY_NOW;
    }
  };

  it("names today's Singapore work date, the latest canonical daily within the lookback, and this week's author count", async () => {
    const res = await latest(TODAY_NOW);
    expect(res.generatedAt).toBe(BigInt(TODAY_NOW));
    expect(res).toMatchObject({
      workDate: "2026-03-05",
      daily: { workDate: "2026-03-03" },
      weekly: { weekStart: "2026-03-02", weekEnd: "2026-03-08", count: 4 },
    });
  });

  it("takes the work date in Singapore: 00:30 on the 5th there is still the 4th in UTC", async () => {
    const res = await latest(Date.parse("2026-03-04T16:30:00Z"));
    expect(res.workDate).toBe("2026-03-05");
    expect((await latest(Date.parse("2026-03-04T15:59:59Z"))).workDate).toBe("2026-03-04");
  });

  it("searches back three days and no further; a daily in any language counts", async () => {
    expect((await latest(sgt("2026-03-06T09:00"))).daily?.workDate).toBe("2026-03-03");
    expect((await latest(sgt("2026-03-07T09:00"))).daily).toBeUndefined();
    expect((await latest(sgt("2026-03-01T09:00"))).daily?.workDate).toBe("2026-03-01");
    const monday = await latest(sgt("2026-03-09T09:00"));
    expect(monday.daily).toBeUndefined();
    expect(monday.weekly).toMatchObject({ weekStart: "2026-03-09", weekEnd: "2026-03-15", count: 1 });
  });

  it("with nothing archived: no daily and a zero count", async () => {
    const res = await latest(TODAY_NOW, empty);
    expect(res.daily).toBeUndefined();
    expect(res.weekly).toMatchObject({ weekStart: "2026-03-02", weekEnd: "2026-03-08", count: 0 });
  });
});

describe("ListDataTopics", () => {
  it("lists the topics landed that date in known-topic order, unknown ones last, with sizes and fetch times", async () => {
    const res = await full.client.listDataTopics({ date: "2026-03-05" });
    expect(res.date).toBe("2026-03-05");
    expect(res.knownTopics).toEqual(["fx", "rates", "equities"]);
    expect(res.available.map((t) => ({ topic: t.topic, bytes: t.bytes, fetchedAt: t.fetchedAt }))).toEqual([
      { topic: "fx", bytes: BigInt(Buffer.byteLength(FX_JSON)), fetchedAt: undefined },
      { topic: "rates", bytes: 13n, fetchedAt: "2026-03-04T22:30:00.000Z" },
      { topic: "equities", bytes: 34n, fetchedAt: "2026-03-04T22:31:05.250Z" },
      { topic: "alt-data", bytes: 2n, fetchedAt: "2026-03-04T22:40:00.000Z" },
    ]);
  });

  it("answers an empty list for a date that was never ingested", async () => {
    const res = await full.client.listDataTopics({ date: "2026-03-06" });
    expect({ date: res.date, available: res.available, knownTopics: res.knownTopics }).toEqual({
      date: "2026-03-06",
      available: [],
      knownTopics: ["fx", "rates", "equities"],
    });
  });

  it("refuses an impossible date", async () => {
    expect(await refusal(full.client.listDataTopics({ date: "2026-02-29" }))).toMatchObject({
      code: Code.InvalidArgument,
    });
  });
});

describe("GetDataTopic", () => {
  it("returns the stored document as JSON text, with or without the .json suffix", async () => {
    const plain = await full.client.getDataTopic({ date: "2026-03-05", topic: "fx" });
    const suffixed = await full.client.getDataTopic({ date: "2026-03-05", topic: "fx.json" });
    expect(JSON.parse(plain.documentJson)).toEqual(JSON.parse(FX_JSON));
    expect(suffixed.documentJson).toBe(plain.documentJson);
  });

  it("tells a date never ingested from a topic absent on an ingested date", async () => {
    expect(await refusal(full.client.getDataTopic({ date: "2026-03-06", topic: "fx" }))).toEqual({
      code: Code.NotFound,
      message: "no shared data for 2026-03-06",
    });
    expect(await refusal(full.client.getDataTopic({ date: "2026-03-04", topic: "rates.json" }))).toEqual({
      code: Code.NotFound,
      message: "topic rates absent on 2026-03-04",
    });
  });

  it("validates the date and the topic", async () => {
    expect(await refusal(full.client.getDataTopic({ date: "20260305", topic: "fx" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid date '20260305': expected a YYYY-MM-DD calendar date",
    });
    expect(await refusal(full.client.getDataTopic({ date: "2026-03-05", topic: ".json" }))).toEqual({
      code: Code.InvalidArgument,
      message: "missing topic",
    });
  });
});
