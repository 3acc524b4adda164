/**
 * Building blocks of operation input schemas (which tools take as they are). Inputs refuse unknown arguments and
 * state every type, range and enumeration.
 */
import { workDate } from "../schemas/common.js";
import type { JsonSchema } from "./operation.js";

export { limitInput, type Bound } from "../schemas/common.js";

/** An input schema: exactly these arguments, `required` among them. */
export function input(properties: Record<string, unknown>, required: string[] = []): JsonSchema {
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

export const NO_ARGUMENTS = input({});

/** A free-text identifier argument (ids are at most 200 characters everywhere in this service). */
export const idInput = (description: string) =>
  ({ type: "string", minLength: 1, maxLength: 200, description }) as const;

export const workDateInput = (description: string) => ({ ...workDate, description }) as const;

export const enumInput = (values: readonly string[], description: string) =>
  ({ type: "string", enum: [...values], description }) as const;

export const langInput = enumInput(
  ["en", "zh"],
  "Report language; omitted: English, then the language-agnostic report.",
);
