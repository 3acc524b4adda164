/**
 * What a Connect client and the services it calls on another thread of the same process say over their message
 * port (lib/rpc/thread-transport.ts, thread-server.ts). Requests and answers travel as protobuf bytes, moved and not
 * copied; errors keep their code, message, metadata and details.
 */

/** A MessagePort, a Worker, or parentPort. */
export interface ThreadPort {
  on(event: "message", listener: (message: { kind?: unknown }) => void): unknown;
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
}

/** Header or metadata entries, as `[...new Headers()]` gives them. */
export type HeaderEntries = [string, string][];

export interface ThreadCall {
  kind: "call";
  id: number;
  /** `institute.search.v1.SearchService/Search`. */
  path: string;
  header: HeaderEntries;
  timeoutMs: number | undefined;
  input: Uint8Array;
}

/** The caller gave up (its deadline passed, or its signal was aborted): the call's own signal is aborted. */
export interface ThreadCancel {
  kind: "cancel";
  id: number;
}

export interface ThreadResult {
  kind: "result";
  id: number;
  output: Uint8Array;
  header: HeaderEntries;
  trailer: HeaderEntries;
}

export interface ThreadError {
  kind: "error";
  id: number;
  code: number;
  message: string;
  metadata: HeaderEntries;
  details: { type: string; value: Uint8Array }[];
}

export type ToServices = ThreadCall | ThreadCancel;
export type FromServices = ThreadResult | ThreadError;

export const isThreadCall = (m: { kind?: unknown }): m is ToServices => m.kind === "call" || m.kind === "cancel";
export const isThreadAnswer = (m: { kind?: unknown }): m is FromServices => m.kind === "result" || m.kind === "error";
