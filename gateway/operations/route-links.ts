/**
 * The URLs answers link to, built from the routes that serve them: an operation's path in OpenAPI form with each
 * `{name}` filled in, percent-encoded. The services hand out the ids and dates; where they are served is the
 * gateway's to say.
 */
import type { Operation } from "./operation.js";

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** `op`'s path with its parameters filled in: `/api/v1/reports/weekly/2026-03-02/a-alpha`. */
export function linkTo(op: Pick<Operation, "route">, params: Readonly<Record<string, string>>): string {
  return op.route.path.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.route.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}
