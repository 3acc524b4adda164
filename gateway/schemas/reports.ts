/** JSON Schemas of the reports and shared-data routes (spec §2.6, §2.11, §4.1). */
import {
  errorResponse,
  gatedErrors,
  int,
  langQuery,
  nullable,
  nullableStr,
  object,
  str,
  strArray,
  workDate,
} from "./common.js";
import { latestLeaderboardItem } from "./portfolio.js";

/** Analyst ids are free text; the bound matches what the reports service accepts. */
export const analystIdParam = { type: "string", minLength: 1, maxLength: 200 } as const;
/** A topic name, optionally followed by `.json`. */
export const topicParam = { type: "string", minLength: 1, maxLength: 205 } as const;

export const dateParams = object({ date: workDate });
export const dateAnalystParams = object({ date: workDate, analystId: analystIdParam });
export const dateTopicParams = object({ date: workDate, topic: topicParam });

/** `lang` is optional; other query parameters are ignored, as on every route. */
export const langQuerystring = { type: "object", properties: { lang: langQuery } } as const;

/** A markdown body: sent as text/markdown, never through the JSON serializer. */
export const markdownBody = { type: "string", description: "text/markdown; charset=utf-8" } as const;

export const weeklyAuthor = object({
  analyst_id: str,
  work_date: str,
  languages: { type: "array", items: { type: "string", enum: ["en", "zh", "plain"] } },
  report_url: str,
});

export const weeklyIndex = object({
  week_start: str,
  week_end: str,
  count: int,
  authors: { type: "array", items: weeklyAuthor },
});

/** LatestIndex (spec §2.8): the newest daily, this week's weekly count, and the top of the leaderboard. */
export const latestIndexResponse = object({
  generated_at: int,
  work_date: str,
  daily: nullable(object({ work_date: str, report_url: str })),
  weekly: object({ week_start: str, week_end: str, count: int }),
  leaderboard: { type: "array", items: latestLeaderboardItem },
});

export const sharedDataTopics = object({
  date: str,
  available: { type: "array", items: object({ topic: str, bytes: int, fetched_at: nullableStr }) },
  known_topics: strArray,
});

/** The topic document: a free-form JSON object, sent as stored. */
export const topicDocument = { type: "object", additionalProperties: true } as const;

export const withNotFound = { ...gatedErrors, 404: errorResponse } as const;
