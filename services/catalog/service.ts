/**
 * CatalogService: the analyst catalog and the whiteboard (threads, cards, card reports, topic pool,
 * similarity-gate log), read through the SELECT-only pool and the object store.
 */
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import type { CatalogService } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { MarkdownDocumentSchema } from "../../gen/institute/common/v1/markdown_pb.js";
import type { ServiceDeps } from "../deps.js";
import { createAnalystsStore } from "./analysts-store.js";
import { createCardReportsStore } from "./card-reports-store.js";
import { createSimilarityLogStore } from "./similarity-log-store.js";
import { createThreadsStore } from "./threads-store.js";
import { createTopicPoolStore } from "./topic-pool-store.js";
import { createWithdrawnStore } from "./withdrawn-store.js";
import { keysetAfter, notFound } from "../request-checks.js";
import { isUuid, optionalOneOf } from "./validate.js";
import { limitOf } from "../request-checks.js";
import {
  DEFAULT_REPORT_LANGS,
  LIMITS,
  REPORT_LANGS,
  SIMILARITY_DECISIONS,
  SUMMARY_WINDOW_SECONDS,
  THREAD_STATUSES,
  TOPIC_POOL_FILTERS,
} from "./vocabulary.js";

export function createCatalogService(deps: ServiceDeps): ServiceImpl<typeof CatalogService> {
  const analysts = createAnalystsStore(deps.db);
  const threads = createThreadsStore(deps.db);
  const cardReports = createCardReportsStore(deps.db);
  const topicPool = createTopicPoolStore(deps.db);
  const similarityLog = createSimilarityLogStore(deps.db);
  const withdrawn = createWithdrawnStore(deps.db);

  return {
    async listAnalysts() {
      const list = await analysts.list();
      return { analysts: list, count: list.length };
    },

    async getAnalyst({ analystId }) {
      const analyst = await analysts.get(analystId);
      if (!analyst) throw notFound(`analyst not found: ${analystId}`);
      return { analyst };
    },

    async listThreads(req) {
      const status = optionalOneOf("status", req.status, THREAD_STATUSES);
      // board_id is a uuid column: a position naming no possible board is malformed, not a database error.
      const after = keysetAfter(req.after, isUuid);
      const page = await threads.list({ status, after, limit: limitOf(req.limit, LIMITS.threads) });
      return { threads: page.rows, count: page.rows.length, hasMore: page.hasMore };
    },

    async getThread({ boardId }) {
      // board_id is a uuid column: an id that cannot be a uuid names no board (and must not reach the cast).
      const thread = isUuid(boardId) ? await threads.get(boardId) : undefined;
      if (!thread && isUuid(boardId) && (await withdrawn.thread(boardId)))
        throw notFound(`board ${boardId} was withdrawn`);
      if (!thread) throw notFound(`board not found: ${boardId}`);
      return { thread };
    },

    async getCardReport(req) {
      const lang = optionalOneOf("lang", req.lang, REPORT_LANGS);
      // Rule 1: with a language, exactly that one; without, English, then the language-agnostic report.
      const langs = lang === undefined ? DEFAULT_REPORT_LANGS : [lang];
      const lookup = await cardReports.find(req.cardId, langs);
      if ("missing" in lookup) {
        if (lookup.missing === "card" && (await withdrawn.card(req.cardId)))
          throw notFound(`card ${req.cardId} was withdrawn`);
        if (lookup.missing === "report" && (await withdrawn.cardReport(req.cardId, langs)))
          throw notFound(`the ${langs.join(" or ")} report of card ${req.cardId} was withdrawn`);
        throw notFound(
          lookup.missing === "card"
            ? `card not found: ${req.cardId}`
            : `no ${langs.join(" or ")} report for card ${req.cardId}`,
        );
      }
      const { objectKey, archivedAt } = lookup.found;
      const object = await deps.objects.get(objectKey);
      // A report row whose body never reached the object store is, to a reader, a missing report.
      if (!object) throw notFound(`report body missing for card ${req.cardId}`);
      return {
        document: create(MarkdownDocumentSchema, {
          body: object.body,
          sha256: object.sha256,
          lastModified: BigInt(archivedAt),
        }),
      };
    },

    async listTopicPool(req) {
      const status = optionalOneOf("status", req.status, TOPIC_POOL_FILTERS);
      const page = await topicPool.list({ status, limit: limitOf(req.limit, LIMITS.topicPool) });
      return { entries: page.rows, count: page.rows.length, hasMore: page.hasMore };
    },

    async listSimilarityLog(req) {
      const decision = optionalOneOf("decision", req.decision, SIMILARITY_DECISIONS);
      const limit = limitOf(req.limit, LIMITS.similarityLog);
      // summary_7d describes the gate, not the page: it counts every decision of the trailing seven days
      // (decided_at, epoch seconds, at or after now - 7 days), whatever `limit` cuts and whatever `decision`
      // filters, so a filtered view still shows the full mix. No upper bound: a row stamped a moment ahead of
      // this clock (skew between writer and reader) still counts.
      const since = Math.floor(deps.now() / 1000) - SUMMARY_WINDOW_SECONDS;
      const [page, summary7d] = await Promise.all([
        similarityLog.list({ decision, limit }),
        similarityLog.countSince(since),
      ]);
      return { entries: page.rows, count: page.rows.length, summary7d, hasMore: page.hasMore };
    },
  };
}
