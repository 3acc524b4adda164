/**
 * Records, while an answer is being computed, which service calls it made: their kinds of data are what the cached
 * answer depends on, and one call that must never be cached makes the whole answer uncacheable. The service clients
 * handed to the routes and the tool runner are wrapped once; a call made outside a recording (most are, when the
 * answer is not a cache candidate) records nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServiceClients } from "../upstream/clients.js";
import { kindsOfCall, type DataKind } from "./service-kinds.js";

export interface Recording {
  kinds: Set<DataKind>;
  /** A call whose answer must never be cached was made. */
  uncacheable: boolean;
}

const storage = new AsyncLocalStorage<Recording>();

export const newRecording = (): Recording => ({ kinds: new Set(), uncacheable: false });

/** Runs `fn` recording into `recording` the service calls it makes. */
export const recordCalls = <T>(recording: Recording, fn: () => T): T => storage.run(recording, fn);

function record(client: string, method: string) {
  const recording = storage.getStore();
  if (!recording) return;
  const kinds = kindsOfCall(client, method);
  if (kinds === null) recording.uncacheable = true;
  else for (const kind of kinds) recording.kinds.add(kind);
}

/** The same clients, each method recording its call first. */
export function recordingClients(clients: ServiceClients): ServiceClients {
  const wrapped: Record<string, Record<string, unknown>> = {};
  for (const [name, client] of Object.entries(clients as unknown as Record<string, Record<string, unknown>>)) {
    const methods: Record<string, unknown> = {};
    for (const [method, fn] of Object.entries(client)) {
      methods[method] =
        typeof fn === "function"
          ? (...args: unknown[]) => {
              record(name, method);
              return (fn as (...a: unknown[]) => unknown).apply(client, args);
            }
          : fn;
    }
    wrapped[name] = methods;
  }
  return wrapped as unknown as ServiceClients;
}
