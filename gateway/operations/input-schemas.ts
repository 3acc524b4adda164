/**
 * Building blocks of operation input schemas (which tools take as they are). Inputs refuse unknown arguments and
 * state every type, range and enumeration.
 */
import type { JsonSchema } from "./operation.js";

/** An input schema: exactly these arguments, `required` among them. */
export function input(properties: Record<string, unknown>, required: string[] = []): JsonSchema {
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

export const NO_ARGUMENTS = input({});

/** A free-text identifier argument (ids are at most 200 characters everywhere in this service). */
export const idInput = (description: string) =>
  ({ type: "string", minLength: 1, maxLength: 200, description }) as const;

export const workDateInput = (description: string) =>
  ({ type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", format: "date", description }) as const;

export const enumInput = (values: readonly string[], description: string) =>
  ({ type: "string", enum: [...values], description }) as const;

export const langInput = enumInput(
  ["en", "zh"],
  "Report language; omitted: English, then the language-agnostic report.",
);

/** How many rows a list may return: its default and its largest accepted `limit`. */
export interface Bound {
  /** `limit` when the caller gives none. */
  default: number;
  /** The largest `limit` accepted; more is a validation error, never a silent clamp. */
  max: number;
}

/** The `limit` argument of a bounded list: its schema maximum and default are the bound's. */
export const limitInput = (bound: Bound, rows: string) =>
  ({
    type: "integer",
    minimum: 1,
    maximum: bound.max,
    default: bound.default,
    description: `Most ${rows} to return.`,
  }) as const;
