/**
 * A real HTTP server that behaves like the dispatch relay (docs/relay-wire-format.md): a fleet of nodes with slots,
 * a queue with a depth cap, idempotent task submission, JSON-RPC coordination, and signed callbacks to each task's
 * callback URL with redelivery. Latency, failures and garbage answers can be switched on; tests and the demo use it.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCallbackSender } from "./callback-sender.js";
import { actionsFor, tagsFor } from "./results.js";
import type { RelaySimulator, RelaySimulatorOptions, SimBehaviour, SimDelivery, SimFleet, SimTask } from "./types.js";

export type { RelaySimulator, RelaySimulatorOptions, SimBehaviour, SimDelivery, SimFleet, SimTask } from "./types.js";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startRelaySimulator(options: RelaySimulatorOptions): Promise<RelaySimulator> {
  const log = options.log ?? (() => {});
  const random = mulberry32(options.seed ?? 1);
  const fleet: SimFleet = {
    nodes: 3,
    slotsPerNode: 2,
    queueCap: 20,
    reportedFree: null,
    reportedDepth: null,
    ...options.fleet,
  };
  const behaviour: SimBehaviour = {
    latencyMs: 0,
    latencyPath: null,
    failureRate: 0,
    garbage: false,
    autoComplete: null,
    duplicateDeliveries: 0,
    callbackAttempts: 5,
    callbackRetryMs: 200,
    ...options.behaviour,
  };
  const tasks = new Map<string, SimTask>();
  const byKey = new Map<string, SimTask>();
  const submissions: RelaySimulator["submissions"] = [];
  const announcements: Record<string, unknown>[] = [];
  const deliveries: SimDelivery[] = [];
  const sender = createCallbackSender({
    relayName: options.relayName ?? "Relay",
    signingSecret: options.signingSecret,
    behaviour,
    deliveries,
    log,
  });
  const timers = new Set<NodeJS.Timeout>();
  let failures: { status: number; path: string | undefined }[] = [];
  const garbageOn = (path: string) => behaviour.garbage === true || behaviour.garbage === path;

  const running = () => [...tasks.values()].filter((t) => t.state === "running").length;
  const queued = () => [...tasks.values()].filter((t) => t.state === "queued");
  const capacity = () => fleet.nodes * fleet.slotsPerNode;
  const freeSlots = () => (fleet.nodes === 0 ? 0 : Math.max(0, capacity() - running()));

  function startRunning(task: SimTask) {
    task.state = "running";
    const auto = behaviour.autoComplete;
    if (!auto) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (task.state !== "running") return;
        if (random() < auto.failRate)
          void finish(task, "task.failed", {
            error: { code: "worker_failed", message: "the node reported a failure" },
          });
        else void finish(task, "task.completed", { result: resultFor(task) });
      },
      auto.minMs + random() * (auto.maxMs - auto.minMs),
    );
    timer.unref();
    timers.add(timer);
  }

  function promoteQueued() {
    for (const task of queued()) if (freeSlots() > 0) startRunning(task);
  }

  function resultFor(task: SimTask): Record<string, unknown> {
    if (task.kind === "chain_tag") return { tags: tagsFor(String(task.payload.statement ?? "")) };
    return { actions: actionsFor(String(task.payload.text ?? "")) };
  }

  function finish(
    task: SimTask,
    type: "task.completed" | "task.failed",
    extra: Record<string, unknown>,
  ): Promise<void> {
    task.state = type === "task.completed" ? "completed" : "failed";
    promoteQueued();
    return sender.send(task, type, extra);
  }

  function find(ref: string): SimTask {
    const task = tasks.get(ref) ?? [...tasks.values()].find((t) => t.clientRef === ref);
    if (!task) throw new Error(`relay simulator: no task ${ref}`);
    return task;
  }

  function answer(res: http.ServerResponse, status: number, body: unknown) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": typeof body === "string" ? "text/html" : "application/json" }).end(text);
  }

  function submit(body: Record<string, unknown>, key: string | null, res: http.ServerResponse) {
    const existing = key ? byKey.get(key) : undefined;
    if (existing) {
      submissions.push({ idempotencyKey: key, status: 200, duplicate: true });
      return answer(
        res,
        200,
        garbageOn("/v1/tasks")
          ? { ok: true }
          : { task_id: existing.relayTaskId, status: existing.state, client_ref: existing.clientRef },
      );
    }
    const { kind, payload, timeout_ms, callback_url, client_ref } = body;
    if (
      typeof kind !== "string" ||
      typeof payload !== "object" ||
      payload === null ||
      typeof callback_url !== "string" ||
      typeof client_ref !== "string"
    ) {
      submissions.push({ idempotencyKey: key, status: 400, duplicate: false });
      return answer(res, 400, { error: "kind, payload, callback_url and client_ref are required" });
    }
    if (fleet.nodes === 0 || freeSlots() === 0) {
      if (queued().length >= fleet.queueCap) {
        submissions.push({ idempotencyKey: key, status: 429, duplicate: false });
        return answer(res, 429, { error: "queue full" });
      }
    }
    const task: SimTask = {
      relayTaskId: `rt_${randomUUID()}`,
      clientRef: client_ref,
      kind,
      payload: payload as Record<string, unknown>,
      timeoutMs: Number(timeout_ms),
      callbackUrl: callback_url,
      state: "queued",
      submittedAt: Date.now(),
    };
    tasks.set(task.relayTaskId, task);
    if (key) byKey.set(key, task);
    if (fleet.nodes > 0 && freeSlots() > 0) startRunning(task);
    submissions.push({ idempotencyKey: key, status: 202, duplicate: false });
    log(`relay-sim: accepted ${kind} ${client_ref} as ${task.relayTaskId} (${task.state})`);
    answer(
      res,
      202,
      garbageOn("/v1/tasks") ? "<html>accepted?</html>" : { task_id: task.relayTaskId, status: task.state, client_ref },
    );
  }

  function coordinate(body: Record<string, unknown>, res: http.ServerResponse) {
    const id = body.id ?? null;
    if (body.jsonrpc !== "2.0" || typeof body.method !== "string")
      return answer(res, 200, { jsonrpc: "2.0", id, error: { code: -32600, message: "invalid request" } });
    if (body.method !== "participant.announce")
      return answer(res, 200, { jsonrpc: "2.0", id, error: { code: -32601, message: "method not found" } });
    const params = (body.params ?? {}) as Record<string, unknown>;
    announcements.push(params);
    answer(res, 200, {
      jsonrpc: "2.0",
      id,
      result: { participant_id: `p-${String(params.participant)}`, accepted: true },
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (behaviour.latencyMs > 0 && (behaviour.latencyPath === null || behaviour.latencyPath === req.url))
        await sleep(behaviour.latencyMs);
      const forced = failures.findIndex((f) => f.path === undefined || f.path === req.url);
      if (forced >= 0) return answer(res, failures.splice(forced, 1)[0]!.status, { error: "simulated failure" });
      if (behaviour.failureRate > 0 && random() < behaviour.failureRate)
        return answer(res, 503, { error: "simulated outage" });
      let body: Record<string, unknown> = {};
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          return req.url === "/v1/coordination"
            ? answer(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } })
            : answer(res, 400, { error: "body is not JSON" });
        }
      }
      if (req.method === "GET" && req.url === "/v1/fleet") {
        if (garbageOn("/v1/fleet")) return answer(res, 200, "<html>fleet</html>");
        const nodes = Array.from({ length: fleet.nodes }, (_, i) => ({
          id: `node-${i + 1}`,
          slots: fleet.slotsPerNode,
        }));
        return answer(res, 200, {
          nodes,
          free_slots: fleet.reportedFree ?? freeSlots(),
          queue: { depth: fleet.reportedDepth ?? queued().length, cap: fleet.queueCap },
        });
      }
      if (req.method === "POST" && req.url === "/v1/tasks") {
        const key = req.headers["idempotency-key"];
        return submit(body, typeof key === "string" ? key : null, res);
      }
      if (req.method === "POST" && req.url === "/v1/coordination") return coordinate(body, res);
      answer(res, 404, { error: `no route ${req.method} ${req.url}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get tasks() {
      return [...tasks.values()];
    },
    submissions,
    announcements,
    deliveries,
    fleet: () => ({ ...fleet }),
    setFleet(f) {
      Object.assign(fleet, f);
      promoteQueued();
    },
    setBehaviour(b) {
      Object.assign(behaviour, b);
    },
    failNext(n, status = 503, path) {
      for (let i = 0; i < n; i++) failures.push({ status, path });
    },
    complete: (ref, result) => {
      const task = find(ref);
      return finish(task, "task.completed", { result: result ?? resultFor(task) });
    },
    fail: (ref, error = { code: "worker_failed", message: "the node reported a failure" }) =>
      finish(find(ref), "task.failed", { error }),
    reset() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      tasks.clear();
      byKey.clear();
      failures = [];
      for (const list of [submissions, announcements, deliveries] as unknown[][]) list.length = 0;
    },
    settle: () => sender.settle(),
    async close() {
      for (const t of timers) clearTimeout(t);
      await sender.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
