/**
 * The part of RFC 6570 URI templates the resource templates use: simple variables that each fill one path segment
 * (`{date}`) and one trailing form-style query (`{?lang}`). Matching a URI against a template gives its variables,
 * percent-decoded; expanding a template gives a URI. Small enough to read, so no dependency is needed for it.
 */
export interface CompiledTemplate {
  template: string;
  /** Every variable, path variables first, in template order. */
  variables: string[];
  /** Variables of the `{?…}` query. */
  queryVariables: string[];
  /** The variables of a URI this template describes, undefined when it does not describe it. */
  match(uri: string): Match | undefined;
  expand(values: Readonly<Record<string, string | undefined>>): string;
}

export type Match = { ok: true; values: Record<string, string> } | { ok: false; reason: string };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function compileTemplate(template: string): CompiledTemplate {
  const query = /\{\?([a-z_,]+)\}$/.exec(template);
  const queryVariables = query ? query[1]!.split(",") : [];
  const pathTemplate = query ? template.slice(0, query.index) : template;
  const pathVariables: string[] = [];
  const pattern = pathTemplate
    .split(/(\{[a-z_]+\})/)
    .map((part) => {
      const variable = /^\{([a-z_]+)\}$/.exec(part);
      if (!variable) return escapeRegExp(part);
      pathVariables.push(variable[1]!);
      return "([^/?#]+)";
    })
    .join("");
  const path = new RegExp(`^${pattern}$`);

  return {
    template,
    variables: [...pathVariables, ...queryVariables],
    queryVariables,
    match(uri) {
      if (uri.includes("#")) return undefined;
      const at = uri.indexOf("?");
      const found = path.exec(at < 0 ? uri : uri.slice(0, at));
      if (!found) return undefined;
      const values: Record<string, string> = {};
      for (const [i, name] of pathVariables.entries()) {
        const value = decode(found[i + 1]!);
        if (value === undefined || value === "")
          return { ok: false, reason: `'${name}' is not a valid percent-encoded value` };
        values[name] = value;
      }
      if (at < 0) return { ok: true, values };
      const queryText = uri.slice(at + 1);
      for (const pair of queryText === "" ? [] : queryText.split("&")) {
        const eq = pair.indexOf("=");
        const name = decode(eq < 0 ? pair : pair.slice(0, eq));
        const value = eq < 0 ? undefined : decode(pair.slice(eq + 1));
        if (name === undefined || !queryVariables.includes(name))
          return {
            ok: false,
            reason: `unknown query parameter '${name ?? pair}' (accepted: ${queryVariables.join(", ") || "none"})`,
          };
        if (name in values) return { ok: false, reason: `query parameter '${name}' given twice` };
        if (value === undefined || value === "")
          return { ok: false, reason: `query parameter '${name}' needs a value` };
        values[name] = value;
      }
      return { ok: true, values };
    },
    expand(values) {
      const filled = pathTemplate.replace(/\{([a-z_]+)\}/g, (_m, name: string) =>
        encodeURIComponent(values[name] ?? ""),
      );
      const pairs = queryVariables
        .filter((n) => values[n] !== undefined)
        .map((n) => `${n}=${encodeURIComponent(values[n]!)}`);
      return pairs.length ? `${filled}?${pairs.join("&")}` : filled;
    },
  };
}
