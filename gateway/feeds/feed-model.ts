/**
 * A feed of reports, independent of its format: what the Atom and the JSON Feed documents both say. Built from the
 * reports service's answer; addresses are absolute (the public base URL). Ids never carry the reader's feed token;
 * links carry it when the feed was read with one, so a feed reader can follow them (the report routes take a feed
 * token too) instead of meeting a 401.
 */
import type { FeedReport, FeedTombstone } from "../../gen/institute/reports/v1/reports_pb.js";
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

/** An entry the feed carried and no longer does: withdrawn (RFC 6721 deleted-entry; docs/lifecycle.md). */
export interface DeletedEntry {
  /** The id the entry had. */
  ref: string;
  /** Epoch milliseconds: when it was withdrawn. */
  when: number;
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
  /** Withdrawn entries within the feed's window, newest first. */
  deleted: DeletedEntry[];
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

export function buildFeed(
  spec: FeedSpec,
  reports: readonly FeedReport[],
  withdrawn: readonly FeedTombstone[] = [],
): Feed {
  const path = `${spec.base}${feedPath(spec)}`;
  const query = spec.lang === "en" ? "" : `?lang=${spec.lang}`;
  const linked = (url: string) =>
    spec.token === undefined ? url : `${url}${url.includes("?") ? "&" : "?"}token=${enc(spec.token)}`;
  // The route a reader of the report would open: any date of the ISO week names the same weekly.
  const entryUrl = (periodStart: string) =>
    spec.kind === "daily"
      ? `${spec.base}/api/v1/reports/daily/${periodStart}${query}`
      : `${spec.base}/api/v1/reports/weekly/${periodStart}/${enc(spec.analystId!)}${query}`;
  const entries = reports.map((r): FeedEntry => {
    const body = r.document?.body ?? "";
    const url = entryUrl(r.periodStart);
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
    // A withdrawal changes the feed too: a reader polling by the feed's time sees it.
    updated: Math.max(
      entries.reduce((max, e) => Math.max(max, e.updated), 0),
      ...withdrawn.map((t) => Number(t.withdrawnAt)),
    ),
    author: spec.projectName,
    entries,
    deleted: withdrawn.map((t) => ({ ref: entryUrl(t.periodStart), when: Number(t.withdrawnAt) })),
  };
}
