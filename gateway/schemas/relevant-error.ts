/**
 * The validation error worth naming when a value fails a choice of shapes (`anyOf`, the portable form of a value
 * that may be a number or a text): ajv reports every branch's failure before the anyOf's own, and the first is
 * usually "wrong type" for the branch the caller did not mean. The error of the branch whose type the value has is
 * the one that says what to fix; when every branch failed on its type, the types are named together.
 */
import type { ErrorObject } from "ajv";

export function relevantError(errors: readonly ErrorObject[] | null | undefined): ErrorObject | undefined {
  const first = errors?.[0];
  if (!first) return undefined;
  const choice = errors!.find((e) => e.keyword === "anyOf" && e.instancePath === first.instancePath);
  if (!choice) return first;
  const branches = errors!.filter(
    (e) => e.instancePath === first.instancePath && e.schemaPath.startsWith(`${choice.schemaPath}/`),
  );
  const meant = branches.find((e) => e.keyword !== "type");
  if (meant) return meant;
  const types = branches.map((e) => String((e.params as { type?: unknown }).type));
  return { ...first, message: `must be ${types.join(",")}` };
}
