/**
 * A feed of reports, independent of its format: what the Atom and the JSON Feed documents both say. Built from the
 * reports service's answer; addresses are absolute (the public base URL). Ids never carry the reader's feed token;
 * links carry it when the feed was read with one, so a feed reader can follow them (the report routes take a feed
 * token too) instead of meeting a 401.
 */
import type { FeedReport } from "../../gen/institute/reports/v1/reports_pb.js";
import { firstHeading, markdownToSafeHtml } from "./safe-html.js";

export interface FeedEntry {
  id: string;
  url: string;
  title: string;
  /** Epoch milliseconds: when the shown copy was archived. */
  updated: number;
  html: string;
  lang: string;
  author: string;
}

export interface Feed {
  id: string;
  title: string;
  lang: "en" | "zh";
  /** This feed in Atom and in JSON Feed. */
  atomUrl: string;
  jsonUrl: string;
  homeUrl: string;
  /** The newest entry's time; 0 for an empty feed. */
  updated: number;
  author: string;
  entries: FeedEntry[];
}

export interface FeedSpec {
  kind: "daily" | "weekly";
  analystId?: string;
  lang: "en" | "zh";
  base: string;
  projectName: string;
  /** The feed token the feed was read with (`?token=`), carried by its links. */
  token?: string;
}

const enc = encodeURIComponent;

/** The feed's path under /api/v1/feeds, without the format's file name. */
export const feedPath = (spec: Pick<FeedSpec, "kind" | "analystId">) =>
  spec.kind === "daily" ? "/api/v1/feeds/daily" : `/api/v1/feeds/weekly/${enc(spec.analystId!)}`;

export function buildFeed(spec: FeedSpec, reports: readonly FeedReport[]): Feed {
  const path = `${spec.base}${feedPath(spec)}`;
  const query = spec.lang === "en" ? "" : `?lang=${spec.lang}`;
  const linked = (url: string) =>
    spec.token === undefined ? url : `${url}${url.includes("?") ? "&" : "?"}token=${enc(spec.token)}`;
  const entries = reports.map((r): FeedEntry => {
    const body = r.document?.body ?? "";
    // The route a reader of the report would open: any date of the ISO week names the same weekly.
    const url =
      spec.kind === "daily"
        ? `${spec.base}/api/v1/reports/daily/${r.workDate}${query}`
        : `${spec.base}/api/v1/reports/weekly/${r.periodStart}/${enc(r.analystId)}${query}`;
    const fallback =
      spec.kind === "daily" ? `Daily report ${r.workDate}` : `${r.analystId}: weekly report, week of ${r.periodStart}`;
    return {
      id: url,
      url: linked(url),
      title: r.title || firstHeading(body) || fallback,
      updated: Number(r.document?.lastModified ?? 0n),
      html: markdownToSafeHtml(body),
      lang: r.lang === "plain" ? spec.lang : r.lang,
      author: r.analystId,
    };
  });
  const what = spec.kind === "daily" ? "Daily reports" : `Weekly reports of ${spec.analystId}`;
  return {
    id: `${path}/feed.atom${query}`,
    title: `${spec.projectName}: ${what} (${spec.lang})`,
    lang: spec.lang,
    atomUrl: linked(`${path}/feed.atom${query}`),
    jsonUrl: linked(`${path}/feed.json${query}`),
    homeUrl: `${spec.base}/docs`,
    updated: entries.reduce((max, e) => Math.max(max, e.updated), 0),
    author: spec.projectName,
    entries,
  };
}
