/**
 * Where the console meets the usage counting (issue 20: requests per credential per day, by route and tool, refusals by
 * reason, readership). The counting is built in the gateway on its own; the console reads it through this interface
 * and, where a process has none, says so on the page instead of showing numbers it does not have.
 */
export interface KeyUsage {
  lastUsedAt: number | null;
  requests24h: number;
  requests7d: number;
}

export interface UsageReader {
  /** Per key id: last use and requests in the last 24 hours and 7 days, as of `now`. */
  keyUsage(keyIds: readonly string[], now: number): Promise<Map<string, KeyUsage>>;
  /** Per peer party id: the last request made with one of its keys. */
  partyLastUse(partyIds: readonly string[], now: number): Promise<Map<string, number | null>>;
}

export const NOT_COUNTED = "not counted in this build";
