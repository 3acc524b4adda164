/**
 * Feeds of the reports (scope reports:read, or a feed token): the canonical daily reports and each analyst's weekly
 * reports, per language, as Atom and as JSON Feed 1.1, newest first. The body's SHA-256 is a strong ETag and the
 * newest entry's archive time the Last-Modified, and conditional GETs are answered 304 as on the markdown routes.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { atomDocument, ATOM_TYPE } from "../feeds/atom.js";
import { buildFeed, type Feed, type FeedSpec } from "../feeds/feed-model.js";
import { JSON_FEED_TYPE, jsonFeedDocument } from "../feeds/json-feed.js";
import { presentedCredential } from "../auth/credentials.js";
import { feedTokenOf } from "../auth/feed-token.js";
import { publicBaseUrl } from "../http/public-url.js";
import { conditionalHeaders } from "../schemas/common.js";
import { atomResponses, feedAnalystParams, feedQuery, jsonFeedResponses } from "../schemas/feeds.js";
import type { RestOptions } from "./options.js";
import { sendNotModified } from "./markdown.js";

/** Entries in a feed. */
export const FEED_SIZE = 20;
const access = {
  scope: "reports:read",
  feed: true,
  tokenInAnswer: true,
  restOnly: "a feed for feed readers of what reports_daily and reports_weekly_author read",
};

interface FeedQuery {
  lang: "en" | "zh";
}

const FORMATS = {
  atom: { file: "feed.atom", type: ATOM_TYPE, render: atomDocument, responses: atomResponses },
  json: { file: "feed.json", type: JSON_FEED_TYPE, render: jsonFeedDocument, responses: jsonFeedResponses },
} as const;

/** The feed token this request was authenticated with, when it came in the URL (a header credential wins). */
const viaFeedToken = (request: FastifyRequest) =>
  presentedCredential(request.headers) === undefined ? feedTokenOf(request) : undefined;

export function feedRoutes(app: FastifyInstance, opts: RestOptions) {
  const reports = opts.clients.reports;

  async function load(request: FastifyRequest, spec: Omit<FeedSpec, "base" | "projectName">): Promise<Feed> {
    const { reports: rows, withdrawn } = await reports.listFeedReports({
      kind: spec.kind,
      analystId: spec.analystId ?? "",
      lang: spec.lang,
      limit: FEED_SIZE,
    });
    const token = viaFeedToken(request);
    return buildFeed(
      {
        ...spec,
        base: publicBaseUrl(opts.config, request.server),
        projectName: opts.config.project.name,
        ...(token ? { token } : {}),
      },
      rows,
      withdrawn,
    );
  }

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    format: (typeof FORMATS)[keyof typeof FORMATS],
    feed: Feed,
  ) {
    const body = format.render(feed);
    const validators = { sha256: createHash("sha256").update(body).digest("hex"), lastModified: feed.updated };
    if (sendNotModified(request, reply, validators)) return reply;
    reply
      .header("cache-control", "private, max-age=60, must-revalidate")
      .header("etag", `"${validators.sha256}"`)
      .header("last-modified", new Date(feed.updated).toUTCString());
    return reply.type(format.type).send(body);
  }

  for (const [name, format] of Object.entries(FORMATS)) {
    app.get<{ Querystring: FeedQuery }>(
      `/feeds/daily/${format.file}`,
      {
        config: access,
        schema: {
          summary: `Feed of the daily reports (${name === "atom" ? "Atom" : "JSON Feed"})`,
          querystring: feedQuery,
          headers: conditionalHeaders,
          response: format.responses(false),
        },
      },
      async (request, reply) =>
        send(request, reply, format, await load(request, { kind: "daily", lang: request.query.lang })),
    );

    app.get<{ Params: { analystId: string }; Querystring: FeedQuery }>(
      `/feeds/weekly/:analystId/${format.file}`,
      {
        config: access,
        schema: {
          summary: `Feed of an analyst’s weekly reports (${name === "atom" ? "Atom" : "JSON Feed"})`,
          params: feedAnalystParams,
          querystring: feedQuery,
          headers: conditionalHeaders,
          response: format.responses(true),
        },
      },
      async (request, reply) =>
        send(
          request,
          reply,
          format,
          await load(request, { kind: "weekly", analystId: request.params.analystId, lang: request.query.lang }),
        ),
    );
  }
}
