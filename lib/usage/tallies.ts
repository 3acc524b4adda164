/**
 * Usage counted in memory between flushes: one counter per (UTC hour, credential, surface, route, status class,
 * refusal) and one per (published item, credential, surface). Counting a request is a string key and a Map update,
 * so the read path pays next to nothing; the flush (usage-recorder.ts) takes the counters and adds them to
 * PostgreSQL. Credentials are named (`key:<id>`, `peer:<party>`, `oauth:<subject>`, `anonymous`), never by a
 * secret or a digest: the callers build those names, and nothing else reaches the tables.
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
const SEP = "\u0000";

export const hourOf = (at: number) => at - (at % HOUR_MS);

const CLASSES: readonly StatusClass[] = ["1xx", "1xx", "2xx", "3xx", "4xx", "5xx"];

export function statusClassOf(status: number): StatusClass {
  return CLASSES[Math.min(5, Math.max(1, Math.floor(status / 100)))]!;
}

const requestKey = (c: Omit<RequestCount, "requests" | "lastAt">) =>
  `${c.hour}${SEP}${c.credential}${SEP}${c.surface}${SEP}${c.route}${SEP}${c.statusClass}${SEP}${c.refusal}`;
const readKey = (c: Pick<ReadCount, "kind" | "id" | "credential" | "surface">) =>
  `${c.kind}${SEP}${c.id}${SEP}${c.credential}${SEP}${c.surface}`;

export class UsageTallies {
  private requests = new Map<string, RequestCount>();
  private reads = new Map<string, ReadCount>();

  request(use: RequestUse): void {
    const { credential, surface, route, refusal, at } = use;
    const hour = hourOf(at);
    const statusClass = statusClassOf(use.status);
    // The hot path: one key and a Map look-up; an object only for a combination not seen since the last flush.
    const key = `${hour}${SEP}${credential}${SEP}${surface}${SEP}${route}${SEP}${statusClass}${SEP}${refusal}`;
    const count = this.requests.get(key);
    if (count) {
      count.requests += 1;
      if (at > count.lastAt) count.lastAt = at;
    } else {
      this.requests.set(key, { hour, credential, surface, route, statusClass, refusal, requests: 1, lastAt: at });
    }
  }

  read(read: ItemRead): void {
    const { kind, id, credential, surface, at } = read;
    this.addReads({ kind, id, credential, surface, reads: 1, firstAt: at, lastAt: at });
  }

  get empty(): boolean {
    return this.requests.size === 0 && this.reads.size === 0;
  }

  /** Everything counted so far; the tallies start again from zero. */
  take(): TallySnapshot {
    const snapshot = { requests: [...this.requests.values()], reads: [...this.reads.values()] };
    this.requests = new Map();
    this.reads = new Map();
    return snapshot;
  }

  /** Adds back a snapshot whose write failed, so the next flush carries it. */
  restore(snapshot: TallySnapshot): void {
    for (const r of snapshot.requests) this.addRequests(r);
    for (const r of snapshot.reads) this.addReads(r);
  }

  private addRequests(add: RequestCount): void {
    const key = requestKey(add);
    const count = this.requests.get(key);
    if (!count) return void this.requests.set(key, { ...add });
    count.requests += add.requests;
    if (add.lastAt > count.lastAt) count.lastAt = add.lastAt;
  }

  private addReads(add: ReadCount): void {
    const key = readKey(add);
    const count = this.reads.get(key);
    if (!count) return void this.reads.set(key, { ...add });
    count.reads += add.reads;
    if (add.lastAt > count.lastAt) count.lastAt = add.lastAt;
    if (add.firstAt < count.firstAt) count.firstAt = add.firstAt;
  }
}
