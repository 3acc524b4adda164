/** The institute's event stream as tools, scope events:read: newest first, by kind or subject, one event, and the kinds. */
import { EventKindCountSchema, EventSchema, type Event } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { int, object, str } from "../../schemas/common.js";
import type { ToolContext, ToolDefinition } from "../tool.js";
import { fetchBounded, limitInput } from "./bounded.js";
import { required } from "../../operations/service-answers.js";
import { arrayOf, boundedList, idInput, input, NO_ARGUMENTS } from "./tool-schemas.js";
import { event, eventKindCount } from "./workspace-schemas.js";

const grant = { scope: "events:read" };
const EVENTS_BOUND = { default: 50, max: 500 };
const kindInput = idInput("The event kind, as in events_kinds.");
const limit = limitInput(EVENTS_BOUND, "events");

interface Filter {
  kind?: string;
  subject_id?: string;
  analyst_id?: string;
  limit?: number;
}

async function listEvents(args: Filter, { clients }: ToolContext) {
  const { rows, bound } = await fetchBounded(
    args,
    EVENTS_BOUND,
    async (n) =>
      (
        await clients.workspace.listEvents({
          kind: args.kind ?? "",
          subjectId: args.subject_id ?? "",
          analystId: args.analyst_id ?? "",
          limit: n,
        })
      ).events,
  );
  return { events: rows.map((e: Event) => protoToJson(EventSchema, e)), count: rows.length, bound };
}

const list: ToolDefinition<Filter> = {
  name: "events_list",
  title: "List events",
  description: "Events of the institute, newest first, optionally of one kind, about one subject, or by one analyst.",
  grant,
  toolset: "events",
  inputSchema: input({
    kind: kindInput,
    subject_id: idInput("Only events about this subject."),
    analyst_id: idInput("Only events of this analyst."),
    limit,
  }),
  outputSchema: boundedList("events", event),
  bound: EVENTS_BOUND,
  pager: "none",
  call: listEvents,
};

const byKind: ToolDefinition<{ kind: string; limit?: number }> = {
  name: "events_by_kind",
  title: "Events of one kind",
  description: "Events of one kind, newest first.",
  grant,
  toolset: "events",
  inputSchema: input({ kind: kindInput, limit }, ["kind"]),
  outputSchema: boundedList("events", event, { kind: str }),
  bound: EVENTS_BOUND,
  pager: "none",
  async call(args, ctx) {
    return { kind: args.kind, ...(await listEvents({ kind: args.kind, limit: args.limit }, ctx)) };
  },
};

const forSubject: ToolDefinition<{ subject_id: string; limit?: number }> = {
  name: "events_for_subject",
  title: "Events about one subject",
  description: "The history of one subject (a board, card, session, …): every event naming it, newest first.",
  grant,
  toolset: "events",
  inputSchema: input({ subject_id: idInput("The subject's id."), limit }, ["subject_id"]),
  outputSchema: boundedList("events", event, { subject_id: str }),
  bound: EVENTS_BOUND,
  pager: "none",
  async call(args, ctx) {
    return {
      subject_id: args.subject_id,
      ...(await listEvents({ subject_id: args.subject_id, limit: args.limit }, ctx)),
    };
  },
};

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
