/** The hand-written analysts and threads routes: one SQL query each, its rows already in the spec's shape. */
import type { FastifyInstance } from "fastify";
import type pg from "pg";

const ANALYSTS = `
  SELECT a.analyst_id AS id, a.name, a.name_en, a.icon, a.agent, a.specialty, a.specialty_en,
         c.category_id, c.name AS category_name, c.name_en AS category_name_en, a.tasks_default
    FROM catalog.analysts a
    LEFT JOIN catalog.categories c ON c.category_id = a.category_id
   ORDER BY c.sort_order NULLS LAST, c.category_id NULLS LAST, a.sort_order, a.analyst_id`;

const THREADS = `
  SELECT t.board_id, t.work_date, t.root_analyst_id, t.root_topic, t.root_question, t.status,
         (SELECT count(*) FROM catalog.cards c WHERE c.board_id = t.board_id)::int AS card_count,
         t.max_cards, t.created_at, t.updated_at
    FROM catalog.threads t
   ORDER BY t.updated_at DESC, t.board_id DESC
   LIMIT $1`;

export function catalogRoutes(app: FastifyInstance, pool: pg.Pool) {
  app.get("/api/v1/analysts", { config: { scope: "analysts:read" } }, async () => {
    const { rows } = await pool.query({ name: "analysts", text: ANALYSTS });
    return { analysts: rows, count: rows.length };
  });

  app.get<{ Querystring: { limit: number } }>(
    "/api/v1/whiteboard/threads",
    {
      config: { scope: "whiteboard:read" },
      schema: {
        querystring: {
          type: "object",
          properties: { limit: { type: "integer", minimum: 1, maximum: 200, default: 50 } },
        },
      },
    },
    async (request) => {
      const { rows } = await pool.query({ name: "threads", text: THREADS, values: [request.query.limit] });
      return { threads: rows, count: rows.length };
    },
  );
}
