/**
 * Usage counted in memory between flushes: one counter per (UTC hour, credential, surface, route, status class,
 * refusal) and one per (published item, credential, surface). Counting a request is two Map look-ups on strings
 * the engine has hashed before, so the read path pays next to nothing; the flush (usage-recorder.ts) takes the
 * counters and adds them to PostgreSQL. Credentials are named (`key:<id>`, `peer:<party>`, `oauth:<subject>`,
 * `anonymous`), never by a secret or a digest: the callers build those names, and nothing else reaches the tables.
 */

export type UsageSurface = "rest" | "mcp" | "other";
export type ItemKind = "daily" | "weekly" | "card" | "thread";
export type StatusClass = "1xx" | "2xx" | "3xx" | "4xx" | "5xx";

export interface RequestUse {
  /** Epoch milliseconds of the answer. */
  at: number;
  credential: string;
  surface: UsageSurface;
  /** The REST route pattern, the tool's name, or the JSON-RPC method. */
  route: string;
  status: number;
  /** Why the request was refused ("401 missing_credential", …); "" when it was not. */
  refusal: string;
}

export interface ItemRead {
  at: number;
  credential: string;
  surface: "rest" | "mcp";
  kind: ItemKind;
  id: string;
}

export interface RequestCount {
  hour: number;
  credential: string;
  surface: UsageSurface;
  route: string;
  statusClass: StatusClass;
  refusal: string;
  requests: number;
  lastAt: number;
}

export interface ReadCount {
  kind: ItemKind;
  id: string;
  credential: string;
  surface: "rest" | "mcp";
  reads: number;
  firstAt: number;
  lastAt: number;
}

export interface TallySnapshot {
  requests: RequestCount[];
  reads: ReadCount[];
}

const HOUR_MS = 3_600_000;

export const hourOf = (at: number) => at - (at % HOUR_MS);

const CLASSES: readonly StatusClass[] = ["1xx", "1xx", "2xx", "3xx", "4xx", "5xx"];

export function statusClassOf(status: number): StatusClass {
  return CLASSES[Math.min(5, Math.max(1, Math.floor(status / 100)))]!;
}

/**
 * Counts under two string keys whose hashes the engine keeps: the route (a route pattern, tool name or method, the
 * same string object request after request) and then the credential, with the few counts of that pair (status
 * classes, refusals, hours, surfaces) in a short list compared field by field. No key string is built per request.
 */
class TwoKeyCounts<T> {
  private byFirst = new Map<string, Map<string, T[]>>();
  size = 0;

  find(first: string, second: string, same: (count: T) => boolean): T | undefined {
    const list = this.byFirst.get(first)?.get(second);
    if (list) for (const count of list) if (same(count)) return count;
    return undefined;
  }

  add(first: string, second: string, count: T): void {
    let inner = this.byFirst.get(first);
    if (!inner) this.byFirst.set(first, (inner = new Map()));
    const list = inner.get(second);
    if (list) list.push(count);
    else inner.set(second, [count]);
    this.size += 1;
  }

  values(): T[] {
    const out: T[] = [];
    for (const inner of this.byFirst.values()) for (const list of inner.values()) out.push(...list);
    return out;
  }
}

export class UsageTallies {
  private requests = new TwoKeyCounts<RequestCount>();
  private reads = new TwoKeyCounts<ReadCount>();

  request(use: RequestUse): void {
    const { credential, surface, route, refusal, at } = use;
    const hour = hourOf(at);
    const statusClass = statusClassOf(use.status);
    const count = this.requests.find(
      route,
      credential,
      (c) => c.hour === hour && c.statusClass === statusClass && c.refusal === refusal && c.surface === surface,
    );
    if (count) {
      count.requests += 1;
      if (at > count.lastAt) count.lastAt = at;
    } else {
      this.requests.add(route, credential, {
        hour,
        credential,
        surface,
        route,
        statusClass,
        refusal,
        requests: 1,
        lastAt: at,
      });
    }
  }

  read(read: ItemRead): void {
    const { kind, id, credential, surface, at } = read;
    const count = this.reads.find(id, credential, (c) => c.kind === kind && c.surface === surface);
    if (count) {
      count.reads += 1;
      if (at > count.lastAt) count.lastAt = at;
      if (at < count.firstAt) count.firstAt = at;
    } else {
      this.reads.add(id, credential, { kind, id, credential, surface, reads: 1, firstAt: at, lastAt: at });
    }
  }

  get empty(): boolean {
    return this.requests.size === 0 && this.reads.size === 0;
  }

  /** Everything counted so far; the tallies start again from zero. */
  take(): TallySnapshot {
    const snapshot = { requests: this.requests.values(), reads: this.reads.values() };
    this.requests = new TwoKeyCounts();
    this.reads = new TwoKeyCounts();
    return snapshot;
  }

  /** Adds back a snapshot whose write failed, so the next flush carries it. */
  restore(snapshot: TallySnapshot): void {
    for (const add of snapshot.requests) {
      const count = this.requests.find(
        add.route,
        add.credential,
        (c) =>
          c.hour === add.hour &&
          c.statusClass === add.statusClass &&
          c.refusal === add.refusal &&
          c.surface === add.surface,
      );
      if (!count) this.requests.add(add.route, add.credential, { ...add });
      else {
        count.requests += add.requests;
        if (add.lastAt > count.lastAt) count.lastAt = add.lastAt;
      }
    }
    for (const add of snapshot.reads) {
      const count = this.reads.find(add.id, add.credential, (c) => c.kind === add.kind && c.surface === add.surface);
      if (!count) this.reads.add(add.id, add.credential, { ...add });
      else {
        count.reads += add.reads;
        if (add.lastAt > count.lastAt) count.lastAt = add.lastAt;
        if (add.firstAt < count.firstAt) count.firstAt = add.firstAt;
      }
    }
  }
}
