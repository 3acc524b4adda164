/**
 * The bus the governor runs on: NATS JetStream in a cluster, an in-process implementation in the all-in-one.
 * Publications carrying the same message id within the duplicate window are stored once; each stored message is
 * handed to one consumer (replicas share the work) and acknowledged after its handler resolves.
 */
export const SUBJECTS = {
  tick: "governor.tick",
  kickoff: "governor.kickoff",
  fleetHealth: "governor.fleet-health",
  callback: "relay.callback",
} as const;

export type Subject = (typeof SUBJECTS)[keyof typeof SUBJECTS];

export interface BusMessage {
  subject: Subject;
  payload: unknown;
  msgId: string | undefined;
  /** 1 on first delivery; higher when a handler failed or its process died before acknowledging. */
  deliveryCount: number;
}

/** Resolving acknowledges the message; throwing asks for a later redelivery (bounded). */
export type BusHandler = (message: BusMessage) => Promise<void>;

export interface Consumption {
  stop(): Promise<void>;
}

export interface Bus {
  readonly kind: "in-process" | "nats";
  publish(subject: Subject, payload: unknown, options?: { msgId?: string }): Promise<{ duplicate: boolean }>;
  consume(subject: Subject, handler: BusHandler): Promise<Consumption>;
  /** Stops every consumption, lets in-flight handlers finish, and releases the connection. */
  close(): Promise<void>;
  /** Resolves when the bus answers now (a round trip to the server); readiness checks call it. */
  ping(): Promise<void>;
}

/** Namespaces keep test runs (and several deployments on one NATS) apart: letters, digits, '_' and '-'. */
export function checkNamespace(namespace: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(namespace))
    throw new Error(`bus namespace must be letters, digits, _ or -: "${namespace}"`);
  return namespace;
}
