/**
 * The named components of the OpenAPI document: the spec's resources (§2) and the tear-sheet resources, each the very
 * schema object the routes declare. The document builder replaces every occurrence of one of these objects with a
 * $ref, so a resource is described once and referenced everywhere it appears.
 */
import {
  analystDetail,
  analystSummary,
  cardSummary,
  listAnalystsResponse,
  listThreadsResponse,
  similarityLogEntry,
  similarityLogResponse,
  similarityMatch,
  threadDetail,
  threadSummary,
  topicPoolEntry,
  topicPoolResponse,
} from "../schemas/catalog.js";
import { errorResponse } from "../schemas/common.js";
import { factCard, listFactCardsResponse, similarFactMatch, similarFactsResponse } from "../schemas/factcards.js";
import { metaResponse } from "../schemas/meta.js";
import { latestLeaderboardItem, leaderboardResponse, portfolioMetrics } from "../schemas/portfolio.js";
import { latestIndexResponse, sharedDataTopics, topicDocument, weeklyAuthor, weeklyIndex } from "../schemas/reports.js";
import { searchMatch, searchRequest, searchResponse } from "../schemas/search.js";
import {
  deflatedSharpe,
  drawdownPeriod,
  methodology,
  monthlyReturn,
  periodReturns,
  portfolioSeries,
  riskStatistics,
  rollingWindow,
  seriesPoint,
  tearSheet,
} from "../schemas/tear-sheet.js";

export const NAMED_SCHEMAS: ReadonlyArray<readonly [string, object]> = [
  ["ErrorResponse", errorResponse],
  ["MetaResponse", metaResponse],
  ["AnalystSummary", analystSummary],
  ["AnalystDetail", analystDetail],
  ["ListAnalystsResponse", listAnalystsResponse],
  ["ThreadSummary", threadSummary],
  ["ThreadDetail", threadDetail],
  ["CardSummary", cardSummary],
  ["ListThreadsResponse", listThreadsResponse],
  ["TopicPoolEntry", topicPoolEntry],
  ["TopicPoolResponse", topicPoolResponse],
  ["SimilarityMatch", similarityMatch],
  ["SimilarityLogEntry", similarityLogEntry],
  ["SimilarityLogResponse", similarityLogResponse],
  ["WeeklyAuthor", weeklyAuthor],
  ["WeeklyIndex", weeklyIndex],
  ["PortfolioMetrics", portfolioMetrics],
  ["LeaderboardResponse", leaderboardResponse],
  ["LatestLeaderboardItem", latestLeaderboardItem],
  ["LatestIndex", latestIndexResponse],
  ["SearchRequest", searchRequest],
  ["SearchMatch", searchMatch],
  ["SearchResponse", searchResponse],
  ["FactCard", factCard],
  ["ListFactCardsResponse", listFactCardsResponse],
  ["SimilarFactMatch", similarFactMatch],
  ["SimilarFactsResponse", similarFactsResponse],
  ["SharedDataTopicsResponse", sharedDataTopics],
  ["TopicDocument", topicDocument],
  ["SeriesPoint", seriesPoint],
  ["PortfolioSeries", portfolioSeries],
  ["PeriodReturns", periodReturns],
  ["MonthlyReturn", monthlyReturn],
  ["DrawdownPeriod", drawdownPeriod],
  ["RollingWindow", rollingWindow],
  ["RiskStatistics", riskStatistics],
  ["DeflatedSharpe", deflatedSharpe],
  ["Methodology", methodology],
  ["TearSheet", tearSheet],
];

/** A copy of `schema` with every named schema inside it (not `schema` itself when it is `self`) as a $ref. */
export function withRefs(schema: unknown, names: ReadonlyMap<object, string>, self?: object): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, names));
  if (typeof schema !== "object" || schema === null) return schema;
  const name = schema === self ? undefined : names.get(schema);
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withRefs(v, names)]));
}
