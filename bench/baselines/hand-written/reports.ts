/**
 * The hand-written daily report route: one SQL query picks the editor's report and joins its body; ETag and
 * Last-Modified from the row, 304 on a matching If-None-Match.
 */
import type { FastifyInstance } from "fastify";
import type pg from "pg";

const DAILY = `
  SELECT o.body, o.sha256, r.archived_at
    FROM reports.reports r JOIN objects.blobs o ON o.key = r.object_key
   WHERE r.kind = 'daily' AND r.analyst_id = 'daily-editor' AND r.work_date = $1 AND r.lang = ANY ($2::text[])
   ORDER BY array_position($2::text[], r.lang), r.archived_at DESC, r.report_id DESC
   LIMIT 1`;

export function reportRoutes(app: FastifyInstance, pool: pg.Pool) {
  app.get<{ Params: { date: string }; Querystring: { lang?: string } }>(
    "/api/v1/reports/daily/:date",
    {
      config: { scope: "reports:read" },
      schema: {
        params: { type: "object", properties: { date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } } },
        querystring: { type: "object", properties: { lang: { type: "string", enum: ["en", "zh"] } } },
      },
    },
    async (request, reply) => {
      const langs = request.query.lang ? [request.query.lang] : ["en", "plain"];
      const { rows } = await pool.query({ name: "daily", text: DAILY, values: [request.params.date, langs] });
      const row = rows[0];
      if (!row) return reply.code(404).send({ error: `no daily report for ${request.params.date}` });
      const etag = `"${row.sha256}"`;
      reply
        .header("cache-control", "private, max-age=60, must-revalidate")
        .header("etag", etag)
        .header("last-modified", new Date(row.archived_at).toUTCString());
      const inm = request.headers["if-none-match"];
      if (inm !== undefined && inm.split(",").some((t) => t.trim().replace(/^W\//, "") === etag))
        return reply.code(304).send();
      return reply.type("text/markdown; charset=utf-8").send(row.body);
    },
  );
}
