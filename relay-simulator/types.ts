/** The relay simulator's shapes: its tasks, fleet, behaviour switches, and the handle tests drive it with. */

export interface SimTask {
  relayTaskId: string;
  clientRef: string;
  kind: string;
  payload: Record<string, unknown>;
  timeoutMs: number;
  callbackUrl: string;
  state: "queued" | "running" | "completed" | "failed";
  submittedAt: number;
}

export interface SimDelivery {
  deliveryId: string;
  type: string;
  clientRef: string;
  attempt: number;
  status: number | null;
}

export interface SimBehaviour {
  latencyMs: number;
  /** Delay only requests to this path (null: every request). */
  latencyPath: string | null;
  /** Share of requests (0..1) answered 503 at random. */
  failureRate: number;
  /** Answer fleet and submit requests (true) or only those on one path with bodies that are not the protocol (the task is still created). */
  garbage: boolean | "/v1/fleet" | "/v1/tasks";
  /** Finish running tasks by themselves after a random delay; null leaves them to complete()/fail(). */
  autoComplete: { minMs: number; maxMs: number; failRate: number } | null;
  /** Extra copies of every callback, same delivery id (a relay that redelivers what was already acknowledged). */
  duplicateDeliveries: number;
  /** Attempts per callback while the receiver does not answer 2xx, and the pause between them. */
  callbackAttempts: number;
  callbackRetryMs: number;
}

export interface SimFleet {
  nodes: number;
  slotsPerNode: number;
  queueCap: number;
  /** Report this many free slots instead of the computed ones (the fleet as the relay claims it). */
  reportedFree: number | null;
  /** Report this queue depth instead of the real one. */
  reportedDepth: number | null;
}

export interface RelaySimulatorOptions {
  signingSecret: string;
  relayName?: string;
  fleet?: Partial<SimFleet>;
  behaviour?: Partial<SimBehaviour>;
  seed?: number;
  port?: number;
  /** Where it listens (default 127.0.0.1; 0.0.0.0 in a container). */
  host?: string;
  log?: (line: string) => void;
}

export interface RelaySimulator {
  url: string;
  readonly tasks: SimTask[];
  readonly submissions: { idempotencyKey: string | null; status: number; duplicate: boolean }[];
  readonly announcements: Record<string, unknown>[];
  readonly deliveries: SimDelivery[];
  fleet(): SimFleet;
  setFleet(f: Partial<SimFleet>): void;
  setBehaviour(b: Partial<SimBehaviour>): void;
  /** The next n requests (on this path, or any) answer this status. */
  failNext(n: number, status?: number, path?: string): void;
  complete(ref: string, result?: Record<string, unknown>): Promise<void>;
  fail(ref: string, error?: { code: string; message: string }): Promise<void>;
  /** Waits until no callback is being sent. */
  settle(): Promise<void>;
  /** Forgets every task, submission, announcement, delivery and pending failure (between tests). */
  reset(): void;
  close(): Promise<void>;
}
