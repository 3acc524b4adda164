/** The institute's event stream as tools, scope events:read: newest first, by kind or subject, one event, and the kinds. */
import { EventKindCountSchema, EventSchema, type Event } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { int, object, str } from "../../schemas/common.js";
import type { ToolContext, ToolDefinition } from "../tool.js";
import { boundedTool, overFetch } from "./bounded.js";
import { required } from "../../operations/service-answers.js";
import { arrayOf, idInput, input, NO_ARGUMENTS } from "./tool-schemas.js";
import { event, eventKindCount } from "./workspace-schemas.js";

const grant = { scope: "events:read" };
const EVENTS_BOUND = { default: 50, max: 500 };
const kindInput = idInput("The event kind, as in events_kinds.");

interface Filter {
  kind?: string;
  subject_id?: string;
  analyst_id?: string;
  limit?: number;
}

const listEvents = (filter: Filter, limit: number, { clients }: ToolContext) =>
  overFetch(limit, async (n) =>
    (
      await clients.workspace.listEvents({
        kind: filter.kind ?? "",
        subjectId: filter.subject_id ?? "",
        analystId: filter.analyst_id ?? "",
        limit: n,
      })
    ).events.map((e: Event) => protoToJson(EventSchema, e)),
  );

const list = boundedTool<Filter, unknown>({
  name: "events_list",
  title: "List events",
  description: "Events of the institute, newest first, optionally of one kind, about one subject, or by one analyst.",
  grant,
  toolset: "events",
  args: {
    kind: kindInput,
    subject_id: idInput("Only events about this subject."),
    analyst_id: idInput("Only events of this analyst."),
  },
  bound: EVENTS_BOUND,
  rows: "events",
  row: event,
  fetch: listEvents,
});

const byKind = boundedTool<{ kind: string; limit?: number }, unknown>({
  name: "events_by_kind",
  title: "Events of one kind",
  description: "Events of one kind, newest first.",
  grant,
  toolset: "events",
  args: { kind: kindInput },
  required: ["kind"],
  bound: EVENTS_BOUND,
  rows: "events",
  row: event,
  context: { kind: str },
  fetch: async ({ kind }, limit, ctx) => ({ ...(await listEvents({ kind }, limit, ctx)), context: { kind } }),
});

const forSubject = boundedTool<{ subject_id: string; limit?: number }, unknown>({
  name: "events_for_subject",
  title: "Events about one subject",
  description: "The history of one subject (a board, card, session, …): every event naming it, newest first.",
  grant,
  toolset: "events",
  args: { subject_id: idInput("The subject's id.") },
  required: ["subject_id"],
  bound: EVENTS_BOUND,
  rows: "events",
  row: event,
  context: { subject_id: str },
  fetch: async ({ subject_id }, limit, ctx) => ({
    ...(await listEvents({ subject_id }, limit, ctx)),
    context: { subject_id },
  }),
});

const get: ToolDefinition<{ event_id: string }> = {
  name: "events_get",
  title: "Get one event",
  description: "One event by id, with its detail.",
  grant,
  toolset: "events",
  inputSchema: input({ event_id: idInput("The event's id.") }, ["event_id"]),
  outputSchema: event,
  pager: "none",
  async call({ event_id }, { clients }) {
    return protoToJson(
      EventSchema,
      required((await clients.workspace.getEvent({ eventId: event_id })).event, "an event"),
    );
  },
};

const kinds: ToolDefinition<Record<string, never>> = {
  name: "events_kinds",
  title: "Event kinds",
  description: "Every kind of event that occurred, by name, with how many and when the last one occurred.",
  grant,
  toolset: "events",
  inputSchema: NO_ARGUMENTS,
  outputSchema: object({ kinds: arrayOf(eventKindCount), count: int }),
  pager: "none",
  async call(_args, { clients }) {
    const { kinds: all } = await clients.workspace.countEventKinds({});
    return { kinds: all.map((k) => protoToJson(EventKindCountSchema, k)), count: all.length };
  },
};

export const EVENT_TOOLS: ToolDefinition[] = [list, byKind, forSubject, get, kinds];
