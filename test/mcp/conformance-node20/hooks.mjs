// The conformance runner imports `globSync` from "fs", which Node.js 22 added; it uses it only in its
// `tier-check` command. On Node.js 20 its "fs" import is served by fs-compat.mjs, which adds a globSync that throws.
export async function resolve(specifier, context, next) {
  if (
    (specifier === "fs" || specifier === "node:fs") &&
    context.parentURL?.includes("/@modelcontextprotocol/conformance/")
  ) {
    return { url: new URL("./fs-compat.mjs", import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
