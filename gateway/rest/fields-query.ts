/**
 * `fields` on the REST surface: a JSON route takes it as a comma-separated query parameter (the one definition:
 * gateway/answer-shape/parameters.ts), checks the names against its 200 schema before the service is called (a
 * wrong one is a 400 naming it and the valid ones), and sends the answer cut to them. The cut answer is serialized
 * here, so the route's ETag (gateway/rest/json-validators.ts) is computed on the bytes sent, and the read cache keys it
 * by its query, `fields` included: each projection has its own entry and its own ETag, and none stands for another.
 */
import type { FastifyReply } from "fastify";
import {
  FieldsError,
  projectAnswer,
  selectFields,
  splitFields,
  type FieldSelection,
} from "../answer-shape/field-selection.js";
import { fieldsQuery } from "../answer-shape/parameters.js";

type QuerySchema = { type: "object"; properties?: Record<string, unknown>; [k: string]: unknown };

/** A route's query schema with `fields` added (a route without one gets one, open like the others). */
export function withFieldsQuery<Q>(querystring?: Q): QuerySchema {
  const base = (querystring ?? { type: "object", additionalProperties: true }) as QuerySchema;
  return { ...base, properties: { ...base.properties, fields: fieldsQuery } };
}

/** A 400 the error handler answers as an ErrorResponse. */
class BadFields extends Error {
  readonly statusCode = 400;
}

/** What `fields` selects of an answer of `schema`; undefined without it. A wrong name throws (a 400). */
export function queryFields(schema: Record<string, unknown>, fields: string | undefined): FieldSelection | undefined {
  if (fields === undefined) return undefined;
  try {
    return selectFields(schema, splitFields(fields));
  } catch (error) {
    if (error instanceof FieldsError) throw new BadFields(`invalid query parameter 'fields': ${error.message}`);
    throw error;
  }
}

/** The answer as the route sends it: whole (for the route's serializer), or cut and serialized here. */
export function sendCut(reply: FastifyReply, answer: object, selection: FieldSelection | undefined) {
  if (!selection) return answer;
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(projectAnswer(answer, selection)));
}
