/**
 * The validators (strong ETag's sha256, Last-Modified) the gateway last saw for each report it served, kept for a
 * short time so a conditional GET can be answered 304 without asking the service. Only a 304 is ever decided from
 * it: a request it cannot answer 304 goes to the service, which answers the current report and refreshes the
 * entry. Staleness is bounded by `ttlMs`: for that long after a newer draft is archived, a client revalidating the
 * previous draft may still be told it is current (the same answer it got a moment before; reports are sent with
 * max-age=60, so clients may reuse them far longer without asking).
 *
 * An entry also holds the read cache's stamp for the reports data taken before the report was read, and is trusted
 * only while that stamp holds: a withdrawal (or any change of the reports schema) heard on the data_versions channel
 * moves it, so a conditional GET with a withdrawn report's ETag reaches the service and gets its 404, never a 304.
 * Without a read cache nothing listens, so nothing is trusted and every conditional GET asks the service.
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
  /** The stamp to hand to `set`, taken before the report is read. */
  begin(): number | undefined;
  set(key: string, validators: Validators, stamp: number | undefined): void;
}

export function createValidatorCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** The read cache's stamp of the data the reports come from; undefined: changes are not heard now. */
  stamp: () => number | undefined;
}): ValidatorCache {
  const now = options.now ?? (() => performance.now());
  const max = options.maxEntries ?? 4096;
  const entries = new Map<string, Validators & { until: number; stamp: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      const stamp = options.stamp();
      if (hit.until > now() && stamp !== undefined && stamp === hit.stamp) return hit;
      entries.delete(key);
      return undefined;
    },
    begin: () => options.stamp(),
    set(key, { sha256, lastModified }, stamp) {
      if (options.ttlMs <= 0 || stamp === undefined) return;
      entries.delete(key);
      entries.set(key, { sha256, lastModified, until: now() + options.ttlMs, stamp });
      // Insertion order: the first entry was refreshed least recently.
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
  };
}
