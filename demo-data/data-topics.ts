/**
 * Shared market-data topics: the known topics, and for the 10 most recent work dates the documents each morning's
 * ingest landed (most topics each date, a few missing). `bytes` is the byte length of the document's JSON text.
 */
import type { DemoContext } from "./context.js";
import { round, type Random } from "./random.js";

export const KNOWN_TOPICS = [
  "fx_rates",
  "equity_indices",
  "commodities",
  "rates_curve",
  "crypto",
  "macro_calendar",
  "credit_spreads",
] as const;
type KnownTopic = (typeof KNOWN_TOPICS)[number];

/** Random walks that carry from one date to the next. */
class Walks {
  private readonly values = new Map<string, number>();
  constructor(private readonly rng: Random) {}
  step(name: string, base: number, vol: number, decimals: number): number {
    const prev = this.values.get(name) ?? base;
    const next = prev * (1 + this.rng.normal() * vol);
    this.values.set(name, next);
    return round(next, decimals);
  }
}

const FX = {
  SGD: [1.3185, 4],
  CNH: [7.082, 4],
  JPY: [148.2, 2],
  EUR: [0.9132, 4],
  GBP: [0.7741, 4],
  AUD: [1.5236, 4],
  IDR: [16240, 0],
  MYR: [4.386, 4],
  THB: [33.42, 3],
  KRW: [1386, 1],
  INR: [84.9, 3],
} as const;
const INDICES = [
  ["STI", "Straits Times Index", 4120],
  ["HSI", "Hang Seng Index", 25400],
  ["CSI300", "CSI 300", 4580],
  ["N225", "Nikkei 225", 44800],
  ["SPX", "S&P 500", 6650],
  ["KOSPI", "KOSPI", 3420],
  ["TWSE", "Taiwan Weighted", 24900],
] as const;
const COMMODITIES = [
  ["brent", "USD/bbl", 78.4, 2],
  ["wti", "USD/bbl", 74.9, 2],
  ["gold", "USD/oz", 3985, 1],
  ["silver", "USD/oz", 46.2, 2],
  ["copper", "USD/t", 10450, 0],
  ["iron_ore", "USD/t", 103.5, 2],
  ["palm_oil", "MYR/t", 4215, 0],
  ["lng_jkm", "USD/MMBtu", 12.6, 2],
] as const;
const CURVES = {
  UST: [3.9, 3.58, 3.7, 4.12, 4.71],
  SGS: [2.25, 2.1, 2.2, 2.45, 2.6],
  CGB: [1.35, 1.42, 1.55, 1.82, 2.1],
  JGB: [0.55, 0.92, 1.18, 1.62, 3.1],
} as const;
const TENORS = ["3M", "2Y", "5Y", "10Y", "30Y"];
const EVENTS = [
  ["CN", "CPI YoY", "%"],
  ["US", "Initial jobless claims", "k"],
  ["SG", "Non-oil domestic exports YoY", "%"],
  ["JP", "Tokyo CPI YoY", "%"],
  ["EU", "ECB deposit rate", "%"],
  ["KR", "Exports YoY", "%"],
  ["US", "ISM services PMI", ""],
  ["ID", "BI rate decision", "%"],
] as const;

function document(topic: KnownTopic, date: string, w: Walks, rng: Random): Record<string, unknown> {
  const head = { date, source: "institute-ingest", version: 1 };
  switch (topic) {
    case "fx_rates":
      return {
        ...head,
        base: "USD",
        rates: Object.fromEntries(Object.entries(FX).map(([k, [base, d]]) => [k, w.step(`fx:${k}`, base, 0.003, d)])),
      };
    case "equity_indices":
      return {
        ...head,
        indices: INDICES.map(([symbol, name, base]) => {
          const close = w.step(`eq:${symbol}`, base, 0.009, 2);
          return { symbol, name, close, change_pct: round(rng.normal() * 0.9, 2) };
        }),
      };
    case "commodities":
      return {
        ...head,
        prices: Object.fromEntries(
          COMMODITIES.map(([k, unit, base, d]) => [k, { price: w.step(`cmd:${k}`, base, 0.012, d), unit }]),
        ),
      };
    case "rates_curve":
      return {
        ...head,
        unit: "percent",
        curves: Object.fromEntries(
          Object.entries(CURVES).map(([c, levels]) => [
            c,
            Object.fromEntries(TENORS.map((t, i) => [t, w.step(`rc:${c}:${t}`, levels[i]!, 0.012, 3)])),
          ]),
        ),
      };
    case "crypto":
      return {
        ...head,
        assets: [
          ["BTC", 104000],
          ["ETH", 3900],
          ["SOL", 182],
        ].map(([symbol, base]) => ({
          symbol,
          price_usd: w.step(`cr:${symbol}`, base as number, 0.03, 2),
          change_24h_pct: round(rng.normal() * 3, 2),
          volume_usd_bn: round(rng.float(1, 60), 2),
        })),
      };
    case "macro_calendar":
      return {
        ...head,
        timezone: "Asia/Singapore",
        events: rng.sample(EVENTS, rng.int(3, 6)).map(([country, event, unit]) => {
          const consensus = round(rng.float(-2, 6), 1);
          return {
            time_sgt: `${String(rng.int(7, 22)).padStart(2, "0")}:${rng.pick(["00", "30"])}`,
            country,
            event,
            consensus: `${consensus}${unit}`,
            previous: `${round(consensus + rng.normal() * 0.4, 1)}${unit}`,
          };
        }),
      };
    case "credit_spreads":
      return {
        ...head,
        unit: "bp",
        spreads: {
          JACI_IG: w.step("cs:ig", 92, 0.02, 1),
          JACI_HY: w.step("cs:hy", 465, 0.02, 1),
          CDX_IG: w.step("cs:cdx", 54, 0.025, 1),
          ITRAXX_ASIA: w.step("cs:itraxx", 71, 0.025, 1),
        },
      };
  }
}

export function generateDataTopics(ctx: DemoContext): number {
  const rng = ctx.rng("data-topics");
  const walks = new Walks(rng);
  KNOWN_TOPICS.forEach((topic, i) => ctx.data.add("reports.known_topics", { topic, sort_order: (i + 1) * 10 }));
  const dates = ctx.clock.recentDates(10);
  let count = 0;
  dates.forEach((date, i) => {
    const newest = i === dates.length - 1;
    for (const topic of KNOWN_TOPICS) {
      const doc = document(topic, date, walks, rng);
      // A few topics fail to land on some dates (always one on the third date); the newest date is complete.
      const missing = !newest && (rng.chance(0.1) || (i === 2 && topic === "crypto"));
      if (missing) continue;
      ctx.data.add("reports.data_topics", {
        work_date: date,
        topic,
        document: doc,
        bytes: Buffer.byteLength(JSON.stringify(doc)),
        fetched_at: rng.chance(0.06) ? null : ctx.clock.within(rng, date, 6, 7.5),
      });
      count++;
    }
  });
  return count;
}
