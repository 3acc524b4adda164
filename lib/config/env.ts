/**
 * The one way configuration is read from the environment. A value that is unset or blank (after trimming) takes its
 * default; a bad one throws a ConfigError naming the variable, so start-up stops with one line.
 */
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`configuration: ${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

const TRUE = ["true", "1", "yes", "on"];
const FALSE = ["false", "0", "no", "off"];

export class EnvReader {
  constructor(private readonly env: Env) {}

  fail(variable: string, problem: string): ConfigError {
    return new ConfigError(variable, problem);
  }

  /** The trimmed value, or undefined when unset or blank. */
  text(name: string): string | undefined {
    const raw = this.env[name]?.trim();
    return raw === undefined || raw === "" ? undefined : raw;
  }

  string(name: string, fallback: string): string {
    return this.text(name) ?? fallback;
  }

  whole(name: string, fallback: number, min: number, max: number): number {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
      throw this.fail(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
    return Number(raw);
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    if (TRUE.includes(raw.toLowerCase())) return true;
    if (FALSE.includes(raw.toLowerCase())) return false;
    throw this.fail(name, `must be true or false, got "${raw}"`);
  }

  /** An absolute URL with one of `protocols` (e.g. ["http:", "https:"]); `bare` also refuses a query, fragment or credentials. */
  url(name: string, protocols: readonly string[], options: { bare?: boolean; hint?: string } = {}): URL | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw this.fail(name, options.hint ? `is not a URL (expected ${options.hint}), got "${raw}"` : "is not a URL");
    }
    if (!protocols.includes(url.protocol)) {
      const list = protocols.map((p) => `${p}//`).join(" or ");
      throw this.fail(name, `must be ${/^[aehiou]/.test(list) ? "an" : "a"} ${list} URL, got ${url.protocol}`);
    }
    if (options.bare && (url.search || url.hash || url.username || url.password))
      throw this.fail(name, "must not carry a query, fragment or credentials");
    return url;
  }
}
