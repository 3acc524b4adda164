/**
 * Takes from the shared buckets in batches. Taking one request per round trip made the database write the cost of
 * every request, cached answers included; instead a replica takes a lease of several requests at once (a twentieth
 * of the burst, at most 64) and decides the next ones from memory. The lease comes out of the shared bucket when it is
 * taken, so replicas together never admit more than the bucket allows; a lease not used up within LEASE_MS is
 * dropped (its requests are lost to everyone until the bucket refills: the error is on the side of refusing). Once
 * the bucket runs low the lease shrinks to one request, so near the limit every request asks the database again and
 * the shared budget is exact.
 */
import type { RateLimitPolicy } from "../../lib/config/access.js";
import { LruTtl } from "../../lib/cache/lru-ttl.js";
import type { BucketStore, Take } from "./bucket-store.js";
import { intervalMs } from "./headers.js";

const LEASE_MS = 1_000;
const MAX_LEASE = 64;
const BUCKETS = 10_000;

interface Lease {
  /** The bucket's tat once the whole lease was taken. */
  tat: number;
  /** The database's clock when it was taken, and this process's. */
  takenAt: number;
  localAt: number;
  /** Requests of the lease not handed out yet. */
  left: number;
  /** Fewer than a lease's worth was left in the bucket: the next take asks for one request only. */
  low: boolean;
}

/** The largest lease for a policy: a twentieth of its burst, between 1 and MAX_LEASE. */
export const leaseSize = (policy: RateLimitPolicy) => Math.max(1, Math.min(MAX_LEASE, Math.floor(policy.burst / 20)));

export interface LeasedBuckets {
  /** One request from the bucket: from the lease in memory, else from the store (as a new lease when it fits). */
  take(bucket: string, policy: RateLimitPolicy): Promise<Take>;
}

export function leasedBuckets(store: BucketStore, now: () => number = Date.now): LeasedBuckets {
  const leases = new LruTtl<string, Lease>(BUCKETS, LEASE_MS, now);
  const fetching = new Map<string, Promise<Take>>();

  /** The next request of a live lease, as the Take a single request would have had. */
  function fromLease(bucket: string, t: number): Take | undefined {
    const lease = leases.get(bucket);
    if (!lease || lease.left === 0) return undefined;
    lease.left -= 1;
    return { now: lease.takenAt + (now() - lease.localAt), taken: lease.tat - lease.left * t, current: null };
  }

  async function takeFromStore(bucket: string, policy: RateLimitPolicy): Promise<Take> {
    const t = intervalMs(policy);
    let size = leases.peekStale(bucket)?.low ? 1 : leaseSize(policy);
    let take = await store.take(bucket, t, policy.burst, size);
    if (take.taken === null && size > 1) take = await store.take(bucket, t, policy.burst, (size = 1));
    if (take.taken === null) return take;
    const remaining = policy.burst - (take.taken - take.now) / t;
    leases.set(bucket, {
      tat: take.taken,
      takenAt: take.now,
      localAt: now(),
      left: size - 1,
      low: remaining < leaseSize(policy),
    });
    // This request is the lease's first: the bucket as if only it had been taken so far.
    return { ...take, taken: take.taken - (size - 1) * t };
  }

  return {
    async take(bucket, policy) {
      const t = intervalMs(policy);
      for (;;) {
        const local = fromLease(bucket, t);
        if (local) return local;
        const pending = fetching.get(bucket);
        if (!pending) break;
        // Another request is taking a lease for this bucket: wait for it rather than take a second one, and share
        // its refusal (the bucket was empty when this request arrived too).
        const outcome = await pending.catch(() => undefined);
        if (outcome?.taken === null) return outcome;
      }
      const pending = takeFromStore(bucket, policy);
      fetching.set(bucket, pending);
      try {
        return await pending;
      } finally {
        fetching.delete(bucket);
      }
    },
  };
}
