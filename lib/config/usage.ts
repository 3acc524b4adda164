/**
 * Usage counting and data freshness (docs/usage.md), read from the environment by lib/config/config.ts:
 * USAGE_ENABLED (count requests and reads), USAGE_FLUSH_MS (how often each gateway adds its counts to the database:
 * the most a crash can lose), DAILY_DUE_AT (the hour, Asia/Singapore, by which the work date's canonical daily
 * report should be in; past it the console says it is missing).
 */
import type { EnvReader } from "./env.js";

export interface TimeOfDay {
  hour: number;
  minute: number;
}

export interface UsageConfig {
  enabled: boolean;
  flushMs: number;
  /** Asia/Singapore wall-clock time. */
  dailyDueAt: TimeOfDay;
}

export const DEFAULT_USAGE_CONFIG: UsageConfig = { enabled: true, flushMs: 10_000, dailyDueAt: { hour: 9, minute: 0 } };

/** "HH:MM", 24-hour clock: 09:00, 17:30. */
export function parseTimeOfDay(value: string): TimeOfDay | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : undefined;
}

export function readUsageConfig(env: EnvReader): UsageConfig {
  const rawDue = env.text("DAILY_DUE_AT");
  const dailyDueAt = rawDue === undefined ? DEFAULT_USAGE_CONFIG.dailyDueAt : parseTimeOfDay(rawDue);
  if (!dailyDueAt) throw env.fail("DAILY_DUE_AT", `must be a time of day HH:MM (Asia/Singapore), got "${rawDue}"`);
  return {
    enabled: env.bool("USAGE_ENABLED", DEFAULT_USAGE_CONFIG.enabled),
    flushMs: env.whole("USAGE_FLUSH_MS", DEFAULT_USAGE_CONFIG.flushMs, 100, 3_600_000),
    dailyDueAt,
  };
}
