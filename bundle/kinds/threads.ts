/**
 * threads.ndjson: a ThreadDetail (with its cards, in order) exactly as GET /api/v1/whiteboard/threads/{boardId}
 * answers it. card_count and each card's report_url follow from other rows (the cards, the card reports) and are
 * checked for consistency, not stored.
 */
import { cardSummary } from "../../gateway/schemas/catalog.js";
import { cardReportUrl } from "../../gateway/operations/whiteboard.js";
import { THREAD_STATUSES } from "../../services/catalog/vocabulary.js";
import { date, epoch, id, int32, nullable, oneOf, text, uuid, type Column } from "../columns.js";
import type { Kind } from "../kind.js";
import { lineSchema, schemaOf, selectList } from "../table-kind.js";
import { upsertRows } from "../upsert.js";

const threadColumns: [string, Column][] = [
  ["board_id", uuid],
  ["work_date", date],
  ["root_analyst_id", nullable(text)],
  ["root_topic", nullable(text)],
  ["root_question", nullable(text)],
  ["status", oneOf(THREAD_STATUSES)],
  ["max_cards", { ...int32, schema: { type: "integer", minimum: 0, maximum: 2147483647 } }],
  ["created_at", epoch],
  ["updated_at", epoch],
];

const cardColumns: [string, Column][] = [
  ["card_id", id],
  ["board_id", uuid],
  ["card_index", int32],
  ["analyst_id", nullable(text)],
  ["hand", nullable(text)],
  ["topic", nullable(text)],
  ["question", nullable(text)],
  ["stance", nullable(text)],
  ["status", text],
  ["work_date", nullable(date)],
  ["summary", nullable(text)],
  ["report_path", nullable(text)],
  ["report_r2_key", nullable(text)],
  ["started_at", nullable(epoch)],
  ["completed_at", nullable(epoch)],
  ["follow_up_analyst_id", nullable(text)],
  ["follow_up_topic", nullable(text)],
];

const card = schemaOf(cardColumns);
// The REST field order, with report_url (derived) where CardSummary has it.
const cardProperties = Object.fromEntries(
  Object.keys(cardSummary.properties).map((name) => [
    name,
    name === "report_url" ? { type: ["string", "null"] } : (card.properties as Record<string, unknown>)[name],
  ]),
);
const thread = schemaOf(threadColumns).properties as Record<string, unknown>;

const schema = lineSchema({
  board_id: thread.board_id,
  work_date: thread.work_date,
  root_analyst_id: thread.root_analyst_id,
  root_topic: thread.root_topic,
  root_question: thread.root_question,
  status: thread.status,
  card_count: { type: "integer", minimum: 0 },
  max_cards: thread.max_cards,
  created_at: thread.created_at,
  updated_at: thread.updated_at,
  cards: { type: "array", items: lineSchema(cardProperties) },
});

type Line = Record<string, unknown> & {
  board_id: string;
  card_count: number;
  cards: (Record<string, unknown> & { card_id: string })[];
};

const cardJson = cardColumns
  .map(([name, c]) => `'${name}', ${c.select ? c.select(`c.${name}`) : `c.${name}`}`)
  .join(", ");

export const threads: Kind<Line> = {
  name: "threads",
  describe: "a ThreadDetail with its cards in order, as GET /api/v1/whiteboard/threads/{boardId} answers it",
  schema,
  exportSql: `
    SELECT ${selectList(threadColumns)},
           coalesce((SELECT json_agg(json_build_object(${cardJson},
                       'has_report', EXISTS (SELECT 1 FROM catalog.card_reports r WHERE r.card_id = c.card_id)) ORDER BY c.card_index)
                       FROM catalog.cards c WHERE c.board_id = t.board_id), '[]') AS cards
      FROM catalog.threads t ORDER BY t.board_id`,
  toLine(row) {
    const cards = (row.cards as Record<string, unknown>[]).map((c) =>
      Object.fromEntries(
        Object.keys(cardProperties).map((name) => [
          name,
          name === "report_url" ? (c.has_report ? cardReportUrl(c.card_id as string) : null) : (c[name] ?? null),
        ]),
      ),
    );
    const line: Record<string, unknown> = {};
    for (const name of Object.keys(schema.properties))
      line[name] = name === "cards" ? cards : name === "card_count" ? cards.length : (row[name] ?? null);
    return line as Line;
  },
  check(line) {
    const problems: string[] = [];
    if (line.card_count !== line.cards.length)
      problems.push(`card_count is ${line.card_count} but the thread lists ${line.cards.length} cards`);
    const indexes = new Set<unknown>();
    line.cards.forEach((c, i) => {
      if (c.board_id !== line.board_id)
        problems.push(`cards[${i}].board_id ${JSON.stringify(c.board_id)} differs from the thread's board_id`);
      if (indexes.has(c.card_index)) problems.push(`cards[${i}].card_index ${c.card_index} is listed twice`);
      indexes.add(c.card_index);
    });
    return problems;
  },
  async write(client, batch) {
    const threadRows = batch.lines;
    const cardRows = batch.lines.flatMap((l) => l.cards);
    return (
      (await upsertRows(client, { table: "catalog.threads", key: ["board_id"], columns: threadColumns }, threadRows)) +
      (await upsertRows(client, { table: "catalog.cards", key: ["card_id"], columns: cardColumns }, cardRows))
    );
  },
};
