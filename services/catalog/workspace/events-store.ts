/** The institute's event stream (catalog.events), newest first. */
import { create, type JsonObject } from "@bufbuild/protobuf";
import {
  EventKindCountSchema,
  EventSchema,
  type Event,
  type EventKindCount,
} from "../../../gen/institute/catalog/v1/workspace_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { int64, orUndefined } from "../rows.js";

interface EventRow {
  event_id: string;
  kind: string;
  subject_id: string | null;
  analyst_id: string | null;
  detail: unknown;
  occurred_at: number;
}

const SELECT_EVENTS = "SELECT event_id, kind, subject_id, analyst_id, detail, occurred_at FROM catalog.events";
const LIST = `${SELECT_EVENTS}
   WHERE ($1 = '' OR kind = $1) AND ($2 = '' OR subject_id = $2) AND ($3 = '' OR analyst_id = $3)
   ORDER BY occurred_at DESC, event_id DESC
   LIMIT $4`;
const GET = `${SELECT_EVENTS} WHERE event_id = $1`;
const KINDS =
  "SELECT kind, count(*)::int AS n, max(occurred_at) AS last FROM catalog.events GROUP BY kind ORDER BY kind";

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

const toEvent = (r: EventRow): Event =>
  create(EventSchema, {
    eventId: r.event_id,
    kind: r.kind,
    subjectId: orUndefined(r.subject_id),
    analystId: orUndefined(r.analyst_id),
    // The column is an object by default; anything else a writer stored reads as an empty object.
    detail: isObject(r.detail) ? r.detail : {},
    occurredAt: int64(r.occurred_at),
  });

export interface EventFilter {
  kind: string;
  subjectId: string;
  analystId: string;
  limit: number;
}

export interface EventsStore {
  list(filter: EventFilter): Promise<Event[]>;
  get(eventId: string): Promise<Event | undefined>;
  kinds(): Promise<EventKindCount[]>;
}

export function createEventsStore(db: Pool): EventsStore {
  return {
    async list({ kind, subjectId, analystId, limit }) {
      const { rows } = await db.query<EventRow>({
        name: "workspace.events.list",
        text: LIST,
        values: [kind, subjectId, analystId, limit],
      });
      return rows.map(toEvent);
    },
    async get(eventId) {
      const { rows } = await db.query<EventRow>({ name: "workspace.events.get", text: GET, values: [eventId] });
      return rows[0] && toEvent(rows[0]);
    },
    async kinds() {
      const { rows } = await db.query<{ kind: string; n: number; last: number }>({
        name: "workspace.events.kinds",
        text: KINDS,
      });
      return rows.map((r) => create(EventKindCountSchema, { kind: r.kind, count: r.n, lastOccurredAt: int64(r.last) }));
    },
  };
}
