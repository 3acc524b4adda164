/**
 * The validators (strong ETag's sha256, Last-Modified) the gateway last saw for each report it served, kept for a
 * short time so a conditional GET can be answered 304 without asking the service. Only a 304 is ever decided from
 * it: a request it cannot answer 304 goes to the service, which answers the current report and refreshes the
 * entry. Staleness is bounded by `ttlMs`: for that long after a newer draft is archived, a client revalidating the
 * previous draft may still be told it is current (the same answer it got a moment before; reports are sent with
 * max-age=60, so clients may reuse them far longer without asking).
 */
export interface Validators {
  sha256: string;
  /** Epoch milliseconds. */
  lastModified: number;
  /** The header values, filled in by whoever first needs them (gateway/rest/markdown.ts). */
  etag?: string;
  lastModifiedHeader?: string;
}

export interface ValidatorCache {
  get(key: string): Validators | undefined;
  set(key: string, validators: Validators): void;
}

export function createValidatorCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ValidatorCache {
  const now = options.now ?? (() => performance.now());
  const max = options.maxEntries ?? 4096;
  const entries = new Map<string, Validators & { until: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until > now()) return hit;
      entries.delete(key);
      return undefined;
    },
    set(key, { sha256, lastModified }) {
      if (options.ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { sha256, lastModified, until: now() + options.ttlMs });
      // Insertion order: the first entry was refreshed least recently.
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
  };
}
