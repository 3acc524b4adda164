/**
 * Readiness: named checks (database, bus, each service a process depends on), run together, each within a bound. A
 * process is ready only when every check passes and it is not shutting down. The report names each check with "ok"
 * or a short reason; it is served on the internal listener only.
 */
import type pg from "pg";

/** Resolves when the dependency answers; throws (or times out) when it does not. */
export type Check = () => Promise<void>;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, string>;
}

const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function runChecks(checks: Record<string, Check>, timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await within(check(), timeoutMs);
        return [name, "ok"] as const;
      } catch (e) {
        return [name, (e as Error).message.slice(0, 200) || "failing"] as const;
      }
    }),
  );
  return { ready: entries.every(([, v]) => v === "ok"), checks: Object.fromEntries(entries) };
}

/** The pool hands out a connection and the server answers. */
export const poolCheck =
  (pool: Pick<pg.Pool, "query">): Check =>
  async () => {
    await pool.query("SELECT 1");
  };

/** Readiness of a process: its checks, and false from the moment it starts shutting down. */
export function createReadiness(checks: Record<string, Check>) {
  let shuttingDown = false;
  return {
    checks,
    get shuttingDown() {
      return shuttingDown;
    },
    markShuttingDown() {
      shuttingDown = true;
    },
    async report(): Promise<ReadinessReport> {
      if (shuttingDown) return { ready: false, checks: { process: "shutting down" } };
      return runChecks(checks);
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
