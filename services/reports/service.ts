/**
 * The reports service: daily and weekly markdown reports, fleet-health snapshots, the reports half of the latest
 * index, and the shared market-data topics (spec §4.1 rules 2 to 6 and 10).
 */
import type { ServiceImpl } from "@connectrpc/connect";
import type { ReportsService } from "../../gen/institute/reports/v1/reports_pb.js";
import { addDays, isoWeekOf, workDateOf } from "../../lib/work-date.js";
import type { ServiceDeps } from "../deps.js";
import { createDataTopicStore } from "./data-topic-store.js";
import { createFeedStore } from "./feed-store.js";
import { createFleetHealthStore } from "./fleet-health-store.js";
import { createBodyCache } from "../../lib/object-store/body-cache.js";
import { loadCachedMarkdown, loadMarkdown } from "./markdown-document.js";
import { createReportStore } from "./report-store.js";
import { languagePreference, requireWorkDate, topicName, type ReportLang } from "./validate.js";
import { createWeeklyStore } from "./weekly-store.js";
import { createWithdrawnStore } from "./withdrawn-store.js";
import { invalid, notFound, requireId } from "../request-checks.js";

/** Spec §8: the latest index looks for a daily report on today and up to three days before it. */
export const LATEST_DAILY_LOOKBACK_DAYS = 3;
/** The most entries a feed holds. */
export const FEED_MAX = 50;

/** The most dates one ListReportDates answers (a caller over-fetching by one row for a page of 1000). */
const MAX_DATES = 1001;
/** A prefix of a YYYY-MM-DD date: digits and dashes only, so it cannot carry a LIKE wildcard. */
const DATE_PREFIX = /^[0-9-]{0,10}$/;

export function createReportsService(deps: ServiceDeps): ServiceImpl<typeof ReportsService> {
  const reports = createReportStore(deps.db);
  const weeklies = createWeeklyStore(deps.db);
  const snapshots = createFleetHealthStore(deps.db);
  const topics = createDataTopicStore(deps.db);
  const feeds = createFeedStore(deps.db);
  const withdrawn = createWithdrawnStore(deps.db);
  const editorId = deps.config.dailyEditorId;
  // Archived bodies never change under their hash: kept in memory by (object key, sha256).
  const bodies = createBodyCache(deps.objects);

  return {
    async getFleetHealth() {
      const snapshot = await snapshots.latest();
      if (!snapshot) throw notFound("no fleet-health snapshot generated yet");
      return { document: await loadMarkdown(deps.objects, snapshot.objectKey, snapshot.generatedAt) };
    },

    async getDailyReport(req) {
      const date = requireWorkDate(req.date);
      const languages = languagePreference(req.lang);
      const choice = { kind: "daily", analystId: editorId, from: date, to: date, languages } as const;
      const row = await reports.pick(choice);
      if (!row && (await withdrawn.reportWithdrawn(choice)))
        throw notFound(`the daily report for ${date} was withdrawn`);
      if (!row) throw notFound(`no daily report for ${date}`);
      return { document: await loadCachedMarkdown(bodies, row) };
    },

    async getWeeklyIndex(req) {
      const { weekStart, weekEnd } = isoWeekOf(requireWorkDate(req.date));
      const authors = await weeklies.authors(weekStart, weekEnd);
      return {
        weekStart,
        weekEnd,
        count: authors.length,
        authors,
      };
    },

    async getWeeklyReport(req) {
      const date = requireWorkDate(req.date);
      const analystId = requireId(req.analystId, "analyst_id");
      const languages = languagePreference(req.lang);
      const { weekStart, weekEnd } = isoWeekOf(date);
      const choice = { kind: "weekly", analystId, from: weekStart, to: weekEnd, languages } as const;
      const row = await reports.pick(choice);
      if (!row && (await withdrawn.reportWithdrawn(choice)))
        throw notFound(`${analystId}'s weekly report in the week of ${date} was withdrawn`);
      if (!row) throw notFound(`${analystId} published no weekly report in the week of ${date}`);
      return { document: await loadCachedMarkdown(bodies, row) };
    },

    async getLatest() {
      const now = deps.now();
      const today = workDateOf(now);
      const { weekStart, weekEnd } = isoWeekOf(today);
      const [dailyDate, count] = await Promise.all([
        reports.latestDailyDate(editorId, addDays(today, -LATEST_DAILY_LOOKBACK_DAYS), today),
        weeklies.authorCount(weekStart, weekEnd),
      ]);
      return {
        generatedAt: BigInt(now),
        workDate: today,
        daily: dailyDate === undefined ? undefined : { workDate: dailyDate },
        weekly: { weekStart, weekEnd, count },
      };
    },

    async listDataTopics(req) {
      const date = requireWorkDate(req.date);
      // A date the ingest never ran on is not an error here: it simply has nothing available.
      const [landed, known] = await Promise.all([topics.landed(date), topics.known()]);
      return {
        date,
        available: landed.map((t) => ({
          topic: t.topic,
          bytes: BigInt(t.bytes),
          fetchedAt: t.fetchedAt === null ? undefined : new Date(t.fetchedAt).toISOString(),
        })),
        knownTopics: known,
      };
    },

    async listReportDates(req) {
      if (req.kind !== "daily" && req.kind !== "weekly")
        throw invalid(`invalid kind '${req.kind.slice(0, 64)}': must be daily or weekly`);
      if (!DATE_PREFIX.test(req.prefix)) throw invalid("invalid prefix: expected the beginning of a YYYY-MM-DD date");
      if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > MAX_DATES)
        throw invalid(`limit must be 1 to ${MAX_DATES}`);
      if (req.kind === "daily" && req.analystId !== "") throw invalid("analyst_id applies to weekly reports only");
      const analystId = req.analystId === "" ? "" : requireId(req.analystId, "analyst_id");
      return {
        workDates: await reports.dates(req.kind, req.kind === "daily" ? editorId : analystId, req.prefix, req.limit),
      };
    },

    async getDataTopic(req) {
      const date = requireWorkDate(req.date);
      const topic = topicName(req.topic);
      const doc = await topics.document(date, topic);
      if (doc.found) return { documentJson: doc.json };
      if (await withdrawn.topicWithdrawn(date, topic)) throw notFound(`topic ${topic} on ${date} was withdrawn`);
      throw notFound(doc.ingested ? `topic ${topic} absent on ${date}` : `no shared data for ${date}`);
    },

    async listFeedReports(req) {
      if (req.kind !== "daily" && req.kind !== "weekly")
        throw invalid(`invalid kind '${req.kind.slice(0, 20)}': must be daily or weekly`);
      if (req.lang !== "en" && req.lang !== "zh") throw invalid("lang must be en or zh");
      if (!(req.limit >= 1 && req.limit <= FEED_MAX)) throw invalid(`limit must be 1 to ${FEED_MAX}`);
      const analystId = req.kind === "daily" ? editorId : requireId(req.analystId, "analyst_id");
      if (req.kind === "weekly" && !(await feeds.hasAny("weekly", analystId)))
        throw notFound(`${analystId} has not published a weekly report`);
      const languages: ReportLang[] = req.lang === "en" ? ["en", "plain"] : ["zh"];
      const rows = await feeds.newest(req.kind, analystId, languages, req.limit);
      // The feed's window: back to its oldest entry when it is full, else everything.
      const since = rows.length === req.limit ? rows[rows.length - 1]!.periodStart : "";
      const tombstones = await withdrawn.tombstones(req.kind, analystId, languages, since, req.limit);
      const reports = await Promise.all(
        rows.map(async (row) => ({
          workDate: row.workDate,
          analystId: row.analystId,
          lang: row.lang,
          periodStart: row.periodStart,
          title: row.title ?? "",
          document: await loadCachedMarkdown(bodies, row),
        })),
      );
      return {
        reports,
        withdrawn: tombstones.map((t) => ({ periodStart: t.periodStart, withdrawnAt: BigInt(t.withdrawnAt) })),
      };
    },
  };
}
