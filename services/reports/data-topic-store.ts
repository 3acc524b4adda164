/** Shared market-data topics (spec §2.11, §4.1 rule 10): what each work-date morning's ingest landed. */
import type { Pool } from "../../lib/db/pool.js";

export interface TopicRow {
  topic: string;
  bytes: number;
  /** Epoch milliseconds, or null when the ingest did not record it. */
  fetchedAt: number | null;
}

export type TopicDocument =
  /** The stored document, as JSON text. */
  | { found: true; json: string }
  /** `ingested` tells a date the ingest never ran on from a topic missing on a date it did. */
  | { found: false; ingested: boolean };

// Topics in the known list come in its order; a landed topic that is not (yet) known comes after them.
const LANDED = `
  SELECT t.topic, t.bytes, t.fetched_at
    FROM reports.published_data_topics t
    LEFT JOIN reports.known_topics k ON k.topic = t.topic
   WHERE t.work_date = $1
   ORDER BY k.sort_order NULLS LAST, t.topic COLLATE "C"`;

const KNOWN = `SELECT topic FROM reports.known_topics ORDER BY sort_order, topic COLLATE "C"`;

// jsonb::text hands the document over as JSON text, so nothing downstream parses and re-serialises it.
const DOCUMENT = `
  SELECT (SELECT document::text FROM reports.published_data_topics WHERE work_date = $1 AND topic = $2) AS json,
         EXISTS (SELECT 1 FROM reports.data_topics WHERE work_date = $1) AS ingested`;

export function createDataTopicStore(db: Pool) {
  return {
    async landed(workDate: string): Promise<TopicRow[]> {
      const { rows } = await db.query({ name: "reports.topics-landed", text: LANDED, values: [workDate] });
      return rows.map((r) => ({ topic: r.topic, bytes: r.bytes, fetchedAt: r.fetched_at }));
    },

    async known(): Promise<string[]> {
      const { rows } = await db.query({ name: "reports.topics-known", text: KNOWN });
      return rows.map((r) => r.topic);
    },

    async document(workDate: string, topic: string): Promise<TopicDocument> {
      const { rows } = await db.query({ name: "reports.topic-document", text: DOCUMENT, values: [workDate, topic] });
      const r = rows[0]!;
      return r.json === null ? { found: false, ingested: r.ingested } : { found: true, json: r.json };
    },
  };
}

export type DataTopicStore = ReturnType<typeof createDataTopicStore>;
